/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * powerpc64 ELFv1 (big-endian ppc64): program entry (the syscall
 * convention: arch-powerpc.h).
 */
#ifndef _NOLIBC_ARCH_PPC64_H
#define _NOLIBC_ARCH_PPC64_H

#include "arch-powerpc.h"

/*
 * Entry point, at top level as gcc has no naked functions on powerpc. In
 * ELFv1 a function's symbol names its descriptor in .opd (code address,
 * TOC, environment), and the ELF entry is _start's descriptor: the kernel
 * loads r2 from it and jumps to the code, so the TOC is already set. The
 * callee gets a 16-byte aligned stack and the ABI's minimal 112-byte frame
 * (48-byte header and the 64-byte parameter save area ELFv1 always has),
 * with a zero back chain to end frame chains. The nop after the call is
 * the slot where the linker may restore r2.
 */
void _start(void);
__asm__(".pushsection .opd, \"aw\"\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 3\n"
	"_start:\n"
	"	.quad	.L__nolibc_start, .TOC.@tocbase, 0\n"
	".popsection\n"
	".pushsection .text, \"ax\", @progbits\n"
	".p2align 4\n"
	".L__nolibc_start:\n"
	"	mr	3, 1\n"
	"	clrrdi	1, 1, 4\n"
	"	li	0, 0\n"
	"	mtlr	0\n"
	"	stdu	0, -112(1)\n"
	"	bl	__nolibc_start_c\n"
	"	nop\n"
	"	trap\n"
	".popsection\n");

#endif /* _NOLIBC_ARCH_PPC64_H */

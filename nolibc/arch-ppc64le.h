/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * powerpc64 ELFv2 (ppc64le): program entry (the syscall convention:
 * arch-powerpc.h).
 */
#ifndef _NOLIBC_ARCH_PPC64LE_H
#define _NOLIBC_ARCH_PPC64LE_H

#include "arch-powerpc.h"

/*
 * Entry point, at top level as gcc has no naked functions on powerpc. C
 * code needs r2 pointing at the TOC: it is computed from _start's own
 * address, found with a branch-and-link rather than trusting r12 to hold
 * it. The callee gets a 16-byte aligned stack and the ABI's minimal 32-byte
 * frame (back chain, CR, LR and TOC save words) with a zero back chain to
 * end frame chains.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 4\n"
	"_start:\n"
	"	bl	1f\n"
	"1:	mflr	12\n"
	"	addis	2, 12, (.TOC. - 1b)@ha\n"
	"	addi	2, 2, (.TOC. - 1b)@l\n"
	"	mr	3, 1\n"
	"	clrrdi	1, 1, 4\n"
	"	li	0, 0\n"
	"	mtlr	0\n"
	"	stdu	0, -32(1)\n"
	"	bl	__nolibc_start_c\n"
	"	nop\n"
	"	trap\n"
	".size _start, . - _start\n"
	".popsection\n");

#endif /* _NOLIBC_ARCH_PPC64LE_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * powerpc 32-bit (big-endian): program entry (the syscall convention:
 * arch-powerpc.h). Being 32-bit, it gets the *_time64 syscalls and
 * _llseek from the generic code, as the other 32-bit arches do.
 */
#ifndef _NOLIBC_ARCH_PPC_H
#define _NOLIBC_ARCH_PPC_H

#include "arch-powerpc.h"

/*
 * Entry point, at top level as gcc has no naked functions on powerpc. The
 * SysV ABI wants a 16-byte aligned stack whose lowest frame has a back
 * chain word (zero here, to end frame chains) and room for the callee to
 * save LR in it: 16 bytes. PIC code finds its GOT by itself, so no register
 * needs setting up.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 2\n"
	"_start:\n"
	"	mr	3, 1\n"
	"	clrrwi	1, 1, 4\n"
	"	li	0, 0\n"
	"	mtlr	0\n"
	"	stwu	0, -16(1)\n"
	"	bl	__nolibc_start_c\n"
	"	trap\n"
	".size _start, . - _start\n"
	".popsection\n");

#endif /* _NOLIBC_ARCH_PPC_H */

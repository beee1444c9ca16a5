/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * powerpc64 ELFv2 (ppc64le): syscall calling convention and program entry.
 */
#ifndef _NOLIBC_ARCH_PPC64LE_H
#define _NOLIBC_ARCH_PPC64LE_H

#include "compiler.h"

/* powerpc's TCGETS and friends encode sizeof(struct termios). */
#include <asm/termbits.h>

/*
 * "sc": number in r0, arguments in r3-r8, result in r3. An error sets
 * cr0.SO and leaves the positive errno in r3, negated here into the -errno
 * every other arch returns. The kernel may change r0, r3-r12, cr0, ctr and
 * xer (the ELF ABI's volatile registers, less cr1 and cr5-7).
 */
#define __NOLIBC_SC "sc\n\tbns+ 1f\n\tneg 3, 3\n1:"
#define __NOLIBC_SC_CLOBBERS "r9", "r10", "r11", "r12", "cr0", "ctr", "xer", "memory"

__nolibc_inline long __nolibc_syscall0(long n)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3");

	__asm__ volatile(__NOLIBC_SC : "+r"(r0), "=r"(r3)
			 : : "r4", "r5", "r6", "r7", "r8", __NOLIBC_SC_CLOBBERS);
	return r3;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a1;

	__asm__ volatile(__NOLIBC_SC : "+r"(r0), "+r"(r3)
			 : : "r4", "r5", "r6", "r7", "r8", __NOLIBC_SC_CLOBBERS);
	return r3;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a1;
	register long r4 __asm__("r4") = a2;

	__asm__ volatile(__NOLIBC_SC : "+r"(r0), "+r"(r3), "+r"(r4)
			 : : "r5", "r6", "r7", "r8", __NOLIBC_SC_CLOBBERS);
	return r3;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a1;
	register long r4 __asm__("r4") = a2;
	register long r5 __asm__("r5") = a3;

	__asm__ volatile(__NOLIBC_SC : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5)
			 : : "r6", "r7", "r8", __NOLIBC_SC_CLOBBERS);
	return r3;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a1;
	register long r4 __asm__("r4") = a2;
	register long r5 __asm__("r5") = a3;
	register long r6 __asm__("r6") = a4;

	__asm__ volatile(__NOLIBC_SC : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6)
			 : : "r7", "r8", __NOLIBC_SC_CLOBBERS);
	return r3;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a1;
	register long r4 __asm__("r4") = a2;
	register long r5 __asm__("r5") = a3;
	register long r6 __asm__("r6") = a4;
	register long r7 __asm__("r7") = a5;

	__asm__ volatile(__NOLIBC_SC
			 : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7)
			 : : "r8", __NOLIBC_SC_CLOBBERS);
	return r3;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long r0 __asm__("r0") = n;
	register long r3 __asm__("r3") = a1;
	register long r4 __asm__("r4") = a2;
	register long r5 __asm__("r5") = a3;
	register long r6 __asm__("r6") = a4;
	register long r7 __asm__("r7") = a5;
	register long r8 __asm__("r8") = a6;

	__asm__ volatile(__NOLIBC_SC
			 : "+r"(r0), "+r"(r3), "+r"(r4), "+r"(r5), "+r"(r6), "+r"(r7),
			   "+r"(r8)
			 : : __NOLIBC_SC_CLOBBERS);
	return r3;
}

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

/*
 * Signals: the kernel returns from handlers through its vDSO (or a
 * trampoline in the signal frame) and ignores sa_restorer, which its
 * struct sigaction still has, so the generic layout fits.
 */

#endif /* _NOLIBC_ARCH_PPC64LE_H */

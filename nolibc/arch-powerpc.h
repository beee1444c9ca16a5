/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * powerpc, every ABI (ppc 32-bit, ppc64 ELFv1, ppc64le ELFv2): the syscall
 * calling convention, the same with 32- and 64-bit registers. The arch-ppc*.h
 * files add each ABI's program entry.
 */
#ifndef _NOLIBC_ARCH_POWERPC_H
#define _NOLIBC_ARCH_POWERPC_H

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
 * Signals: the kernel returns from handlers through its vDSO (or a
 * trampoline in the signal frame) and ignores sa_restorer, which its
 * struct sigaction still has, so the generic layout fits.
 */

#endif /* _NOLIBC_ARCH_POWERPC_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * m68k: syscall calling convention and program entry. Signals, flags and
 * the kernel's struct sigaction are the generic ones; the kernel writes its
 * own signal-return code into every frame, so there is no restorer here.
 */
#ifndef _NOLIBC_ARCH_M68K_H
#define _NOLIBC_ARCH_M68K_H

#include "compiler.h"

/*
 * "trap #0": number in d0, arguments in d1-d5 and the 6th in a0, result in
 * d0. The kernel saves and restores every other register around the call.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	register long d0 __asm__("d0") = n;

	__asm__ volatile("trap #0" : "+r"(d0) : : "memory", "cc");
	return d0;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long d0 __asm__("d0") = n;
	register long d1 __asm__("d1") = a1;

	__asm__ volatile("trap #0" : "+r"(d0) : "r"(d1) : "memory", "cc");
	return d0;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long d0 __asm__("d0") = n;
	register long d1 __asm__("d1") = a1;
	register long d2 __asm__("d2") = a2;

	__asm__ volatile("trap #0" : "+r"(d0) : "r"(d1), "r"(d2) : "memory", "cc");
	return d0;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long d0 __asm__("d0") = n;
	register long d1 __asm__("d1") = a1;
	register long d2 __asm__("d2") = a2;
	register long d3 __asm__("d3") = a3;

	__asm__ volatile("trap #0" : "+r"(d0) : "r"(d1), "r"(d2), "r"(d3)
			 : "memory", "cc");
	return d0;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long d0 __asm__("d0") = n;
	register long d1 __asm__("d1") = a1;
	register long d2 __asm__("d2") = a2;
	register long d3 __asm__("d3") = a3;
	register long d4 __asm__("d4") = a4;

	__asm__ volatile("trap #0" : "+r"(d0) : "r"(d1), "r"(d2), "r"(d3), "r"(d4)
			 : "memory", "cc");
	return d0;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long d0 __asm__("d0") = n;
	register long d1 __asm__("d1") = a1;
	register long d2 __asm__("d2") = a2;
	register long d3 __asm__("d3") = a3;
	register long d4 __asm__("d4") = a4;
	register long d5 __asm__("d5") = a5;

	__asm__ volatile("trap #0" : "+r"(d0)
			 : "r"(d1), "r"(d2), "r"(d3), "r"(d4), "r"(d5)
			 : "memory", "cc");
	return d0;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long d0 __asm__("d0") = n;
	register long d1 __asm__("d1") = a1;
	register long d2 __asm__("d2") = a2;
	register long d3 __asm__("d3") = a3;
	register long d4 __asm__("d4") = a4;
	register long d5 __asm__("d5") = a5;
	register long a0 __asm__("a0") = a6;

	__asm__ volatile("trap #0" : "+r"(d0)
			 : "r"(d1), "r"(d2), "r"(d3), "r"(d4), "r"(d5), "r"(a0)
			 : "memory", "cc");
	return d0;
}

/*
 * Entry point, at top level as gcc has no naked functions on m68k. The
 * initial stack pointer goes to __nolibc_start_c as its one argument, on
 * the stack as the m68k ABI passes every argument; the frame pointer (a6)
 * is zeroed to end frame chains.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 2\n"
	"_start:\n"
	"	suba.l	%a6, %a6\n"
	"	move.l	%sp, %a0\n"
	"	move.l	%a0, -(%sp)\n"
	"	jsr	__nolibc_start_c\n"
	"	illegal\n"
	".size _start, . - _start\n"
	".popsection\n");

#endif /* _NOLIBC_ARCH_M68K_H */

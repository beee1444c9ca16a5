/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * riscv64: syscall calling convention, program entry and signal layout.
 */
#ifndef _NOLIBC_ARCH_RISCV64_H
#define _NOLIBC_ARCH_RISCV64_H

#include "compiler.h"

/*
 * "ecall": number in a7, arguments in a0-a5, result in a0. The kernel
 * preserves every other register.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0");

	__asm__ volatile("ecall" : "=r"(a0) : "r"(a7) : "memory");
	return a0;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0") = a1;

	__asm__ volatile("ecall" : "+r"(a0) : "r"(a7) : "memory");
	return a0;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0") = a1;
	register long r1 __asm__("a1") = a2;

	__asm__ volatile("ecall" : "+r"(a0) : "r"(a7), "r"(r1) : "memory");
	return a0;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0") = a1;
	register long r1 __asm__("a1") = a2;
	register long r2 __asm__("a2") = a3;

	__asm__ volatile("ecall" : "+r"(a0) : "r"(a7), "r"(r1), "r"(r2)
			 : "memory");
	return a0;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0") = a1;
	register long r1 __asm__("a1") = a2;
	register long r2 __asm__("a2") = a3;
	register long r3 __asm__("a3") = a4;

	__asm__ volatile("ecall" : "+r"(a0) : "r"(a7), "r"(r1), "r"(r2), "r"(r3)
			 : "memory");
	return a0;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0") = a1;
	register long r1 __asm__("a1") = a2;
	register long r2 __asm__("a2") = a3;
	register long r3 __asm__("a3") = a4;
	register long r4 __asm__("a4") = a5;

	__asm__ volatile("ecall" : "+r"(a0)
			 : "r"(a7), "r"(r1), "r"(r2), "r"(r3), "r"(r4)
			 : "memory");
	return a0;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long a7 __asm__("a7") = n;
	register long a0 __asm__("a0") = a1;
	register long r1 __asm__("a1") = a2;
	register long r2 __asm__("a2") = a3;
	register long r3 __asm__("a3") = a4;
	register long r4 __asm__("a4") = a5;
	register long r5 __asm__("a5") = a6;

	__asm__ volatile("ecall" : "+r"(a0)
			 : "r"(a7), "r"(r1), "r"(r2), "r"(r3), "r"(r4), "r"(r5)
			 : "memory");
	return a0;
}

/*
 * Entry point. gp must hold __global_pointer$ before any C code runs: the
 * linker relaxes accesses to small data into gp-relative ones. Loading it
 * must itself not be relaxed (it would use the gp it sets). The frame
 * pointer and return address are zeroed to end frame chains, and sp is
 * kept 16-byte aligned as the psABI wants.
 */
void _start(void);
__attribute__((weak, naked, noreturn)) __nolibc_no_stack_protector void _start(void)
{
	__asm__ volatile(".option push\n"
		".option norelax\n"
		"lla  gp, __global_pointer$\n"
		".option pop\n"
		"mv   a0, sp\n"
		"andi sp, a0, -16\n"
		"li   s0, 0\n"
		"li   ra, 0\n"
		"call __nolibc_start_c\n"
		"ebreak\n");
}

/*
 * The kernel always returns from handlers through the vDSO (riscv has no
 * SA_RESTORER), and its struct sigaction has no restorer field; qemu-user
 * wrongly expects one, hence the copy of the mask after the real one.
 */
#define NOLIBC_KSIGACTION_NO_RESTORER 1
#define NOLIBC_KSIGACTION_QEMU_PAD 1

#endif /* _NOLIBC_ARCH_RISCV64_H */

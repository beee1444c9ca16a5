/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * x86_64: syscall calling convention, program entry and signal return.
 */
#ifndef _NOLIBC_ARCH_X86_64_H
#define _NOLIBC_ARCH_X86_64_H

#include "compiler.h"

/*
 * "syscall": number in rax, arguments in rdi rsi rdx r10 r8 r9, result in
 * rax. The instruction itself overwrites rcx (return rip) and r11 (rflags);
 * the kernel preserves every other register, so nothing else is clobbered.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "0"(n)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "0"(n), "D"(a1)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "0"(n), "D"(a1), "S"(a2)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	long ret;

	__asm__ volatile("syscall" : "=a"(ret) : "0"(n), "D"(a1), "S"(a2), "d"(a3)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long r10 __asm__("r10") = a4;
	long ret;

	__asm__ volatile("syscall" : "=a"(ret)
			 : "0"(n), "D"(a1), "S"(a2), "d"(a3), "r"(r10)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long r10 __asm__("r10") = a4;
	register long r8 __asm__("r8") = a5;
	long ret;

	__asm__ volatile("syscall" : "=a"(ret)
			 : "0"(n), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long r10 __asm__("r10") = a4;
	register long r8 __asm__("r8") = a5;
	register long r9 __asm__("r9") = a6;
	long ret;

	__asm__ volatile("syscall" : "=a"(ret)
			 : "0"(n), "D"(a1), "S"(a2), "d"(a3), "r"(r10), "r"(r8),
			   "r"(r9)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

/*
 * Entry point. A naked function lives in .text like any other function, so
 * the compiler's idea of the current section is never disturbed. The ABI
 * wants rsp 16-byte aligned at the call and rbp zero in the outermost frame.
 * rdi carries the initial stack pointer (argc, argv..., envp..., auxv...).
 */
void _start(void);
__attribute__((weak, naked, noreturn)) __nolibc_no_stack_protector void _start(void)
{
	__asm__ volatile("xor  %ebp, %ebp\n"
		"mov  %rsp, %rdi\n"
		"and  $-16, %rsp\n"
		"call __nolibc_start_c\n"
		"hlt\n");
}

/* Signal handlers return here; rsp then points at the kernel's rt frame,
 * so this must not touch the stack before rt_sigreturn.
 */
#define NOLIBC_HAVE_SA_RESTORER 1
void __nolibc_restore_rt(void);
__attribute__((weak, naked)) __nolibc_no_stack_protector void __nolibc_restore_rt(void)
{
	__asm__ volatile("mov $15, %eax\n"	/* __NR_rt_sigreturn */
			 "syscall\n");
}

#endif /* _NOLIBC_ARCH_X86_64_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * i386: syscall calling convention, program entry and signal return.
 */
#ifndef _NOLIBC_ARCH_I386_H
#define _NOLIBC_ARCH_I386_H

#include "compiler.h"

/*
 * "int $0x80": number in eax, arguments in ebx ecx edx esi edi ebp, result
 * in eax. The kernel preserves every other register. ebp is the frame
 * pointer when frame pointers are on, so it cannot be an asm operand; the
 * 6-argument form pushes the argument, saves ebp, and loads ebp from the
 * stack around the trap instead.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret) : "0"(n) : "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret) : "0"(n), "b"(a1)
			 : "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret) : "0"(n), "b"(a1), "c"(a2)
			 : "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret) : "0"(n), "b"(a1), "c"(a2), "d"(a3)
			 : "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret)
			 : "0"(n), "b"(a1), "c"(a2), "d"(a3), "S"(a4)
			 : "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	long ret;

	__asm__ volatile("int $0x80" : "=a"(ret)
			 : "0"(n), "b"(a1), "c"(a2), "d"(a3), "S"(a4), "D"(a5)
			 : "memory", "cc");
	return ret;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	long ret;

	/* a6 is read before esp moves, so any operand form is safe. */
	__asm__ volatile("pushl %[a6]\n\t"
			 "pushl %%ebp\n\t"
			 "movl  4(%%esp), %%ebp\n\t"
			 "int   $0x80\n\t"
			 "popl  %%ebp\n\t"
			 "addl  $4, %%esp"
			 : "=a"(ret)
			 : "0"(n), "b"(a1), "c"(a2), "d"(a3), "S"(a4), "D"(a5),
			   [a6] "g"(a6)
			 : "memory", "cc");
	return ret;
}

/*
 * Entry point: zero ebp for the outermost frame, align esp so it is 16-byte
 * aligned at the call (the i386 psABI as gcc uses it), and pass the initial
 * stack pointer as the only argument.
 */
void _start(void);
__attribute__((weak, naked, noreturn)) __nolibc_no_stack_protector void _start(void)
{
	__asm__ volatile("xorl  %ebp, %ebp\n"
		"movl  %esp, %eax\n"
		"andl  $-16, %esp\n"
		"subl  $12, %esp\n"
		"pushl %eax\n"
		"call  __nolibc_start_c\n"
		"hlt\n");
}

/*
 * Signal return. i386 has two frame layouts: a handler installed with
 * SA_SIGINFO gets an rt frame, undone by rt_sigreturn; any other handler
 * gets the legacy frame, whose signal number argument must be popped
 * before sigreturn. Using rt_sigreturn for both corrupts the registers of
 * whatever the signal interrupted.
 */
#define NOLIBC_HAVE_SA_RESTORER 1
#define NOLIBC_HAVE_LEGACY_SIGFRAME 1
void __nolibc_restore_rt(void);
__attribute__((weak, naked)) __nolibc_no_stack_protector void __nolibc_restore_rt(void)
{
	__asm__ volatile("movl $173, %eax\n"	/* __NR_rt_sigreturn */
			 "int  $0x80\n");
}

void __nolibc_restore(void);
__attribute__((weak, naked)) __nolibc_no_stack_protector void __nolibc_restore(void)
{
	__asm__ volatile("popl %eax\n"
			 "movl $119, %eax\n"	/* __NR_sigreturn */
			 "int  $0x80\n");
}

#endif /* _NOLIBC_ARCH_I386_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * x32 (x86_64 registers, 32-bit pointers and longs): syscall calling
 * convention, program entry and signal return.
 */
#ifndef _NOLIBC_ARCH_X32_H
#define _NOLIBC_ARCH_X32_H

#include "compiler.h"
#include <asm/unistd.h>

/*
 * "syscall" as on x86_64: number in rax, arguments in rdi rsi rdx r10 r8
 * r9, result in rax; rcx and r11 are overwritten. The numbers carry
 * __X32_SYSCALL_BIT (asm/unistd.h adds it), which selects x32's table.
 * The kernel reads the whole 64-bit registers, so each 32-bit argument is
 * zero-extended: a pointer above 2 GiB (x32 stacks sit near 4 GiB) would
 * be a kernel address if sign-extended, while an int argument is cut back
 * to 32 bits by the kernel either way.
 */
typedef unsigned long long __nolibc_x32_reg;
#define __nolibc_x32_arg(a) ((__nolibc_x32_reg)(unsigned long)(a))

/* The whole rax comes back here, for lseek's 64-bit result. */
__nolibc_inline long long __nolibc_x32_syscall6(long n, __nolibc_x32_reg a1,
						__nolibc_x32_reg a2, __nolibc_x32_reg a3,
						__nolibc_x32_reg a4, __nolibc_x32_reg a5,
						__nolibc_x32_reg a6)
{
	register __nolibc_x32_reg r10 __asm__("r10") = a4;
	register __nolibc_x32_reg r8 __asm__("r8") = a5;
	register __nolibc_x32_reg r9 __asm__("r9") = a6;
	long long ret;

	__asm__ volatile("syscall" : "=a"(ret)
			 : "0"((long long)n), "D"(a1), "S"(a2), "d"(a3), "r"(r10),
			   "r"(r8), "r"(r9)
			 : "rcx", "r11", "memory", "cc");
	return ret;
}

/*
 * The shorter forms load unused argument registers too: a few extra moves,
 * one asm statement to get right instead of seven.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	return __nolibc_x32_syscall6(n, 0, 0, 0, 0, 0, 0);
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	return __nolibc_x32_syscall6(n, __nolibc_x32_arg(a1), 0, 0, 0, 0, 0);
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	return __nolibc_x32_syscall6(n, __nolibc_x32_arg(a1), __nolibc_x32_arg(a2),
				     0, 0, 0, 0);
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	return __nolibc_x32_syscall6(n, __nolibc_x32_arg(a1), __nolibc_x32_arg(a2),
				     __nolibc_x32_arg(a3), 0, 0, 0);
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	return __nolibc_x32_syscall6(n, __nolibc_x32_arg(a1), __nolibc_x32_arg(a2),
				     __nolibc_x32_arg(a3), __nolibc_x32_arg(a4), 0, 0);
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	return __nolibc_x32_syscall6(n, __nolibc_x32_arg(a1), __nolibc_x32_arg(a2),
				     __nolibc_x32_arg(a3), __nolibc_x32_arg(a4),
				     __nolibc_x32_arg(a5), 0);
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	return __nolibc_x32_syscall6(n, __nolibc_x32_arg(a1), __nolibc_x32_arg(a2),
				     __nolibc_x32_arg(a3), __nolibc_x32_arg(a4),
				     __nolibc_x32_arg(a5), __nolibc_x32_arg(a6));
}

/* x32 has no _llseek: lseek takes and returns the 64-bit offset whole. */
#define NOLIBC_ARCH_HAS_SYS_LSEEK64 1
__nolibc_fn off64_t sys_lseek64(int fd, off64_t offset, int whence)
{
	return __nolibc_x32_syscall6(__NR_lseek, __nolibc_x32_arg(fd),
				     (__nolibc_x32_reg)offset, __nolibc_x32_arg(whence),
				     0, 0, 0);
}

/*
 * Entry point, as on x86_64: rsp 16-byte aligned at the call, rbp zero in
 * the outermost frame, and the initial stack pointer (argc, then 32-bit
 * argv, envp and auxv words) as the argument.
 */
void _start(void);
__attribute__((weak, naked, noreturn)) __nolibc_no_stack_protector void _start(void)
{
	__asm__ volatile("xor  %ebp, %ebp\n"
		"mov  %esp, %edi\n"
		"and  $-16, %esp\n"
		"call __nolibc_start_c\n"
		"hlt\n");
}

/* Signal handlers return here; rsp then points at the kernel's rt frame,
 * so this must not touch the stack before rt_sigreturn, x32's own
 * (__X32_SYSCALL_BIT + 513).
 */
#define NOLIBC_HAVE_SA_RESTORER 1
void __nolibc_restore_rt(void);
__attribute__((weak, naked)) __nolibc_no_stack_protector void __nolibc_restore_rt(void)
{
	__asm__ volatile("mov $0x40000201, %eax\n"
			 "syscall\n");
}

#endif /* _NOLIBC_ARCH_X32_H */

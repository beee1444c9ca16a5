/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * arm (EABI): syscall calling convention, program entry and signal return,
 * for ARM code, Thumb-2 (armv7) and Thumb-1 (armv5te/armv6).
 */
#ifndef _NOLIBC_ARCH_ARM_H
#define _NOLIBC_ARCH_ARM_H

#include "compiler.h"
#include <asm/unistd.h>

/*
 * "svc #0": number in r7, arguments in r0-r5, result in r0. The kernel
 * preserves every other register.
 *
 * In Thumb code r7 is the frame pointer (at -O0, or with
 * -fno-omit-frame-pointer), which the compiler refuses to give to an asm
 * operand. So the number comes in another low register ("l"), r7 is kept
 * in ip across the trap, and the number is loaded with "movs" (Thumb-1 has
 * no low-to-low "mov"). ARM code does the same, so there is one path.
 * Every asm here starts with ".syntax unified": gcc hands inline asm to the
 * assembler in the old divided syntax for pre-armv7 targets (and restores
 * its own setting after the asm).
 */
#define __NOLIBC_SVC ".syntax unified\n\tmov ip, r7\n\tmovs r7, %[nr]\n\tsvc #0\n\tmov r7, ip"

__nolibc_inline long __nolibc_syscall0(long n)
{
	register long r0 __asm__("r0");

	__asm__ volatile(__NOLIBC_SVC : "=r"(r0) : [nr] "l"(n)
			 : "r12", "cc", "memory");
	return r0;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long r0 __asm__("r0") = a1;

	__asm__ volatile(__NOLIBC_SVC : "+r"(r0) : [nr] "l"(n)
			 : "r12", "cc", "memory");
	return r0;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long r0 __asm__("r0") = a1;
	register long r1 __asm__("r1") = a2;

	__asm__ volatile(__NOLIBC_SVC : "+r"(r0) : [nr] "l"(n), "r"(r1)
			 : "r12", "cc", "memory");
	return r0;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long r0 __asm__("r0") = a1;
	register long r1 __asm__("r1") = a2;
	register long r2 __asm__("r2") = a3;

	__asm__ volatile(__NOLIBC_SVC : "+r"(r0)
			 : [nr] "l"(n), "r"(r1), "r"(r2)
			 : "r12", "cc", "memory");
	return r0;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long r0 __asm__("r0") = a1;
	register long r1 __asm__("r1") = a2;
	register long r2 __asm__("r2") = a3;
	register long r3 __asm__("r3") = a4;

	__asm__ volatile(__NOLIBC_SVC : "+r"(r0)
			 : [nr] "l"(n), "r"(r1), "r"(r2), "r"(r3)
			 : "r12", "cc", "memory");
	return r0;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long r0 __asm__("r0") = a1;
	register long r1 __asm__("r1") = a2;
	register long r2 __asm__("r2") = a3;
	register long r3 __asm__("r3") = a4;
	register long r4 __asm__("r4") = a5;

	__asm__ volatile(__NOLIBC_SVC : "+r"(r0)
			 : [nr] "l"(n), "r"(r1), "r"(r2), "r"(r3), "r"(r4)
			 : "r12", "cc", "memory");
	return r0;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long r0 __asm__("r0") = a1;
	register long r1 __asm__("r1") = a2;
	register long r2 __asm__("r2") = a3;
	register long r3 __asm__("r3") = a4;
	register long r4 __asm__("r4") = a5;
	register long r5 __asm__("r5") = a6;

	__asm__ volatile(__NOLIBC_SVC : "+r"(r0)
			 : [nr] "l"(n), "r"(r1), "r"(r2), "r"(r3), "r"(r4),
			   "r"(r5)
			 : "r12", "cc", "memory");
	return r0;
}

/*
 * Entry point, in instructions that assemble the same in ARM, Thumb-2 and
 * Thumb-1 code. sp is rounded down to 8 bytes (the AAPCS alignment at a
 * call), and both frame pointers (r7 Thumb, r11 ARM) and lr are zeroed to
 * end frame chains.
 */
void _start(void);
__attribute__((weak, naked, noreturn)) __nolibc_no_stack_protector void _start(void)
{
	__asm__ volatile(".syntax unified\n"
		"mov  r0, sp\n"
		"lsrs r1, r0, #3\n"
		"lsls r1, r1, #3\n"
		"mov  sp, r1\n"
		"movs r1, #0\n"
		"movs r7, #0\n"
		"mov  r11, r1\n"
		"mov  lr, r1\n"
		"bl   __nolibc_start_c\n"
		"bkpt #0\n");
}

/*
 * Signal return. Handlers installed with SA_SIGINFO get an rt frame, undone
 * by rt_sigreturn; others get the legacy frame, undone by sigreturn. The
 * kernel supplies a return path only through SA_RESTORER or its own
 * sigpage, so the program brings both. sp must not move before the trap.
 */
#define NOLIBC_HAVE_SA_RESTORER 1
#define NOLIBC_HAVE_LEGACY_SIGFRAME 1

/* Thumb-1 has neither a divide nor umull: gcc -Os divides by a constant
 * with libgcc's __udivsi3, 492 bytes (see __nolibc_ns_to_us()).
 */
#if defined(__thumb__) && !defined(__thumb2__)
#define __NOLIBC_NO_HW_DIV 1
#endif
void __nolibc_restore_rt(void);
__attribute__((weak, naked)) __nolibc_no_stack_protector void __nolibc_restore_rt(void)
{
	__asm__ volatile(".syntax unified\n"
			 "movs r7, #173\n"	/* __NR_rt_sigreturn */
			 "svc  #0\n");
}

void __nolibc_restore(void);
__attribute__((weak, naked)) __nolibc_no_stack_protector void __nolibc_restore(void)
{
	__asm__ volatile(".syntax unified\n"
			 "movs r7, #119\n"	/* __NR_sigreturn */
			 "svc  #0\n");
}

/*
 * libgcc's division routines report a division by zero by calling these,
 * and its own versions call raise(), which nolibc has only as a static
 * function. Defining them here keeps libgcc's from being linked; they do
 * what its versions do: SIGFPE to the caller, then return the quotient the
 * ABI lets them pick.
 */
int __aeabi_idiv0(int quotient);
__attribute__((weak)) int __aeabi_idiv0(int quotient)
{
	__nolibc_syscall2(__NR_kill, __nolibc_syscall0(__NR_getpid), 8 /* SIGFPE */);
	return quotient;
}

long long __aeabi_ldiv0(long long quotient);
__attribute__((weak)) long long __aeabi_ldiv0(long long quotient)
{
	__nolibc_syscall2(__NR_kill, __nolibc_syscall0(__NR_getpid), 8 /* SIGFPE */);
	return quotient;
}

#endif /* _NOLIBC_ARCH_ARM_H */

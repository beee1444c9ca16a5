/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * aarch64: syscall calling convention, program entry and signal return.
 */
#ifndef _NOLIBC_ARCH_AARCH64_H
#define _NOLIBC_ARCH_AARCH64_H

#include "compiler.h"

/*
 * "svc #0": number in x8, arguments in x0-x5, result in x0. The kernel
 * preserves every other register and the flags.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0");

	__asm__ volatile("svc #0" : "=r"(x0) : "r"(x8) : "memory");
	return x0;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8) : "memory");
	return x0;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1) : "memory");
	return x0;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2)
			 : "memory");
	return x0;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;

	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3)
			 : "memory");
	return x0;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;
	register long x4 __asm__("x4") = a5;

	__asm__ volatile("svc #0" : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4)
			 : "memory");
	return x0;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long x8 __asm__("x8") = n;
	register long x0 __asm__("x0") = a1;
	register long x1 __asm__("x1") = a2;
	register long x2 __asm__("x2") = a3;
	register long x3 __asm__("x3") = a4;
	register long x4 __asm__("x4") = a5;
	register long x5 __asm__("x5") = a6;

	__asm__ volatile("svc #0" : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2), "r"(x3), "r"(x4), "r"(x5)
			 : "memory");
	return x0;
}

/*
 * Entry point. gcc has no naked functions on aarch64, so _start is written
 * at top level; .pushsection/.popsection give the compiler back the section
 * it was in, whatever it was about to emit. The frame pointer and link
 * register are zeroed to end frame chains; sp is already 16-byte aligned by
 * the kernel, the "and" only makes sure of it.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", %progbits\n"
	".weak _start\n"
	".type _start, %function\n"
	".p2align 2\n"
	"_start:\n"
	"	mov	x0, sp\n"
	"	mov	x29, #0\n"
	"	mov	x30, #0\n"
	"	and	sp, x0, #-16\n"
	"	bl	__nolibc_start_c\n"
	"	brk	#0\n"
	".size _start, . - _start\n"
	".popsection\n");

/*
 * Signal return. Without SA_RESTORER the kernel returns through the vDSO's
 * trampoline; a static program need not rely on a vDSO being mapped, so it
 * brings its own. sp points at the rt frame here; nothing may touch it.
 */
#define NOLIBC_HAVE_SA_RESTORER 1
void __nolibc_restore_rt(void);
__asm__(".pushsection .text, \"ax\", %progbits\n"
	".weak __nolibc_restore_rt\n"
	".type __nolibc_restore_rt, %function\n"
	".p2align 2\n"
	"__nolibc_restore_rt:\n"
	"	mov	x8, #139\n"	/* __NR_rt_sigreturn */
	"	svc	#0\n"
	".size __nolibc_restore_rt, . - __nolibc_restore_rt\n"
	".popsection\n");

#endif /* _NOLIBC_ARCH_AARCH64_H */

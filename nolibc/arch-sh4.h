/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * sh4: syscall calling convention, program entry and signal return.
 * Signal numbers, flags and the kernel's struct sigaction are the generic
 * ones.
 */
#ifndef _NOLIBC_ARCH_SH4_H
#define _NOLIBC_ARCH_SH4_H

#include "compiler.h"
#include <asm/unistd.h>

/*
 * "trapa #0x1N", N the number of arguments: number in r3, arguments in
 * r4-r7, the 5th in r0 and the 6th in r1, result in r0. The kernel saves
 * and restores every other register. SH-3/SH-4 may fetch the words after
 * a trapa before the trap is taken; five harmless "or r0, r0" follow it,
 * as in the kernel's own signal trampoline.
 */
#define __NOLIBC_SH_TRAP(nargs) "trapa #0x1" #nargs "\n\t" \
	"or r0, r0\n\tor r0, r0\n\tor r0, r0\n\tor r0, r0\n\tor r0, r0"

__nolibc_inline long __nolibc_syscall0(long n)
{
	register long r3 __asm__("r3") = n;
	register long r0 __asm__("r0");

	__asm__ volatile(__NOLIBC_SH_TRAP(0) : "=r"(r0) : "r"(r3) : "memory", "t");
	return r0;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long r3 __asm__("r3") = n;
	register long r4 __asm__("r4") = a1;
	register long r0 __asm__("r0");

	__asm__ volatile(__NOLIBC_SH_TRAP(1) : "=r"(r0) : "r"(r3), "r"(r4)
			 : "memory", "t");
	return r0;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long r3 __asm__("r3") = n;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register long r0 __asm__("r0");

	__asm__ volatile(__NOLIBC_SH_TRAP(2) : "=r"(r0) : "r"(r3), "r"(r4), "r"(r5)
			 : "memory", "t");
	return r0;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long r3 __asm__("r3") = n;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register long r6 __asm__("r6") = a3;
	register long r0 __asm__("r0");

	__asm__ volatile(__NOLIBC_SH_TRAP(3) : "=r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6)
			 : "memory", "t");
	return r0;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long r3 __asm__("r3") = n;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register long r6 __asm__("r6") = a3;
	register long r7 __asm__("r7") = a4;
	register long r0 __asm__("r0");

	__asm__ volatile(__NOLIBC_SH_TRAP(4) : "=r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory", "t");
	return r0;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long r3 __asm__("r3") = n;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register long r6 __asm__("r6") = a3;
	register long r7 __asm__("r7") = a4;
	register long r0 __asm__("r0") = a5;

	__asm__ volatile(__NOLIBC_SH_TRAP(5) : "+r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory", "t");
	return r0;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long r3 __asm__("r3") = n;
	register long r4 __asm__("r4") = a1;
	register long r5 __asm__("r5") = a2;
	register long r6 __asm__("r6") = a3;
	register long r7 __asm__("r7") = a4;
	register long r0 __asm__("r0") = a5;
	register long r1 __asm__("r1") = a6;

	__asm__ volatile(__NOLIBC_SH_TRAP(6) : "+r"(r0)
			 : "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7), "r"(r1)
			 : "memory", "t");
	return r0;
}

/*
 * Entry point, at top level: the initial stack pointer (r15) goes to
 * __nolibc_start_c in r4, the frame pointer (r14) is zeroed, and the call
 * goes through a literal word as "jsr" takes a register.
 */
#define __NOLIBC_SH_STR(x) #x
#define __NOLIBC_SH_XSTR(x) __NOLIBC_SH_STR(x)

void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 2\n"
	"_start:\n"
	"	mov	r15, r4\n"
	"	mov	#-8, r0\n"
	"	and	r0, r15\n"
	"	mov	#0, r14\n"
	"	mov.l	1f, r0\n"
	"	jsr	@r0\n"
	"	nop\n"
	"	sleep\n"			/* not reached */
	"	.p2align 2\n"
	"1:	.long	__nolibc_start_c\n"
	".size _start, . - _start\n"
	".popsection\n");

/*
 * Signal return. Handlers installed with SA_SIGINFO get an rt frame, undone
 * by rt_sigreturn; others get the legacy frame, undone by sigreturn. The
 * kernel would otherwise write a trampoline onto the stack. r15 points at
 * the frame here; nothing may touch it. The numbers do not fit "mov #imm".
 */
#define NOLIBC_HAVE_SA_RESTORER 1
#define NOLIBC_HAVE_LEGACY_SIGFRAME 1
void __nolibc_restore_rt(void);
void __nolibc_restore(void);
__asm__(".pushsection .text.__nolibc_restore, \"ax\", @progbits\n"
	".weak __nolibc_restore_rt\n"
	".type __nolibc_restore_rt, @function\n"
	".p2align 2\n"
	"__nolibc_restore_rt:\n"
	"	mov.w	1f, r3\n"
	"	" __NOLIBC_SH_TRAP(0) "\n"
	"1:	.word	" __NOLIBC_SH_XSTR(__NR_rt_sigreturn) "\n"
	".size __nolibc_restore_rt, . - __nolibc_restore_rt\n"
	".weak __nolibc_restore\n"
	".type __nolibc_restore, @function\n"
	".p2align 2\n"
	"__nolibc_restore:\n"
	"	mov.w	1f, r3\n"
	"	" __NOLIBC_SH_TRAP(0) "\n"
	"1:	.word	" __NOLIBC_SH_XSTR(__NR_sigreturn) "\n"
	".size __nolibc_restore, . - __nolibc_restore\n"
	".popsection\n");

#endif /* _NOLIBC_ARCH_SH4_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * hppa (32-bit PA-RISC): syscall calling convention, program entry on an
 * upward-growing stack, and the signal numbers and flags that differ on
 * hppa. The kernel returns from signal handlers by itself (there is no
 * SA_RESTORER) and its struct sigaction has no restorer field.
 */
#ifndef _NOLIBC_ARCH_HPPA_H
#define _NOLIBC_ARCH_HPPA_H

#include "compiler.h"
/* hppa's TCGETS and friends encode sizeof(struct termios). */
#include <asm/termbits.h>

/*
 * "ble 0x100(%sr2, %r0)", a branch into the kernel's gateway page: number
 * in r20, arguments in r26, r25, r24, r23, r22, r21, result in r28. The
 * branch leaves its return address in r31, the kernel uses r1, and it may
 * leave a second result in r29; it restores the other registers.
 */
#define __NOLIBC_HPPA_SYSCALL "ble 0x100(%%sr2, %%r0)\n\tnop"
#define __NOLIBC_HPPA_CLOBBERS "r1", "r29", "r31", "memory"

__nolibc_inline long __nolibc_syscall0(long n)
{
	register long r20 __asm__("r20") = n;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28) : "r"(r20)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long r20 __asm__("r20") = n;
	register long r26 __asm__("r26") = a1;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28) : "r"(r20), "r"(r26)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long r20 __asm__("r20") = n;
	register long r26 __asm__("r26") = a1;
	register long r25 __asm__("r25") = a2;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28)
			 : "r"(r20), "r"(r26), "r"(r25)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long r20 __asm__("r20") = n;
	register long r26 __asm__("r26") = a1;
	register long r25 __asm__("r25") = a2;
	register long r24 __asm__("r24") = a3;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28)
			 : "r"(r20), "r"(r26), "r"(r25), "r"(r24)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long r20 __asm__("r20") = n;
	register long r26 __asm__("r26") = a1;
	register long r25 __asm__("r25") = a2;
	register long r24 __asm__("r24") = a3;
	register long r23 __asm__("r23") = a4;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28)
			 : "r"(r20), "r"(r26), "r"(r25), "r"(r24), "r"(r23)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long r20 __asm__("r20") = n;
	register long r26 __asm__("r26") = a1;
	register long r25 __asm__("r25") = a2;
	register long r24 __asm__("r24") = a3;
	register long r23 __asm__("r23") = a4;
	register long r22 __asm__("r22") = a5;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28)
			 : "r"(r20), "r"(r26), "r"(r25), "r"(r24), "r"(r23), "r"(r22)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long r20 __asm__("r20") = n;
	register long r26 __asm__("r26") = a1;
	register long r25 __asm__("r25") = a2;
	register long r24 __asm__("r24") = a3;
	register long r23 __asm__("r23") = a4;
	register long r22 __asm__("r22") = a5;
	register long r21 __asm__("r21") = a6;
	register long r28 __asm__("r28");

	__asm__ volatile(__NOLIBC_HPPA_SYSCALL : "=r"(r28)
			 : "r"(r20), "r"(r26), "r"(r25), "r"(r24), "r"(r23), "r"(r22),
			   "r"(r21)
			 : __NOLIBC_HPPA_CLOBBERS);
	return r28;
}

/*
 * Entry point, at top level as gcc has no naked functions on hppa. The
 * stack grows up, and the kernel puts argc, argv, envp and the auxiliary
 * vector below the stack pointer, not at it: it passes argc in r25 and
 * argv in r24, and argc is the word before argv, where __nolibc_start_c
 * wants its pointer. A callee stores its return pointer and arguments in
 * the 64 bytes below the stack pointer, over those arrays: the stack
 * pointer moves up by 64 first. Data is reached through dp (r27), set to
 * the linker's $global$; the frame pointer (r3) is zeroed.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 2\n"
	"_start:\n"
	"	ldil	L%$global$, %r27\n"
	"	ldo	R%$global$(%r27), %r27\n"
	"	ldo	-4(%r24), %r26\n"
	"	ldo	64(%r30), %r30\n"
	"	copy	%r0, %r3\n"
	"	bl	__nolibc_start_c, %r2\n"
	"	nop\n"
	"	break	0, 0\n"
	".size _start, . - _start\n"
	".popsection\n");

#define NOLIBC_KSIGACTION_NO_RESTORER 1

/* No divide instruction: a division by a constant is a millicode call
 * (see __nolibc_ns_to_us()).
 */
#define __NOLIBC_NO_HW_DIV 1

/* Signal numbers and sigaction flags of hppa. */
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGSTKFLT 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGBUS 10
#define SIGSEGV 11
#define SIGXCPU 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGUSR1 16
#define SIGUSR2 17
#define SIGCHLD 18
#define SIGPWR 19
#define SIGVTALRM 20
#define SIGPROF 21
#define SIGIO 22
#define SIGPOLL SIGIO
#define SIGWINCH 23
#define SIGSTOP 24
#define SIGTSTP 25
#define SIGCONT 26
#define SIGTTIN 27
#define SIGTTOU 28
#define SIGURG 29
#define SIGXFSZ 30
#define SIGSYS 31
#define _NSIG 64

#define SA_ONSTACK 0x00000001
#define SA_RESETHAND 0x00000004
#define SA_NOCLDSTOP 0x00000008
#define SA_SIGINFO 0x00000010
#define SA_NODEFER 0x00000020
#define SA_RESTART 0x00000040
#define SA_NOCLDWAIT 0x00000080

#endif /* _NOLIBC_ARCH_HPPA_H */

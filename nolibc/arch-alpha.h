/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * alpha: syscall calling convention with its error flag and second result
 * register, program entry, signal return passed to rt_sigaction, and the
 * signal numbers and flags that differ on alpha.
 */
#ifndef _NOLIBC_ARCH_ALPHA_H
#define _NOLIBC_ARCH_ALPHA_H

#include "compiler.h"
#include "types.h"
#include <asm/unistd.h>
/* alpha's TCGETS and friends encode sizeof(struct termios). */
#include <asm/termbits.h>

/*
 * "callsys": number in v0 ($0), arguments in a0-a5 ($16-$21). The result
 * is in v0, and a3 ($19) says whether it is an error: then v0 holds the
 * positive errno, turned here into the -errno every other arch returns.
 * A few calls (getxpid, getxuid, getxgid) give a second result in a4 ($20).
 * The kernel may change the temporaries t0-t11 ($1-$8, $22-$25), pv ($27),
 * at ($28) and the argument registers.
 */
#define __NOLIBC_ALPHA_CLOBBERS "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", \
	"$22", "$23", "$24", "$25", "$27", "$28", "memory"

__nolibc_inline long __nolibc_alpha_ret(long v0, long a3)
{
	return a3 ? -v0 : v0;
}

__nolibc_inline long __nolibc_syscall0(long n)
{
	register long v0 __asm__("$0") = n;
	register long a3 __asm__("$19");

	__asm__ volatile("callsys" : "+r"(v0), "=r"(a3)
			 : : "$16", "$17", "$18", "$20", "$21", __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long v0 __asm__("$0") = n;
	register long a0 __asm__("$16") = a1;
	register long a3 __asm__("$19");

	__asm__ volatile("callsys" : "+r"(v0), "+r"(a0), "=r"(a3)
			 : : "$17", "$18", "$20", "$21", __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long v0 __asm__("$0") = n;
	register long a0 __asm__("$16") = a1;
	register long a1r __asm__("$17") = a2;
	register long a3 __asm__("$19");

	__asm__ volatile("callsys" : "+r"(v0), "+r"(a0), "+r"(a1r), "=r"(a3)
			 : : "$18", "$20", "$21", __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long v0 __asm__("$0") = n;
	register long a0 __asm__("$16") = a1;
	register long a1r __asm__("$17") = a2;
	register long a2r __asm__("$18") = a3;
	register long a3r __asm__("$19");

	__asm__ volatile("callsys" : "+r"(v0), "+r"(a0), "+r"(a1r), "+r"(a2r), "=r"(a3r)
			 : : "$20", "$21", __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long v0 __asm__("$0") = n;
	register long a0 __asm__("$16") = a1;
	register long a1r __asm__("$17") = a2;
	register long a2r __asm__("$18") = a3;
	register long a3r __asm__("$19") = a4;

	__asm__ volatile("callsys" : "+r"(v0), "+r"(a0), "+r"(a1r), "+r"(a2r), "+r"(a3r)
			 : : "$20", "$21", __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long v0 __asm__("$0") = n;
	register long a0 __asm__("$16") = a1;
	register long a1r __asm__("$17") = a2;
	register long a2r __asm__("$18") = a3;
	register long a3r __asm__("$19") = a4;
	register long a4r __asm__("$20") = a5;

	__asm__ volatile("callsys"
			 : "+r"(v0), "+r"(a0), "+r"(a1r), "+r"(a2r), "+r"(a3r), "+r"(a4r)
			 : : "$21", __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long v0 __asm__("$0") = n;
	register long a0 __asm__("$16") = a1;
	register long a1r __asm__("$17") = a2;
	register long a2r __asm__("$18") = a3;
	register long a3r __asm__("$19") = a4;
	register long a4r __asm__("$20") = a5;
	register long a5r __asm__("$21") = a6;

	__asm__ volatile("callsys"
			 : "+r"(v0), "+r"(a0), "+r"(a1r), "+r"(a2r), "+r"(a3r), "+r"(a4r),
			   "+r"(a5r)
			 : : __NOLIBC_ALPHA_CLOBBERS);
	return __nolibc_alpha_ret(v0, a3r);
}

/* long __nolibc_alpha_syscall_pair(long n, long *second); v0, a4 in *second */
__nolibc_inline long __nolibc_alpha_syscall_pair(long n, long *second)
{
	register long v0 __asm__("$0") = n;
	register long a3 __asm__("$19");
	register long a4 __asm__("$20");

	__asm__ volatile("callsys" : "+r"(v0), "=r"(a3), "=r"(a4)
			 : : "$16", "$17", "$18", "$21", __NOLIBC_ALPHA_CLOBBERS);
	*second = a4;
	return __nolibc_alpha_ret(v0, a3);
}

/*
 * alpha's old id calls return two ids at once: getxpid the pid and the
 * parent's, getxuid and getxgid the real and effective ids. getppid,
 * geteuid and getegid have numbers of their own only since Linux 5.x
 * (530-532), which qemu-user and older kernels lack; the pairs work on
 * every kernel. (getpid, getuid and getgid already are the pair calls.)
 */
#define NOLIBC_ARCH_HAS_SYS_GETPPID 1
__nolibc_fn pid_t sys_getppid(void)
{
	long ppid;

	__nolibc_alpha_syscall_pair(__NR_getxpid, &ppid);
	return ppid;
}

#define NOLIBC_ARCH_HAS_GETEUID 1
__nolibc_fn uid_t geteuid(void)
{
	long euid;

	__nolibc_alpha_syscall_pair(__NR_getxuid, &euid);
	return euid;
}

#define NOLIBC_ARCH_HAS_GETEGID 1
__nolibc_fn gid_t getegid(void)
{
	long egid;

	__nolibc_alpha_syscall_pair(__NR_getxgid, &egid);
	return egid;
}

/*
 * Entry point, at top level as gcc has no naked functions on alpha. Code
 * reaches globals through gp ($29), set here from the current address;
 * the call goes through pv ($27) as the ABI wants. The callee gets the
 * initial stack pointer in a0, a 16-byte aligned stack and a zero frame
 * pointer ($15).
 */
#define __NOLIBC_ALPHA_STR(x) #x
#define __NOLIBC_ALPHA_XSTR(x) __NOLIBC_ALPHA_STR(x)

void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 4\n"
	"_start:\n"
	"	br	$29, 1f\n"
	"1:	ldgp	$29, 0($29)\n"
	"	mov	$30, $16\n"
	"	bic	$30, 15, $30\n"
	"	mov	$31, $15\n"
	"	jsr	$26, __nolibc_start_c\n"
	"	call_pal 0x81\n"		/* bugchk: not reached */
	".size _start, . - _start\n"
	".popsection\n");

/*
 * Signal return. The kernel takes it as the 5th argument of rt_sigaction
 * (its struct sigaction has no field for it) and hands it to the handler
 * as return address; without one it writes a trampoline onto the stack.
 * Handlers with SA_SIGINFO get an rt frame, undone by rt_sigreturn, the
 * others the legacy frame, undone by sigreturn; both take the frame, which
 * the stack pointer points at, in a0.
 */
#define NOLIBC_ARCH_HAS_RT_SIGACTION 1
#define NOLIBC_HAVE_LEGACY_SIGFRAME 1
#define NOLIBC_KSIGACTION_NO_RESTORER 1

void __nolibc_restore_rt(void);
void __nolibc_restore(void);
__asm__(".pushsection .text.__nolibc_restore, \"ax\", @progbits\n"
	".weak __nolibc_restore_rt\n"
	".type __nolibc_restore_rt, @function\n"
	".p2align 3\n"
	"__nolibc_restore_rt:\n"
	"	mov	$30, $16\n"
	"	lda	$0, " __NOLIBC_ALPHA_XSTR(__NR_rt_sigreturn) "($31)\n"
	"	callsys\n"
	".size __nolibc_restore_rt, . - __nolibc_restore_rt\n"
	".weak __nolibc_restore\n"
	".type __nolibc_restore, @function\n"
	".p2align 3\n"
	"__nolibc_restore:\n"
	"	mov	$30, $16\n"
	"	lda	$0, " __NOLIBC_ALPHA_XSTR(__NR_sigreturn) "($31)\n"
	"	callsys\n"
	".size __nolibc_restore, . - __nolibc_restore\n"
	".popsection\n");

/*
 * alpha has no divide instruction, and gcc calls __divq, __divqu, __remq,
 * __remqu and their 32-bit "l" forms for "/" and "%". They are not in
 * libgcc but in the C library, so here they are, with the special calling
 * convention gcc uses for them: operands in t10 ($24) and t11 ($25),
 * result in t12 ($27), return address in t9 ($23), only at ($28) free to
 * change; everything else is saved on the stack. One shift-and-subtract
 * loop serves all eight: each entry passes |dividend| in $0, |divisor| in
 * $1, and in $2 what to return (bit 0: the remainder, bit 1: negated,
 * bit 2: sign-extended from 32 bits, as alpha keeps 32-bit values). A zero
 * divisor gives an all-ones quotient; C leaves that undefined.
 */
#define __NOLIBC_ALPHA_DIV_ENTRY(name)				\
	".weak " name "\n"					\
	".type " name ", @function\n"				\
	".p2align 3\n"						\
	name ":\n"						\
	"	lda	$30, -48($30)\n"			\
	"	stq	$0, 0($30)\n"				\
	"	stq	$1, 8($30)\n"				\
	"	stq	$2, 16($30)\n"				\
	"	stq	$3, 24($30)\n"				\
	"	stq	$4, 32($30)\n"				\
	"	stq	$5, 40($30)\n"

/* signed: negate when the signs differ (divide) or the dividend is < 0 */
#define __NOLIBC_ALPHA_DIV_SIGNED(flags, sign_of)		\
	"	lda	$2, " #flags "($31)\n"			\
	"	" sign_of "\n"					\
	"	srl	$28, 63, $28\n"				\
	"	addq	$28, $28, $28\n"			\
	"	bis	$2, $28, $2\n"				\
	"	mov	$24, $0\n"				\
	"	subq	$31, $0, $28\n"				\
	"	cmovlt	$0, $28, $0\n"				\
	"	mov	$25, $1\n"				\
	"	subq	$31, $1, $28\n"				\
	"	cmovlt	$1, $28, $1\n"				\
	"	br	$31, __nolibc_alpha_div\n"

__asm__(".pushsection .text.__nolibc_divide, \"ax\", @progbits\n"
	__NOLIBC_ALPHA_DIV_ENTRY("__divq")
	__NOLIBC_ALPHA_DIV_SIGNED(0, "xor	$24, $25, $28")
	__NOLIBC_ALPHA_DIV_ENTRY("__remq")
	__NOLIBC_ALPHA_DIV_SIGNED(1, "mov	$24, $28")
	__NOLIBC_ALPHA_DIV_ENTRY("__divl")
	__NOLIBC_ALPHA_DIV_SIGNED(4, "xor	$24, $25, $28")
	__NOLIBC_ALPHA_DIV_ENTRY("__reml")
	__NOLIBC_ALPHA_DIV_SIGNED(5, "mov	$24, $28")
	__NOLIBC_ALPHA_DIV_ENTRY("__divqu")
	"	mov	$24, $0\n"
	"	mov	$25, $1\n"
	"	mov	$31, $2\n"
	"	br	$31, __nolibc_alpha_div\n"
	__NOLIBC_ALPHA_DIV_ENTRY("__remqu")
	"	mov	$24, $0\n"
	"	mov	$25, $1\n"
	"	lda	$2, 1($31)\n"
	"	br	$31, __nolibc_alpha_div\n"
	__NOLIBC_ALPHA_DIV_ENTRY("__divlu")
	"	zapnot	$24, 15, $0\n"
	"	zapnot	$25, 15, $1\n"
	"	lda	$2, 4($31)\n"
	"	br	$31, __nolibc_alpha_div\n"
	__NOLIBC_ALPHA_DIV_ENTRY("__remlu")
	"	zapnot	$24, 15, $0\n"
	"	zapnot	$25, 15, $1\n"
	"	lda	$2, 5($31)\n"
	/* __remlu goes on into the loop below */
	".weak __nolibc_alpha_div\n"
	"__nolibc_alpha_div:\n"
	"	mov	$31, $3\n"		/* remainder */
	"	lda	$4, 64($31)\n"		/* bits to go */
	"1:	cmplt	$3, 0, $5\n"		/* remainder's top bit, shifted out */
	"	cmplt	$0, 0, $28\n"		/* next dividend bit */
	"	addq	$3, $3, $3\n"
	"	bis	$3, $28, $3\n"
	"	addq	$0, $0, $0\n"
	"	cmpule	$1, $3, $28\n"
	"	bis	$28, $5, $28\n"
	"	beq	$28, 2f\n"
	"	subq	$3, $1, $3\n"
	"	bis	$0, 1, $0\n"		/* quotient bit */
	"2:	subq	$4, 1, $4\n"
	"	bne	$4, 1b\n"
	"	blbc	$2, 3f\n"
	"	mov	$3, $0\n"
	"3:	and	$2, 2, $28\n"
	"	beq	$28, 4f\n"
	"	subq	$31, $0, $0\n"
	"4:	and	$2, 4, $28\n"
	"	beq	$28, 5f\n"
	"	addl	$0, 0, $0\n"
	"5:	mov	$0, $27\n"
	"	ldq	$0, 0($30)\n"
	"	ldq	$1, 8($30)\n"
	"	ldq	$2, 16($30)\n"
	"	ldq	$3, 24($30)\n"
	"	ldq	$4, 32($30)\n"
	"	ldq	$5, 40($30)\n"
	"	lda	$30, 48($30)\n"
	"	ret	$31, ($23), 1\n"
	".popsection\n");

/* Signal numbers, sigaction flags and sigprocmask operations of alpha. */
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGEMT 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGBUS 10
#define SIGSEGV 11
#define SIGSYS 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGURG 16
#define SIGSTOP 17
#define SIGTSTP 18
#define SIGCONT 19
#define SIGCHLD 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGIO 23
#define SIGPOLL SIGIO
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGINFO 29
#define SIGPWR SIGINFO
#define SIGUSR1 30
#define SIGUSR2 31
#define _NSIG 64

#define SA_ONSTACK 0x00000001
#define SA_RESTART 0x00000002
#define SA_NOCLDSTOP 0x00000004
#define SA_NODEFER 0x00000008
#define SA_RESETHAND 0x00000010
#define SA_NOCLDWAIT 0x00000020
#define SA_SIGINFO 0x00000040

#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3

__nolibc_inline long __nolibc_arch_rt_sigaction(long sig, long act, long old, long restorer)
{
	return __nolibc_syscall5(__NR_rt_sigaction, sig, act, old, _NSIG / 8, restorer);
}

#endif /* _NOLIBC_ARCH_ALPHA_H */

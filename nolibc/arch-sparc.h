/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * sparc64 (and 32-bit sparc): syscall calling convention with its carry
 * flag, the two-register fork results, program entry, signal return passed
 * to rt_sigaction, and the signal numbers and flags that differ on sparc.
 */
#ifndef _NOLIBC_ARCH_SPARC_H
#define _NOLIBC_ARCH_SPARC_H

#include "compiler.h"
#include "types.h"
#include <asm/unistd.h>
#ifdef __arch64__
/* asm/unistd.h names 29 pause for both ABIs, but the 64-bit syscall table
 * has sys_nis_syscall there (ENOSYS, "Unimplemented SPARC system call 29"
 * on the console; qemu-user implements it anyway): pause() takes its ppoll
 * path.
 */
#undef __NR_pause
#endif
/* sparc's TCGETS and friends encode sizeof(struct termios). */
#include <asm/termbits.h>

/*
 * "ta 0x6d" (64-bit) or "ta 0x10" (32-bit): number in g1, arguments in
 * o0-o5, result in o0. On failure the kernel sets the carry flag and puts
 * the positive errno in o0, turned here (in the branch's delay slot, which
 * ",a" runs only when the branch is taken) into the -errno of every other
 * arch. The floating-point registers are not promised across a syscall.
 */
#ifdef __arch64__
#define __NOLIBC_SPARC_TRAP "ta 0x6d\n\tbcs,a,pn %%xcc, 1f\n\t sub %%g0, %%o0, %%o0\n1:"
#else
#define __NOLIBC_SPARC_TRAP "ta 0x10\n\tbcs,a 1f\n\t sub %%g0, %%o0, %%o0\n1:"
#endif

#define __NOLIBC_SPARC_FP_CLOBBERS \
	"f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", \
	"f12", "f13", "f14", "f15", "f16", "f17", "f18", "f19", "f20", "f21", \
	"f22", "f23", "f24", "f25", "f26", "f27", "f28", "f29", "f30", "f31"
#ifdef __arch64__
#define __NOLIBC_SPARC_CLOBBERS __NOLIBC_SPARC_FP_CLOBBERS, \
	"f32", "f34", "f36", "f38", "f40", "f42", "f44", "f46", "f48", "f50", \
	"f52", "f54", "f56", "f58", "f60", "f62", "cc", "memory"
#else
#define __NOLIBC_SPARC_CLOBBERS __NOLIBC_SPARC_FP_CLOBBERS, "cc", "memory"
#endif

/*
 * The operands reach g1 and o0-o5 through moves in the asm, not through
 * register variables: clang 14 loads a "long" register variable from
 * memory with a 32-bit "ld" on sparc64, dropping the upper half of
 * pointers. The registers moved into are clobbered, so the compiler keeps
 * no operand in them.
 */
#define __NOLIBC_SPARC_NR "mov %[n], %%g1\n\t"

__nolibc_inline long __nolibc_syscall0(long n)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret) : [n] "r"(n)
			 : "g1", "o0", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %[a1], %%o0\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret) : [n] "r"(n), [a1] "r"(a1)
			 : "g1", "o0", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %[a1], %%o0\n\tmov %[a2], %%o1\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret) : [n] "r"(n), [a1] "r"(a1), [a2] "r"(a2)
			 : "g1", "o0", "o1", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %[a1], %%o0\n\tmov %[a2], %%o1\n\t"
			 "mov %[a3], %%o2\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret)
			 : [n] "r"(n), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3)
			 : "g1", "o0", "o1", "o2", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %[a1], %%o0\n\tmov %[a2], %%o1\n\t"
			 "mov %[a3], %%o2\n\tmov %[a4], %%o3\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret)
			 : [n] "r"(n), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3),
			   [a4] "r"(a4)
			 : "g1", "o0", "o1", "o2", "o3", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %[a1], %%o0\n\tmov %[a2], %%o1\n\t"
			 "mov %[a3], %%o2\n\tmov %[a4], %%o3\n\tmov %[a5], %%o4\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret)
			 : [n] "r"(n), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3),
			   [a4] "r"(a4), [a5] "r"(a5)
			 : "g1", "o0", "o1", "o2", "o3", "o4", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	long ret;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %[a1], %%o0\n\tmov %[a2], %%o1\n\t"
			 "mov %[a3], %%o2\n\tmov %[a4], %%o3\n\tmov %[a5], %%o4\n\t"
			 "mov %[a6], %%o5\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]"
			 : [ret] "=r"(ret)
			 : [n] "r"(n), [a1] "r"(a1), [a2] "r"(a2), [a3] "r"(a3),
			   [a4] "r"(a4), [a5] "r"(a5), [a6] "r"(a6)
			 : "g1", "o0", "o1", "o2", "o3", "o4", "o5", __NOLIBC_SPARC_CLOBBERS);
	return ret;
}

/*
 * fork and vfork return in two registers: o1 is 1 in the child, where o0
 * holds the parent's pid (not 0), and 0 in the parent. vfork must be
 * inlined: a child returning from a real call would corrupt the frame its
 * parent resumes in.
 */
__nolibc_inline long __nolibc_sparc_fork(long n)
{
	long ret, child;

	__asm__ volatile(__NOLIBC_SPARC_NR "mov %%g0, %%o1\n\t"
			 __NOLIBC_SPARC_TRAP "\n\tmov %%o0, %[ret]\n\tmov %%o1, %[child]"
			 : [ret] "=r"(ret), [child] "=r"(child) : [n] "r"(n)
			 : "g1", "o0", "o1", __NOLIBC_SPARC_CLOBBERS);
	return ret >= 0 && child ? 0 : ret;
}

#define NOLIBC_ARCH_HAS_SYS_FORK 1
__nolibc_fn pid_t sys_fork(void)
{
	return __nolibc_sparc_fork(__NR_fork);
}

#define NOLIBC_ARCH_HAS_SYS_VFORK 1
__nolibc_inline pid_t sys_vfork(void)
{
	return __nolibc_sparc_fork(__NR_vfork);
}

/*
 * Entry point, at top level as gcc has no naked functions on sparc. The
 * kernel leaves room for the 16 registers of a window above the stack
 * pointer (biased by 2047 on sparc64), and argc just above; the callee may
 * store its arguments in the 6 words above that room in our frame, so the
 * frame moves down first. The frame pointer is zeroed to end frame chains.
 */
#ifdef __arch64__
#define __NOLIBC_SPARC_START \
	"	add	%sp, 2047 + 16 * 8, %o0\n" \
	"	sub	%sp, 6 * 8, %sp\n"
#else
#define __NOLIBC_SPARC_START \
	"	add	%sp, 16 * 4, %o0\n" \
	"	sub	%sp, 8 * 4, %sp\n"
#endif

void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 2\n"
	"_start:\n"
	"	mov	%g0, %fp\n"
	__NOLIBC_SPARC_START
	"	call	__nolibc_start_c\n"
	"	 nop\n"
	"	unimp	0\n"
	".size _start, . - _start\n"
	".popsection\n");

/*
 * Signal return. The kernel takes it as the 4th argument of rt_sigaction
 * and makes it the handler's return address, to which "ret" adds 8: the
 * address given is 8 bytes before the code. It has no fallback: a handler
 * without one returns to address 8. 64-bit processes always get an rt
 * frame, undone by rt_sigreturn; 32-bit ones get the legacy frame, undone
 * by sigreturn, for handlers without SA_SIGINFO.
 */
#define NOLIBC_ARCH_HAS_RT_SIGACTION 1
#ifdef __arch64__
#define __NOLIBC_SPARC_SIGTRAP "ta 0x6d"
#else
#define __NOLIBC_SPARC_SIGTRAP "ta 0x10"
#define NOLIBC_HAVE_LEGACY_SIGFRAME 1
#endif
#define __NOLIBC_SPARC_STR(x) #x
#define __NOLIBC_SPARC_XSTR(x) __NOLIBC_SPARC_STR(x)

void __nolibc_restore_rt(void);
void __nolibc_restore(void);
__asm__(".pushsection .text.__nolibc_restore, \"ax\", @progbits\n"
	".weak __nolibc_restore_rt\n"
	".type __nolibc_restore_rt, @function\n"
	".p2align 2\n"
	"__nolibc_restore_rt:\n"
	"	mov	" __NOLIBC_SPARC_XSTR(__NR_rt_sigreturn) ", %g1\n"
	"	" __NOLIBC_SPARC_SIGTRAP "\n"
	".size __nolibc_restore_rt, . - __nolibc_restore_rt\n"
	".weak __nolibc_restore\n"
	".type __nolibc_restore, @function\n"
	".p2align 2\n"
	"__nolibc_restore:\n"
	"	mov	" __NOLIBC_SPARC_XSTR(__NR_sigreturn) ", %g1\n"
	"	" __NOLIBC_SPARC_SIGTRAP "\n"
	".size __nolibc_restore, . - __nolibc_restore\n"
	".popsection\n");

/* Signal numbers, sigaction flags and sigprocmask operations of sparc. */
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
#define SIGLOST 29
#define SIGPWR SIGLOST
#define SIGUSR1 30
#define SIGUSR2 31
#define _NSIG 64

#define SA_ONSTACK 0x00000001
#define SA_RESTART 0x00000002
#define SA_RESETHAND 0x00000004
#define SA_NOCLDSTOP 0x00000008
#define SA_NODEFER 0x00000020
#define SA_NOCLDWAIT 0x00000100
#define SA_SIGINFO 0x00000200

#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 4

__nolibc_inline long __nolibc_arch_rt_sigaction(long sig, long act, long old, long restorer)
{
	return __nolibc_syscall5(__NR_rt_sigaction, sig, act, old,
				 restorer ? restorer - 8 : 0, _NSIG / 8);
}

#endif /* _NOLIBC_ARCH_SPARC_H */

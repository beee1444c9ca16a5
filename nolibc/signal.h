/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Signals: sigaction() and friends on rt_sigaction/rt_sigprocmask. Where the
 * kernel needs a user-space return path (SA_RESTORER) the arch file provides
 * __nolibc_restore_rt, which calls rt_sigreturn with the stack untouched.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_SIGNAL_H
#define _NOLIBC_SIGNAL_H

#include "sys.h"
#include "unistd.h"

typedef int sig_atomic_t;
typedef void (*sighandler_t)(int);

/* A full kernel sigset: _NSIG bits, as rt_sig* syscalls expect. */
#define __NOLIBC_SIGSET_WORDS (_NSIG / (8 * sizeof(unsigned long)))
typedef struct {
	unsigned long sig[__NOLIBC_SIGSET_WORDS];
} sigset_t;

union sigval {
	int sival_int;
	void *sival_ptr;
};

/*
 * How a POSIX timer (timer_create) tells it expired: the kernel's 64-byte
 * sigevent, the same order on every ABI. SIGEV_THREAD needs threads, which
 * nolibc has not: the kernel refuses it.
 */
#define SIGEV_SIGNAL 0
#define SIGEV_NONE 1
#define SIGEV_THREAD 2
#define SIGEV_THREAD_ID 4

typedef struct sigevent {
	union sigval sigev_value;
	int sigev_signo;
	int sigev_notify;
	union {
		int __pad[(64 - 2 * sizeof(int) - sizeof(union sigval)) / sizeof(int)];
		pid_t __tid;
		struct {
			void (*__function)(union sigval value);
			void *__attributes;
		} __sigev_thread;
	} __sigev_un;
} sigevent_t;

#define sigev_notify_thread_id __sigev_un.__tid
#define sigev_notify_function __sigev_un.__sigev_thread.__function
#define sigev_notify_attributes __sigev_un.__sigev_thread.__attributes

/*
 * The kernel's siginfo: 128 bytes, three ints, then a union that holds
 * pointers and so starts at offset 16 on 64-bit arches and 12 on 32-bit.
 * Only the members a test program reads are named.
 */
#define __NOLIBC_SI_PAD (128 / sizeof(int) - (sizeof(void *) == 8 ? 4 : 3))

typedef struct {
	int si_signo;
#ifdef NOLIBC_SIGINFO_CODE_FIRST
	int si_code;
	int si_errno;
#else
	int si_errno;
	int si_code;
#endif
	union {
		int __pad[__NOLIBC_SI_PAD];
		struct {		/* kill, tgkill, sigqueue, SIGCHLD */
			pid_t pid;
			uid_t uid;
			union {
				union sigval value;
				int status;
			};
		} __proc;
		struct {		/* SIGSEGV, SIGBUS, SIGILL, SIGFPE */
			void *addr;
		} __fault;
	} __si;
} siginfo_t;

#define si_pid __si.__proc.pid
#define si_uid __si.__proc.uid
#define si_value __si.__proc.value
#define si_status __si.__proc.status
#define si_addr __si.__fault.addr

/* si_code values */
#define SI_USER 0
#define SI_KERNEL 0x80
#define SI_QUEUE (-1)
#ifndef SI_TIMER	/* mips numbers these three its own way */
#define SI_TIMER (-2)
#define SI_MESGQ (-3)
#define SI_ASYNCIO (-4)
#endif
#define SI_SIGIO (-5)
#define SI_TKILL (-6)
#define SEGV_MAPERR 1
#define SEGV_ACCERR 2
#define BUS_ADRALN 1
#define BUS_ADRERR 2
#define CLD_EXITED 1
#define CLD_KILLED 2
#define CLD_DUMPED 3
#define CLD_TRAPPED 4
#define CLD_STOPPED 5
#define CLD_CONTINUED 6

struct sigaction {
	union {
		void (*sa_handler)(int sig);
		void (*sa_sigaction)(int sig, siginfo_t *info, void *ucontext);
	};
	sigset_t sa_mask;
	int sa_flags;
	void (*sa_restorer)(void);
};

#define SIG_DFL ((sighandler_t)0)
#define SIG_IGN ((sighandler_t)1)
#define SIG_ERR ((sighandler_t)-1)

/*
 * What rt_sigaction() reads, the kernel's struct sigaction. The arch file
 * says where it differs: mips puts a 32-bit flags word before the handler
 * (NOLIBC_KSIGACTION_FLAGS_FIRST); arches without SA_RESTORER in their
 * UAPI (riscv, mips) have no restorer field (NOLIBC_KSIGACTION_NO_RESTORER).
 */
struct __nolibc_ksigaction {
#ifdef NOLIBC_KSIGACTION_FLAGS_FIRST
	unsigned int flags;
	void *handler;
#else
	void *handler;
	unsigned long flags;
#endif
#ifndef NOLIBC_KSIGACTION_NO_RESTORER
	void (*restorer)(void);
#endif
	sigset_t mask;
#ifdef NOLIBC_KSIGACTION_QEMU_PAD
	/* qemu-user (7.2) reads a restorer before the mask on riscv and writes
	 * one after it on mips: a second copy of the mask where qemu looks for
	 * it, never read by the kernel.
	 */
	sigset_t qemu_mask;
#endif
};

__nolibc_fn int sigemptyset(sigset_t *set)
{
	size_t i;

	for (i = 0; i < __NOLIBC_SIGSET_WORDS; i++)
		set->sig[i] = 0;
	return 0;
}

__nolibc_fn int sigfillset(sigset_t *set)
{
	size_t i;

	for (i = 0; i < __NOLIBC_SIGSET_WORDS; i++)
		set->sig[i] = ~0UL;
	return 0;
}

/* Bit (signum - 1) of the set, as the kernel numbers them. */
__nolibc_fn int __nolibc_sigbit(int signum, unsigned long *mask)
{
	unsigned int bit = signum - 1;

	if (signum < 1 || signum > _NSIG) {
		SET_ERRNO(EINVAL);
		return -1;
	}
	*mask = 1UL << (bit % (8 * sizeof(unsigned long)));
	return bit / (8 * sizeof(unsigned long));
}

__nolibc_fn int sigaddset(sigset_t *set, int signum)
{
	unsigned long mask;
	int word = __nolibc_sigbit(signum, &mask);

	if (word < 0)
		return -1;
	set->sig[word] |= mask;
	return 0;
}

__nolibc_fn int sigdelset(sigset_t *set, int signum)
{
	unsigned long mask;
	int word = __nolibc_sigbit(signum, &mask);

	if (word < 0)
		return -1;
	set->sig[word] &= ~mask;
	return 0;
}

__nolibc_fn int sigismember(const sigset_t *set, int signum)
{
	unsigned long mask;
	int word = __nolibc_sigbit(signum, &mask);

	if (word < 0)
		return -1;
	return !!(set->sig[word] & mask);
}

/*
 * rt_sigaction with the signal-return path: alpha and sparc take it as an
 * argument of the syscall (the arch's __nolibc_arch_rt_sigaction), the
 * others in the struct, where sigaction() put it.
 */
__nolibc_fn int __nolibc_rt_sigaction(int sig, const struct __nolibc_ksigaction *act,
				      struct __nolibc_ksigaction *old,
				      void (*restorer)(void))
{
#ifdef NOLIBC_ARCH_HAS_RT_SIGACTION
	return __nolibc_arch_rt_sigaction(sig, (long)act, (long)old, (long)restorer);
#else
	(void)restorer;
	return __nolibc_sc(4, __NR_rt_sigaction, sig, (long)act, (long)old,
			   sizeof(sigset_t));
#endif
}

__nolibc_fn int sys_rt_sigaction(int sig, const struct __nolibc_ksigaction *act,
				 struct __nolibc_ksigaction *old)
{
	return __nolibc_rt_sigaction(sig, act, old, NULL);
}

__nolibc_fn int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
	struct __nolibc_ksigaction kact, kold;
	void (*restorer)(void) = NULL;	/* NULL: the kernel's own way back */
	int ret;

	if (act) {
		kact.handler = (void *)act->sa_handler;
		kact.flags = (unsigned int)act->sa_flags;
		kact.mask = act->sa_mask;
#ifdef NOLIBC_KSIGACTION_QEMU_PAD
		kact.qemu_mask = act->sa_mask;
#endif
#ifdef NOLIBC_HAVE_SA_RESTORER
		kact.flags |= SA_RESTORER;
#endif
#if defined(NOLIBC_HAVE_SA_RESTORER) || defined(NOLIBC_ARCH_HAS_RT_SIGACTION)
		restorer = __nolibc_restore_rt;
#ifdef NOLIBC_HAVE_LEGACY_SIGFRAME
		if (!(act->sa_flags & SA_SIGINFO))
			restorer = __nolibc_restore;
#endif
#endif
#ifndef NOLIBC_KSIGACTION_NO_RESTORER
		kact.restorer = restorer;	/* NULL is ignored (powerpc) */
#endif
	}
	ret = __nolibc_rt_sigaction(sig, act ? &kact : NULL, old ? &kold : NULL, restorer);
	if (ret < 0)
		return __sysret(ret);
	if (old) {
		old->sa_handler = (sighandler_t)kold.handler;
		old->sa_flags = kold.flags & ~SA_RESTORER;
		old->sa_mask = kold.mask;
		old->sa_restorer = NULL;
	}
	return 0;
}

/* BSD semantics like glibc's signal(): the handler stays, calls restart. */
__nolibc_fn sighandler_t signal(int sig, sighandler_t handler)
{
	struct sigaction act, old;

	act.sa_handler = handler;
	act.sa_flags = SA_RESTART;
	sigemptyset(&act.sa_mask);
	if (sigaction(sig, &act, &old) < 0)
		return SIG_ERR;
	return old.sa_handler;
}

__nolibc_fn int sigprocmask(int how, const sigset_t *set, sigset_t *old)
{
	return __sysret(__nolibc_sc(4, __NR_rt_sigprocmask, how, (long)set, (long)old,
				    sizeof(sigset_t)));
}

/* int sys_kill(pid_t pid, int sig); */
__nolibc_fn int sys_kill(pid_t pid, int sig)
{
	return __nolibc_sc(2, __NR_kill, pid, sig);
}

/* int kill(pid_t pid, int sig); */
__nolibc_fn int kill(pid_t pid, int sig)
{
	return __sysret(sys_kill(pid, sig));
}

/* int sys_tgkill(pid_t tgid, pid_t tid, int sig); */
__nolibc_fn int sys_tgkill(pid_t tgid, pid_t tid, int sig)
{
	return __nolibc_sc(3, __NR_tgkill, tgid, tid, sig);
}

__nolibc_fn int raise(int sig)
{
	return __sysret(sys_tgkill(getpid(), gettid(), sig));
}

__nolibc_fn int pause(void)
{
#ifdef __NR_pause
	return __sysret(__nolibc_sc(0, __NR_pause));
#else
	return __sysret(__nolibc_sc(5, __NR_ppoll, 0, 0, 0, 0, 0));
#endif
}

/* alarm() has no error to report, but a kernel without POSIX timers has
 * no alarm either: then it returns 0 and leaves ENOSYS in errno, as glibc's.
 */
__nolibc_fn unsigned int alarm(unsigned int seconds)
{
#ifdef __NR_alarm
	long ret = __nolibc_sc(1, __NR_alarm, seconds);

	if ((unsigned long)ret >= (unsigned long)-MAX_ERRNO) {
		SET_ERRNO(-ret);
		return 0;
	}
	return ret;
#else
	struct { struct __nolibc_ktimeval interval, value; } it = { { 0, 0 }, { seconds, 0 } }, old;
	long ret = __nolibc_sc(3, __NR_setitimer, 0, (long)&it, (long)&old);

	if (ret < 0) {
		SET_ERRNO(-ret);
		return 0;
	}
	/* rounded as the kernel's alarm does: never 0 while one is pending */
	return old.value.tv_sec + (old.value.tv_usec >= 500000 ||
				   (!old.value.tv_sec && old.value.tv_usec));
#endif
}

#endif /* _NOLIBC_SIGNAL_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * mips, every ABI (o32, n32, n64): the signal numbers, flags and sigaction
 * layout that differ from the other arches.
 */
#ifndef _NOLIBC_ARCH_MIPS_SIGNAL_H
#define _NOLIBC_ARCH_MIPS_SIGNAL_H

/*
 * Signals. The kernel returns from handlers through its own trampoline
 * (mips has no SA_RESTORER), numbers signals and flags its own way, puts a
 * 32-bit flags word first in struct sigaction, and si_code before si_errno
 * in siginfo.
 */
#define NOLIBC_KSIGACTION_FLAGS_FIRST 1
#define NOLIBC_KSIGACTION_NO_RESTORER 1
#define NOLIBC_KSIGACTION_QEMU_PAD 1
#define NOLIBC_SIGINFO_CODE_FIRST 1

/* si_code: asm/siginfo.h swaps three of the generic values */
#define SI_ASYNCIO (-2)
#define SI_TIMER (-3)
#define SI_MESGQ (-4)

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
#define SIGUSR1 16
#define SIGUSR2 17
#define SIGCHLD 18
#define SIGPWR 19
#define SIGWINCH 20
#define SIGURG 21
#define SIGIO 22
#define SIGPOLL SIGIO
#define SIGSTOP 23
#define SIGTSTP 24
#define SIGCONT 25
#define SIGTTIN 26
#define SIGTTOU 27
#define SIGVTALRM 28
#define SIGPROF 29
#define SIGXCPU 30
#define SIGXFSZ 31
#define _NSIG 128

#define SA_NOCLDSTOP 0x00000001
#define SA_SIGINFO 0x00000008
#define SA_NOCLDWAIT 0x00010000
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000

#define SIG_BLOCK 1
#define SIG_UNBLOCK 2
#define SIG_SETMASK 3

#endif /* _NOLIBC_ARCH_MIPS_SIGNAL_H */

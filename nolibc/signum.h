/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Signal numbers, sigaction flags and sigprocmask operations. These are the
 * values of most arches; an arch file whose kernel numbers them differently
 * (mips) defines its own first, and the #ifndefs below leave them alone.
 */
#ifndef _NOLIBC_SIGNUM_H
#define _NOLIBC_SIGNUM_H

#include "arch.h"

#ifndef SIGHUP
#define SIGHUP 1
#define SIGINT 2
#define SIGQUIT 3
#define SIGILL 4
#define SIGTRAP 5
#define SIGABRT 6
#define SIGIOT 6
#define SIGBUS 7
#define SIGFPE 8
#define SIGKILL 9
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGPIPE 13
#define SIGALRM 14
#define SIGTERM 15
#define SIGSTKFLT 16
#define SIGCHLD 17
#define SIGCONT 18
#define SIGSTOP 19
#define SIGTSTP 20
#define SIGTTIN 21
#define SIGTTOU 22
#define SIGURG 23
#define SIGXCPU 24
#define SIGXFSZ 25
#define SIGVTALRM 26
#define SIGPROF 27
#define SIGWINCH 28
#define SIGIO 29
#define SIGPOLL SIGIO
#define SIGPWR 30
#define SIGSYS 31
#define _NSIG 64
#endif

#ifndef SA_NOCLDSTOP
#define SA_NOCLDSTOP 0x00000001
#define SA_NOCLDWAIT 0x00000002
#define SA_SIGINFO 0x00000004
#define SA_ONSTACK 0x08000000
#define SA_RESTART 0x10000000
#define SA_NODEFER 0x40000000
#define SA_RESETHAND 0x80000000
#endif
#define SA_RESTORER 0x04000000
#define NSIG _NSIG
#define SIGRTMIN 32
#define SIGRTMAX (_NSIG - 1)

#ifndef SIG_BLOCK
#define SIG_BLOCK 0
#define SIG_UNBLOCK 1
#define SIG_SETMASK 2
#endif

#endif /* _NOLIBC_SIGNUM_H */

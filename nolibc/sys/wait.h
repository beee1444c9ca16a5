/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/wait.h>: wait(), waitpid(), wait4() on the wait4 syscall, and the
 * kernel's WNOHANG... options. The W* status macros are in types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_WAIT_H
#define _NOLIBC_SYS_WAIT_H

#include "../sys.h"
#include <linux/wait.h>

/* pid_t sys_wait4(pid_t pid, int *status, int options, struct rusage *ru); */
__nolibc_fn pid_t sys_wait4(pid_t pid, int *status, int options, struct rusage *ru)
{
	return __nolibc_sc(4, __NR_wait4, pid, (long)status, options, (long)ru);
}

/* pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru); */
__nolibc_fn pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru)
{
	return __sysret(sys_wait4(pid, status, options, ru));
}

/* pid_t waitpid(pid_t pid, int *status, int options); */
__nolibc_fn pid_t waitpid(pid_t pid, int *status, int options)
{
	return wait4(pid, status, options, NULL);
}

/* pid_t wait(int *status); */
__nolibc_fn pid_t wait(int *status)
{
	return waitpid(-1, status, 0);
}

#endif /* _NOLIBC_SYS_WAIT_H */

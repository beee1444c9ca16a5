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
#ifdef __NOLIBC_KTIME32
	/* the kernel's rusage has 32-bit timevals here: widen them */
	struct __nolibc_krusage kru;
	pid_t ret;
	int i;

	/* copied even on failure (garbage then, as the kernel leaves it): a
	 * conditional copy makes gcc -O3 warn in callers that read it
	 */
	ret = __nolibc_sc(4, __NR_wait4, pid, (long)status, options, (long)(ru ? &kru : NULL));
	if (ru) {
		ru->ru_utime.tv_sec = kru.ru_utime.tv_sec;
		ru->ru_utime.tv_usec = kru.ru_utime.tv_usec;
		ru->ru_stime.tv_sec = kru.ru_stime.tv_sec;
		ru->ru_stime.tv_usec = kru.ru_stime.tv_usec;
		for (i = 0; i < 14; i++)
			ru->__ru_rest[i] = kru.__ru_rest[i];
	}
	return ret;
#else
	return __nolibc_sc(4, __NR_wait4, pid, (long)status, options, (long)ru);
#endif
}

/* pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru); */
__nolibc_fn pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru)
{
	return __sysret(sys_wait4(pid, status, options, ru));
}

/* pid_t waitpid(pid_t pid, int *status, int options); (no rusage to widen) */
__nolibc_fn pid_t waitpid(pid_t pid, int *status, int options)
{
	return __sysret(__nolibc_sc(4, __NR_wait4, pid, (long)status, options, 0));
}

/* pid_t wait(int *status); */
__nolibc_fn pid_t wait(int *status)
{
	return waitpid(-1, status, 0);
}

#endif /* _NOLIBC_SYS_WAIT_H */

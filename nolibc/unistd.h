/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * POSIX helpers built on the syscalls: sleeping, page size, tty checks.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_UNISTD_H
#define _NOLIBC_UNISTD_H

#include "sys.h"
#include "time.h"
#include "stdlib.h"
#include "sys/auxv.h"

__nolibc_fn unsigned int sleep(unsigned int seconds)
{
	struct timespec ts = { seconds, 0 };

	if (nanosleep(&ts, &ts) < 0)
		return ts.tv_sec + !!ts.tv_nsec;
	return 0;
}

__nolibc_fn int usleep(useconds_t usec)
{
	struct timespec ts = { usec / 1000000, (usec % 1000000) * 1000L };

	return nanosleep(&ts, NULL);
}

/* msleep: milliseconds; returns the milliseconds left if interrupted. */
__nolibc_fn unsigned int msleep(unsigned int msecs)
{
	struct timespec ts = { msecs / 1000, (msecs % 1000) * 1000000L };

	if (nanosleep(&ts, &ts) < 0)
		return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
	return 0;
}

__nolibc_fn int getpagesize(void)
{
	unsigned long sz = getauxval(AT_PAGESZ);

	return sz ? (int)sz : 4096;
}

__nolibc_fn int isatty(int fd)
{
	char termios[64];	/* larger than any arch's struct termios */

	return ioctl(fd, TCGETS, termios) == 0;
}

/* pid_t tcgetpgrp(int fd); the foreground process group of the terminal */
__nolibc_fn pid_t tcgetpgrp(int fd)
{
	pid_t pgrp;

	if (ioctl(fd, TIOCGPGRP, &pgrp) < 0)
		return -1;
	return pgrp;
}

/* int tcsetpgrp(int fd, pid_t pgrp); */
__nolibc_fn int tcsetpgrp(int fd, pid_t pgrp)
{
	return ioctl(fd, TIOCSPGRP, &pgrp);
}

#define _SC_PAGESIZE 30
#define _SC_CLK_TCK 2

__nolibc_fn long sysconf(int name)
{
	if (name == _SC_PAGESIZE)
		return getpagesize();
	if (name == _SC_CLK_TCK)
		return 100;
	SET_ERRNO(EINVAL);
	return -1;
}

__nolibc_fn long syscall(long n, ...)
{
	__builtin_va_list ap;
	long a1, a2, a3, a4, a5, a6;

	__builtin_va_start(ap, n);
	a1 = __builtin_va_arg(ap, long);
	a2 = __builtin_va_arg(ap, long);
	a3 = __builtin_va_arg(ap, long);
	a4 = __builtin_va_arg(ap, long);
	a5 = __builtin_va_arg(ap, long);
	a6 = __builtin_va_arg(ap, long);
	__builtin_va_end(ap);
	return __sysret(__nolibc_syscall6(n, a1, a2, a3, a4, a5, a6));
}


#endif /* _NOLIBC_UNISTD_H */

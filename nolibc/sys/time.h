/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/time.h>: gettimeofday(). struct timeval and struct timezone are in
 * types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_TIME_H
#define _NOLIBC_SYS_TIME_H

#include "../sys.h"
#include "../time.h"

/* int sys_gettimeofday(struct timeval *tv, struct timezone *tz); */
__nolibc_fn int sys_gettimeofday(struct timeval *tv, struct timezone *tz)
{
#if defined(__NR_gettimeofday) && !defined(__NOLIBC_KTIME32)
	return __nolibc_sc(2, __NR_gettimeofday, (long)tv, (long)tz);
#else
	int ret;

	/* the kernel takes a NULL timeval (the kernel's nolibc-test checks
	 * it); nothing time-sized travels then, so the old call is y2038-safe
	 */
	if (!tv) {
#ifdef __NR_gettimeofday
		return __nolibc_sc(2, __NR_gettimeofday, 0, (long)tz);
#else
		return 0;	/* tz is obsolete: left as it is, as below */
#endif
	}
	(void)tz;
	/* a timeval has a timespec's layout: the kernel fills it (or says
	 * EFAULT), then the nanoseconds become microseconds in place
	 */
	ret = sys_clock_gettime(0 /* CLOCK_REALTIME */, (struct timespec *)tv);
	if (!ret)
		tv->tv_usec = __nolibc_ns_to_us(tv->tv_usec);
	return ret;
#endif
}

/* int gettimeofday(struct timeval *tv, void *tz); */
__nolibc_fn int gettimeofday(struct timeval *tv, void *tz)
{
	return __sysret(sys_gettimeofday(tv, (struct timezone *)tz));
}

#endif /* _NOLIBC_SYS_TIME_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Time of day and clocks.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_TIME_H
#define _NOLIBC_TIME_H

#include "sys.h"

#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_BOOTTIME 7

/*
 * Time and waiting
 *
 * On 32-bit arches the syscalls taking a timespec with a 32-bit tv_sec
 * (clock_gettime, nanosleep, pselect6, ppoll...) exist only with
 * CONFIG_COMPAT_32BIT_TIME, which tinyconfig and y2038-clean kernels leave
 * out: they return ENOSYS there. Their *_time64 twins always exist on those
 * arches (and only there), so use them and convert. time_t stays a long,
 * the size the kernel's old timeval, rusage and itimerval still use.
 */

#ifdef __NR_clock_gettime64
struct __nolibc_timespec64 {
	long long tv_sec;
	long long tv_nsec;
};

/* NULL stays NULL, so the kernel still says EFAULT or "no timeout" */
__nolibc_fn struct __nolibc_timespec64 *
__nolibc_ts64(struct __nolibc_timespec64 *dst, const struct timespec *src)
{
	if (!src)
		return NULL;
	dst->tv_sec = src->tv_sec;
	dst->tv_nsec = src->tv_nsec;
	return dst;
}

__nolibc_fn void __nolibc_ts32(struct timespec *dst, const struct __nolibc_timespec64 *src)
{
	if (dst) {
		dst->tv_sec = src->tv_sec;
		dst->tv_nsec = src->tv_nsec;
	}
}
#endif

/* int sys_clock_gettime(clockid_t clk, struct timespec *ts); */
__nolibc_fn int sys_clock_gettime(clockid_t clk, struct timespec *ts)
{
#ifdef __NR_clock_gettime64
	struct __nolibc_timespec64 ts64;
	int ret;

	/* copied back even on failure, when it is garbage as with the plain
	 * syscall: a conditional copy makes gcc warn in every caller that
	 * reads the result without checking the return value
	 */
	ret = __nolibc_sc(2, __NR_clock_gettime64, clk, (long)(ts ? &ts64 : NULL));
	__nolibc_ts32(ts, &ts64);
	return ret;
#else
	return __nolibc_sc(2, __NR_clock_gettime, clk, (long)ts);
#endif
}

/* int clock_gettime(clockid_t clk, struct timespec *ts); */
__nolibc_fn int clock_gettime(clockid_t clk, struct timespec *ts)
{
	return __sysret(sys_clock_gettime(clk, ts));
}

/* int sys_nanosleep(const struct timespec *req, struct timespec *rem); */
__nolibc_fn int sys_nanosleep(const struct timespec *req, struct timespec *rem)
{
#if defined(__NR_clock_nanosleep_time64)
	struct __nolibc_timespec64 req64, rem64;
	int ret;

	ret = __nolibc_sc(4, __NR_clock_nanosleep_time64, 0, 0, (long)__nolibc_ts64(&req64, req),
			  (long)(rem ? &rem64 : NULL));
	if (ret == -EINTR)
		__nolibc_ts32(rem, &rem64);
	return ret;
#elif defined(__NR_nanosleep)
	return __nolibc_sc(2, __NR_nanosleep, (long)req, (long)rem);
#else
	return __nolibc_sc(4, __NR_clock_nanosleep, 0, 0, (long)req, (long)rem);
#endif
}

/* int nanosleep(const struct timespec *req, struct timespec *rem); */
__nolibc_fn int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return __sysret(sys_nanosleep(req, rem));
}

__nolibc_fn time_t time(time_t *t)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		return (time_t)-1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

__nolibc_fn double difftime(time_t end, time_t start)
{
	return (double)(end - start);
}


#endif /* _NOLIBC_TIME_H */

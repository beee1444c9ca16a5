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

/* signal.h defines it (and includes unistd.h, which includes this file) */
struct sigevent;

#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define CLOCK_REALTIME_COARSE 5
#define CLOCK_MONOTONIC_COARSE 6
#define CLOCK_BOOTTIME 7
#define CLOCK_REALTIME_ALARM 8
#define CLOCK_BOOTTIME_ALARM 9
#define CLOCK_TAI 11

/* timer_settime() and clock_nanosleep(): the time is absolute */
#define TIMER_ABSTIME 1

/* the kernel's id of a POSIX timer */
typedef __kernel_timer_t timer_t;

/* ns / 1000 for ns < 10^9, without a libgcc call where the arch has no
 * divide (__NOLIBC_NO_HW_DIV): 20 steps of shift-and-subtract, 1064 -> 488
 * bytes for the Thumb-1 torture init. Elsewhere the compiler's own
 * division by a constant is smaller.
 */
__nolibc_inline unsigned long __nolibc_ns_to_us(unsigned long ns)
{
#ifdef __NOLIBC_NO_HW_DIV
	unsigned long q = 0, d = 1000UL << 19;
	int i;

	for (i = 0; i < 20; i++, d >>= 1) {
		q <<= 1;
		if (ns >= d) {
			ns -= d;
			q |= 1;
		}
	}
	return q;
#else
	return ns / 1000;
#endif
}

/*
 * Time and waiting
 *
 * On 32-bit arches the syscalls taking a timespec with a 32-bit tv_sec
 * (clock_gettime, nanosleep, pselect6, ppoll...) exist only with
 * CONFIG_COMPAT_32BIT_TIME, which tinyconfig and y2038-clean kernels leave
 * out: they return ENOSYS there. Their *_time64 twins always exist on those
 * arches (and only there), and take our struct timespec as it is (time_t
 * is 64 bits everywhere: types.h): __NOLIBC_TIME64() in sys.h.
 */

/* int sys_clock_gettime(clockid_t clk, struct timespec *ts); */
__nolibc_fn int sys_clock_gettime(clockid_t clk, struct timespec *ts)
{
	return __nolibc_sc(2, __NOLIBC_TIME64_CLOCK(clock_gettime), clk, (long)ts);
}

/* int clock_gettime(clockid_t clk, struct timespec *ts); */
__nolibc_fn int clock_gettime(clockid_t clk, struct timespec *ts)
{
	return __sysret(sys_clock_gettime(clk, ts));
}

/* int sys_nanosleep(const struct timespec *req, struct timespec *rem); */
__nolibc_fn int sys_nanosleep(const struct timespec *req, struct timespec *rem)
{
#if defined(__NR_nanosleep) && !defined(__NOLIBC_KTIME32)
	return __nolibc_sc(2, __NR_nanosleep, (long)req, (long)rem);
#else
	return __nolibc_sc(4, __NOLIBC_TIME64(clock_nanosleep), 0 /* CLOCK_REALTIME */, 0,
			   (long)req, (long)rem);
#endif
}

/* int nanosleep(const struct timespec *req, struct timespec *rem); */
__nolibc_fn int nanosleep(const struct timespec *req, struct timespec *rem)
{
	return __sysret(sys_nanosleep(req, rem));
}

/* time_t time(time_t *t); */
__nolibc_fn time_t time(time_t *t)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_REALTIME, &ts) < 0)
		return (time_t)-1;
	if (t)
		*t = ts.tv_sec;
	return ts.tv_sec;
}

/* int sys_clock_getres(clockid_t clk, struct timespec *res); */
__nolibc_fn int sys_clock_getres(clockid_t clk, struct timespec *res)
{
	return __nolibc_sc(2, __NOLIBC_TIME64(clock_getres), clk, (long)res);
}

/* int clock_getres(clockid_t clk, struct timespec *res); */
__nolibc_fn int clock_getres(clockid_t clk, struct timespec *res)
{
	return __sysret(sys_clock_getres(clk, res));
}

/* int sys_clock_settime(clockid_t clk, const struct timespec *ts); */
__nolibc_fn int sys_clock_settime(clockid_t clk, const struct timespec *ts)
{
	return __nolibc_sc(2, __NOLIBC_TIME64_CLOCK(clock_settime), clk, (long)ts);
}

/* int clock_settime(clockid_t clk, const struct timespec *ts); */
__nolibc_fn int clock_settime(clockid_t clk, const struct timespec *ts)
{
	return __sysret(sys_clock_settime(clk, ts));
}

/*
 * POSIX timers. Without CONFIG_POSIX_TIMERS every call fails with ENOSYS.
 */

/* int sys_timer_create(clockid_t clk, struct sigevent *sev, timer_t *timer); */
__nolibc_fn int sys_timer_create(clockid_t clk, struct sigevent *sev, timer_t *timer)
{
	return __nolibc_sc(3, __NR_timer_create, clk, (long)sev, (long)timer);
}

/* int timer_create(clockid_t clk, struct sigevent *sev, timer_t *timer); */
__nolibc_fn int timer_create(clockid_t clk, struct sigevent *sev, timer_t *timer)
{
	return __sysret(sys_timer_create(clk, sev, timer));
}

/* int sys_timer_settime(timer_t timer, int flags, const struct itimerspec *new,
 *                       struct itimerspec *old);
 */
__nolibc_fn int sys_timer_settime(timer_t timer, int flags, const struct itimerspec *new,
				  struct itimerspec *old)
{
	return __nolibc_sc(4, __NOLIBC_TIME64_CLOCK(timer_settime), timer, flags, (long)new,
			   (long)old);
}

/* int timer_settime(timer_t timer, int flags, const struct itimerspec *new,
 *                   struct itimerspec *old);
 */
__nolibc_fn int timer_settime(timer_t timer, int flags, const struct itimerspec *new,
			      struct itimerspec *old)
{
	return __sysret(sys_timer_settime(timer, flags, new, old));
}

/* int sys_timer_gettime(timer_t timer, struct itimerspec *cur); */
__nolibc_fn int sys_timer_gettime(timer_t timer, struct itimerspec *cur)
{
	return __nolibc_sc(2, __NOLIBC_TIME64_CLOCK(timer_gettime), timer, (long)cur);
}

/* int timer_gettime(timer_t timer, struct itimerspec *cur); */
__nolibc_fn int timer_gettime(timer_t timer, struct itimerspec *cur)
{
	return __sysret(sys_timer_gettime(timer, cur));
}

/* int sys_timer_getoverrun(timer_t timer); */
__nolibc_fn int sys_timer_getoverrun(timer_t timer)
{
	return __nolibc_sc(1, __NR_timer_getoverrun, timer);
}

/* int timer_getoverrun(timer_t timer); */
__nolibc_fn int timer_getoverrun(timer_t timer)
{
	return __sysret(sys_timer_getoverrun(timer));
}

/* int sys_timer_delete(timer_t timer); */
__nolibc_fn int sys_timer_delete(timer_t timer)
{
	return __nolibc_sc(1, __NR_timer_delete, timer);
}

/* int timer_delete(timer_t timer); */
__nolibc_fn int timer_delete(timer_t timer)
{
	return __sysret(sys_timer_delete(timer));
}

/* double difftime(time_t end, time_t start); */
__nolibc_fn double difftime(time_t end, time_t start)
{
	return (double)(end - start);
}

#endif /* _NOLIBC_TIME_H */

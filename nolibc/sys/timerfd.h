/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Timers read as file descriptors.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_TIMERFD_H
#define _NOLIBC_SYS_TIMERFD_H

#include "../sys.h"
#include "../time.h"

/* timerfd_create() flags: the kernel's, which are O_CLOEXEC and O_NONBLOCK */
#define TFD_CLOEXEC O_CLOEXEC
#define TFD_NONBLOCK O_NONBLOCK

/* timerfd_settime() flags */
#define TFD_TIMER_ABSTIME 1
#define TFD_TIMER_CANCEL_ON_SET 2

/* int sys_timerfd_create(clockid_t clk, int flags); */
__nolibc_fn int sys_timerfd_create(clockid_t clk, int flags)
{
	return __nolibc_sc(2, __NR_timerfd_create, clk, flags);
}

/* int timerfd_create(clockid_t clk, int flags); */
__nolibc_fn int timerfd_create(clockid_t clk, int flags)
{
	return __sysret(sys_timerfd_create(clk, flags));
}

/* int sys_timerfd_settime(int fd, int flags, const struct itimerspec *new,
 *                         struct itimerspec *old);
 */
__nolibc_fn int sys_timerfd_settime(int fd, int flags, const struct itimerspec *new,
				    struct itimerspec *old)
{
	return __nolibc_sc(4, __NOLIBC_TIME64_CLOCK(timerfd_settime), fd, flags, (long)new,
			   (long)old);
}

/* int timerfd_settime(int fd, int flags, const struct itimerspec *new,
 *                     struct itimerspec *old);
 */
__nolibc_fn int timerfd_settime(int fd, int flags, const struct itimerspec *new,
				struct itimerspec *old)
{
	return __sysret(sys_timerfd_settime(fd, flags, new, old));
}

/* int sys_timerfd_gettime(int fd, struct itimerspec *cur); */
__nolibc_fn int sys_timerfd_gettime(int fd, struct itimerspec *cur)
{
	return __nolibc_sc(2, __NOLIBC_TIME64_CLOCK(timerfd_gettime), fd, (long)cur);
}

/* int timerfd_gettime(int fd, struct itimerspec *cur); */
__nolibc_fn int timerfd_gettime(int fd, struct itimerspec *cur)
{
	return __sysret(sys_timerfd_gettime(fd, cur));
}

#endif /* _NOLIBC_SYS_TIMERFD_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/select.h>: select() on pselect6. fd_set and the FD_* macros are in
 * types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_SELECT_H
#define _NOLIBC_SYS_SELECT_H

#include "../sys.h"
#include "../time.h"

/* select() on pselect6, which every arch has; the timeout is updated like
 * Linux's select() does, so loops that rely on it behave the same.
 */
/* int sys_select(int nfds, fd_set *rfds, fd_set *wfds, fd_set *efds, struct timeval *timeout); */
__nolibc_fn int sys_select(int nfds, fd_set *rfds, fd_set *wfds, fd_set *efds,
			   struct timeval *timeout)
{
	struct timespec ts, *tsp = NULL;
	int ret;

	if (timeout) {
		ts.tv_sec = timeout->tv_sec;
		ts.tv_nsec = timeout->tv_usec * 1000;
		tsp = &ts;
	}
	ret = __nolibc_sc(6, __NOLIBC_TIME64(pselect6), nfds, (long)rfds, (long)wfds,
			  (long)efds, (long)tsp, 0);
	if (timeout) {
		timeout->tv_sec = ts.tv_sec;
		timeout->tv_usec = __nolibc_ns_to_us(ts.tv_nsec);
	}
	return ret;
}

/* int select(int nfds, fd_set *rfds, fd_set *wfds, fd_set *efds, struct timeval *timeout); */
__nolibc_fn int select(int nfds, fd_set *rfds, fd_set *wfds, fd_set *efds,
		       struct timeval *timeout)
{
	return __sysret(sys_select(nfds, rfds, wfds, efds, timeout));
}

#endif /* _NOLIBC_SYS_SELECT_H */

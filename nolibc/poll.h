/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <poll.h>: poll(), on ppoll where an arch has no poll syscall, and the
 * kernel's POLL* events.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_POLL_H
#define _NOLIBC_POLL_H

#include "sys.h"
#include <asm/poll.h>

/* int sys_poll(struct pollfd *fds, nfds_t nfds, int timeout); */
__nolibc_fn int sys_poll(struct pollfd *fds, nfds_t nfds, int timeout)
{
#ifdef __NR_poll
	return __nolibc_sc(3, __NR_poll, (long)fds, nfds, timeout);
#else
	struct timespec ts, *tsp = NULL;

	if (timeout >= 0) {
		ts.tv_sec = timeout / 1000;
		ts.tv_nsec = (timeout % 1000) * 1000000L;
		tsp = &ts;
	}
	return __nolibc_sc(5, __NOLIBC_TIME64(ppoll), (long)fds, nfds, (long)tsp, 0, 0);
#endif
}

/* int poll(struct pollfd *fds, nfds_t nfds, int timeout); */
__nolibc_fn int poll(struct pollfd *fds, nfds_t nfds, int timeout)
{
	return __sysret(sys_poll(fds, nfds, timeout));
}

#endif /* _NOLIBC_POLL_H */

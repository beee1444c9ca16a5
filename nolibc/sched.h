/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sched.h>: sched_yield(), and namespaces (unshare, setns) with the
 * kernel's CLONE_* flags.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_SCHED_H
#define _NOLIBC_SCHED_H

#include "sys.h"
#include <linux/sched.h>

/* int sys_sched_yield(void); */
__nolibc_fn int sys_sched_yield(void)
{
	return __nolibc_sc(0, __NR_sched_yield);
}

/* int sched_yield(void); */
__nolibc_fn int sched_yield(void)
{
	return __sysret(sys_sched_yield());
}

/* int sys_unshare(int flags); */
__nolibc_fn int sys_unshare(int flags)
{
	return __nolibc_sc(1, __NR_unshare, flags);
}

/* int unshare(int flags); */
__nolibc_fn int unshare(int flags)
{
	return __sysret(sys_unshare(flags));
}

/* int sys_setns(int fd, int nstype); */
__nolibc_fn int sys_setns(int fd, int nstype)
{
	return __nolibc_sc(2, __NR_setns, fd, nstype);
}

/* int setns(int fd, int nstype); */
__nolibc_fn int setns(int fd, int nstype)
{
	return __sysret(sys_setns(fd, nstype));
}

#endif /* _NOLIBC_SCHED_H */

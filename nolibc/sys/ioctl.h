/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/ioctl.h>: ioctl() and the kernel's terminal and file requests
 * (TCGETS, TIOCGPGRP, FIONREAD...).
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_IOCTL_H
#define _NOLIBC_SYS_IOCTL_H

#include "../sys.h"
#include <asm/ioctls.h>

/* int sys_ioctl(int fd, unsigned long req, long arg); */
__nolibc_fn int sys_ioctl(int fd, unsigned long req, long arg)
{
	return __nolibc_sc(3, __NR_ioctl, fd, req, arg);
}

/* int ioctl(int fd, unsigned long req, ...); */
__nolibc_fn int ioctl(int fd, unsigned long req, ...)
{
	__builtin_va_list ap;
	long arg;

	__builtin_va_start(ap, req);
	arg = __builtin_va_arg(ap, long);
	__builtin_va_end(ap);
	return __sysret(sys_ioctl(fd, req, arg));
}

#endif /* _NOLIBC_SYS_IOCTL_H */

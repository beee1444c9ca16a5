/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <fcntl.h>: open(), openat(), creat(), fcntl(), and the kernel's O_*, F_*
 * and AT_* flags.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_FCNTL_H
#define _NOLIBC_FCNTL_H

#include "sys.h"
#include <linux/fcntl.h>

#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000
#endif

/* int sys_openat(int dirfd, const char *path, int flags, mode_t mode); */
__nolibc_fn int sys_openat(int dirfd, const char *path, int flags, mode_t mode)
{
	return __nolibc_sc(4, __NR_openat, dirfd, (long)path, flags, mode);
}

/* int openat(int dirfd, const char *path, int flags, ...); */
__nolibc_fn int openat(int dirfd, const char *path, int flags, ...)
{
	mode_t mode = 0;

	if (flags & (O_CREAT | __O_TMPFILE)) {
		__builtin_va_list ap;

		__builtin_va_start(ap, flags);
		mode = __builtin_va_arg(ap, mode_t);
		__builtin_va_end(ap);
	}
	return __sysret(sys_openat(dirfd, path, flags, mode));
}

/* int sys_open(const char *path, int flags, mode_t mode); */
__nolibc_fn int sys_open(const char *path, int flags, mode_t mode)
{
	return sys_openat(AT_FDCWD, path, flags, mode);
}

/* int open(const char *path, int flags, ...); */
__nolibc_fn int open(const char *path, int flags, ...)
{
	mode_t mode = 0;

	if (flags & (O_CREAT | __O_TMPFILE)) {
		__builtin_va_list ap;

		__builtin_va_start(ap, flags);
		mode = __builtin_va_arg(ap, mode_t);
		__builtin_va_end(ap);
	}
	return __sysret(sys_open(path, flags, mode));
}

/* int creat(const char *path, mode_t mode); */
__nolibc_fn int creat(const char *path, mode_t mode)
{
	return open(path, O_CREAT | O_WRONLY | O_TRUNC, mode);
}

/* int sys_fcntl(int fd, int cmd, long arg); */
__nolibc_fn int sys_fcntl(int fd, int cmd, long arg)
{
#ifdef __NR_fcntl64
	return __nolibc_sc(3, __NR_fcntl64, fd, cmd, arg);
#else
	return __nolibc_sc(3, __NR_fcntl, fd, cmd, arg);
#endif
}

/* int fcntl(int fd, int cmd, ...); */
__nolibc_fn int fcntl(int fd, int cmd, ...)
{
	__builtin_va_list ap;
	long arg;

	__builtin_va_start(ap, cmd);
	arg = __builtin_va_arg(ap, long);
	__builtin_va_end(ap);
	return __sysret(sys_fcntl(fd, cmd, arg));
}

#endif /* _NOLIBC_FCNTL_H */

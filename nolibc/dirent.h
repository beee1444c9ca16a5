/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <dirent.h>: getdents64(). struct linux_dirent64 and the DT_* types are in
 * types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_DIRENT_H
#define _NOLIBC_DIRENT_H

#include "sys.h"

/* int sys_getdents64(int fd, struct linux_dirent64 *dirp, int count); */
__nolibc_fn int sys_getdents64(int fd, struct linux_dirent64 *dirp, int count)
{
	return __nolibc_sc(3, __NR_getdents64, fd, (long)dirp, count);
}

/* int getdents64(int fd, struct linux_dirent64 *dirp, int count); */
__nolibc_fn int getdents64(int fd, struct linux_dirent64 *dirp, int count)
{
	return __sysret(sys_getdents64(fd, dirp, count));
}

#endif /* _NOLIBC_DIRENT_H */

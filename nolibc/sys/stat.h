/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/stat.h>: stat() and friends on statx(), mkdir(), chmod(), mknod(),
 * umask(), and the kernel's S_* modes and STATX_* masks. struct stat is in
 * types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_STAT_H
#define _NOLIBC_SYS_STAT_H

#include "../sys.h"
#include "../fcntl.h"
#include "sysmacros.h"
#include <linux/stat.h>

/* int sys_statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *buf); */
__nolibc_fn int sys_statx(int dirfd, const char *path, int flags, unsigned int mask,
			  struct statx *buf)
{
	return __nolibc_sc(5, __NR_statx, dirfd, (long)path, flags, mask, (long)buf);
}

/* int statx(int dirfd, const char *path, int flags, unsigned int mask, struct statx *buf); */
__nolibc_fn int statx(int dirfd, const char *path, int flags, unsigned int mask,
		      struct statx *buf)
{
	return __sysret(sys_statx(dirfd, path, flags, mask, buf));
}

/* fstatat() on statx(): one struct stat layout for every arch. */
/* int sys_fstatat(int dirfd, const char *path, struct stat *st, int flags); */
__nolibc_fn int sys_fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	struct statx sx;
	int ret;

	ret = sys_statx(dirfd, path, flags, STATX_BASIC_STATS, &sx);
	if (ret < 0)
		return ret;
	st->st_dev = __nolibc_makedev(sx.stx_dev_major, sx.stx_dev_minor);
	st->st_ino = sx.stx_ino;
	st->st_mode = sx.stx_mode;
	st->st_nlink = sx.stx_nlink;
	st->st_uid = sx.stx_uid;
	st->st_gid = sx.stx_gid;
	st->st_rdev = __nolibc_makedev(sx.stx_rdev_major, sx.stx_rdev_minor);
	st->st_size = sx.stx_size;
	st->st_blksize = sx.stx_blksize;
	st->st_blocks = sx.stx_blocks;
	st->st_atim.tv_sec = sx.stx_atime.tv_sec;
	st->st_atim.tv_nsec = sx.stx_atime.tv_nsec;
	st->st_mtim.tv_sec = sx.stx_mtime.tv_sec;
	st->st_mtim.tv_nsec = sx.stx_mtime.tv_nsec;
	st->st_ctim.tv_sec = sx.stx_ctime.tv_sec;
	st->st_ctim.tv_nsec = sx.stx_ctime.tv_nsec;
	return 0;
}

/* int fstatat(int dirfd, const char *path, struct stat *st, int flags); */
__nolibc_fn int fstatat(int dirfd, const char *path, struct stat *st, int flags)
{
	return __sysret(sys_fstatat(dirfd, path, st, flags));
}

/* int sys_stat(const char *path, struct stat *st); */
__nolibc_fn int sys_stat(const char *path, struct stat *st)
{
	return sys_fstatat(AT_FDCWD, path, st, 0);
}

/* int stat(const char *path, struct stat *st); */
__nolibc_fn int stat(const char *path, struct stat *st)
{
	return fstatat(AT_FDCWD, path, st, 0);
}

/* int lstat(const char *path, struct stat *st); */
__nolibc_fn int lstat(const char *path, struct stat *st)
{
	return fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW);
}

/* int fstat(int fd, struct stat *st); */
__nolibc_fn int fstat(int fd, struct stat *st)
{
	return fstatat(fd, "", st, AT_EMPTY_PATH);
}

/* int sys_mkdirat(int dirfd, const char *path, mode_t mode); */
__nolibc_fn int sys_mkdirat(int dirfd, const char *path, mode_t mode)
{
	return __nolibc_sc(3, __NR_mkdirat, dirfd, (long)path, mode);
}

/* int sys_mkdir(const char *path, mode_t mode); */
__nolibc_fn int sys_mkdir(const char *path, mode_t mode)
{
	return sys_mkdirat(AT_FDCWD, path, mode);
}

/* int mkdir(const char *path, mode_t mode); */
__nolibc_fn int mkdir(const char *path, mode_t mode)
{
	return __sysret(sys_mkdir(path, mode));
}

/* int sys_fchmodat(int dirfd, const char *path, mode_t mode); */
__nolibc_fn int sys_fchmodat(int dirfd, const char *path, mode_t mode)
{
	return __nolibc_sc(3, __NR_fchmodat, dirfd, (long)path, mode);
}

/* int sys_chmod(const char *path, mode_t mode); */
__nolibc_fn int sys_chmod(const char *path, mode_t mode)
{
	return sys_fchmodat(AT_FDCWD, path, mode);
}

/* int chmod(const char *path, mode_t mode); */
__nolibc_fn int chmod(const char *path, mode_t mode)
{
	return __sysret(sys_chmod(path, mode));
}

/* mknodat takes the kernel's 32-bit encoding: 12-bit major, 20-bit minor. */
/* int sys_mknodat(int dirfd, const char *path, mode_t mode, dev_t dev); */
__nolibc_fn int sys_mknodat(int dirfd, const char *path, mode_t mode, dev_t dev)
{
	unsigned int maj = major(dev), min = minor(dev);

	if (maj > 0xfff || min > 0xfffff)
		return -EINVAL;
	return __nolibc_sc(4, __NR_mknodat, dirfd, (long)path, mode,
			   (min & 0xff) | (maj << 8) | ((min & ~0xffU) << 12));
}

/* int sys_mknod(const char *path, mode_t mode, dev_t dev); */
__nolibc_fn int sys_mknod(const char *path, mode_t mode, dev_t dev)
{
	return sys_mknodat(AT_FDCWD, path, mode, dev);
}

/* int mknod(const char *path, mode_t mode, dev_t dev); */
__nolibc_fn int mknod(const char *path, mode_t mode, dev_t dev)
{
	return __sysret(sys_mknod(path, mode, dev));
}

/* mode_t sys_umask(mode_t mask); umask() never fails */
__nolibc_fn mode_t sys_umask(mode_t mask)
{
	return __nolibc_sc(1, __NR_umask, mask);
}

/* mode_t umask(mode_t mask); */
__nolibc_fn mode_t umask(mode_t mask)
{
	return sys_umask(mask);
}

#endif /* _NOLIBC_SYS_STAT_H */

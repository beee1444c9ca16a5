/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/mount.h>: mount(), umount2(), umount() and the kernel's MS_* flags.
 * The MNT_* flags of umount2() are in types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_MOUNT_H
#define _NOLIBC_SYS_MOUNT_H

#include "../sys.h"
#include <linux/mount.h>

/* int sys_mount(const char *s, const char *t, const char *fs, unsigned long fl, const void *d); */
__nolibc_fn int sys_mount(const char *src, const char *tgt, const char *fstype,
			  unsigned long flags, const void *data)
{
	return __nolibc_sc(5, __NR_mount, (long)src, (long)tgt, (long)fstype, flags,
			   (long)data);
}

/* int mount(const char *src, const char *tgt, const char *fs, unsigned long fl, const void *d); */
__nolibc_fn int mount(const char *src, const char *tgt, const char *fstype,
		      unsigned long flags, const void *data)
{
	return __sysret(sys_mount(src, tgt, fstype, flags, data));
}

/* int sys_umount2(const char *path, int flags); */
__nolibc_fn int sys_umount2(const char *path, int flags)
{
	return __nolibc_sc(2, __NR_umount2, (long)path, flags);
}

/* int umount2(const char *path, int flags); */
__nolibc_fn int umount2(const char *path, int flags)
{
	return __sysret(sys_umount2(path, flags));
}

/* int umount(const char *path); */
__nolibc_fn int umount(const char *path)
{
	return umount2(path, 0);
}

#endif /* _NOLIBC_SYS_MOUNT_H */

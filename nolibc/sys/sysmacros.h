/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/sysmacros.h>: makedev(), major() and minor().
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_SYSMACROS_H
#define _NOLIBC_SYS_SYSMACROS_H

#include "../types.h"

/*
 * dev_t is 64 bits with glibc's encoding, so values and st_rdev compare
 * equal between the two libraries: minor bits 0-7 and 20-43, major bits
 * 8-19 and 44-63. Macros, as in glibc, so a variable may be named "major".
 */
__nolibc_fn dev_t __nolibc_makedev(unsigned int maj, unsigned int min)
{
	return ((dev_t)(maj & 0xfffU) << 8) | ((dev_t)(maj & ~0xfffU) << 32) |
	       (min & 0xffU) | ((dev_t)(min & ~0xffU) << 12);
}

__nolibc_fn unsigned int __nolibc_major(dev_t dev)
{
	return ((dev >> 8) & 0xfffU) | ((unsigned int)(dev >> 32) & ~0xfffU);
}

__nolibc_fn unsigned int __nolibc_minor(dev_t dev)
{
	return (dev & 0xffU) | ((unsigned int)(dev >> 12) & ~0xffU);
}

#define makedev(maj, min) __nolibc_makedev(maj, min)
#define major(dev) __nolibc_major(dev)
#define minor(dev) __nolibc_minor(dev)

#endif /* _NOLIBC_SYS_SYSMACROS_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/random.h>: getrandom() and its GRND_* flags.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_RANDOM_H
#define _NOLIBC_SYS_RANDOM_H

#include "../sys.h"

/* The kernel's values (include/uapi/linux/random.h, which also holds
 * ioctls a program rarely wants).
 */
#ifndef GRND_NONBLOCK
#define GRND_NONBLOCK 0x0001
#define GRND_RANDOM 0x0002
#define GRND_INSECURE 0x0004
#endif

/* ssize_t sys_getrandom(void *buf, size_t len, unsigned int flags); */
__nolibc_fn ssize_t sys_getrandom(void *buf, size_t len, unsigned int flags)
{
	return __nolibc_sc(3, __NR_getrandom, (long)buf, len, flags);
}

/* ssize_t getrandom(void *buf, size_t len, unsigned int flags); */
__nolibc_fn ssize_t getrandom(void *buf, size_t len, unsigned int flags)
{
	return __sysret(sys_getrandom(buf, len, flags));
}

#endif /* _NOLIBC_SYS_RANDOM_H */

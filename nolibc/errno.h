/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * errno: one weak global shared by every object file of a program, and the
 * helpers that turn the kernel's -errno returns into the POSIX convention.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_ERRNO_H
#define _NOLIBC_ERRNO_H

#include "types.h"
#include <asm/errno.h>

#ifndef ENOTSUP
#define ENOTSUP EOPNOTSUPP
#endif

/* Weak, not static: a program of several object files sees one errno. */
int errno __nolibc_weak;

#ifdef NOLIBC_IGNORE_ERRNO
#define SET_ERRNO(v) ((void)(v))
#else
#define SET_ERRNO(v) ((void)(errno = (v)))
#endif

/* The kernel returns -4095..-1 for errors; anything else is a result. */
#define MAX_ERRNO 4095

/* __sysret: a raw syscall result to the POSIX form (-1 and errno). */
__nolibc_fn long __sysret(long ret)
{
	if ((unsigned long)ret >= (unsigned long)-MAX_ERRNO) {
		SET_ERRNO(-ret);
		return -1;
	}
	return ret;
}

#endif /* _NOLIBC_ERRNO_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/prctl.h>: prctl() and the kernel's PR_* options.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_PRCTL_H
#define _NOLIBC_SYS_PRCTL_H

#include "../sys.h"
#include <linux/prctl.h>

/* int prctl(int option, unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5); */
__nolibc_fn int prctl(int option, unsigned long a2, unsigned long a3, unsigned long a4,
		      unsigned long a5)
{
	return __sysret(__nolibc_sc(5, __NR_prctl, option, a2, a3, a4, a5));
}

#endif /* _NOLIBC_SYS_PRCTL_H */

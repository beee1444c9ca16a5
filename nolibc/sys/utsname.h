/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/utsname.h>: uname(). struct utsname is in types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_UTSNAME_H
#define _NOLIBC_SYS_UTSNAME_H

#include "../sys.h"

/* int sys_uname(struct utsname *buf); */
__nolibc_fn int sys_uname(struct utsname *buf)
{
	return __nolibc_sc(1, __NR_uname, (long)buf);
}

/* int uname(struct utsname *buf); */
__nolibc_fn int uname(struct utsname *buf)
{
	return __sysret(sys_uname(buf));
}

#endif /* _NOLIBC_SYS_UTSNAME_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/reboot.h>: reboot(). The RB_* commands are in types.h.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_REBOOT_H
#define _NOLIBC_SYS_REBOOT_H

#include "../sys.h"
#include <linux/reboot.h>

/* int sys_reboot(int magic1, int magic2, int cmd, void *arg); */
__nolibc_fn int sys_reboot(int magic1, int magic2, int cmd, void *arg)
{
	return __nolibc_sc(4, __NR_reboot, magic1, magic2, cmd, (long)arg);
}

/* int reboot(int cmd); */
__nolibc_fn int reboot(int cmd)
{
	return __sysret(sys_reboot(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, cmd, NULL));
}

#endif /* _NOLIBC_SYS_REBOOT_H */

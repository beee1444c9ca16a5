/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <sys/sysmacros.h> for programs built against the nolibc sysroot: makedev(),
 * major() and minor() are in sys.h.
 */
#ifndef _NOLIBC_STD_SYS_SYSMACROS_H
#define _NOLIBC_STD_SYS_SYSMACROS_H
#include "../nolibc.h"
#endif

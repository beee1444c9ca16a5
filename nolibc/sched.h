/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <sched.h> for programs built against the nolibc sysroot: it is all in nolibc.h. */
#ifndef _NOLIBC_STD_SCHED_H
#define _NOLIBC_STD_SCHED_H
#include "nolibc.h"
#endif

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <stddef.h> for programs built against the nolibc sysroot: it is all in nolibc.h. */
#ifndef _NOLIBC_STD_STDDEF_H
#define _NOLIBC_STD_STDDEF_H
#include "nolibc.h"
#endif

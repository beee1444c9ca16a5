/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <alloca.h>: stack allocation is the compiler's job. */
#ifndef _NOLIBC_ALLOCA_H
#define _NOLIBC_ALLOCA_H
#include "nolibc.h"
#define alloca(size) __builtin_alloca(size)
#endif

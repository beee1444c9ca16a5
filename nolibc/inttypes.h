/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <inttypes.h>: printf length modifiers for the fixed-size types. */
#ifndef _NOLIBC_INTTYPES_H
#define _NOLIBC_INTTYPES_H
#include "nolibc.h"
#if __SIZEOF_LONG__ == 8
#define __NOLIBC_PRI64 "l"
#else
#define __NOLIBC_PRI64 "ll"
#endif
#define PRId8 "d"
#define PRId16 "d"
#define PRId32 "d"
#define PRId64 __NOLIBC_PRI64 "d"
#define PRIu8 "u"
#define PRIu16 "u"
#define PRIu32 "u"
#define PRIu64 __NOLIBC_PRI64 "u"
#define PRIx32 "x"
#define PRIx64 __NOLIBC_PRI64 "x"
#define PRIX64 __NOLIBC_PRI64 "X"
#endif

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <inttypes.h>: printf length modifiers for the fixed-size types. nolibc.h
 * includes it, as "-include nolibc.h" hides the libc's own inttypes.h.
 */
#ifndef _NOLIBC_INTTYPES_H
#define _NOLIBC_INTTYPES_H
#include "nolibc.h"

#if __SIZEOF_LONG__ == 8
#define __NOLIBC_PRI64 "l"
#else
#define __NOLIBC_PRI64 "ll"
#endif
#if __SIZEOF_POINTER__ == __SIZEOF_LONG__
#define __NOLIBC_PRIPTR "l"
#else
#define __NOLIBC_PRIPTR ""
#endif

/* 8- and 16-bit values are promoted to int, so no modifier is needed. */
#define PRId8 "d"
#define PRId16 "d"
#define PRId32 "d"
#define PRId64 __NOLIBC_PRI64 "d"
#define PRIi8 "i"
#define PRIi16 "i"
#define PRIi32 "i"
#define PRIi64 __NOLIBC_PRI64 "i"
#define PRIo8 "o"
#define PRIo16 "o"
#define PRIo32 "o"
#define PRIo64 __NOLIBC_PRI64 "o"
#define PRIu8 "u"
#define PRIu16 "u"
#define PRIu32 "u"
#define PRIu64 __NOLIBC_PRI64 "u"
#define PRIx8 "x"
#define PRIx16 "x"
#define PRIx32 "x"
#define PRIx64 __NOLIBC_PRI64 "x"
#define PRIX8 "X"
#define PRIX16 "X"
#define PRIX32 "X"
#define PRIX64 __NOLIBC_PRI64 "X"
#define PRIdMAX "jd"
#define PRIiMAX "ji"
#define PRIuMAX "ju"
#define PRIxMAX "jx"
#define PRIXMAX "jX"
#define PRIdPTR __NOLIBC_PRIPTR "d"
#define PRIuPTR __NOLIBC_PRIPTR "u"
#define PRIxPTR __NOLIBC_PRIPTR "x"
#define PRIXPTR __NOLIBC_PRIPTR "X"

#endif /* _NOLIBC_INTTYPES_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <limits.h>: the ranges of the basic integer types, as "#if"-usable
 * constants of the promoted type, the C23 widths, and the POSIX limits
 * Linux fixes (path and name lengths, PIPE_BUF, ...).
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_LIMITS_H
#define _NOLIBC_LIMITS_H

#define CHAR_BIT __CHAR_BIT__
#define MB_LEN_MAX 16
#define SCHAR_MIN (-__SCHAR_MAX__ - 1)
#define SCHAR_MAX __SCHAR_MAX__
#define UCHAR_MAX (__SCHAR_MAX__ * 2 + 1)
#ifdef __CHAR_UNSIGNED__
#define CHAR_MIN 0
#define CHAR_MAX UCHAR_MAX
#else
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#endif
#define SHRT_MIN (-__SHRT_MAX__ - 1)
#define SHRT_MAX __SHRT_MAX__
#define USHRT_MAX (__SHRT_MAX__ * 2 + 1)
#define INT_MIN (-__INT_MAX__ - 1)
#define INT_MAX __INT_MAX__
#define UINT_MAX (__INT_MAX__ * 2U + 1U)
#define LONG_MIN (-__LONG_MAX__ - 1L)
#define LONG_MAX __LONG_MAX__
#define ULONG_MAX (__LONG_MAX__ * 2UL + 1UL)
#define LLONG_MIN (-__LONG_LONG_MAX__ - 1LL)
#define LLONG_MAX __LONG_LONG_MAX__
#define ULLONG_MAX (__LONG_LONG_MAX__ * 2ULL + 1ULL)

/* C23 widths (glibc gives them with _GNU_SOURCE) */
#define CHAR_WIDTH __CHAR_BIT__
#define SCHAR_WIDTH __CHAR_BIT__
#define UCHAR_WIDTH __CHAR_BIT__
#define SHRT_WIDTH (__SIZEOF_SHORT__ * __CHAR_BIT__)
#define USHRT_WIDTH (__SIZEOF_SHORT__ * __CHAR_BIT__)
#define INT_WIDTH (__SIZEOF_INT__ * __CHAR_BIT__)
#define UINT_WIDTH (__SIZEOF_INT__ * __CHAR_BIT__)
#define LONG_WIDTH (__SIZEOF_LONG__ * __CHAR_BIT__)
#define ULONG_WIDTH (__SIZEOF_LONG__ * __CHAR_BIT__)
#define LLONG_WIDTH (__SIZEOF_LONG_LONG__ * __CHAR_BIT__)
#define ULLONG_WIDTH (__SIZEOF_LONG_LONG__ * __CHAR_BIT__)

/* POSIX: what Linux allows, as glibc says it */
#define SSIZE_MAX __LONG_MAX__
#define LONG_BIT (__SIZEOF_LONG__ * __CHAR_BIT__)
#define WORD_BIT (__SIZEOF_INT__ * __CHAR_BIT__)
#define PATH_MAX 4096
#define NAME_MAX 255
#define PIPE_BUF 4096
#define HOST_NAME_MAX 64
#define LOGIN_NAME_MAX 256
#define NGROUPS_MAX 65536
#define IOV_MAX 1024
#define LINE_MAX 2048

#endif /* _NOLIBC_LIMITS_H */

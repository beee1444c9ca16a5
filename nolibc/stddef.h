/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <stddef.h>: size_t, ptrdiff_t, wchar_t, NULL and offsetof, from the
 * compiler's own definitions.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_STDDEF_H
#define _NOLIBC_STDDEF_H

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __WCHAR_TYPE__ wchar_t;

#ifndef NULL
#define NULL ((void *)0)
#endif

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif /* _NOLIBC_STDDEF_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <stdarg.h> for programs built against the nolibc sysroot. */
#ifndef _NOLIBC_STDARG_H
#define _NOLIBC_STDARG_H
#include "nolibc.h"
typedef __builtin_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dst, src) __builtin_va_copy(dst, src)
#endif

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* <stdarg.h> for programs built against the nolibc sysroot: va_list and its
 * macros live in types.h, so nolibc.h alone provides them too.
 */
#ifndef _NOLIBC_STDARG_H
#define _NOLIBC_STDARG_H
#include "nolibc.h"
#endif

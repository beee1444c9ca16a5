/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * assert(). Like the standard header it may be included again after
 * NDEBUG changes, so only the helper is guarded.
 */
#ifndef _NOLIBC_ASSERT_H
#define _NOLIBC_ASSERT_H

#include "sys.h"
#include "stdlib.h"
#include "string.h"

__nolibc_fn __nolibc_noreturn void __nolibc_assert_fail(const char *expr,
							const char *file,
							unsigned int line)
{
	char num[24];

	write(STDERR_FILENO, file, strlen(file));
	write(STDERR_FILENO, ":", 1);
	write(STDERR_FILENO, num, utoa_r(line, num));
	write(STDERR_FILENO, ": Assertion `", 13);
	write(STDERR_FILENO, expr, strlen(expr));
	write(STDERR_FILENO, "' failed.\n", 10);
	abort();
}
#endif /* _NOLIBC_ASSERT_H */

#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#define assert(expr) \
	((expr) ? (void)0 : __nolibc_assert_fail(#expr, __FILE__, __LINE__))
#endif

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * assert(). Like the standard header it may be included again after NDEBUG
 * changes, so only the helper is guarded. The helper has glibc's name and
 * signature: with "-include nolibc.h" a plain <assert.h> still finds the
 * libc's header (it cannot be skipped by a guard), and its assert() then
 * calls this function.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_ASSERT_H
#define _NOLIBC_ASSERT_H

#include "sys.h"
#include "unistd.h"
#include "stdlib.h"
#include "string.h"

__nolibc_fn __nolibc_noreturn void __assert_fail(const char *expr, const char *file,
						 unsigned int line, const char *func)
{
	char num[24];

	write(STDERR_FILENO, file, strlen(file));
	write(STDERR_FILENO, ":", 1);
	write(STDERR_FILENO, num, utoa_r(line, num));
	write(STDERR_FILENO, ": ", 2);
	if (func) {
		write(STDERR_FILENO, func, strlen(func));
		write(STDERR_FILENO, ": ", 2);
	}
	write(STDERR_FILENO, "Assertion `", 11);
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
	((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Character classes for the "C" locale, without a table.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_CTYPE_H
#define _NOLIBC_CTYPE_H

#include "compiler.h"

/* c is within [lo, hi]: one unsigned compare, which also rejects EOF. */
__nolibc_inline int __nolibc_in(int c, int lo, int hi)
{
	return (unsigned int)(c - lo) <= (unsigned int)(hi - lo);
}

__nolibc_fn int isdigit(int c)
{
	return __nolibc_in(c, '0', '9');
}

__nolibc_fn int isupper(int c)
{
	return __nolibc_in(c, 'A', 'Z');
}

__nolibc_fn int islower(int c)
{
	return __nolibc_in(c, 'a', 'z');
}

/* ASCII letters differ only in bit 5 between the two cases. */
__nolibc_fn int isalpha(int c)
{
	return __nolibc_in(c | 0x20, 'a', 'z');
}

__nolibc_fn int isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

__nolibc_fn int isxdigit(int c)
{
	return isdigit(c) || __nolibc_in(c | 0x20, 'a', 'f');
}

/* ' ' and \t \n \v \f \r, which are 9 to 13 */
__nolibc_fn int isspace(int c)
{
	return c == ' ' || __nolibc_in(c, '\t', '\r');
}

__nolibc_fn int isblank(int c)
{
	return c == ' ' || c == '\t';
}

/* printable: space to tilde; graph: the same without the space */
__nolibc_fn int isprint(int c)
{
	return __nolibc_in(c, ' ', '~');
}

__nolibc_fn int isgraph(int c)
{
	return __nolibc_in(c, '!', '~');
}

__nolibc_fn int iscntrl(int c)
{
	return __nolibc_in(c, 0, 0x1f) || c == 0x7f;
}

__nolibc_fn int ispunct(int c)
{
	return isgraph(c) && !isalnum(c);
}

__nolibc_fn int isascii(int c)
{
	return __nolibc_in(c, 0, 0x7f);
}

__nolibc_fn int tolower(int c)
{
	return isupper(c) ? c + ('a' - 'A') : c;
}

__nolibc_fn int toupper(int c)
{
	return islower(c) ? c - ('a' - 'A') : c;
}

#endif /* _NOLIBC_CTYPE_H */

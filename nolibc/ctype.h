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

__nolibc_fn int isdigit(int c)
{
	return (unsigned int)(c - '0') < 10;
}

__nolibc_fn int isupper(int c)
{
	return (unsigned int)(c - 'A') < 26;
}

__nolibc_fn int islower(int c)
{
	return (unsigned int)(c - 'a') < 26;
}

__nolibc_fn int isalpha(int c)
{
	return isupper(c) || islower(c);
}

__nolibc_fn int isalnum(int c)
{
	return isalpha(c) || isdigit(c);
}

__nolibc_fn int isxdigit(int c)
{
	return isdigit(c) || (unsigned int)((c | 0x20) - 'a') < 6;
}

__nolibc_fn int isspace(int c)
{
	return c == ' ' || (unsigned int)(c - '\t') < 5;
}

__nolibc_fn int isblank(int c)
{
	return c == ' ' || c == '\t';
}

__nolibc_fn int iscntrl(int c)
{
	return (unsigned int)c < 0x20 || c == 0x7f;
}

__nolibc_fn int isprint(int c)
{
	return (unsigned int)(c - 0x20) < 0x5f;
}

__nolibc_fn int isgraph(int c)
{
	return (unsigned int)(c - 0x21) < 0x5e;
}

__nolibc_fn int ispunct(int c)
{
	return isgraph(c) && !isalnum(c);
}

__nolibc_fn int isascii(int c)
{
	return (unsigned int)c < 0x80;
}

__nolibc_fn int tolower(int c)
{
	return isupper(c) ? c | 0x20 : c;
}

__nolibc_fn int toupper(int c)
{
	return islower(c) ? c & ~0x20 : c;
}


#endif /* _NOLIBC_CTYPE_H */

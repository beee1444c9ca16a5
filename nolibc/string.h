/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * String and memory functions. The byte loops carry a compiler barrier so
 * gcc cannot turn memset() into a call to memset() (pitfall 7).
 * memcpy/memmove/memset/memcmp/bcmp are weak globals rather than static as
 * the compiler emits calls to them on its own (struct copies, zeroing).
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_STRING_H
#define _NOLIBC_STRING_H

#include "types.h"
#include "errno.h"

__nolibc_weak void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d < s) {
		while (n--) {
			*d++ = *s++;
			__nolibc_barrier();
		}
	} else {
		while (n) {
			n--;
			d[n] = s[n];
			__nolibc_barrier();
		}
	}
	return dst;
}

__nolibc_weak void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--) {
		*d++ = *s++;
		__nolibc_barrier();
	}
	return dst;
}

__nolibc_weak void *memset(void *dst, int c, size_t n)
{
	unsigned char *d = dst;

	while (n--) {
		*d++ = (unsigned char)c;
		__nolibc_barrier();
	}
	return dst;
}

/* Bytes compare as unsigned char, as C requires. */
__nolibc_weak int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++) {
		if (*p != *q)
			return *p - *q;
	}
	return 0;
}

/* clang turns memcmp() == 0 into bcmp(), which must exist then. */
__nolibc_weak int bcmp(const void *a, const void *b, size_t n)
{
	return memcmp(a, b, n);
}

__nolibc_fn void *memchr(const void *s, int c, size_t n)
{
	const unsigned char *p = s;

	for (; n; n--, p++) {
		if (*p == (unsigned char)c)
			return (void *)p;
	}
	return NULL;
}

__nolibc_fn size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n]) {
		n++;
		__nolibc_barrier();
	}
	return n;
}

__nolibc_fn size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

__nolibc_fn int strcmp(const char *a, const char *b)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;

	while (*p && *p == *q) {
		p++;
		q++;
	}
	return *p - *q;
}

__nolibc_fn int strncmp(const char *a, const char *b, size_t n)
{
	const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;

	for (; n; n--, p++, q++) {
		if (*p != *q || !*p)
			return *p - *q;
	}
	return 0;
}

__nolibc_fn char *strcpy(char *dst, const char *src)
{
	char *d = dst;

	while ((*d++ = *src++))
		;
	return dst;
}

/* strncpy pads with NUL up to n, and does not terminate a long source. */
__nolibc_fn char *strncpy(char *dst, const char *src, size_t n)
{
	size_t i = 0;

	for (; i < n && src[i]; i++)
		dst[i] = src[i];
	for (; i < n; i++)
		dst[i] = 0;
	return dst;
}

__nolibc_fn char *strcat(char *dst, const char *src)
{
	strcpy(dst + strlen(dst), src);
	return dst;
}

__nolibc_fn char *strncat(char *dst, const char *src, size_t n)
{
	char *d = dst + strlen(dst);

	while (n-- && *src)
		*d++ = *src++;
	*d = 0;
	return dst;
}

/* strlcpy/strlcat return the length they tried to create. */
__nolibc_fn size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = 0;
	}
	return len;
}

__nolibc_fn size_t strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = strnlen(dst, size);

	if (dlen == size)
		return size + strlen(src);
	return dlen + strlcpy(dst + dlen, src, size - dlen);
}

__nolibc_fn char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

__nolibc_fn char *strrchr(const char *s, int c)
{
	const char *found = NULL;

	for (;; s++) {
		if (*s == (char)c)
			found = s;
		if (!*s)
			return (char *)found;
	}
}

__nolibc_fn char *strstr(const char *haystack, const char *needle)
{
	size_t n = strlen(needle);

	for (; *haystack || !n; haystack++) {
		if (!strncmp(haystack, needle, n))
			return (char *)haystack;
	}
	return NULL;
}

__nolibc_fn size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && strchr(accept, s[n]))
		n++;
	return n;
}

__nolibc_fn size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !strchr(reject, s[n]))
		n++;
	return n;
}

__nolibc_fn char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

__nolibc_fn char *strtok_r(char *s, const char *delim, char **save)
{
	char *end;

	if (!s)
		s = *save;
	s += strspn(s, delim);
	if (!*s) {
		*save = s;
		return NULL;
	}
	end = s + strcspn(s, delim);
	if (*end)
		*end++ = 0;
	*save = end;
	return s;
}

/* stdlib.h, which includes this file, defines it */
__nolibc_fn int itoa_r(long v, char *buf);

#ifdef NOLIBC_STRERROR_TEXTS
/* glibc's texts for the common errors, as one string of texts and the
 * numbers they go with; NULL for the others (glibc knows more texts; this
 * keeps the size down).
 */
__nolibc_fn const char *__nolibc_errtext(int err)
{
	static const unsigned char nums[] = {
		0, EPERM, ENOENT, ESRCH, EINTR, EIO, EBADF, ECHILD, EAGAIN, ENOMEM,
		EACCES, EFAULT, EBUSY, EEXIST, ENOTDIR, EISDIR, EINVAL, ENOSPC,
		ERANGE, ENOSYS,
	};
	static const char texts[] =
		"Success\0Operation not permitted\0No such file or directory\0"
		"No such process\0Interrupted system call\0Input/output error\0"
		"Bad file descriptor\0No child processes\0"
		"Resource temporarily unavailable\0Cannot allocate memory\0"
		"Permission denied\0Bad address\0Device or resource busy\0File exists\0"
		"Not a directory\0Is a directory\0Invalid argument\0"
		"No space left on device\0Numerical result out of range\0"
		"Function not implemented";
	const char *t = texts;
	size_t i;

	for (i = 0; i < sizeof(nums); i++) {
		if (nums[i] == err)
			return t;
		t += strlen(t) + 1;
	}
	return NULL;
}
#endif /* NOLIBC_STRERROR_TEXTS */

/* "errno=N", as the kernel's nolibc says it; glibc's texts for the common
 * errors (and "Unknown error N") when built with -DNOLIBC_STRERROR_TEXTS,
 * which costs about 590 bytes (x86_64) in each program that links it or a
 * printf function (for %m).
 */
__nolibc_fn const char *strerror(int err)
{
	static char buf[32];
#ifdef NOLIBC_STRERROR_TEXTS
	const char *t = __nolibc_errtext(err);

	if (t)
		return t;
	memcpy(buf, "Unknown error ", 14);
	itoa_r(err, buf + 14);
#else
	memcpy(buf, "errno=", 6);
	itoa_r(err, buf + 6);
#endif
	return buf;
}

#endif /* _NOLIBC_STRING_H */

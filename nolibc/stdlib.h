/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Standard library: environment, auxiliary vector, allocation on mmap,
 * number conversions, sorting, exit.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_STDLIB_H
#define _NOLIBC_STDLIB_H

#include "types.h"
#include "sys.h"
#include "unistd.h"
#include "sys/mman.h"
#include "signal.h"
#include "string.h"
#include "ctype.h"
#include "sys/auxv.h"

/* Set by the startup code; weak so all object files share one copy. */
char **environ __nolibc_weak;

__nolibc_fn char *getenv(const char *name)
{
	size_t len = strlen(name);
	char **e;

	for (e = environ; e && *e; e++) {
		if (!strncmp(*e, name, len) && (*e)[len] == '=')
			return *e + len + 1;
	}
	return NULL;
}

/*
 * Allocator: every block is its own anonymous mapping, preceded by a header
 * holding the size the caller asked for (realloc copies that, not the size
 * of the mapping). Blocks are 16-byte aligned like glibc's.
 */
struct __nolibc_block {
	size_t size;
	size_t map_len;
} __attribute__((aligned(16)));

__nolibc_fn void *malloc(size_t size)
{
	struct __nolibc_block *b;
	size_t len;

	if (__builtin_add_overflow(size, sizeof(*b), &len)) {
		SET_ERRNO(ENOMEM);
		return NULL;
	}
	b = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b == MAP_FAILED) {
		SET_ERRNO(ENOMEM);
		return NULL;
	}
	b->size = size;
	b->map_len = len;
	return b + 1;
}

__nolibc_fn void free(void *ptr)
{
	struct __nolibc_block *b;

	if (!ptr)
		return;
	b = (struct __nolibc_block *)ptr - 1;
	munmap(b, b->map_len);
}

/* Anonymous mappings are zero-filled already. */
__nolibc_fn void *calloc(size_t nmemb, size_t size)
{
	size_t total;

	if (__builtin_mul_overflow(nmemb, size, &total)) {
		SET_ERRNO(ENOMEM);
		return NULL;
	}
	return malloc(total);
}

__nolibc_fn void *realloc(void *ptr, size_t size)
{
	struct __nolibc_block *b;
	void *n;

	if (!ptr)
		return malloc(size);
	/* like glibc: realloc(p, 0) frees p and returns NULL */
	if (!size) {
		free(ptr);
		return NULL;
	}
	b = (struct __nolibc_block *)ptr - 1;
	if (size <= b->map_len - sizeof(*b)) {
		b->size = size;
		return ptr;
	}
	n = malloc(size);
	if (!n)
		return NULL;
	memcpy(n, ptr, b->size);
	free(ptr);
	return n;
}

__nolibc_fn char *strndup(const char *s, size_t max)
{
	size_t len = strnlen(s, max);
	char *d = malloc(len + 1);

	if (d) {
		memcpy(d, s, len);
		d[len] = 0;
	}
	return d;
}

__nolibc_fn char *strdup(const char *s)
{
	return strndup(s, SIZE_MAX);
}

/*
 * String to number. One parser gives the magnitude, clamped to the largest
 * magnitude the caller's type holds for that sign; *flags gets
 * __NOLIBC_STRTO_NEG for a minus sign and __NOLIBC_STRTO_RANGE on overflow.
 * Each public function only picks its limits.
 */
#define __NOLIBC_STRTO_NEG 1
#define __NOLIBC_STRTO_RANGE 2

__nolibc_fn unsigned long long __nolibc_strtox(const char *s, char **end, int base,
					       unsigned long long max_pos,
					       unsigned long long max_neg, int *flags)
{
	const char *p = s, *digits_start;
	unsigned long long val = 0, limit;
	int overflow = 0, neg = 0;

	*flags = 0;
	if (base < 0 || base == 1 || base > 36) {
		SET_ERRNO(EINVAL);
		if (end)
			*end = (char *)s;
		return 0;
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if ((base == 0 || base == 16) && p[0] == '0' && (p[1] | 0x20) == 'x' &&
	    isxdigit((unsigned char)p[2])) {
		p += 2;
		base = 16;
	} else if (base == 0) {
		base = *p == '0' ? 8 : 10;
	}
	limit = neg ? max_neg : max_pos;
	digits_start = p;
	for (;; p++) {
		int c = (unsigned char)*p, d;

		if (isdigit(c))
			d = c - '0';
		else if (isalpha(c))
			d = (c | 0x20) - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		if (val > (limit - d) / base)
			overflow = 1;
		else
			val = val * base + d;
	}
	if (end)
		*end = (char *)(p == digits_start ? s : p);
	*flags = neg ? __NOLIBC_STRTO_NEG : 0;
	if (overflow) {
		*flags |= __NOLIBC_STRTO_RANGE;
		SET_ERRNO(ERANGE);
		return limit;
	}
	return val;
}

__nolibc_fn long long strtoll(const char *s, char **end, int base)
{
	int flags;
	unsigned long long v = __nolibc_strtox(s, end, base, LLONG_MAX,
					       (unsigned long long)LLONG_MAX + 1, &flags);

	return flags & __NOLIBC_STRTO_NEG ? (long long)(0 - v) : (long long)v;
}

__nolibc_fn long strtol(const char *s, char **end, int base)
{
	int flags;
	unsigned long long v = __nolibc_strtox(s, end, base, LONG_MAX,
					       (unsigned long long)LONG_MAX + 1, &flags);

	return flags & __NOLIBC_STRTO_NEG ? (long)(0 - v) : (long)v;
}

/* Unsigned: "-1" is the negation of 1, as C says, and in range. */
__nolibc_fn unsigned long long strtoull(const char *s, char **end, int base)
{
	int flags;
	unsigned long long v = __nolibc_strtox(s, end, base, ULLONG_MAX, ULLONG_MAX,
					       &flags);

	if (flags & __NOLIBC_STRTO_RANGE)
		return ULLONG_MAX;
	return flags & __NOLIBC_STRTO_NEG ? 0 - v : v;
}

__nolibc_fn unsigned long strtoul(const char *s, char **end, int base)
{
	int flags;
	unsigned long long v = __nolibc_strtox(s, end, base, ULONG_MAX, ULONG_MAX,
					       &flags);

	if (flags & __NOLIBC_STRTO_RANGE)
		return ULONG_MAX;
	return flags & __NOLIBC_STRTO_NEG ? 0 - (unsigned long)v : (unsigned long)v;
}

__nolibc_fn long atol(const char *s)
{
	return strtol(s, NULL, 10);
}

__nolibc_fn int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

__nolibc_fn long long atoll(const char *s)
{
	return strtoll(s, NULL, 10);
}

__nolibc_fn int abs(int x)
{
	return x < 0 ? -x : x;
}

__nolibc_fn long labs(long x)
{
	return x < 0 ? -x : x;
}

__nolibc_fn long long llabs(long long x)
{
	return x < 0 ? -x : x;
}

/*
 * *v /= base, returning the remainder (base <= 36). 32-bit arches divide
 * 16 bits at a time, so printing a number does not pull libgcc's 64-bit
 * division (about 1 KB) into every program that uses printf.
 */
__nolibc_fn unsigned int __nolibc_divmod(unsigned long long *v, unsigned int base)
{
#if __SIZEOF_LONG__ >= 8
	unsigned int r = *v % base;

	*v /= base;
	return r;
#else
	unsigned long long q = 0;
	unsigned int r = 0, cur;
	int shift;

	for (shift = 48; shift >= 0; shift -= 16) {
		cur = (r << 16) | (unsigned int)((*v >> shift) & 0xffff);
		q |= (unsigned long long)(cur / base) << shift;
		r = cur % base;
	}
	*v = q;
	return r;
#endif
}

/*
 * Number to string, for code that does not want printf, with the kernel
 * nolibc's names. The _r forms write into buf (21 bytes hold any 64-bit
 * number in decimal with its sign, 17 in hex) and return the length; the
 * others write into one static buffer, overwritten by the next call, and
 * return it.
 */
static char itoa_buffer[21] __attribute__((unused));

/* __nolibc_ulltostr: v in base 10 or 16, most significant digit first. */
__nolibc_fn int __nolibc_ulltostr(unsigned long long v, char *buf, unsigned int base)
{
	char tmp[24];
	int n = 0, i;

	do {
		tmp[n++] = "0123456789abcdef"[__nolibc_divmod(&v, base)];
	} while (v);
	for (i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = 0;
	return n;
}

/* __nolibc_lltostr: the same with a '-' before a negative v. */
__nolibc_fn int __nolibc_lltostr(long long v, char *buf, unsigned int base)
{
	if (v < 0) {
		*buf = '-';
		return 1 + __nolibc_ulltostr(0 - (unsigned long long)v, buf + 1, base);
	}
	return __nolibc_ulltostr(v, buf, base);
}

/* int utoa_r(unsigned long v, char *buf); decimal */
__nolibc_fn int utoa_r(unsigned long v, char *buf)
{
	return __nolibc_ulltostr(v, buf, 10);
}

/* int itoa_r(long v, char *buf); signed decimal */
__nolibc_fn int itoa_r(long v, char *buf)
{
	return __nolibc_lltostr(v, buf, 10);
}

/* char *ltoa_r(long v, char *buf); itoa_r() returning buf */
__nolibc_fn char *ltoa_r(long v, char *buf)
{
	itoa_r(v, buf);
	return buf;
}

/* char *ultoa_r(unsigned long v, char *buf); utoa_r() returning buf */
__nolibc_fn char *ultoa_r(unsigned long v, char *buf)
{
	utoa_r(v, buf);
	return buf;
}

/* int utoh_r(unsigned long v, char *buf); lowercase hex, no "0x" */
__nolibc_fn int utoh_r(unsigned long v, char *buf)
{
	return __nolibc_ulltostr(v, buf, 16);
}

/* int ltoh_r(long v, char *buf); signed hex ("-ff"), the twin of itoa_r */
__nolibc_fn int ltoh_r(long v, char *buf)
{
	return __nolibc_lltostr(v, buf, 16);
}

/* int u64toa_r(uint64_t v, char *buf); decimal */
__nolibc_fn int u64toa_r(uint64_t v, char *buf)
{
	return __nolibc_ulltostr(v, buf, 10);
}

/* int i64toa_r(int64_t v, char *buf); signed decimal */
__nolibc_fn int i64toa_r(int64_t v, char *buf)
{
	return __nolibc_lltostr(v, buf, 10);
}

/* int u64toh_r(uint64_t v, char *buf); lowercase hex */
__nolibc_fn int u64toh_r(uint64_t v, char *buf)
{
	return __nolibc_ulltostr(v, buf, 16);
}

/* char *itoa(long v); */
__nolibc_fn char *itoa(long v)
{
	itoa_r(v, itoa_buffer);
	return itoa_buffer;
}

/* char *ltoa(long v); the same as itoa() */
__nolibc_fn char *ltoa(long v)
{
	return itoa(v);
}

/* char *utoa(unsigned long v); */
__nolibc_fn char *utoa(unsigned long v)
{
	utoa_r(v, itoa_buffer);
	return itoa_buffer;
}

/* char *ultoa(unsigned long v); the same as utoa() */
__nolibc_fn char *ultoa(unsigned long v)
{
	return utoa(v);
}

/* char *utoh(unsigned long v); */
__nolibc_fn char *utoh(unsigned long v)
{
	utoh_r(v, itoa_buffer);
	return itoa_buffer;
}

/* char *ltoh(long v); */
__nolibc_fn char *ltoh(long v)
{
	ltoh_r(v, itoa_buffer);
	return itoa_buffer;
}

/* char *i64toa(int64_t v); */
__nolibc_fn char *i64toa(int64_t v)
{
	i64toa_r(v, itoa_buffer);
	return itoa_buffer;
}

/* char *u64toa(uint64_t v); */
__nolibc_fn char *u64toa(uint64_t v)
{
	u64toa_r(v, itoa_buffer);
	return itoa_buffer;
}

/* char *u64toh(uint64_t v); */
__nolibc_fn char *u64toh(uint64_t v)
{
	u64toh_r(v, itoa_buffer);
	return itoa_buffer;
}

/* Shell sort: small, in place, no recursion; not stable, as C allows. */
__nolibc_fn void qsort(void *base, size_t nmemb, size_t size,
		       int (*cmp)(const void *, const void *))
{
	char *b = base;
	size_t gap, i, j, k;

	for (gap = nmemb / 2; gap; gap /= 2) {
		for (i = gap; i < nmemb; i++) {
			for (j = i; j >= gap && cmp(b + (j - gap) * size, b + j * size) > 0;
			     j -= gap) {
				char *x = b + (j - gap) * size, *y = b + j * size;

				for (k = 0; k < size; k++) {
					char t = x[k];

					x[k] = y[k];
					y[k] = t;
				}
			}
		}
	}
}

/*
 * atexit(): the table and the loop that runs it are reached only through
 * __nolibc_exit_hook, which atexit() sets, so exit() in a program that never
 * calls atexit() costs one pointer test.
 */
#define NOLIBC_ATEXIT_MAX 32
typedef void (*__nolibc_exit_fn)(void);
__nolibc_exit_fn __nolibc_atexit_fns[NOLIBC_ATEXIT_MAX] __nolibc_weak;
int __nolibc_atexit_count __nolibc_weak;
__nolibc_exit_fn __nolibc_exit_hook __nolibc_weak;

__nolibc_fn void __nolibc_run_atexit(void)
{
	while (__nolibc_atexit_count > 0)
		__nolibc_atexit_fns[--__nolibc_atexit_count]();
}

__nolibc_fn int atexit(void (*fn)(void))
{
	if (__nolibc_atexit_count == NOLIBC_ATEXIT_MAX)
		return -1;
	__nolibc_atexit_fns[__nolibc_atexit_count++] = fn;
	/* fopen() may have put its own there, which runs these first */
	if (!__nolibc_exit_hook)
		__nolibc_exit_hook = __nolibc_run_atexit;
	return 0;
}

#ifndef NOLIBC_NO_INITFINI
/* The destructors' array, from the linker (see crt.h). */
extern void (*const __fini_array_start[])(void) __attribute__((visibility("hidden")));
extern void (*const __fini_array_end[])(void) __attribute__((visibility("hidden")));
#endif

/* void exit(int status); atexit handlers, then .fini_array, both in reverse */
__nolibc_fn __nolibc_noreturn void exit(int status)
{
#ifndef NOLIBC_NO_INITFINI
	void (*const *f)(void) = __fini_array_end;
#endif

	if (__nolibc_exit_hook)
		__nolibc_exit_hook();
#ifndef NOLIBC_NO_INITFINI
	while (f > __fini_array_start)
		(*--f)();
#endif
	_exit(status);
}

/* abort() ends the program even when SIGABRT is blocked, ignored or has a
 * handler that returns: unblock it, raise it, then force the default action.
 */
__nolibc_fn __nolibc_noreturn void abort(void)
{
	struct sigaction dfl = { 0 };
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGABRT);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(SIGABRT);
	sigaction(SIGABRT, &dfl, NULL);
	raise(SIGABRT);
	_exit(127);
}

#endif /* _NOLIBC_STDLIB_H */

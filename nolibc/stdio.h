/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Standard I/O without buffering state: a FILE is only a file descriptor.
 * The printf family formats into a small stack buffer and writes it out in
 * chunks, so output order between printf and write() is always preserved.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_STDIO_H
#define _NOLIBC_STDIO_H

#include "types.h"
#include "sys.h"
#include "fcntl.h"
#include "unistd.h"
#include "string.h"
#include "stdlib.h"

#ifndef EOF
#define EOF (-1)
#endif
#define BUFSIZ 256

/* int sys_renameat(int olddirfd, const char *old, int newdirfd, const char *new); */
__nolibc_fn int sys_renameat(int olddirfd, const char *old, int newdirfd,
			     const char *new)
{
#ifdef __NR_renameat
	return __nolibc_sc(4, __NR_renameat, olddirfd, (long)old, newdirfd, (long)new);
#else
	return __nolibc_sc(5, __NR_renameat2, olddirfd, (long)old, newdirfd, (long)new, 0);
#endif
}

/* int rename(const char *old, const char *new); */
__nolibc_fn int rename(const char *old, const char *new)
{
	return __sysret(sys_renameat(AT_FDCWD, old, AT_FDCWD, new));
}

/* A FILE pointer encodes fd + 1, so NULL is never a valid stream. */
typedef struct __nolibc_file FILE;

__nolibc_fn FILE *fdopen(int fd, const char *mode)
{
	(void)mode;
	if (fd < 0) {
		SET_ERRNO(EBADF);
		return NULL;
	}
	return (FILE *)(intptr_t)(fd + 1);
}

__nolibc_fn int fileno(FILE *stream)
{
	return (int)(intptr_t)stream - 1;
}

#define stdin ((FILE *)(intptr_t)(STDIN_FILENO + 1))
#define stdout ((FILE *)(intptr_t)(STDOUT_FILENO + 1))
#define stderr ((FILE *)(intptr_t)(STDERR_FILENO + 1))

/* Writes all of buf, retrying short writes; returns how much was written,
 * which is less than len only after an error.
 */
__nolibc_fn size_t __nolibc_write_some(int fd, const char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);

		if (n <= 0)
			break;
		done += n;
	}
	return done;
}

/* The same, as 0 for success and -1 for an error. */
__nolibc_fn int __nolibc_write_all(int fd, const char *buf, size_t len)
{
	return __nolibc_write_some(fd, buf, len) == len ? 0 : -1;
}

__nolibc_fn int fputc(int c, FILE *stream)
{
	unsigned char ch = c;

	return __nolibc_write_all(fileno(stream), (char *)&ch, 1) ? EOF : ch;
}

__nolibc_fn int putc(int c, FILE *stream)
{
	return fputc(c, stream);
}

__nolibc_fn int putchar(int c)
{
	return fputc(c, stdout);
}

__nolibc_fn int fputs(const char *s, FILE *stream)
{
	return __nolibc_write_all(fileno(stream), s, strlen(s)) ? EOF : 0;
}

__nolibc_fn int puts(const char *s)
{
	if (fputs(s, stdout) == EOF)
		return EOF;
	return putchar('\n') == EOF ? EOF : 0;
}

/* fwrite and fread move all the items at once and count whole items;
 * nothing to move (a size or a count of 0) returns 0, as in glibc.
 */
__nolibc_fn size_t fwrite(const void *buf, size_t size, size_t nmemb, FILE *stream)
{
	size_t total;

	if (!size || !nmemb || __builtin_mul_overflow(size, nmemb, &total))
		return 0;
	return __nolibc_write_some(fileno(stream), buf, total) / size;
}

__nolibc_fn size_t fread(void *buf, size_t size, size_t nmemb, FILE *stream)
{
	size_t total, got = 0;
	ssize_t n;

	if (!size || !nmemb || __builtin_mul_overflow(size, nmemb, &total))
		return 0;
	while (got < total) {
		n = read(fileno(stream), (char *)buf + got, total - got);
		if (n <= 0)
			break;
		got += n;
	}
	return got / size;
}

__nolibc_fn int fgetc(FILE *stream)
{
	unsigned char ch;

	return read(fileno(stream), &ch, 1) == 1 ? ch : EOF;
}

__nolibc_fn int getc(FILE *stream)
{
	return fgetc(stream);
}

__nolibc_fn int getchar(void)
{
	return fgetc(stdin);
}

/* Reads one byte at a time so nothing past the newline is consumed. With
 * room for the NUL only, there is nothing to read: "" is the answer.
 */
__nolibc_fn char *fgets(char *s, int size, FILE *stream)
{
	int i = 0, c;

	if (size <= 0)
		return NULL;
	if (size == 1) {
		*s = 0;
		return s;
	}
	while (i < size - 1) {
		c = fgetc(stream);
		if (c == EOF)
			break;
		s[i++] = c;
		if (c == '\n')
			break;
	}
	if (!i)
		return NULL;
	s[i] = 0;
	return s;
}

/* Streams are unbuffered, so every buffering mode is already satisfied. */
#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

__nolibc_fn int setvbuf(FILE *stream, char *buf, int mode, size_t size)
{
	(void)stream;
	(void)buf;
	(void)size;
	if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF) {
		SET_ERRNO(EINVAL);
		return -1;
	}
	return 0;
}

__nolibc_fn void setbuf(FILE *stream, char *buf)
{
	setvbuf(stream, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}

__nolibc_fn int fflush(FILE *stream)
{
	(void)stream;
	return 0;
}

__nolibc_fn int fclose(FILE *stream)
{
	return close(fileno(stream)) ? EOF : 0;
}

/*
 * Formatting. __nolibc_vformat() walks the format once and hands every piece
 * of output to a sink; the sink either copies into a string (snprintf) or
 * fills a buffer that goes to a file descriptor (fprintf).
 */
struct __nolibc_sink {
	char *buf;		/* snprintf: destination; fd: staging buffer */
	size_t size;		/* capacity of buf */
	size_t used;		/* bytes in buf (fd sinks) */
	size_t total;		/* bytes produced so far, the return value */
	int fd;			/* -1 for string sinks */
	int error;
};

__nolibc_fn void __nolibc_sink_flush(struct __nolibc_sink *k)
{
	if (k->fd >= 0 && k->used) {
		if (__nolibc_write_all(k->fd, k->buf, k->used))
			k->error = 1;
		k->used = 0;
	}
}

/* Outputs n bytes from s, or n times the byte fill when s is NULL. */
__nolibc_fn void __nolibc_out(struct __nolibc_sink *k, const char *s, int n, char fill)
{
	for (; n > 0; n--) {
		char c = s ? *s++ : fill;

		if (k->fd < 0) {
			if (k->total + 1 < k->size)
				k->buf[k->total] = c;
		} else {
			if (k->used == k->size)
				__nolibc_sink_flush(k);
			k->buf[k->used++] = c;
		}
		k->total++;
	}
}

/*
 * The next argument, whatever its type: on every ABI nolibc supports, an
 * int, a long and a pointer each take one long-sized slot of the variadic
 * area (the upper half of a 64-bit slot holding an int is dropped by the
 * caller's cast); only a long long on a 32-bit arch takes two. One call
 * site instead of one va_arg per type keeps the formatter small.
 */
__attribute__((noinline))
__nolibc_fn unsigned long long __nolibc_arg(va_list *ap, int wide)
{
	if (wide && sizeof(long) < sizeof(long long))
		return va_arg(*ap, unsigned long long);
	return va_arg(*ap, unsigned long);
}

/* Flags, as bits of the index of their character in this string. */
#define __NOLIBC_FMT_FLAGS "-+ #0"
#define __NOLIBC_LEFT 1
#define __NOLIBC_PLUS 2
#define __NOLIBC_SPACE 4
#define __NOLIBC_ALT 8
#define __NOLIBC_ZERO 16

__nolibc_fn int __nolibc_vformat(struct __nolibc_sink *k, const char *fmt, va_list args)
{
	va_list ap;

	va_copy(ap, args);
	for (; *fmt; fmt++) {
		int flags = 0, num[2] = { 0, -1 }, lng = 0, base = 10, len, zeros, pad, i;
		unsigned long long v;
		const char *prefix = "", *s;
		char digits[24], *d;

		if (*fmt != '%') {
			__nolibc_out(k, fmt, 1, 0);
			continue;
		}
		while (*++fmt) {
			for (i = 0; __NOLIBC_FMT_FLAGS[i] && __NOLIBC_FMT_FLAGS[i] != *fmt; i++)
				;
			if (!__NOLIBC_FMT_FLAGS[i])
				break;
			flags |= 1 << i;
		}
		/* num[0] is the width, num[1] the precision (-1: none) */
		for (i = 0; i < 2; i++) {
			if (i) {
				if (*fmt != '.')
					break;
				fmt++;
				num[1] = 0;
			}
			if (*fmt == '*') {
				num[i] = (int)__nolibc_arg(&ap, 0);
				fmt++;
			}
			while (isdigit((unsigned char)*fmt))
				num[i] = num[i] * 10 + *fmt++ - '0';
		}
		if (num[0] < 0) {
			flags |= __NOLIBC_LEFT;
			num[0] = -num[0];
		}
		/* lng counts 'l's, -1 for h, -2 for hh */
		for (;; fmt++) {
			if (*fmt == 'l')
				lng++;
			else if (*fmt == 'h')
				lng--;
			else if (*fmt == 'z' || *fmt == 't')
				lng = sizeof(size_t) == sizeof(long);
			else if (*fmt == 'j' || *fmt == 'q' || *fmt == 'L')
				lng = 2;
			else
				break;
		}

		d = digits + sizeof(digits);
		zeros = 0;
		switch (*fmt) {
		case '%':
			/* glibc ignores flags and width here */
			__nolibc_out(k, "%", 1, 0);
			continue;
		case 'c':
			*--d = (char)__nolibc_arg(&ap, 0);
			s = d;
			len = 1;
			goto text;
		case 's':
			s = (const char *)(uintptr_t)__nolibc_arg(&ap, 0);
			if (!s)
				s = num[1] < 0 || num[1] >= 6 ? "(null)" : "";
			len = strnlen(s, num[1] < 0 ? SIZE_MAX : (size_t)num[1]);
			goto text;
		case 'n':
			*(int *)(uintptr_t)__nolibc_arg(&ap, 0) = (int)k->total;
			continue;
		case 'p':
			v = __nolibc_arg(&ap, 0);
			if (!v) {
				s = "(nil)";
				len = 5;
				goto text;
			}
			prefix = "0x";
			base = 16;
			break;
		case 'd':
		case 'i':
			v = __nolibc_arg(&ap, lng >= 2);
			if (lng < 2) {
				long long sv = lng == 1 ? (long)v : lng == 0 ? (int)v :
					       lng == -1 ? (short)v : (signed char)v;
				v = sv;
			}
			if ((long long)v < 0) {
				prefix = "-";
				v = 0 - v;
			} else if (flags & (__NOLIBC_PLUS | __NOLIBC_SPACE)) {
				prefix = flags & __NOLIBC_PLUS ? "+" : " ";
			}
			break;
		case 'o':
			base = 8;
			/* fall through */
		case 'u':
		case 'x':
		case 'X':
			if (*fmt == 'x' || *fmt == 'X')
				base = 16;
			v = __nolibc_arg(&ap, lng >= 2);
			if (lng < 2)
				v = lng == 1 ? (unsigned long)v : lng == 0 ? (unsigned int)v :
				    lng == -1 ? (unsigned short)v : (unsigned char)v;
			if ((flags & __NOLIBC_ALT) && base == 16 && v)
				prefix = *fmt == 'X' ? "0X" : "0x";
			break;
		default:
			/* an unknown conversion is printed as written */
			__nolibc_out(k, "%", 1, 0);
			if (!*fmt)
				fmt--;
			else
				__nolibc_out(k, fmt, 1, 0);
			continue;
		}

		/* digits, from the least significant one; none for 0 with
		 * precision 0
		 */
		if (v || num[1]) {
			do {
				int dig = __nolibc_divmod(&v, base);

				*--d = dig < 10 ? '0' + dig : (*fmt == 'X' ? 'A' : 'a') + dig - 10;
			} while (v);
		}
		s = d;
		len = digits + sizeof(digits) - d;
		if (num[1] > len)
			zeros = num[1] - len;
		else if ((flags & __NOLIBC_ALT) && base == 8 && (!len || *d != '0'))
			zeros = 1;
		/* the 0 flag pads numbers with zeros, unless a precision is given */
		if (num[1] >= 0)
			flags &= ~__NOLIBC_ZERO;
		goto field;
text:
		/* strings and characters are padded with spaces only */
		flags &= ~__NOLIBC_ZERO;
field:
		i = strlen(prefix);
		pad = num[0] - i - zeros - len;
		if ((flags & (__NOLIBC_ZERO | __NOLIBC_LEFT)) == __NOLIBC_ZERO && pad > 0) {
			zeros += pad;
			pad = 0;
		}
		if (!(flags & __NOLIBC_LEFT))
			__nolibc_out(k, NULL, pad, ' ');
		__nolibc_out(k, prefix, i, 0);
		__nolibc_out(k, NULL, zeros, '0');
		__nolibc_out(k, s, len, 0);
		if (flags & __NOLIBC_LEFT)
			__nolibc_out(k, NULL, pad, ' ');
	}
	va_end(ap);
	return 0;
}

__nolibc_fn int vsnprintf(char *buf, size_t size, const char *fmt, __builtin_va_list ap)
{
	struct __nolibc_sink k = { .buf = buf, .size = size, .fd = -1 };

	__nolibc_vformat(&k, fmt, ap);
	if (size)
		buf[k.total < size ? k.total : size - 1] = 0;
	return k.total;
}

__nolibc_fn int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vsnprintf(buf, size, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

__nolibc_fn int vsprintf(char *buf, const char *fmt, __builtin_va_list ap)
{
	return vsnprintf(buf, SIZE_MAX, fmt, ap);
}

__nolibc_fn int sprintf(char *buf, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vsnprintf(buf, SIZE_MAX, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

__nolibc_fn int vdprintf(int fd, const char *fmt, __builtin_va_list ap)
{
	char staging[BUFSIZ];
	struct __nolibc_sink k = { .buf = staging, .size = sizeof(staging), .fd = fd };

	__nolibc_vformat(&k, fmt, ap);
	__nolibc_sink_flush(&k);
	return k.error ? -1 : (int)k.total;
}

__nolibc_fn int dprintf(int fd, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vdprintf(fd, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

__nolibc_fn int vfprintf(FILE *stream, const char *fmt, __builtin_va_list ap)
{
	return vdprintf(fileno(stream), fmt, ap);
}

__nolibc_fn int fprintf(FILE *stream, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vdprintf(fileno(stream), fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

__nolibc_fn int vprintf(const char *fmt, __builtin_va_list ap)
{
	return vdprintf(STDOUT_FILENO, fmt, ap);
}

__nolibc_fn int printf(const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vdprintf(STDOUT_FILENO, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

__nolibc_fn void perror(const char *msg)
{
	if (msg && *msg)
		fprintf(stderr, "%s: %s\n", msg, strerror(errno));
	else
		fprintf(stderr, "%s\n", strerror(errno));
}


#endif /* _NOLIBC_STDIO_H */

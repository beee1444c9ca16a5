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
#include "string.h"
#include "stdlib.h"

#ifndef EOF
#define EOF (-1)
#endif
#define BUFSIZ 256

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

/* Write all of buf, retrying short writes; 0 or -1. */
__nolibc_fn int __nolibc_write_all(int fd, const char *buf, size_t len)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n <= 0)
			return -1;
		buf += n;
		len -= n;
	}
	return 0;
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

__nolibc_fn size_t fwrite(const void *buf, size_t size, size_t nmemb, FILE *stream)
{
	const char *p = buf;
	size_t i;

	for (i = 0; i < nmemb; i++, p += size) {
		if (__nolibc_write_all(fileno(stream), p, size))
			break;
	}
	return i;
}

__nolibc_fn size_t fread(void *buf, size_t size, size_t nmemb, FILE *stream)
{
	char *p = buf;
	size_t i, got;

	for (i = 0; i < nmemb; i++, p += size) {
		for (got = 0; got < size;) {
			ssize_t n = read(fileno(stream), p + got, size - got);

			if (n <= 0)
				return i;
			got += n;
		}
	}
	return i;
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

__nolibc_fn void __nolibc_emit(struct __nolibc_sink *k, const char *s, size_t n)
{
	while (n--) {
		if (k->fd < 0) {
			if (k->total + 1 < k->size)
				k->buf[k->total] = *s;
		} else {
			if (k->used == k->size)
				__nolibc_sink_flush(k);
			k->buf[k->used++] = *s;
		}
		k->total++;
		s++;
	}
}

__nolibc_fn void __nolibc_pad(struct __nolibc_sink *k, char c, int n)
{
	while (n-- > 0)
		__nolibc_emit(k, &c, 1);
}

/* Pieces of one conversion: sign/prefix, zero fill, digits, width. */
__nolibc_fn void __nolibc_emit_field(struct __nolibc_sink *k, const char *prefix,
				     const char *body, int len, int zeros, int width,
				     int left, int zero_pad)
{
	int plen = strlen(prefix);
	int pad = width - plen - zeros - len;

	if (zero_pad && !left) {
		zeros += pad > 0 ? pad : 0;
		pad = 0;
	}
	if (!left)
		__nolibc_pad(k, ' ', pad);
	__nolibc_emit(k, prefix, plen);
	__nolibc_pad(k, '0', zeros);
	__nolibc_emit(k, body, len);
	if (left)
		__nolibc_pad(k, ' ', pad);
}

__nolibc_fn int __nolibc_vformat(struct __nolibc_sink *k, const char *fmt,
				 __builtin_va_list ap)
{
	for (; *fmt; fmt++) {
		int left = 0, plus = 0, space = 0, alt = 0, zero = 0;
		int width = 0, prec = -1, lng = 0, base = 10, upper = 0, is_signed = 0;
		unsigned long long v = 0;
		const char *prefix = "";
		char digits[32], *d;
		const char *s;
		int len, zeros;

		if (*fmt != '%') {
			const char *start = fmt;

			while (fmt[1] && fmt[1] != '%')
				fmt++;
			__nolibc_emit(k, start, fmt - start + 1);
			continue;
		}
		/* flags */
		for (fmt++;; fmt++) {
			if (*fmt == '-')
				left = 1;
			else if (*fmt == '+')
				plus = 1;
			else if (*fmt == ' ')
				space = 1;
			else if (*fmt == '#')
				alt = 1;
			else if (*fmt == '0')
				zero = 1;
			else
				break;
		}
		/* width */
		if (*fmt == '*') {
			width = __builtin_va_arg(ap, int);
			if (width < 0) {
				left = 1;
				width = -width;
			}
			fmt++;
		} else {
			while (isdigit((unsigned char)*fmt))
				width = width * 10 + *fmt++ - '0';
		}
		/* precision */
		if (*fmt == '.') {
			fmt++;
			prec = 0;
			if (*fmt == '*') {
				prec = __builtin_va_arg(ap, int);
				fmt++;
			} else {
				while (isdigit((unsigned char)*fmt))
					prec = prec * 10 + *fmt++ - '0';
			}
		}
		/* length: lng counts 'l's; -1 h, -2 hh; 'z' 't' 'j' map to sizes */
		for (;; fmt++) {
			if (*fmt == 'l')
				lng++;
			else if (*fmt == 'h')
				lng--;
			else if (*fmt == 'z' || *fmt == 't')
				lng = sizeof(size_t) == sizeof(long) ? 1 : 0;
			else if (*fmt == 'j' || *fmt == 'q' || *fmt == 'L')
				lng = 2;
			else
				break;
		}

		switch (*fmt) {
		case '%':
			__nolibc_emit(k, "%", 1);
			continue;
		case 'c':
			digits[0] = (char)__builtin_va_arg(ap, int);
			__nolibc_emit_field(k, "", digits, 1, 0, width, left, 0);
			continue;
		case 's':
			s = __builtin_va_arg(ap, const char *);
			if (!s)
				s = prec < 0 || prec >= 6 ? "(null)" : "";
			len = prec < 0 ? (int)strlen(s) : (int)strnlen(s, prec);
			__nolibc_emit_field(k, "", s, len, 0, width, left, 0);
			continue;
		case 'p':
			v = (uintptr_t)__builtin_va_arg(ap, void *);
			if (!v) {
				__nolibc_emit_field(k, "", "(nil)", 5, 0, width, left, 0);
				continue;
			}
			base = 16;
			prefix = "0x";
			break;
		case 'd':
		case 'i':
			is_signed = 1;
			break;
		case 'u':
			break;
		case 'X':
			upper = 1;
			/* fall through */
		case 'x':
			base = 16;
			break;
		case 'o':
			base = 8;
			break;
		case 'n':
			*__builtin_va_arg(ap, int *) = (int)k->total;
			continue;
		default:
			/* unknown conversion: print it as written */
			__nolibc_emit(k, "%", 1);
			if (!*fmt)
				return 0;
			__nolibc_emit(k, fmt, 1);
			continue;
		}

		if (*fmt != 'p') {
			if (is_signed) {
				long long sv;

				if (lng >= 2)
					sv = __builtin_va_arg(ap, long long);
				else if (lng == 1)
					sv = __builtin_va_arg(ap, long);
				else
					sv = __builtin_va_arg(ap, int);
				if (lng == -1)
					sv = (short)sv;
				else if (lng <= -2)
					sv = (signed char)sv;
				if (sv < 0) {
					prefix = "-";
					v = 0 - (unsigned long long)sv;
				} else {
					prefix = plus ? "+" : space ? " " : "";
					v = sv;
				}
			} else {
				if (lng >= 2)
					v = __builtin_va_arg(ap, unsigned long long);
				else if (lng == 1)
					v = __builtin_va_arg(ap, unsigned long);
				else
					v = __builtin_va_arg(ap, unsigned int);
				if (lng == -1)
					v = (unsigned short)v;
				else if (lng <= -2)
					v = (unsigned char)v;
				if (alt && base == 16 && v)
					prefix = upper ? "0X" : "0x";
			}
		}

		/* digits, least significant first, then reversed in place */
		d = digits;
		if (v || prec) {
			do {
				int dig = v % base;

				*d++ = dig < 10 ? '0' + dig : (upper ? 'A' : 'a') + dig - 10;
				v /= base;
			} while (v);
		}
		if (alt && base == 8 && (d == digits || d[-1] != '0') &&
		    (prec <= d - digits))
			*d++ = '0';
		len = d - digits;
		for (zeros = 0; zeros < len / 2; zeros++) {
			char t = digits[zeros];

			digits[zeros] = digits[len - 1 - zeros];
			digits[len - 1 - zeros] = t;
		}
		zeros = prec > len ? prec - len : 0;
		/* with a precision, the 0 flag is ignored for integers */
		__nolibc_emit_field(k, prefix, digits, len, zeros, width, left,
				    zero && prec < 0);
	}
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

/* glibc's texts for the common errors; glibc's "Unknown error N" for the
 * others (glibc knows more texts; this keeps the size down).
 */
__nolibc_fn const char *strerror(int err)
{
	static char buf[32];

	switch (err) {
	case 0: return "Success";
	case EPERM: return "Operation not permitted";
	case ENOENT: return "No such file or directory";
	case ESRCH: return "No such process";
	case EINTR: return "Interrupted system call";
	case EIO: return "Input/output error";
	case EBADF: return "Bad file descriptor";
	case ECHILD: return "No child processes";
	case EAGAIN: return "Resource temporarily unavailable";
	case ENOMEM: return "Cannot allocate memory";
	case EACCES: return "Permission denied";
	case EFAULT: return "Bad address";
	case EBUSY: return "Device or resource busy";
	case EEXIST: return "File exists";
	case ENOTDIR: return "Not a directory";
	case EISDIR: return "Is a directory";
	case EINVAL: return "Invalid argument";
	case ENOSPC: return "No space left on device";
	case ERANGE: return "Numerical result out of range";
	case ENOSYS: return "Function not implemented";
	}
	snprintf(buf, sizeof(buf), "Unknown error %d", err);
	return buf;
}

__nolibc_fn void perror(const char *msg)
{
	if (msg && *msg)
		fprintf(stderr, "%s: %s\n", msg, strerror(errno));
	else
		fprintf(stderr, "%s\n", strerror(errno));
}


#endif /* _NOLIBC_STDIO_H */

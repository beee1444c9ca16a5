/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Standard I/O. stdin, stdout and stderr are unbuffered: printf() and puts()
 * write straight to the file descriptor, so their output keeps its order
 * with write(), and a program that uses only them links no stream code.
 * fopen() and fdopen() make buffered streams; all of the buffering code is
 * reached through pointers that they store in the stream, so it is linked
 * only into programs that open streams.
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

#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

/* -Wformat checks the arguments of the printf and scanf families. */
#define __nolibc_printf_fmt(f, a) __attribute__((format(printf, f, a)))
#define __nolibc_scanf_fmt(f, a) __attribute__((format(scanf, f, a)))

/*
 * A stream. stdin, stdout and stderr are not pointers to one but the
 * numbers 1, 2 and 3 (fd + 1); the state they need (end of file, error,
 * a pushed-back byte) is in __nolibc_std_files[], which only the functions
 * that keep such state reference. fopen()'s streams are allocated with
 * their buffer in the same block.
 */
typedef struct __nolibc_file FILE;

struct __nolibc_file {
	int fd;
	unsigned char flags;	/* __NOLIBC_F* below */
	unsigned char bmode;	/* _IOFBF, _IOLBF or _IONBF */
	short ungot;		/* the byte ungetc() gave back, plus 1; 0: none */
	char *buf;
	size_t size;		/* of buf; 0: unbuffered */
	size_t rpos, rend;	/* read ahead and not consumed: buf[rpos..rend) */
	size_t wpos;		/* written and not yet out: buf[0..wpos) */
	struct __nolibc_file *next;	/* the list fflush(NULL) and exit() walk */
	/* set by fopen()/fdopen(), NULL for the standard streams */
	long (*engine)(struct __nolibc_file *s, char *p, size_t n, int op);
	int (*vprintf)(struct __nolibc_file *s, const char *fmt, va_list ap);
};

/* Bytes fopen() allocates for a stream and its buffer: one page with malloc's
 * header.
 */
#define __NOLIBC_FILE_ALLOC (4096 - sizeof(struct __nolibc_block))

#define __NOLIBC_FEOF 1
#define __NOLIBC_FERR 2
#define __NOLIBC_FRD 4
#define __NOLIBC_FWR 8

/* engine operations */
#define __NOLIBC_IO_READ 0
#define __NOLIBC_IO_WRITE 1
#define __NOLIBC_IO_SYNC 2

#define stdin ((FILE *)(intptr_t)(STDIN_FILENO + 1))
#define stdout ((FILE *)(intptr_t)(STDOUT_FILENO + 1))
#define stderr ((FILE *)(intptr_t)(STDERR_FILENO + 1))

#define __nolibc_is_std(f) ((uintptr_t)(f) <= 3)

/* Weak, not static: one of each for all the object files of a program. */
struct __nolibc_file __nolibc_std_files[3] __nolibc_weak;
struct __nolibc_file *__nolibc_files __nolibc_weak;

/* int fileno(FILE *stream); */
__nolibc_inline int fileno(FILE *stream)
{
	return __nolibc_is_std(stream) ? (int)(uintptr_t)stream - 1 : stream->fd;
}

/* The state of any stream, the standard ones included. */
__nolibc_fn struct __nolibc_file *__nolibc_fstate(FILE *stream)
{
	uintptr_t i = (uintptr_t)stream;

	if (!__nolibc_is_std(stream))
		return stream;
	__nolibc_std_files[i - 1].fd = i - 1;
	return &__nolibc_std_files[i - 1];
}

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

/* Bytes to a stream; fewer than n after an error. A standard stream is
 * its descriptor (so puts(), fputs(s, stdout)... cost what write() does,
 * and ferror() does not see their errors); another one is buffered, and
 * keeps its errors.
 */
__nolibc_inline size_t __nolibc_put(FILE *stream, const char *p, size_t n)
{
	if (__nolibc_is_std(stream))
		return __nolibc_write_some(fileno(stream), p, n);
	return stream->engine(stream, (char *)p, n, __NOLIBC_IO_WRITE);
}

/* Bytes from a stream: fewer than n at the end of file or after an error.
 * The end of file sticks until clearerr(), as in glibc since 2.28.
 */
__nolibc_fn size_t __nolibc_fget(FILE *stream, char *p, size_t n)
{
	struct __nolibc_file *s = __nolibc_fstate(stream);
	size_t done = 0;
	ssize_t r;

	if (n && s->ungot) {
		*p++ = s->ungot - 1;
		s->ungot = 0;
		n--;
		done = 1;
	}
	if (s->flags & __NOLIBC_FEOF)
		return done;
	if (s->engine)
		return done + s->engine(s, p, n, __NOLIBC_IO_READ);
	while (n) {
		r = read(s->fd, p, n);
		if (r <= 0) {
			s->flags |= r ? __NOLIBC_FERR : __NOLIBC_FEOF;
			break;
		}
		p += r;
		n -= r;
		done += r;
	}
	return done;
}

/* int fputc(int c, FILE *stream); */
__nolibc_inline int fputc(int c, FILE *stream)
{
	unsigned char ch = c;

	return __nolibc_put(stream, (char *)&ch, 1) == 1 ? ch : EOF;
}

/* int putc(int c, FILE *stream); */
__nolibc_inline int putc(int c, FILE *stream)
{
	return fputc(c, stream);
}

/* int putchar(int c); */
__nolibc_fn int putchar(int c)
{
	return fputc(c, stdout);
}

/* int fputs(const char *s, FILE *stream); */
__nolibc_inline int fputs(const char *s, FILE *stream)
{
	size_t len = strlen(s);

	return __nolibc_put(stream, s, len) == len ? 0 : EOF;
}

/* int puts(const char *s); */
__nolibc_fn int puts(const char *s)
{
	if (fputs(s, stdout) == EOF)
		return EOF;
	return putchar('\n') == EOF ? EOF : 0;
}

/* The bytes of nmemb items of size bytes; 0 for none or too many. */
__nolibc_fn size_t __nolibc_items(size_t size, size_t nmemb)
{
	size_t total;

	if (__builtin_mul_overflow(size, nmemb, &total))
		return 0;
	return total;
}

/* size_t fwrite(const void *buf, size_t size, size_t nmemb, FILE *stream);
 * fwrite and fread count whole items; nothing to move (a size or a count
 * of 0) returns 0, as in glibc.
 */
__nolibc_inline size_t fwrite(const void *buf, size_t size, size_t nmemb, FILE *stream)
{
	size_t total = __nolibc_items(size, nmemb);

	return total ? __nolibc_put(stream, (const char *)buf, total) / size : 0;
}

/* size_t fread(void *buf, size_t size, size_t nmemb, FILE *stream); */
__nolibc_fn size_t fread(void *buf, size_t size, size_t nmemb, FILE *stream)
{
	size_t total = __nolibc_items(size, nmemb);

	return total ? __nolibc_fget(stream, (char *)buf, total) / size : 0;
}

/* int fgetc(FILE *stream); */
__nolibc_fn int fgetc(FILE *stream)
{
	unsigned char ch;

	return __nolibc_fget(stream, (char *)&ch, 1) == 1 ? ch : EOF;
}

/* int getc(FILE *stream); */
__nolibc_fn int getc(FILE *stream)
{
	return fgetc(stream);
}

/* int getchar(void); */
__nolibc_fn int getchar(void)
{
	return fgetc(stdin);
}

/* int ungetc(int c, FILE *stream); one byte of push-back, as C promises */
__nolibc_fn int ungetc(int c, FILE *stream)
{
	struct __nolibc_file *s = __nolibc_fstate(stream);

	if (c == EOF || s->ungot)
		return EOF;
	s->ungot = (unsigned char)c + 1;
	s->flags &= ~__NOLIBC_FEOF;
	return (unsigned char)c;
}

/* char *fgets(char *s, int size, FILE *stream);
 * A byte at a time: on an unbuffered stream nothing past the newline is
 * consumed. With room for the NUL only, there is nothing to read: "" is
 * the answer.
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

/* int feof(FILE *stream); */
__nolibc_fn int feof(FILE *stream)
{
	return __nolibc_fstate(stream)->flags & __NOLIBC_FEOF;
}

/* int ferror(FILE *stream); */
__nolibc_fn int ferror(FILE *stream)
{
	return __nolibc_fstate(stream)->flags & __NOLIBC_FERR;
}

/* void clearerr(FILE *stream); */
__nolibc_fn void clearerr(FILE *stream)
{
	__nolibc_fstate(stream)->flags &= ~(__NOLIBC_FEOF | __NOLIBC_FERR);
}

/* Sends what waits in the buffer; 0, or EOF after an error. */
__nolibc_fn int __nolibc_fdrain(struct __nolibc_file *s)
{
	size_t n = s->wpos;

	s->wpos = 0;
	if (n && __nolibc_write_all(s->fd, s->buf, n)) {
		s->flags |= __NOLIBC_FERR;
		return EOF;
	}
	return 0;
}

/*
 * The buffered streams of fopen() and fdopen(), reached only through the
 * pointer they store. READ and WRITE return the bytes moved; SYNC sends
 * what waits and gives back what was read ahead (seeking the descriptor
 * back by as much; a pipe cannot, as with glibc), returning 0 or EOF.
 * Moves at least a buffer long bypass the buffer.
 */
__nolibc_fn long __nolibc_fengine(struct __nolibc_file *s, char *p, size_t n, int op)
{
	size_t done = 0, k;
	ssize_t r;
	int direct;

	if (op == __NOLIBC_IO_READ) {
		if (!(s->flags & __NOLIBC_FRD))
			goto badf;
		if (__nolibc_fdrain(s))
			return 0;
		while (done < n) {
			if (s->rpos == s->rend) {
				direct = n - done >= s->size;
				r = read(s->fd, direct ? p + done : s->buf,
					 direct ? n - done : s->size);
				if (r <= 0) {
					s->flags |= r ? __NOLIBC_FERR : __NOLIBC_FEOF;
					break;
				}
				if (direct) {
					done += r;
					continue;
				}
				s->rpos = 0;
				s->rend = r;
			}
			k = s->rend - s->rpos;
			if (k > n - done)
				k = n - done;
			memcpy(p + done, s->buf + s->rpos, k);
			s->rpos += k;
			done += k;
		}
		return done;
	}
	if (s->rpos != s->rend)
		sys_lseek(s->fd, (off_t)s->rpos - (off_t)s->rend, SEEK_CUR);
	s->rpos = 0;
	s->rend = 0;
	if (op == __NOLIBC_IO_SYNC)
		return __nolibc_fdrain(s);
	if (!(s->flags & __NOLIBC_FWR))
		goto badf;
	while (done < n) {
		if (s->wpos == s->size && __nolibc_fdrain(s))
			break;
		if (!s->wpos && n - done >= s->size) {
			k = __nolibc_write_some(s->fd, p + done, n - done);
			done += k;
			if (done < n)
				s->flags |= __NOLIBC_FERR;
			break;
		}
		k = s->size - s->wpos;
		if (k > n - done)
			k = n - done;
		memcpy(s->buf + s->wpos, p + done, k);
		s->wpos += k;
		done += k;
	}
	if (s->bmode == _IOLBF && memchr(p, '\n', done))
		__nolibc_fdrain(s);
	return done;
badf:
	SET_ERRNO(EBADF);
	s->flags |= __NOLIBC_FERR;
	return 0;
}

/* Flushes every stream fopen() and fdopen() opened. */
__nolibc_fn int __nolibc_fflush_all(void)
{
	struct __nolibc_file *s;
	int ret = 0;

	for (s = __nolibc_files; s; s = s->next) {
		if (s->engine(s, NULL, 0, __NOLIBC_IO_SYNC))
			ret = EOF;
	}
	return ret;
}

/* int fflush(FILE *stream); the standard streams have nothing to flush */
__nolibc_inline int fflush(FILE *stream)
{
	if (!stream)
		return __nolibc_fflush_all();
	if (__nolibc_is_std(stream))
		return 0;
	return (int)stream->engine(stream, NULL, 0, __NOLIBC_IO_SYNC);
}

/* int setvbuf(FILE *stream, char *buf, int mode, size_t size);
 * The standard streams stay unbuffered whatever the mode (printf() writes
 * straight to the descriptor). A stream of fopen() takes the new mode, and
 * buf when one is given, at once, after sending what it holds.
 */
__nolibc_fn int __nolibc_setvbuf(struct __nolibc_file *s, char *buf, int mode, size_t size)
{
	s->engine(s, NULL, 0, __NOLIBC_IO_SYNC);
	s->bmode = mode;
	if (mode == _IONBF) {
		s->size = 0;
	} else if (buf && size) {
		s->buf = buf;
		s->size = size;
	} else {
		s->buf = (char *)(s + 1);
		s->size = __NOLIBC_FILE_ALLOC - sizeof(*s);
	}
	return 0;
}

__nolibc_inline int setvbuf(FILE *stream, char *buf, int mode, size_t size)
{
	if (mode != _IOFBF && mode != _IOLBF && mode != _IONBF) {
		SET_ERRNO(EINVAL);
		return -1;
	}
	if (__nolibc_is_std(stream))
		return 0;
	return __nolibc_setvbuf(stream, buf, mode, size);
}

/* void setbuf(FILE *stream, char *buf); */
__nolibc_inline void setbuf(FILE *stream, char *buf)
{
	setvbuf(stream, buf, buf ? _IOFBF : _IONBF, BUFSIZ);
}

/* int fseek(FILE *stream, long offset, int whence); */
__nolibc_fn int fseek(FILE *stream, long offset, int whence)
{
	struct __nolibc_file *s = __nolibc_fstate(stream);

	if (s->engine && s->engine(s, NULL, 0, __NOLIBC_IO_SYNC))
		return -1;
	if (s->ungot && whence == SEEK_CUR)
		offset--;
	if (lseek(s->fd, offset, whence) < 0)
		return -1;
	s->ungot = 0;
	s->flags &= ~__NOLIBC_FEOF;
	return 0;
}

/* long ftell(FILE *stream); */
__nolibc_fn long ftell(FILE *stream)
{
	struct __nolibc_file *s = __nolibc_fstate(stream);
	off_t pos = lseek(s->fd, 0, SEEK_CUR);

	if (pos < 0)
		return -1;
	return pos + s->wpos - (s->rend - s->rpos) - !!s->ungot;
}

/* void rewind(FILE *stream); */
__nolibc_fn void rewind(FILE *stream)
{
	fseek(stream, 0, SEEK_SET);
	clearerr(stream);
}

/* exit() runs this once a stream was opened: atexit()'s handlers, which
 * may still write to streams, then every stream's flush.
 */
__nolibc_fn void __nolibc_stdio_exit(void)
{
	__nolibc_run_atexit();
	__nolibc_fflush_all();
}

__nolibc_fn int __nolibc_stream_vprintf(struct __nolibc_file *s, const char *fmt, va_list ap);

/* A buffered stream on fd, open with the open() flags oflags. */
__nolibc_fn FILE *__nolibc_fnew(int fd, int oflags)
{
	struct __nolibc_file *s = calloc(1, __NOLIBC_FILE_ALLOC);
	char termios[64];	/* larger than any arch's struct termios */

	if (!s)
		return NULL;
	s->fd = fd;
	s->flags = (oflags & 3) == O_WRONLY ? __NOLIBC_FWR :
		   (oflags & 3) == O_RDWR ? __NOLIBC_FRD | __NOLIBC_FWR : __NOLIBC_FRD;
	/* as in glibc: line-buffered on a terminal (sys_ioctl sets no errno) */
	s->bmode = sys_ioctl(fd, TCGETS, (long)termios) ? _IOFBF : _IOLBF;
	s->buf = (char *)(s + 1);
	s->size = __NOLIBC_FILE_ALLOC - sizeof(*s);
	s->engine = __nolibc_fengine;
	s->vprintf = __nolibc_stream_vprintf;
	s->next = __nolibc_files;
	__nolibc_files = s;
	__nolibc_exit_hook = __nolibc_stdio_exit;
	return s;
}

/* The open() flags of a mode of fopen(): r, w or a, then any of +, b
 * (ignored), e (O_CLOEXEC) and x (O_EXCL), as glibc takes them; -1 with
 * EINVAL for another first letter.
 */
__nolibc_fn int __nolibc_fmode(const char *mode)
{
	int fl;

	switch (*mode) {
	case 'r':
		fl = O_RDONLY;
		break;
	case 'w':
		fl = O_WRONLY | O_CREAT | O_TRUNC;
		break;
	case 'a':
		fl = O_WRONLY | O_CREAT | O_APPEND;
		break;
	default:
		SET_ERRNO(EINVAL);
		return -1;
	}
	while (*++mode && *mode != ',') {
		if (*mode == '+')
			fl = (fl & ~3) | O_RDWR;
		else if (*mode == 'e')
			fl |= O_CLOEXEC;
		else if (*mode == 'x')
			fl |= O_EXCL;
	}
	return fl;
}

/* FILE *fopen(const char *path, const char *mode); */
__nolibc_fn FILE *fopen(const char *path, const char *mode)
{
	int fl = __nolibc_fmode(mode), fd;
	FILE *f;

	if (fl < 0)
		return NULL;
	fd = open(path, fl, 0666);
	if (fd < 0)
		return NULL;
	f = __nolibc_fnew(fd, fl);
	if (!f)
		close(fd);
	return f;
}

/* FILE *fdopen(int fd, const char *mode);
 * As glibc: the mode must fit how fd is open (EINVAL), and "a" turns on
 * O_APPEND.
 */
__nolibc_fn FILE *fdopen(int fd, const char *mode)
{
	int fl = __nolibc_fmode(mode), cur;

	if (fl < 0)
		return NULL;
	cur = fcntl(fd, F_GETFL);
	if (cur < 0)
		return NULL;
	if (((fl & 3) != O_WRONLY && (cur & 3) == O_WRONLY) ||
	    ((fl & 3) != O_RDONLY && (cur & 3) == O_RDONLY)) {
		SET_ERRNO(EINVAL);
		return NULL;
	}
	if ((fl & O_APPEND) && !(cur & O_APPEND) && fcntl(fd, F_SETFL, cur | O_APPEND) < 0)
		return NULL;
	return __nolibc_fnew(fd, fl);
}

/* int fclose(FILE *stream); a standard stream only closes its descriptor */
__nolibc_fn int fclose(FILE *stream)
{
	struct __nolibc_file *s = __nolibc_fstate(stream), **pp;
	int ret = fflush(stream);

	if (close(s->fd))
		ret = EOF;
	if (s->engine) {
		for (pp = &__nolibc_files; *pp; pp = &(*pp)->next) {
			if (*pp == s) {
				*pp = s->next;
				break;
			}
		}
		free(s);
	}
	return ret;
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

/* %n stores a long through one of these, which may alias it */
typedef int __attribute__((__may_alias__)) __nolibc_int_alias;
typedef long long __attribute__((__may_alias__)) __nolibc_ll_alias;

/* int __nolibc_fmt_length(const char **fmt); the length modifier at *fmt,
 * skipped, as printf and scanf both read it: the number of 'l's, -1 for h,
 * -2 for hh, 1 for z and t where size_t is a long, 2 for j, q and L
 */
__nolibc_fn int __nolibc_fmt_length(const char **fmt)
{
	int lng = 0;

	for (;; (*fmt)++) {
		if (**fmt == 'l')
			lng++;
		else if (**fmt == 'h')
			lng -= lng > -2;	/* %hhhd is %hhd: printf shifts by it */
		else if (**fmt == 'z' || **fmt == 't')
			lng = sizeof(size_t) == sizeof(long);
		else if (**fmt == 'j' || **fmt == 'q' || **fmt == 'L')
			lng = 2;
		else
			return lng;
	}
}

/* Flags, as bits of the index of their character in this string. */
#define __NOLIBC_FMT_FLAGS "-+ #0"
#define __NOLIBC_LEFT 1
#define __NOLIBC_PLUS 2
#define __NOLIBC_SPACE 4
#define __NOLIBC_ALT 8
#define __NOLIBC_ZERO 16

#ifdef NOLIBC_STRERROR_TEXTS
__nolibc_fn const char *__nolibc_errtext(int err);
#endif

__nolibc_fn int __nolibc_vformat(struct __nolibc_sink *k, const char *fmt, va_list args)
{
	va_list ap;

	va_copy(ap, args);
	for (; *fmt; fmt++) {
		int flags = 0, num[2] = { 0, -1 }, lng = 0, base, len, zeros, pad, i, sgn, np = 0;
		unsigned long long v;
		const char *s;
		char digits[24], *d, pre[3];

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
		lng = __nolibc_fmt_length(&fmt);

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
		case 'm':
			/* glibc's extension: strerror(errno), made here */
#ifdef NOLIBC_STRERROR_TEXTS
			s = __nolibc_errtext(errno);
			if (s) {
				len = strnlen(s, (size_t)num[1]);
				goto text;
			}
			__nolibc_out(k, "Unknown error ", 14, 0);
#else
			__nolibc_out(k, "errno=", 6, 0);
#endif
			v = errno;
			lng = 0;
			sgn = 1;
			goto sint;
		case 's':
			s = (const char *)(uintptr_t)__nolibc_arg(&ap, 0);
			/* glibc's: "(null)", or nothing if it would be cut */
			if (!s)
				s = (unsigned int)num[1] < 6 ? "" : "(null)";
			/* no precision (negative) is SIZE_MAX or near */
			len = strnlen(s, (size_t)num[1]);
			goto text;
		case 'n':
			/* stored in the type the length modifier names */
			d = (char *)(uintptr_t)__nolibc_arg(&ap, 0);
			v = k->total;
			if (lng < -1)
				*(signed char *)d = v;
			else if (lng < 0)
				*(short *)d = v;
			else if (lng > (__SIZEOF_LONG__ == 4))
				*(__nolibc_ll_alias *)d = v;
			else
				*(__nolibc_int_alias *)d = v;
			continue;
		case 'p':
			/* glibc's %p: "(nil)", or %#lx that takes + and space */
			lng = 1;
			flags |= __NOLIBC_ALT;
			__nolibc_fallthrough;
		case 'd':
		case 'i':
		case 'o':
		case 'u':
		case 'x':
		case 'X':
			sgn = *fmt == 'd' || *fmt == 'i';
			v = __nolibc_arg(&ap, lng >= 2);
			if (*fmt == 'p' && !v) {
				s = "(nil)";
				len = 5;
				goto text;
			}
sint:
			base = *fmt == 'o' ? 8 : *fmt == 'p' || (*fmt | 0x20) == 'x' ? 16 : 10;
			/* narrower than long long: keep the type's bits, extended by
			 * its sign for d and i
			 */
			if (lng < 2) {
				i = 8 << (lng + 2);
				if (i > __SIZEOF_LONG__ * 8)
					i = __SIZEOF_LONG__ * 8;
				i = 64 - i;
				v <<= i;
				v = sgn ? (unsigned long long)((long long)v >> i) : v >> i;
			}
			if (sgn && (long long)v < 0) {
				pre[np++] = '-';
				v = 0 - v;
			} else if ((sgn || *fmt == 'p') &&
				   (flags & (__NOLIBC_PLUS | __NOLIBC_SPACE))) {
				pre[np++] = flags & __NOLIBC_PLUS ? '+' : ' ';
			}
			if ((flags & __NOLIBC_ALT) && base == 16 && v) {
				pre[np++] = '0';
				pre[np++] = 'X' | (*fmt & 0x20);
			}
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

				/* 'A' + dig - 10, in lower case but for %X */
				*--d = (dig + (dig < 10 ? '0' : 'A' - 10)) | (*fmt & 0x20);
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
		pad = num[0] - np - zeros - len;
		if ((flags & (__NOLIBC_ZERO | __NOLIBC_LEFT)) == __NOLIBC_ZERO && pad > 0) {
			zeros += pad;
			pad = 0;
		}
		if (!(flags & __NOLIBC_LEFT))
			__nolibc_out(k, NULL, pad, ' ');
		__nolibc_out(k, pre, np, 0);
		__nolibc_out(k, NULL, zeros, '0');
		__nolibc_out(k, s, len, 0);
		if (flags & __NOLIBC_LEFT)
			__nolibc_out(k, NULL, pad, ' ');
	}
	va_end(ap);
	return 0;
}

/* int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap); */
__nolibc_fn __nolibc_printf_fmt(3, 0)
int vsnprintf(char *buf, size_t size, const char *fmt, __builtin_va_list ap)
{
	struct __nolibc_sink k = { .buf = buf, .size = size, .fd = -1 };

	__nolibc_vformat(&k, fmt, ap);
	if (size)
		buf[k.total < size ? k.total : size - 1] = 0;
	return k.total;
}

/* int snprintf(char *buf, size_t size, const char *fmt, ...); */
__nolibc_fn __nolibc_printf_fmt(3, 4)
int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vsnprintf(buf, size, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

/* int vsprintf(char *buf, const char *fmt, va_list ap); */
__nolibc_fn __nolibc_printf_fmt(2, 0)
int vsprintf(char *buf, const char *fmt, __builtin_va_list ap)
{
	return vsnprintf(buf, SIZE_MAX, fmt, ap);
}

/* int sprintf(char *buf, const char *fmt, ...); */
__nolibc_fn __nolibc_printf_fmt(2, 3)
int sprintf(char *buf, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vsnprintf(buf, SIZE_MAX, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

/* int vdprintf(int fd, const char *fmt, va_list ap); */
__nolibc_fn __nolibc_printf_fmt(2, 0)
int vdprintf(int fd, const char *fmt, __builtin_va_list ap)
{
	char staging[BUFSIZ];
	struct __nolibc_sink k = { .buf = staging, .size = sizeof(staging), .fd = fd };

	__nolibc_vformat(&k, fmt, ap);
	__nolibc_sink_flush(&k);
	return k.error ? -1 : (int)k.total;
}

/* int dprintf(int fd, const char *fmt, ...); */
__nolibc_fn __nolibc_printf_fmt(2, 3)
int dprintf(int fd, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vdprintf(fd, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

/* A buffered stream's vfprintf (stored by fopen()): the text is made on
 * the stack, or for a long one in a block of its size, then written.
 */
__nolibc_fn int __nolibc_stream_vprintf(struct __nolibc_file *s, const char *fmt, va_list ap)
{
	char staging[BUFSIZ], *p = staging;
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(staging, sizeof(staging), fmt, ap);
	if (n >= (int)sizeof(staging)) {
		p = malloc(n + 1);
		if (p)
			vsnprintf(p, n + 1, fmt, again);
	}
	va_end(again);
	if (!p) {
		s->flags |= __NOLIBC_FERR;
		return -1;
	}
	if (__nolibc_put(s, p, n) != (size_t)n)
		n = -1;
	if (p != staging)
		free(p);
	return n;
}

/* int vfprintf(FILE *stream, const char *fmt, va_list ap); */
__nolibc_fn __nolibc_printf_fmt(2, 0)
int vfprintf(FILE *stream, const char *fmt, __builtin_va_list ap)
{
	if (__nolibc_is_std(stream))
		return vdprintf(fileno(stream), fmt, ap);
	return stream->vprintf(stream, fmt, ap);
}

/* int fprintf(FILE *stream, const char *fmt, ...); */
__nolibc_fn __nolibc_printf_fmt(2, 3)
int fprintf(FILE *stream, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vfprintf(stream, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

/* int vprintf(const char *fmt, va_list ap); */
__nolibc_fn __nolibc_printf_fmt(1, 0)
int vprintf(const char *fmt, __builtin_va_list ap)
{
	return vdprintf(STDOUT_FILENO, fmt, ap);
}

/* int printf(const char *fmt, ...); */
__nolibc_fn __nolibc_printf_fmt(1, 2)
int printf(const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vdprintf(STDOUT_FILENO, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

/* void perror(const char *msg); */
__nolibc_fn void perror(const char *msg)
{
	if (msg && *msg)
		dprintf(STDERR_FILENO, "%s: %s\n", msg, strerror(errno));
	else
		dprintf(STDERR_FILENO, "%s\n", strerror(errno));
}

/*
 * sscanf. Integers saturate as strtol()/strtoul() of a long (a long long
 * with ll, j, q or L) do, then are cast to the argument's type, as glibc
 * does; no floating point.
 */

/* Reads an integer of base (0: as C writes them, 0x.. or 0..) from at most
 * w bytes of s, into *out; returns where it stopped, NULL with no digit.
 * As glibc, "0x" with no hex digit after it reads as 0, the x consumed.
 */
__nolibc_fn const char *__nolibc_scan_int(const char *s, unsigned int w, int base, int wide,
					  int is_signed, unsigned long long *out)
{
	unsigned long long v = 0, lim = wide ? ~0ULL : ~0UL;
	int neg = 0, any = 0, ovf = 0;
	unsigned int d;

	if (w && (*s == '-' || *s == '+')) {
		neg = *s++ == '-';
		w--;
	}
	if (w && *s == '0') {
		s++;
		w--;
		any = 1;
		if ((base | 16) == 16 && w && (*s | 0x20) == 'x') {
			s++;
			w--;
			base = 16;
		} else if (!base) {
			base = 8;
		}
	}
	if (!base)
		base = 10;
	for (; w; w--, s++) {
		d = (unsigned char)*s - '0';
		if (d > 9) {
			d = ((unsigned char)*s | 0x20) - 'a';
			d = d < 26 ? d + 10 : 99;
		}
		if (d >= (unsigned int)base)
			break;
		if (v > (lim - d) / base)
			ovf = 1;
		else
			v = v * base + d;
		any = 1;
	}
	if (!any)
		return NULL;
	if (is_signed && (ovf || v > (lim >> 1) + neg)) {
		v = (lim >> 1) + neg;
	} else if (ovf) {
		*out = lim;
		return s;
	}
	*out = neg ? 0 - v : v;
	return s;
}

/* Whether c is in the scanset [set, end) of a %[ conversion. */
__nolibc_fn int __nolibc_scan_set(const char *set, const char *end, unsigned char c)
{
	const unsigned char *p = (const unsigned char *)set;

	for (; p < (const unsigned char *)end; p++) {
		if (p + 2 < (const unsigned char *)end && p[1] == '-') {
			if (c >= p[0] && c <= p[2])
				return 1;
			p += 2;
		} else if (*p == c) {
			return 1;
		}
	}
	return 0;
}

/* int vsscanf(const char *str, const char *fmt, va_list ap); */
__nolibc_fn __nolibc_scanf_fmt(2, 0)
int vsscanf(const char *str, const char *fmt, __builtin_va_list args)
{
	const char *s = str, *set, *end;
	int count = 0, lng, keep, base, neg;
	unsigned int width, n;
	unsigned long long v;
	char *dst;
	va_list ap;

	va_copy(ap, args);
	for (; *fmt; fmt++) {
		if (isspace((unsigned char)*fmt)) {
			while (isspace((unsigned char)*s))
				s++;
			continue;
		}
		if (*fmt != '%' || fmt[1] == '%') {
			/* a byte to match; %% skips white space first, as glibc */
			if (*fmt == '%') {
				fmt++;
				while (isspace((unsigned char)*s))
					s++;
			}
			if (!*s)
				goto input_failure;
			if (*s != *fmt)
				break;
			s++;
			continue;
		}
		keep = *++fmt != '*';
		if (!keep)
			fmt++;
		for (width = 0; isdigit((unsigned char)*fmt); fmt++)
			width = width * 10 + *fmt - '0';
		lng = __nolibc_fmt_length(&fmt);
		if (*fmt == 'n') {
			v = s - str;
			goto store;
		}
		if (*fmt != 'c' && *fmt != '[') {
			while (isspace((unsigned char)*s))
				s++;
		}
		if (!*fmt)
			break;
		if (!*s)
			goto input_failure;
		dst = NULL;
		if (keep && (*fmt == 'c' || *fmt == 's' || *fmt == '['))
			dst = va_arg(ap, char *);
		switch (*fmt) {
		case 'c':
			for (n = width ? width : 1; n && *s; n--, s++) {
				if (dst)
					*dst++ = *s;
			}
			break;
		case 's':
		case '[':
			set = fmt + 1;
			end = set;
			neg = 0;
			if (*fmt == '[') {
				neg = *set == '^';
				set += neg;
				end = set + (*set == ']');
				while (*end && *end != ']')
					end++;
				if (!*end)
					goto done;
				fmt = end;
			}
			for (n = width ? width : ~0U; n && *s; n--, s++) {
				if (set == end ? isspace((unsigned char)*s) :
				    __nolibc_scan_set(set, end, *s) == neg)
					break;
				if (dst)
					*dst++ = *s;
			}
			if (n == (width ? width : ~0U))
				goto done;
			if (dst)
				*dst = 0;
			break;
		case 'p':
			lng = 1;
			if (!strncmp(s, "(nil)", 5)) {
				s += 5;
				v = 0;
				goto store;
			}
			__nolibc_fallthrough;
		case 'd':
		case 'i':
		case 'u':
		case 'o':
		case 'x':
		case 'X':
			base = *fmt == 'd' || *fmt == 'u' ? 10 :
			       *fmt == 'o' ? 8 : *fmt == 'i' ? 0 : 16;
			s = __nolibc_scan_int(s, width ? width : ~0U, base, lng >= 2,
					      *fmt == 'd' || *fmt == 'i', &v);
			if (!s)
				goto done;
			goto store;
		default:
			goto done;
		}
		count += keep;
		continue;
store:
		if (!keep)
			continue;
		dst = va_arg(ap, char *);
		if (*fmt == 'p')
			*(void **)dst = (void *)(uintptr_t)v;
		else if (lng <= -2)
			*(signed char *)dst = v;
		else if (lng == -1)
			*(short *)dst = v;
		else if (!lng)
			*(int *)dst = v;
		else if (lng == 1)
			*(long *)dst = v;
		else
			*(long long *)dst = v;
		count += *fmt != 'n';
	}
done:
	va_end(ap);
	return count;
input_failure:
	va_end(ap);
	return count ? count : EOF;
}

/* int sscanf(const char *str, const char *fmt, ...); */
__nolibc_fn __nolibc_scanf_fmt(2, 3)
int sscanf(const char *str, const char *fmt, ...)
{
	__builtin_va_list ap;
	int ret;

	__builtin_va_start(ap, fmt);
	ret = vsscanf(str, fmt, ap);
	__builtin_va_end(ap);
	return ret;
}

#endif /* _NOLIBC_STDIO_H */

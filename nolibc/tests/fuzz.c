/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Differential fuzzer: the same source is built against nolibc and against
 * glibc; both builds generate the same cases from a seed (with their own
 * generator, so no libc is involved in making them) and print one line per
 * case, a hash of the case's input and of everything the function under
 * test gave back. tests/fuzz.sh compares the two streams line by line.
 *
 *   fuzz --list
 *   fuzz FUNC SEED FIRST COUNT [-v]
 *
 * Case number i of FUNC depends only on SEED, FUNC and i, so one case can
 * be replayed on its own; -v prints the case in words instead of its hash.
 * FUZZ_SSCANF (set by fuzz.sh when the libc under test has sscanf) adds
 * the sscanf entry.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdarg.h>
#include <unistd.h>
#include <ctype.h>

/*
 * Output: everything a case produces goes through o_*(), which feed the
 * hash, or print "label=value" in verbose mode. Our own number printing,
 * so the harness never relies on the printf it tests.
 */
static char obuf[65536];
static size_t olen;
static int verbose;
static uint64_t hash;

static void o_flush(void)
{
	size_t done = 0;

	while (done < olen) {
		ssize_t n = write(1, obuf + done, olen - done);

		if (n <= 0)
			_exit(2);
		done += n;
	}
	olen = 0;
}

static void o_raw(const char *s, size_t n)
{
	while (n--) {
		if (olen == sizeof(obuf))
			o_flush();
		obuf[olen++] = *s++;
	}
}

static void o_hex64(uint64_t v, int digits)
{
	char t[16];
	int i;

	for (i = digits - 1; i >= 0; i--, v >>= 4)
		t[i] = "0123456789abcdef"[v & 15];
	o_raw(t, digits);
}

static void o_dec(long long sv)
{
	char t[24];
	int i = sizeof(t);
	unsigned long long v = sv < 0 ? 0 - (unsigned long long)sv : (unsigned long long)sv;

	do {
		/* no 64-bit division: i386 builds would need libgcc's */
		unsigned long long q = 0, r = 0;
		int b;

		for (b = 63; b >= 0; b--) {
			r = (r << 1) | ((v >> b) & 1);
			if (r >= 10) {
				r -= 10;
				q |= 1ULL << b;
			}
		}
		t[--i] = '0' + (int)r;
		v = q;
	} while (v);
	if (sv < 0)
		t[--i] = '-';
	o_raw(t + i, sizeof(t) - i);
}

static void h_bytes(const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--) {
		hash ^= *c++;
		hash *= 0x100000001b3ULL;
	}
}

static void o_label(const char *label)
{
	o_raw(" ", 1);
	o_raw(label, strlen(label));
	o_raw("=", 1);
}

/* a signed number */
static void o_num(const char *label, long long v)
{
	h_bytes(label, strlen(label));
	h_bytes(&v, sizeof(v));
	if (verbose) {
		o_label(label);
		o_dec(v);
	}
}

/* an unsigned number, shown in hex */
static void o_unum(const char *label, unsigned long long v)
{
	h_bytes(label, strlen(label));
	h_bytes(&v, sizeof(v));
	if (verbose) {
		o_label(label);
		o_raw("0x", 2);
		o_hex64(v, 16);
	}
}

/* n bytes, quoted with C escapes */
static void o_bytes(const char *label, const void *p, size_t n)
{
	const unsigned char *c = p;
	size_t i;

	h_bytes(label, strlen(label));
	h_bytes(&n, sizeof(n));
	h_bytes(p, n);
	if (!verbose)
		return;
	o_label(label);
	o_raw("\"", 1);
	for (i = 0; i < n; i++) {
		if (c[i] == '"' || c[i] == '\\') {
			o_raw("\\", 1);
			o_raw((const char *)c + i, 1);
		} else if (c[i] >= 0x20 && c[i] < 0x7f) {
			o_raw((const char *)c + i, 1);
		} else {
			o_raw("\\x", 2);
			o_hex64(c[i], 2);
		}
	}
	o_raw("\"", 1);
}

static void o_str(const char *label, const char *s)
{
	if (s)
		o_bytes(label, s, strlen(s));
	else
		o_unum(label, 0);
}

/* an offset into buf, or -1 for NULL */
static void o_off(const char *label, const void *p, const void *buf)
{
	o_num(label, p ? (const char *)p - (const char *)buf : -1);
}

/*
 * The generator: splitmix64, seeded per case from (seed, function, case),
 * so case i never depends on the cases before it.
 */
static uint64_t rng;

static uint64_t mix(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rnd(void)
{
	rng += 0x9e3779b97f4a7c15ULL;
	return mix(rng);
}

/* 0 .. n-1, with no division */
static unsigned int below(unsigned int n)
{
	return (unsigned int)(((rnd() >> 32) * (uint64_t)n) >> 32);
}

/* percent chance */
static int chance(unsigned int pct)
{
	return below(100) < pct;
}

static int between(int lo, int hi)
{
	return lo + (int)below(hi - lo + 1);
}

static char pick(const char *set)
{
	return set[below(strlen(set))];
}

/* A 64-bit value shaped to hit edges: small, powers of two and their
 * neighbours, the extremes of every width, or random bits of random width.
 */
static uint64_t gen_value(void)
{
	uint64_t v;

	switch (below(6)) {
	case 0:
		v = between(-300, 300);
		break;
	case 1:
		v = (1ULL << below(64)) + between(-2, 2);
		break;
	case 2: {
		static const uint64_t edge[] = {
			0x7f, 0x80, 0xff, 0x7fff, 0x8000, 0xffff, 0x7fffffff,
			0x80000000, 0xffffffff, 0x7fffffffffffffffULL,
			0x8000000000000000ULL, 0xffffffffffffffffULL,
		};
		v = edge[below(sizeof(edge) / sizeof(edge[0]))] + between(-1, 1);
		break;
	}
	case 3:
		v = rnd() >> below(64);
		break;
	default:
		v = rnd();
		break;
	}
	if (chance(20))
		v = 0 - v;
	return v;
}

/*
 * snprintf: one conversion per call, any conversion, with literal text
 * around it. A call passes exactly the arguments its format takes, in their
 * C types, so each (stars, argument class) pair is one call below.
 */
enum { A_NONE, A_INT, A_LONG, A_LLONG, A_PTR };

struct fmt_arg {
	int cls;
	char conv;		/* the conversion that takes it, '*' for stars */
	long long v;
	void *p;
};

static char fmt_pool[8][64];
static int max_width = 30;	/* of a width written in digits */

/* Literal text: printable, sometimes a byte above 0x7f, never '%'. */
static void gen_literal(char **f, int max)
{
	int n = below(max + 1);

	while (n--) {
		char c = chance(10) ? (char)between(0x80, 0xff) : (char)between(0x20, 0x7e);

		*(*f)++ = c == '%' ? '.' : c;
	}
}

/* Appends one conversion to *f and fills the arguments it takes (stars
 * first) in args[*nargs...]. multi: int-class conversions only.
 */
static void gen_spec(char **f, struct fmt_arg *args, int *nargs, int multi)
{
	static const char *const mods[] = {
		"", "hh", "h", "l", "ll", "z", "j", "t", "q", "L",
	};
	const char *convs = multi ? "diuxXoc" : "diuxXocsp%n";
	char conv = pick(convs);
	const char *mod = "";
	int i, n, cls;

	*(*f)++ = '%';
	for (n = below(4), i = 0; i < n; i++)
		*(*f)++ = pick("-+ #0");
	/* width: none, digits, or '*' (negative means left-justified) */
	switch (below(4)) {
	case 1:
	case 2:
		n = between(1, max_width);
		if (n >= 100)
			*(*f)++ = '0' + n / 100;
		if (n >= 10)
			*(*f)++ = '0' + n / 10 % 10;
		*(*f)++ = '0' + n % 10;
		break;
	case 3:
		*(*f)++ = '*';
		args[*nargs].cls = A_INT;
		args[*nargs].conv = '*';
		args[(*nargs)++].v = between(-30, 30);
		break;
	}
	/* precision: none, ".", ".N", or ".*" (negative means none) */
	switch (below(5)) {
	case 1:
		*(*f)++ = '.';
		break;
	case 2:
	case 3:
		n = between(0, 30);
		*(*f)++ = '.';
		if (n >= 10)
			*(*f)++ = '0' + n / 10;
		*(*f)++ = '0' + n % 10;
		break;
	case 4:
		*(*f)++ = '.';
		*(*f)++ = '*';
		args[*nargs].cls = A_INT;
		args[*nargs].conv = '*';
		args[(*nargs)++].v = between(-5, 30);
		break;
	}
	/* %lc and %ls are wide characters, which nolibc does not have */
	if (multi)
		mod = mods[below(3)];
	else if (strchr("diuxXon", conv))
		mod = mods[below(sizeof(mods) / sizeof(mods[0]))];
	for (i = 0; mod[i]; i++)
		*(*f)++ = mod[i];
	*(*f)++ = conv;

	if (conv == '%')
		return;
	if (conv == 's' || conv == 'p' || conv == 'n')
		cls = A_PTR;
	else if (!strncmp(mod, "ll", 2) || *mod == 'j' || *mod == 'q' || *mod == 'L')
		cls = A_LLONG;
	else if (*mod == 'l' || *mod == 'z' || *mod == 't')
		cls = A_LONG;
	else
		cls = A_INT;
	args[*nargs].cls = cls;
	args[*nargs].conv = conv;
	args[*nargs].v = (long long)gen_value();
	args[*nargs].p = NULL;
	if (conv == 's' && !chance(10)) {
		char *s = fmt_pool[below(8)];

		n = below(sizeof(fmt_pool[0]));
		for (i = 0; i < n; i++)
			s[i] = chance(10) ? (char)between(0x80, 0xff) : (char)between(0x20, 0x7e);
		s[n] = 0;
		args[*nargs].p = s;
	} else if (conv == 'p' && !chance(10)) {
		args[*nargs].p = (void *)(uintptr_t)args[*nargs].v;
	}
	(*nargs)++;
}

static int via_vsnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return ret;
}

/* the value of args[i] in its C type */
/* dprintf into a pipe, read back into buf: the fd sink's 256-byte chunks */
static int via_dprintf(char *buf, size_t size, const char *fmt, ...)
{
	static int fds[2] = { -1, -1 };
	va_list ap;
	int ret, got = 0;

	(void)size;
	if (fds[0] < 0 && pipe(fds))
		_exit(3);
	va_start(ap, fmt);
	ret = vdprintf(fds[1], fmt, ap);
	va_end(ap);
	while (got < ret) {
		ssize_t n = read(fds[0], buf + got, ret - got);

		if (n <= 0)
			_exit(3);
		got += n;
	}
	return ret;
}

#define AI(i) ((int)args[i].v)
#define AL(i) ((long)args[i].v)
#define ALL(i) (args[i].v)
#define AP(i) (args[i].p)

static int call_one(int use_v, char *buf, size_t size, const char *fmt,
		    struct fmt_arg *args, int nargs)
{
	int (*fn)(char *, size_t, const char *, ...) =
		use_v > 1 ? via_dprintf : use_v ? via_vsnprintf : snprintf;
	int last = nargs ? args[nargs - 1].cls : A_NONE;

	/* The value is the last argument; the ones before it are ints. */
	switch (nargs * 8 + last) {
	case 0 * 8 + A_NONE:
		return fn(buf, size, fmt);
	case 1 * 8 + A_INT:
		return fn(buf, size, fmt, AI(0));
	case 1 * 8 + A_LONG:
		return fn(buf, size, fmt, AL(0));
	case 1 * 8 + A_LLONG:
		return fn(buf, size, fmt, ALL(0));
	case 1 * 8 + A_PTR:
		return fn(buf, size, fmt, AP(0));
	case 2 * 8 + A_INT:
		return fn(buf, size, fmt, AI(0), AI(1));
	case 2 * 8 + A_LONG:
		return fn(buf, size, fmt, AI(0), AL(1));
	case 2 * 8 + A_LLONG:
		return fn(buf, size, fmt, AI(0), ALL(1));
	case 2 * 8 + A_PTR:
		return fn(buf, size, fmt, AI(0), AP(1));
	case 3 * 8 + A_INT:
		return fn(buf, size, fmt, AI(0), AI(1), AI(2));
	case 3 * 8 + A_LONG:
		return fn(buf, size, fmt, AI(0), AI(1), AL(2));
	case 3 * 8 + A_LLONG:
		return fn(buf, size, fmt, AI(0), AI(1), ALL(2));
	case 3 * 8 + A_PTR:
		return fn(buf, size, fmt, AI(0), AI(1), AP(2));
	}
	return -12345;
}

/* Formats into a buffer full of 0xa5, reports what came back: the return
 * value and the buffer up to one byte past what was written.
 */
static void fmt_report(const char *tag, int ret, const char *buf, size_t bufsz)
{
	size_t n = bufsz;

	while (n && (unsigned char)buf[n - 1] == 0xa5)
		n--;
	o_num(tag, ret);
	o_bytes("buf", buf, n);
}

static void case_snprintf(void)
{
	char fmt[160], *f = fmt, buf[512];
	struct fmt_arg args[4];
	int nargs = 0, ret, use_v = below(2);
	size_t size;
	union {
		long long ll;
		unsigned char b[8];
	} nstore;

	gen_literal(&f, 6);
	gen_spec(&f, args, &nargs, 0);
	gen_literal(&f, 6);
	*f = 0;
	o_str("fmt", fmt);
	for (ret = 0; ret < nargs; ret++) {
		struct fmt_arg *a = &args[ret];

		if (a->conv == 'n') {
			a->p = &nstore;		/* where it is differs per build */
			o_str("arg", "&n");
		} else if (a->conv == 's') {
			o_str("arg", a->p);
		} else {
			o_unum("arg", a->cls == A_PTR ? (unsigned long long)(uintptr_t)a->p :
			       (unsigned long long)a->v);
		}
	}

	/* the whole output, then into a size that may cut it */
	memset(buf, 0xa5, sizeof(buf));
	memset(&nstore, 0xa5, sizeof(nstore));
	ret = call_one(use_v, buf, sizeof(buf), fmt, args, nargs);
	fmt_report("ret", ret, buf, sizeof(buf));
	o_bytes("n", &nstore, sizeof(nstore));

	size = below(ret + 3);
	o_num("size", size);
	memset(buf, 0xa5, sizeof(buf));
	ret = call_one(use_v, size || chance(50) ? buf : NULL, size, fmt, args, nargs);
	fmt_report("ret2", ret, buf, sizeof(buf));
}

/* dprintf: one conversion, widths up to 300, through a pipe */
static void case_dprintf(void)
{
	char fmt[160], *f = fmt, buf[512];
	struct fmt_arg args[4];
	int nargs = 0, ret, i;

	max_width = 300;
	gen_literal(&f, 6);
	gen_spec(&f, args, &nargs, 0);
	gen_literal(&f, 6);
	*f = 0;
	max_width = 30;
	/* %n is the formatter's, tested by snprintf */
	if (nargs && args[nargs - 1].conv == 'n')
		args[nargs - 1].p = &i;
	o_str("fmt", fmt);
	for (i = 0; i < nargs; i++) {
		if (args[i].conv == 's')
			o_str("arg", args[i].p);
		else if (args[i].conv != 'n')
			o_unum("arg", args[i].cls == A_PTR ? (unsigned long long)(uintptr_t)args[i].p :
			       (unsigned long long)args[i].v);
	}
	memset(buf, 0xa5, sizeof(buf));
	ret = call_one(2, buf, sizeof(buf), fmt, args, nargs);
	o_num("ret", ret);
	o_bytes("out", buf, ret > 0 ? ret : 0);
}

/* vsnprintf: several int conversions in one format, with sixteen int
 * arguments (the ones the format does not take are ignored, as C allows).
 */
static void case_vsnprintf(void)
{
	char fmt[256], *f = fmt, buf[512];
	struct fmt_arg args[24];
	int nargs = 0, nspec = between(2, 5), i, ret;
	size_t size;

	gen_literal(&f, 4);
	for (i = 0; i < nspec; i++) {
		gen_spec(&f, args, &nargs, 1);
		gen_literal(&f, 4);
	}
	*f = 0;
	for (; nargs < 16; nargs++)
		args[nargs].v = (long long)gen_value();
	o_str("fmt", fmt);
	for (i = 0; i < 16; i++)
		o_num("arg", AI(i));
	memset(buf, 0xa5, sizeof(buf));
	ret = via_vsnprintf(buf, sizeof(buf), fmt, AI(0), AI(1), AI(2), AI(3), AI(4),
			    AI(5), AI(6), AI(7), AI(8), AI(9), AI(10), AI(11), AI(12),
			    AI(13), AI(14), AI(15));
	fmt_report("ret", ret, buf, sizeof(buf));
	size = below(ret + 3);
	o_num("size", size);
	memset(buf, 0xa5, sizeof(buf));
	ret = via_vsnprintf(buf, size, fmt, AI(0), AI(1), AI(2), AI(3), AI(4),
			    AI(5), AI(6), AI(7), AI(8), AI(9), AI(10), AI(11), AI(12),
			    AI(13), AI(14), AI(15));
	fmt_report("ret2", ret, buf, sizeof(buf));
}

/*
 * String to number. The text: optional white space, sign, prefix, digits
 * of the base (sometimes one beyond it), trailing bytes; a quarter of the
 * cases write a type's limit plus or minus a little in the base, where
 * overflow starts.
 */
static const char digit_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* v in base b (2..36), most significant digit first, random case */
static char *put_base(char *p, uint64_t v, int b)
{
	char t[65];
	int n = 0;

	do {
		/* v % b and v / b, bit by bit: no libgcc on i386 */
		uint64_t q = 0, r = 0;
		int bit;

		for (bit = 63; bit >= 0; bit--) {
			r = (r << 1) | ((v >> bit) & 1);
			if (r >= (uint64_t)b) {
				r -= b;
				q |= 1ULL << bit;
			}
		}
		t[n++] = digit_chars[r] - (r >= 10 && chance(30) ? 32 : 0);
		v = q;
	} while (v);
	while (n)
		*p++ = t[--n];
	return p;
}

static int gen_number_text(char *s, int want_base)
{
	static const uint64_t limits[] = {
		0x7fffffff, 0x80000000, 0xffffffff, 0x7fffffffffffffffULL,
		0x8000000000000000ULL, 0xffffffffffffffffULL,
	};
	char *p = s;
	int base = want_base, b, n, i;

	if (base < 0) {
		switch (below(10)) {
		case 0: case 1: base = 0; break;
		case 2: case 3: base = 10; break;
		case 4: base = 16; break;
		case 5: base = 8; break;
		case 6: base = between(-1, 40); break;	/* sometimes invalid */
		default: base = between(2, 36); break;
		}
	}
	if (chance(30)) {
		for (n = between(1, 3), i = 0; i < n; i++)
			*p++ = pick(" \t\n\v\f\r");
	}
	if (chance(40))
		*p++ = pick("+-");
	if (chance(3))
		*p++ = pick("+- x");
	b = base >= 2 && base <= 36 ? base : 10;
	if ((base == 0 || base == 16) && chance(30)) {
		*p++ = '0';
		*p++ = pick("xX");
		b = 16;
	} else if (base == 0 && chance(20)) {
		*p++ = '0';
		b = 8;
	} else if (chance(3)) {
		*p++ = '0';
		*p++ = 'x';
	}
	if (chance(25)) {
		uint64_t v = limits[below(6)] + between(-2, 2);

		if (chance(20))
			v = (v >> 1) + between(-2, 2);
		p = put_base(p, v, b);
		if (chance(20))
			*p++ = digit_chars[below(b)];
	} else {
		n = chance(10) ? between(20, 70) : between(0, 21);
		for (i = 0; i < n; i++) {
			int d = chance(5) ? (int)below(36) : (int)below(b);

			*p++ = digit_chars[d] - (d >= 10 && chance(30) ? 32 : 0);
		}
	}
	if (chance(50)) {
		for (n = between(1, 3), i = 0; i < n; i++)
			*p++ = (char)between(0x20, 0x7e);
	}
	*p = 0;
	return base;
}

enum { STRTOL, STRTOUL, STRTOLL, STRTOULL, ATOI, ATOL, ATOLL };

static void case_strto(int which)
{
	char s[128], *end = (char *)1;
	int base = gen_number_text(s, which >= ATOI ? 10 : -1);
	int use_end = chance(90);
	unsigned long long v = 0;

	o_str("s", s);
	o_num("base", base);
	errno = 0;
	switch (which) {
	case STRTOL:
		v = strtol(s, use_end ? &end : NULL, base);
		break;
	case STRTOUL:
		v = strtoul(s, use_end ? &end : NULL, base);
		break;
	case STRTOLL:
		v = strtoll(s, use_end ? &end : NULL, base);
		break;
	case STRTOULL:
		v = strtoull(s, use_end ? &end : NULL, base);
		break;
	case ATOI:
		v = atoi(s);
		break;
	case ATOL:
		v = atol(s);
		break;
	case ATOLL:
		v = atoll(s);
		break;
	}
	o_unum("ret", v);
	/* atoi and friends need not set errno */
	if (which < ATOI)
		o_num("errno", errno);
	/* With an invalid base, glibc leaves *end as it was (C says nothing);
	 * nolibc points it at the start: only the value and EINVAL count.
	 */
	if (which < ATOI && use_end && base >= 0 && base != 1 && base <= 36)
		o_off("end", end, s);
}

static void case_strtol(void) { case_strto(STRTOL); }
static void case_strtoul(void) { case_strto(STRTOUL); }
static void case_strtoll(void) { case_strto(STRTOLL); }
static void case_strtoull(void) { case_strto(STRTOULL); }
static void case_atoi(void) { case_strto(ATOI); }
static void case_atol(void) { case_strto(ATOL); }
static void case_atoll(void) { case_strto(ATOLL); }

/*
 * qsort: ints, and records of several sizes sorted by an int key they
 * carry at their start (the rest tells equal keys apart). Not stable, so
 * what must match is the key sequence and the multiset of records: the
 * result, re-sorted by whole record with our own insertion sort, is hashed.
 */
static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

static int cmp_key(const void *a, const void *b)
{
	int x, y;

	memcpy(&x, a, sizeof(x));
	memcpy(&y, b, sizeof(y));
	return (x > y) - (x < y);
}

static void sort_bytes(unsigned char *a, size_t n, size_t es)
{
	unsigned char t[64];
	size_t i, j;

	for (i = 1; i < n; i++) {
		memcpy(t, a + i * es, es);
		for (j = i; j && memcmp(a + (j - 1) * es, t, es) > 0; j--)
			memcpy(a + j * es, a + (j - 1) * es, es);
		memcpy(a + j * es, t, es);
	}
}

static void case_qsort(int records)
{
	static const unsigned char sizes[] = { 4, 5, 8, 12, 16, 24, 33, 64 };
	static unsigned char a[300 * 64], c[300 * 64];
	size_t n = chance(10) ? between(64, 300) : between(0, 63), es = 4, i;
	int range = chance(50) ? between(1, 20) : 0, sorted = 1, key, prev = 0;

	if (records)
		es = sizes[below(sizeof(sizes))];
	for (i = 0; i < n * es; i++)
		a[i] = (unsigned char)rnd();
	for (i = 0; i < n; i++) {
		key = range ? between(-range, range) : (int)rnd();
		memcpy(a + i * es, &key, sizeof(key));
	}
	o_bytes("in", a, n * es);
	qsort(a, n, es, records ? cmp_key : cmp_int);
	for (i = 0; i < n; i++) {
		memcpy(&key, a + i * es, sizeof(key));
		if (i && key < prev)
			sorted = 0;
		prev = key;
		h_bytes(&key, sizeof(key));
	}
	o_num("sorted", sorted);
	memcpy(c, a, n * es);
	sort_bytes(c, n, es);
	o_bytes("multiset", c, n * es);
}

static void case_qsort_int(void) { case_qsort(0); }
static void case_qsort_rec(void) { case_qsort(1); }

/*
 * Memory and string functions: bytes from a small alphabet (so strings
 * share prefixes) with bytes above 0x7f; comparisons count by their sign.
 */
static unsigned char sa[512], sb[512];

static int sign(int x)
{
	return (x > 0) - (x < 0);
}

static size_t gen_bytes(unsigned char *p, size_t max, int nul)
{
	static const unsigned char alpha[] = { 'a', 'b', 'c', 0x7f, 0x80, 0xfe, 0xff, 0 };
	size_t n = below(max + 1), i;

	for (i = 0; i < n; i++) {
		p[i] = chance(70) ? alpha[below(nul ? 8 : 7)] : (unsigned char)between(1, 255);
	}
	return n;
}

/* b: a copy of a, perhaps with a byte changed, cut or extended */
static size_t gen_pair(size_t max, int nul)
{
	size_t na = gen_bytes(sa, max, nul), nb = na;

	memcpy(sb, sa, na);
	if (chance(70) && na) {
		switch (below(3)) {
		case 0:
			sb[below(na)] = (unsigned char)rnd();
			break;
		case 1:
			nb = below(na + 1);
			break;
		default:
			nb = na + gen_bytes(sb + na, max - na, nul);
			break;
		}
	}
	if (!nul) {
		sa[na] = 0;
		sb[nb] = 0;
	}
	return na > nb ? na : nb;
}

/* a character for strchr/memchr/memset: a byte, or an int whose low byte
 * is what counts
 */
static int gen_char(void)
{
	int c = chance(60) ? pick("abc") : (int)below(256);

	if (chance(15))
		c += chance(50) ? 256 * between(1, 100) : -256;
	return c;
}

static void case_memcmp(void)
{
	size_t n = gen_pair(100, 1);

	n = below(n + 1);
	o_bytes("a", sa, n);
	o_bytes("b", sb, n);
	o_num("ret", sign(memcmp(sa, sb, n)));
}

static void case_strcmp(void)
{
	gen_pair(60, 0);
	o_str("a", (char *)sa);
	o_str("b", (char *)sb);
	o_num("ret", sign(strcmp((char *)sa, (char *)sb)));
}

static void case_strncmp(void)
{
	size_t n = gen_pair(60, 0);

	n = chance(5) ? SIZE_MAX - below(3) : below(n + 3);
	o_str("a", (char *)sa);
	o_str("b", (char *)sb);
	o_unum("n", n);
	o_num("ret", sign(strncmp((char *)sa, (char *)sb, n)));
}

static void case_memchr(void)
{
	size_t n = gen_bytes(sa, 100, 1), len = below(n + 1);
	int c = gen_char();

	o_bytes("s", sa, n);
	o_num("c", c);
	o_num("n", len);
	o_off("ret", memchr(sa, c, len), sa);
}

static void case_strchr(int last)
{
	int c = gen_char();

	sa[gen_bytes(sa, 80, 0)] = 0;
	o_str("s", (char *)sa);
	o_num("c", c);
	o_off("ret", last ? strrchr((char *)sa, c) : strchr((char *)sa, c), sa);
}

static void case_strchr_(void) { case_strchr(0); }
static void case_strrchr(void) { case_strchr(1); }

static void case_strlen(void)
{
	size_t off = below(16), n = gen_bytes(sa + off, 300, 0);

	sa[off + n] = 0;
	o_num("off", off);
	o_num("ret", strlen((char *)sa + off));
	o_num("ret2", strnlen((char *)sa + off, below(n + 3)));
}

/* memmove within one buffer, every overlap; memcpy between two */
static void case_memmove(void)
{
	size_t n = below(200), src = below(256 - n), dst = below(256 - n);
	void *r;

	gen_bytes(sa, 256, 1);
	o_num("src", src);
	o_num("dst", dst);
	o_num("n", n);
	o_bytes("before", sa, 256);
	r = memmove(sa + dst, sa + src, n);
	o_off("ret", r, sa);
	o_bytes("after", sa, 256);
}

static void case_memcpy(void)
{
	size_t n = below(200), src = below(256 - n), dst = below(256 - n);
	void *r;

	gen_bytes(sa, 256, 1);
	memset(sb, 0xa5, 256);
	o_num("src", src);
	o_num("dst", dst);
	o_num("n", n);
	o_bytes("src", sa, 256);
	r = memcpy(sb + dst, sa + src, n);
	o_off("ret", r, sb);
	o_bytes("after", sb, 256);
}

static void case_memset(void)
{
	size_t n = below(200), dst = below(256 - n);
	int c = gen_char();

	memset(sb, 0xa5, 256);
	o_num("c", c);
	o_num("dst", dst);
	o_num("n", n);
	o_off("ret", memset(sb + dst, c, n), sb);
	o_bytes("after", sb, 256);
}

static void case_strstr(void)
{
	size_t nb = gen_bytes(sb, chance(80) ? 4 : 10, 0);
	char *r;

	sb[nb] = 0;
	sa[gen_bytes(sa, 60, 0)] = 0;
	o_str("hay", (char *)sa);
	o_str("needle", (char *)sb);
	r = strstr((char *)sa, (char *)sb);
	o_off("ret", r, sa);
}

static void case_strspn(void)
{
	sb[gen_bytes(sb, 4, 0)] = 0;
	sa[gen_bytes(sa, 60, 0)] = 0;
	o_str("s", (char *)sa);
	o_str("set", (char *)sb);
	o_num("spn", strspn((char *)sa, (char *)sb));
	o_num("cspn", strcspn((char *)sa, (char *)sb));
	o_off("pbrk", strpbrk((char *)sa, (char *)sb), sa);
}

/* strncpy pads, strncat terminates: the whole destination counts */
static void case_strncpy(void)
{
	size_t n = below(80);
	char *r;

	sa[gen_bytes(sa, 60, 0)] = 0;
	memset(sb, 0xa5, 256);
	sb[gen_bytes(sb, 40, 0)] = 0;
	o_str("src", (char *)sa);
	o_bytes("dst", sb, 256);
	o_num("n", n);
	r = chance(50) ? strncpy((char *)sb, (char *)sa, n) : strncat((char *)sb, (char *)sa, n);
	o_off("ret", r, sb);
	o_bytes("after", sb, 256);
}

/* strtok_r over a string of tokens and delimiters from one alphabet */
static void case_strtok_r(void)
{
	char *save = NULL, *t, *str = (char *)sa;
	int i;

	sa[gen_bytes(sa, 60, 0)] = 0;
	sb[gen_bytes(sb, 3, 0)] = 0;
	o_str("s", (char *)sa);
	o_str("delim", (char *)sb);
	for (i = 0; i < 70; i++, str = NULL) {
		t = strtok_r(str, (char *)sb, &save);
		o_off("tok", t, sa);
		if (!t)
			break;
		o_str("is", t);
	}
	o_bytes("after", sa, 61);
}

static void case_strcpy(void)
{
	char *r;
	int cat = below(2);

	sa[gen_bytes(sa, 60, 0)] = 0;
	memset(sb, 0xa5, 256);
	sb[gen_bytes(sb, 60, 0)] = 0;
	o_str("src", (char *)sa);
	o_str("dst", (char *)sb);
	r = cat ? strcat((char *)sb, (char *)sa) : strcpy((char *)sb, (char *)sa);
	o_num("cat", cat);
	o_off("ret", r, sb);
	o_bytes("after", sb, 256);
}

/* the C locale's classes of EOF and of every byte, and the case maps */
static void case_ctype(void)
{
	static int (*const is[])(int) = {
		isalnum, isalpha, isblank, iscntrl, isdigit, isgraph, islower,
		isprint, ispunct, isspace, isupper, isxdigit, isascii,
	};
	int c = between(-1, 255), bits = 0;
	unsigned int i;

	for (i = 0; i < sizeof(is) / sizeof(is[0]); i++)
		bits |= !!is[i](c) << i;
	o_num("c", c);
	o_num("classes", bits);
	o_num("upper", toupper(c));
	o_num("lower", tolower(c));
}

#ifdef FUZZ_SSCANF
/*
 * sscanf: a number in range of the conversion's type (out of range is
 * undefined behaviour in C, and glibc's answer is only one choice), with
 * white space, sign and base prefix as strto* take them, sometimes a
 * field width, then a word and %n. One entry per conversion kind below.
 */
static void case_sscanf(void)
{
	static const struct {
		const char *conv;
		int base, bits, sgn;	/* magnitude below 2^bits */
	} convs[] = {
		{ "d", 10, 31, 1 }, { "i", 0, 31, 1 }, { "u", 10, 32, 0 },
		{ "x", 16, 32, 0 }, { "X", 16, 32, 0 }, { "o", 8, 32, 0 },
		{ "hhd", 10, 7, 1 }, { "hd", 10, 15, 1 }, { "hhu", 10, 8, 0 },
		{ "ld", 10, 8 * sizeof(long) - 1, 1 }, { "lx", 16, 8 * sizeof(long), 0 },
		{ "lld", 10, 63, 1 }, { "llu", 10, 64, 0 }, { "llx", 16, 64, 0 },
	};
	char s[128], fmt[64], word[128], *p = s, *f = fmt;
	int k = below(sizeof(convs) / sizeof(convs[0])), base = convs[k].base, ret, n = -1;
	uint64_t v = rnd() >> below(64);
	long long out;

	if (convs[k].bits < 64)
		v &= (1ULL << convs[k].bits) - 1;
	if (chance(30))
		*p++ = pick(" \t\n");
	if (convs[k].sgn && chance(40))
		*p++ = '-';
	else if (chance(10))
		*p++ = '+';
	if (!base) {
		base = pick("\x0a\x10\x08");
		if (base != 10)
			*p++ = '0';
		if (base == 16)
			*p++ = pick("xX");
	} else if (base == 16 && chance(30)) {
		*p++ = '0';
		*p++ = pick("xX");
	}
	p = put_base(p, v, base);
	if (chance(60))
		*p++ = pick(" \tz_.");
	if (chance(60)) {
		int i, m = below(8);

		for (i = 0; i < m; i++)
			*p++ = (char)between(0x21, 0x7e);
	}
	*p = 0;
	*f++ = '%';
	if (chance(20))
		*f++ = '0' + between(1, 9);
	strcpy(f, convs[k].conv);
	strcat(f, "%s%n");
	memset(&out, 0xa5, sizeof(out));
	memset(word, 0xa5, sizeof(word));
	o_str("s", s);
	o_str("fmt", fmt);
	ret = sscanf(s, fmt, &out, word, &n);
	o_num("ret", ret);
	o_unum("v", (unsigned long long)out);
	if (ret == 2)
		o_str("word", word);
	o_num("n", n);
}
#endif

static const struct {
	const char *name;
	void (*run)(void);
} funcs[] = {
	{ "snprintf", case_snprintf },
	{ "vsnprintf", case_vsnprintf },
	{ "dprintf", case_dprintf },
	{ "strtol", case_strtol },
	{ "strtoul", case_strtoul },
	{ "strtoll", case_strtoll },
	{ "strtoull", case_strtoull },
	{ "atoi", case_atoi },
	{ "atol", case_atol },
	{ "atoll", case_atoll },
	{ "qsort_int", case_qsort_int },
	{ "qsort_rec", case_qsort_rec },
	{ "memcmp", case_memcmp },
	{ "strcmp", case_strcmp },
	{ "strncmp", case_strncmp },
	{ "memchr", case_memchr },
	{ "strchr", case_strchr_ },
	{ "strrchr", case_strrchr },
	{ "strlen", case_strlen },
	{ "memmove", case_memmove },
	{ "memcpy", case_memcpy },
	{ "memset", case_memset },
	{ "strstr", case_strstr },
	{ "strspn", case_strspn },
	{ "strncpy", case_strncpy },
	{ "strcpy", case_strcpy },
	{ "strtok_r", case_strtok_r },
	{ "ctype", case_ctype },
#ifdef FUZZ_SSCANF
	{ "sscanf", case_sscanf },
#endif
};

#define NFUNCS (sizeof(funcs) / sizeof(funcs[0]))

/* a decimal argument, with no libc parsing (strtoull is under test) */
static uint64_t arg_num(const char *s)
{
	uint64_t v = 0;

	for (; *s >= '0' && *s <= '9'; s++)
		v = v * 10 + (*s - '0');
	return *s ? (uint64_t)-1 : v;
}

int main(int argc, char **argv)
{
	uint64_t seed, first, count, i, fid = 0, k;

	if (argc == 2 && !strcmp(argv[1], "--list")) {
		for (i = 0; i < NFUNCS; i++) {
			o_raw(funcs[i].name, strlen(funcs[i].name));
			o_raw("\n", 1);
		}
		o_flush();
		return 0;
	}
	if (argc < 5 || argc > 6 || (argc == 6 && strcmp(argv[5], "-v"))) {
		static const char usage[] = "usage: fuzz --list | fuzz FUNC SEED FIRST COUNT [-v]\n";

		write(2, usage, sizeof(usage) - 1);
		return 2;
	}
	verbose = argc == 6;
	while (fid < NFUNCS && strcmp(funcs[fid].name, argv[1]))
		fid++;
	seed = arg_num(argv[2]);
	first = arg_num(argv[3]);
	count = arg_num(argv[4]);
	if (fid == NFUNCS || seed == (uint64_t)-1 || first == (uint64_t)-1 ||
	    count == (uint64_t)-1) {
		static const char bad[] = "fuzz: unknown function or bad number\n";

		write(2, bad, sizeof(bad) - 1);
		return 2;
	}
	/* the function's name, not its index, seeds it: adding an entry
	 * changes no other entry's cases
	 */
	for (k = 0; argv[1][k]; k++)
		seed = mix(seed ^ (unsigned char)argv[1][k]);
	for (i = first; i < first + count; i++) {
		rng = mix(seed ^ mix(i));
		hash = 0xcbf29ce484222325ULL;
		/* nothing left over from the case before */
		memset(sa, 0, sizeof(sa));
		memset(sb, 0, sizeof(sb));
		memset(fmt_pool, 0, sizeof(fmt_pool));
		if (verbose) {
			o_raw("case ", 5);
			o_dec((long long)i);
			o_raw(":", 1);
		}
		funcs[fid].run();
		if (!verbose)
			o_hex64(hash, 16);
		o_raw("\n", 1);
	}
	o_flush();
	return 0;
}

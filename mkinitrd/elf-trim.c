// SPDX-License-Identifier: GPL-2.0
/*
 * elf-trim: drop everything from an ELF executable that the kernel's loader
 * never reads: the section header table and whatever lies after the last
 * byte a program header maps. Debian 12's binutils cannot do this itself
 * (strip --strip-section-headers came with 2.41). Handles 32/64-bit and
 * both byte orders, so one host build serves every target arch.
 *
 * Usage: elf-trim FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>
#include <errno.h>

static int big_endian;

static uint64_t get(const unsigned char *p, int size)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < size; i++)
		v |= (uint64_t)p[big_endian ? size - 1 - i : i] << (8 * i);
	return v;
}

static void put(unsigned char *p, int size, uint64_t v)
{
	int i;

	for (i = 0; i < size; i++)
		p[big_endian ? size - 1 - i : i] = v >> (8 * i);
}

static int fail(const char *file, const char *why)
{
	fprintf(stderr, "elf-trim: %s: %s\n", file, why);
	return 1;
}

int main(int argc, char **argv)
{
	/* offsets of e_phoff, e_shoff, e_phentsize... by ELF class */
	int is64, word, phoff_at, shoff_at, phentsize_at;
	unsigned char *buf;
	uint64_t phoff, end = 0;
	unsigned int i, phnum, phentsize;
	long size;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: elf-trim FILE\n");
		return 2;
	}
	f = fopen(argv[1], "r+b");
	if (!f)
		return fail(argv[1], strerror(errno));
	if (fseek(f, 0, SEEK_END))
		return fail(argv[1], "not an ELF file");
	size = ftell(f);
	if (size < 52 || fseek(f, 0, SEEK_SET))
		return fail(argv[1], "not an ELF file");
	buf = malloc(size);
	if (!buf || fread(buf, 1, size, f) != (size_t)size)
		return fail(argv[1], "cannot read");
	if (memcmp(buf, "\177ELF", 4) || (buf[4] != 1 && buf[4] != 2) ||
	    (buf[5] != 1 && buf[5] != 2))
		return fail(argv[1], "not an ELF file");

	is64 = buf[4] == 2;
	big_endian = buf[5] == 2;
	word = is64 ? 8 : 4;
	phoff_at = is64 ? 32 : 28;
	shoff_at = is64 ? 40 : 32;
	phentsize_at = is64 ? 54 : 42;

	phoff = get(buf + phoff_at, word);
	phentsize = get(buf + phentsize_at, 2);
	phnum = get(buf + phentsize_at + 2, 2);
	if (phoff + (uint64_t)phnum * phentsize > (uint64_t)size)
		return fail(argv[1], "program headers lie outside the file");

	/* The end of the file that matters: headers and every segment's bytes. */
	end = phoff + (uint64_t)phnum * phentsize;
	for (i = 0; i < phnum; i++) {
		const unsigned char *ph = buf + phoff + (uint64_t)i * phentsize;
		uint64_t off = get(ph + (is64 ? 8 : 4), word);
		uint64_t filesz = get(ph + (is64 ? 32 : 16), word);

		if (off + filesz > end)
			end = off + filesz;
	}
	if (end > (uint64_t)size)
		return fail(argv[1], "segments lie outside the file");

	put(buf + shoff_at, word, 0);		/* e_shoff */
	put(buf + phentsize_at + 4, 2, 0);	/* e_shentsize */
	put(buf + phentsize_at + 6, 2, 0);	/* e_shnum */
	put(buf + phentsize_at + 8, 2, 0);	/* e_shstrndx */

	if (fseek(f, 0, SEEK_SET) || fwrite(buf, 1, end, f) != end || fflush(f) ||
	    ftruncate(fileno(f), end))
		return fail(argv[1], strerror(errno));
	fclose(f);
	return 0;
}

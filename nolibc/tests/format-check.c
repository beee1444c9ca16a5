/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * -Wformat sees the printf and scanf families of nolibc: built as it is,
 * this program has no warning; with -DBAD, each of the BAD_LINES calls
 * below must get one (the Makefile's test-format counts them).
 */
#include <stdio.h>
#include <stdlib.h>

#define BAD_LINES 8

int main(void)
{
	char s[16];
	int n = 0;
	long l = 0;

#ifdef BAD
	printf("%s\n", 42);
	fprintf(stderr, "%d\n", "x");
	snprintf(s, sizeof(s), "%ld", 1);
	sprintf(s, "%s", 'c');
	dprintf(1, "%d %d\n", 1);
	sscanf("1", "%d", &l);
	sscanf("1", "%s", &n);
	sscanf("1 2", "%d %d", &n);
#else
	printf("%s %d %m\n", "ok", 42);
	fprintf(stderr, "%d\n", 1);
	snprintf(s, sizeof(s), "%ld", l);
	sprintf(s, "%c", 'c');
	dprintf(1, "%d %d\n", 1, 2);
	sscanf("1", "%ld", &l);
	sscanf("1 x", "%d %15s", &n, s);
#endif
	return n == 1 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Built with -DNOLIBC_IGNORE_ERRNO: failing calls still return -1 (or
 * NULL), but errno is never written. Exits 0 when that holds.
 */
#ifndef NOLIBC
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#endif

int main(void)
{
	int bad = 0;

	errno = 0;
	if (write(-1, "x", 1) != -1)
		bad |= 1;
	if (chdir("/nonexistent-nolibc") != -1)
		bad |= 2;
	if (malloc(~(size_t)0) != NULL)
		bad |= 4;
	if (strtol("99999999999999999999", NULL, 10) != LONG_MAX)
		bad |= 8;
	if (errno != 0)
		bad |= 16;
	printf("ignore-errno: %s (%d)\n", bad ? "broken" : "ok", bad);
	return bad;
}

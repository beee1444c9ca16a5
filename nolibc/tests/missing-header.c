/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * A program including a header nolibc lacks: the build must stop with
 * that header named, not pick up the host libc's (whose struct timespec
 * would clash with ours far from the cause).
 */
#include <stdio.h>
#include <mqueue.h>

int main(void)
{
	printf("%d\n", (int)sizeof(mqd_t));
	return 0;
}

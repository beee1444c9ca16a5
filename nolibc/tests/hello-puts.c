/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* The smallest useful program: only the usual #include lines. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void)
{
	puts("hello, world");
	return EXIT_SUCCESS;
}

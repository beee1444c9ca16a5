/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/* hello world through the formatter, which is most of its size. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	(void)argv;
	printf("%s, %.*s\n", "hello", argc + 4, "world!!!");
	return EXIT_SUCCESS;
}

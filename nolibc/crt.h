/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Program start: the arch's _start passes the initial stack pointer here.
 * The stack holds argc, argv[argc], NULL, envp..., NULL, then the auxiliary
 * vector as (type, value) pairs ending with AT_NULL.
 */
#ifndef _NOLIBC_CRT_H
#define _NOLIBC_CRT_H

#include "stdlib.h"

/* main() may be declared with any of its allowed prototypes; the asm label
 * reaches it whatever this translation unit says its type is.
 */
int __nolibc_main(int argc, char **argv, char **envp) __asm__("main");

__attribute__((used, noreturn)) __nolibc_no_stack_protector
static void __nolibc_start_c(long *sp)
{
	int argc = sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1;
	char **p = envp;

	environ = envp;
	while (*p)
		p++;
	_auxv = (const unsigned long *)(p + 1);
	exit(__nolibc_main(argc, argv, envp));
}

#endif /* _NOLIBC_CRT_H */

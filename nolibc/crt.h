/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Program start: the arch's _start passes the initial stack pointer here.
 * The stack holds argc, argv[argc], NULL, envp..., NULL, then the auxiliary
 * vector as (type, value) pairs ending with AT_NULL.
 *
 * Constructors run before main() and destructors at exit() (stdlib.h). No
 * compiler or linker tells a header whether a program has any, so the two
 * loops cost every program about 70 bytes on x86_64; NOLIBC_NO_INITFINI
 * drops them for a program known to have none (the project's init).
 */
#ifndef _NOLIBC_CRT_H
#define _NOLIBC_CRT_H

#include "stdlib.h"
#include "stackprotector.h"

/* main() may be declared with any of its allowed prototypes; the asm label
 * reaches it whatever this translation unit says its type is.
 */
int __nolibc_main(int argc, char **argv, char **envp) __asm__("main");

#ifndef NOLIBC_NO_INITFINI
/* The constructor arrays' bounds, which the linker's default script
 * defines (hidden, not weak: a weak one would be reached through a GOT).
 * As glibc does, each function gets main's arguments.
 */
typedef void (*__nolibc_init_fn)(int argc, char **argv, char **envp);
extern __nolibc_init_fn const __preinit_array_start[] __attribute__((visibility("hidden")));
extern __nolibc_init_fn const __preinit_array_end[] __attribute__((visibility("hidden")));
extern __nolibc_init_fn const __init_array_start[] __attribute__((visibility("hidden")));
extern __nolibc_init_fn const __init_array_end[] __attribute__((visibility("hidden")));
#endif

__attribute__((used, noreturn)) __nolibc_no_stack_protector
static void __nolibc_start_c(long *sp)
{
	int argc = sp[0];
	char **argv = (char **)(sp + 1);
	char **envp = argv + argc + 1;
	char **p = envp;
#ifndef NOLIBC_NO_INITFINI
	const __nolibc_init_fn *f;
#endif

	environ = envp;
	while (*p)
		p++;
	_auxv = (const unsigned long *)(p + 1);
#ifdef NOLIBC_STACKPROTECTOR
	__nolibc_stack_chk_init();
#endif
#ifndef NOLIBC_NO_INITFINI
	/* .preinit_array, then .init_array (constructors), each in order */
	for (f = __preinit_array_start; f < __preinit_array_end; f++)
		(*f)(argc, argv, envp);
	for (f = __init_array_start; f < __init_array_end; f++)
		(*f)(argc, argv, envp);
#endif
	exit(__nolibc_main(argc, argv, envp));
}

#endif /* _NOLIBC_CRT_H */

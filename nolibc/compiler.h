/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Compiler attributes shared by every nolibc header.
 */
#ifndef _NOLIBC_COMPILER_H
#define _NOLIBC_COMPILER_H

/* Every function is static so that one header serves every translation
 * unit with no link step; "unused" silences the ones a program ignores.
 */
#define __nolibc_fn static __attribute__((unused))
#define __nolibc_inline static __inline__ __attribute__((unused, always_inline))
#define __nolibc_weak __attribute__((weak))
#define __nolibc_noreturn __attribute__((noreturn))

/* For startup code that runs before the guard is seeded, and for naked
 * functions (_start, signal restorers), where gcc 12 with
 * -fstack-protector-all still stores a canary, through whatever rbp holds.
 */
#if defined(__has_attribute)
#if __has_attribute(no_stack_protector)
#define __nolibc_no_stack_protector __attribute__((no_stack_protector))
#endif
#endif
#ifndef __nolibc_no_stack_protector
#define __nolibc_no_stack_protector
#endif

/* A case that runs on into the next: the attribute where the compiler has
 * it (gcc 7, clang 10), since clang, asked to warn about such cases, reads
 * no comment (gcc reads both).
 */
#if defined(__has_attribute)
#if __has_attribute(__fallthrough__)
#define __nolibc_fallthrough __attribute__((__fallthrough__))
#endif
#endif
#ifndef __nolibc_fallthrough
#define __nolibc_fallthrough do { } while (0)
#endif

/* An empty asm that the compiler must assume reads and writes memory. Put in
 * the byte loops of memset/memcpy/strlen it keeps gcc from recognising the
 * loop and replacing it with a call to the very function being defined.
 * A function always inlined, not a macro: a macro's value goes in
 * parentheses (kernel style), which an asm statement cannot take, and a
 * ({ }) around it warns under -pedantic.
 */
__nolibc_inline void __nolibc_barrier(void)
{
	__asm__ volatile("" ::: "memory");
}

#endif /* _NOLIBC_COMPILER_H */

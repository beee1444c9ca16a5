/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * The stack protector's runtime, for programs built with -fstack-protector,
 * -strong or -all and a global guard (-mstack-protector-guard=global on
 * x86 and powerpc; aarch64, arm, riscv and mips use one by default): the
 * guard the compiler's checks read, seeded from AT_RANDOM at startup, and
 * the function they call when the canary changed. A program built without
 * a stack protector gets none of it: the compiler says which with __SSP*__.
 * A thread-pointer guard (the x86 and powerpc default, s390x's only kind)
 * is not supported: nolibc sets up no thread pointer.
 */
#ifndef _NOLIBC_STACKPROTECTOR_H
#define _NOLIBC_STACKPROTECTOR_H

#include "compiler.h"

#if defined(__SSP__) || defined(__SSP_STRONG__) || defined(__SSP_ALL__) || \
	defined(__SSP_EXPLICIT__)
#define NOLIBC_STACKPROTECTOR 1

#include "sys.h"
#include "unistd.h"
#include "stdlib.h"
#include "sys/auxv.h"

/* Weak: every object file of a program shares one. */
uintptr_t __stack_chk_guard __nolibc_weak;

/* void __stack_chk_fail(void); the message, then ends as abort() does */
__nolibc_weak __nolibc_noreturn __nolibc_no_stack_protector void __stack_chk_fail(void);
__nolibc_weak __nolibc_noreturn __nolibc_no_stack_protector void __stack_chk_fail(void)
{
	static const char msg[] = "*** stack smashing detected ***: terminated\n";

	sys_write(STDERR_FILENO, msg, sizeof(msg) - 1);
	abort();
}

/* void __stack_chk_fail_local(void); what gcc calls instead in
 * position-independent code on i386 (glibc has it in libc_nonshared.a)
 */
__nolibc_weak __nolibc_noreturn __nolibc_no_stack_protector __attribute__((visibility("hidden")))
void __stack_chk_fail_local(void);
__nolibc_weak __nolibc_noreturn __nolibc_no_stack_protector __attribute__((visibility("hidden")))
void __stack_chk_fail_local(void)
{
	__stack_chk_fail();
}

/* Called by the startup code before any protected function can return:
 * from then on the canary differs in each run. The canary's first byte in
 * memory is zero, so string functions overrunning a buffer stop there.
 */
__nolibc_inline __nolibc_no_stack_protector void __nolibc_stack_chk_init(void)
{
	const uintptr_t *rnd = (const uintptr_t *)getauxval(AT_RANDOM);
	uintptr_t guard;

	if (!rnd)
		return;
	__builtin_memcpy(&guard, rnd, sizeof(guard));
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	guard &= ~((uintptr_t)0xff << (8 * (sizeof(guard) - 1)));
#else
	guard &= ~(uintptr_t)0xff;
#endif
	__stack_chk_guard = guard;
}
#endif /* __SSP__ ... */

#endif /* _NOLIBC_STACKPROTECTOR_H */

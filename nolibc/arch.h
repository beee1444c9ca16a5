/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Picks the arch file for the target. "make headers_install" replaces this
 * file with the chosen arch file in the installed sysroot.
 */
#ifndef _NOLIBC_ARCH_H
#define _NOLIBC_ARCH_H

#if defined(__x86_64__) && defined(__ILP32__)
#include "arch-x32.h"
#elif defined(__x86_64__)
#include "arch-x86_64.h"
#elif defined(__i386__)
#include "arch-i386.h"
#elif defined(__aarch64__)
#include "arch-aarch64.h"
#elif defined(__riscv) && __riscv_xlen == 64
#include "arch-riscv64.h"
#elif defined(__arm__)
#include "arch-arm.h"
#elif defined(__s390x__)
#include "arch-s390x.h"
#elif defined(__mips__) && _MIPS_SIM == _ABIO32
#include "arch-mips.h"
#elif defined(__mips__) && (_MIPS_SIM == _ABI64 || _MIPS_SIM == _ABIN32)
#include "arch-mips64.h"
#elif defined(__powerpc64__) && _CALL_ELF == 2
#include "arch-ppc64le.h"
#elif defined(__powerpc64__)
#include "arch-ppc64.h"
#elif defined(__powerpc__)
#include "arch-ppc.h"
#elif defined(__m68k__)
#include "arch-m68k.h"
#elif defined(__sh__)
#include "arch-sh4.h"
#elif defined(__alpha__)
#include "arch-alpha.h"
#elif defined(__sparc__)
#include "arch-sparc.h"
#elif defined(__hppa__) && !defined(__LP64__)
#include "arch-hppa.h"
#else
#error "nolibc: this architecture is not supported yet (see nolibc/README.md)"
#endif

/*
 * The kernel nolibc's names for the syscall functions, for programs written
 * for it: long my_syscallN(num, arg1, ..., argN). Its callers pass pointers
 * and integers alike, so each argument is only cast to long.
 */
#define my_syscall0(num) __nolibc_syscall0((long)(num))
#define my_syscall1(num, a1) __nolibc_syscall1((long)(num), (long)(a1))
#define my_syscall2(num, a1, a2) \
	__nolibc_syscall2((long)(num), (long)(a1), (long)(a2))
#define my_syscall3(num, a1, a2, a3) \
	__nolibc_syscall3((long)(num), (long)(a1), (long)(a2), (long)(a3))
#define my_syscall4(num, a1, a2, a3, a4) \
	__nolibc_syscall4((long)(num), (long)(a1), (long)(a2), (long)(a3), (long)(a4))
#define my_syscall5(num, a1, a2, a3, a4, a5) \
	__nolibc_syscall5((long)(num), (long)(a1), (long)(a2), (long)(a3), (long)(a4), \
			  (long)(a5))
#define my_syscall6(num, a1, a2, a3, a4, a5, a6) \
	__nolibc_syscall6((long)(num), (long)(a1), (long)(a2), (long)(a3), (long)(a4), \
			  (long)(a5), (long)(a6))

#endif /* _NOLIBC_ARCH_H */

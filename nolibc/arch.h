/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Picks the arch file for the target. "make headers_install" replaces this
 * file with the chosen arch file in the installed sysroot.
 */
#ifndef _NOLIBC_ARCH_H
#define _NOLIBC_ARCH_H

#if defined(__x86_64__)
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
#elif defined(__powerpc64__) && _CALL_ELF == 2
#include "arch-ppc64le.h"
#else
#error "nolibc: this architecture is not supported yet (see nolibc/README.md)"
#endif

#endif /* _NOLIBC_ARCH_H */

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * System call wrappers. Each call has a raw form, sys_<name>(), returning the
 * kernel's result (-errno on failure), and the POSIX form <name>() returning
 * -1 with errno set. Where an arch lacks an old syscall the modern one is
 * used everywhere (openat, statx, pipe2, pselect6, wait4...), which keeps the
 * arch files down to what truly differs.
 */
#ifndef _NOLIBC_SYS_H
#define _NOLIBC_SYS_H

#include "types.h"
#include "arch.h"
#include "errno.h"
#include "signum.h"
#include <asm/unistd.h>

/* Variadic-free access to the arch's syscall functions by argument count. */
#define __nolibc_sc(n, ...) __nolibc_syscall##n(__VA_ARGS__)

#endif /* _NOLIBC_SYS_H */

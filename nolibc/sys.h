/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * What every family of system call wrappers shares. Each family lives in the
 * header whose name promises it (read() in <unistd.h>, stat() in
 * <sys/stat.h>...), each call with a raw form, sys_<name>(), returning the
 * kernel's result (-errno on failure), next to the POSIX form <name>()
 * returning -1 with errno set (__sysret() in errno.h). Where an arch lacks
 * an old syscall the modern one is used everywhere (openat, statx, pipe2,
 * pselect6, wait4...), which keeps the arch files down to what truly
 * differs. This file includes no family, so any of them may include it.
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

/*
 * __NOLIBC_KTIME32: the kernel's own time types are 32-bit here (32-bit
 * ABIs but x32). The syscalls taking a timespec then have a *_time64 twin
 * (time.h's clock_* ones a *64 one) that takes our 64-bit struct timespec:
 * __NOLIBC_TIME64(name) and __NOLIBC_TIME64_CLOCK(name) give the number to
 * use, __NR_<name> on the other ABIs.
 */
#ifdef __NR_clock_gettime64
#define __NOLIBC_KTIME32 1
#define __NOLIBC_TIME64(name) (__NR_##name##_time64)
#define __NOLIBC_TIME64_CLOCK(name) (__NR_##name##64)
#else
#define __NOLIBC_TIME64(name) (__NR_##name)
#define __NOLIBC_TIME64_CLOCK(name) (__NR_##name)
#endif

#endif /* _NOLIBC_SYS_H */

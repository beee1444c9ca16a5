/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * nolibc: a C library made only of headers. Build a program with
 *   gcc -nostdlib -static -include DIR/nolibc.h prog.c -lgcc
 * (DIR: this folder),
 * or against an installed sysroot with -nostdlib -I<sysroot>/include.
 * NOLIBC is defined so code can skip its libc includes with #ifndef NOLIBC.
 */
#ifndef _NOLIBC_H
#define _NOLIBC_H

#define NOLIBC

#include "compiler.h"
#include "types.h"
#include "arch.h"
#include "errno.h"
#include "signum.h"
#include "sys.h"
#include "fcntl.h"
#include "sys/ioctl.h"
#include "sys/sysmacros.h"
#include "sys/stat.h"
#include "unistd.h"
#include "time.h"
#include "sys/time.h"
#include "sys/timerfd.h"
#include "sys/select.h"
#include "poll.h"
#include "dirent.h"
#include "sys/mount.h"
#include "sys/mman.h"
#include "sys/reboot.h"
#include "sys/utsname.h"
#include "sys/prctl.h"
#include "sys/wait.h"
#include "string.h"
#include "ctype.h"
#include "signal.h"
#include "sched.h"
#include "sys/random.h"
#include "sys/resource.h"
#include "sys/auxv.h"
#include "stdlib.h"
#include "stdio.h"
#include "assert.h"
#include "alloca.h"
#include "inttypes.h"
#include "stackprotector.h"
#include "crt.h"

#endif /* _NOLIBC_H */

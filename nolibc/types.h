/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * Basic types, limits and the kernel structures nolibc passes to syscalls.
 * Types come from compiler-predefined macros so no system header is needed.
 */
#ifndef _NOLIBC_TYPES_H
#define _NOLIBC_TYPES_H

#include "compiler.h"
#include <asm/posix_types.h>

/* Claim the include guards of glibc's and musl's headers of the same names,
 * so a program built with "-include nolibc.h" that still has plain
 * "#include <stdio.h>" lines does not pull the host libc's headers in.
 */
#define _STDIO_H 1
#define _STDLIB_H 1
#define _STRING_H 1
#define _STRINGS_H 1
#define _UNISTD_H 1
#define _CTYPE_H 1
#define _ERRNO_H 1
#define _SIGNAL_H 1
#define _TIME_H 1
#define _FCNTL_H 1
#define _POLL_H 1
#define _SYS_POLL_H 1
#define _SCHED_H 1
#define _STDINT_H 1
#define _INTTYPES_H 1
#define _LIBC_LIMITS_H_ 1
#define _ALLOCA_H 1
#define _DIRENT_H 1
#define _SYS_TYPES_H 1
#define _SYS_STAT_H 1
#define _SYS_WAIT_H 1
#define _SYS_MMAN_H 1
#define _SYS_TIME_H 1
#define _SYS_SELECT_H 1
#define _SYS_IOCTL_H 1
#define _SYS_MOUNT_H 1
#define _SYS_REBOOT_H 1
#define _SYS_UTSNAME_H 1
#define _SYS_PRCTL_H 1
#define _SYS_SYSCALL_H 1
#define _SYS_AUXV_H 1
#define _SYS_SYSMACROS_H 1
#define _SYS_RESOURCE_H 1
#define _SYS_RANDOM_H 1
#define _SYS_TIMERFD_H 1
/* ... and the compiler's own freestanding headers, whose definitions would
 * otherwise be spelled differently from ours and warn as redefinitions.
 */
#define _STDARG_H 1
#define _ANSI_STDARG_H_ 1
#define __STDARG_H 1
#define _VA_LIST 1
#define _STDDEF_H 1
#define __STDDEF_H 1
#define _GCC_LIMITS_H_ 1
#define _LIMITS_H___ 1
#define __CLANG_LIMITS_H 1

/*
 * A libc header nolibc lacks (<sys/epoll.h>, <sys/socket.h>...) must not
 * slip in from the host's libc when a program is built with "-include
 * nolibc.h" and without -nostdinc: glibc's would redefine our types, with
 * errors far from the cause. So the first glibc construct such a header
 * reaches stops the build with a message naming it:
 *
 * - __BEGIN_DECLS, which opens the declarations of every glibc header
 *   (sys/cdefs.h would define it: its guard is claimed, and glibc's
 *   <features.h> works without it), is a failed static assertion whose
 *   text ends with __FILE__, the header that expanded it:
 *     error: static assertion failed: "nolibc does not provide this
 *     header, the host libc's: /usr/include/x86_64-linux-gnu/sys/epoll.h"
 *   <assert.h>, which glibc lets be re-included and which then calls our
 *   __assert_fail, skips its declarations when _ASSERT_H_DECLS is set.
 * - glibc's guards of the types nolibc defines too are claimed, and
 *   __flexarr is given its meaning, so that more headers get that far.
 * - Those that first need glibc's internal types go through
 *   <bits/types.h>, whose guard is poisoned; the include chain above the
 *   error names the header:
 *     In file included from /usr/include/netinet/in.h:22,
 *     error: attempt to use poisoned "_BITS_TYPES_H"
 */
#define _SYS_CDEFS_H 1
#define _ASSERT_H_DECLS 1
#define __BEGIN_DECLS _Static_assert(0, "nolibc does not provide this header, " \
				     "the host libc's: " __FILE__);
#define __flexarr []
#define __sigset_t_defined 1
#define __time_t_defined 1
#define __clock_t_defined 1
#define __clockid_t_defined 1
#define _STRUCT_TIMESPEC 1
#define __timeval_defined 1
#pragma GCC poison _BITS_TYPES_H

#include "stddef.h"
#include "stdint.h"
#include "limits.h"

/* ssize_t is the signed twin of size_t, which ptrdiff_t is on every ABI
 * nolibc supports (int on i386, long on 64-bit).
 */
typedef __PTRDIFF_TYPE__ ssize_t;

/*
 * The kernel's __kernel_long_t: a long, but 64-bit on x32, whose syscalls
 * mostly are x86_64's and read and write x86_64's timespec, timeval and
 * rusage.
 */
#if defined(__x86_64__) && defined(__ILP32__)
typedef long long __nolibc_klong_t;
#else
typedef long __nolibc_klong_t;
#endif

/*
 * time_t and the time fields of timespec and timeval are 64 bits on every
 * ABI (y2038): on 32-bit ones a timespec is the kernel's __kernel_timespec,
 * passed as it is to the *_time64 syscalls, and a timeval has the same
 * layout (so gettimeofday() can let clock_gettime64 fill it). tv_nsec and
 * tv_usec are then long long, not long: print them with a cast.
 */
#if __SIZEOF_LONG__ == 8
typedef long __nolibc_time64_t;
#define __NOLIBC_TV_USEC_T suseconds_t
#else
typedef long long __nolibc_time64_t;
#define __NOLIBC_TV_USEC_T __nolibc_time64_t
#endif

/* These follow the kernel's generic UAPI types (__kernel_*). */
typedef long off_t;
typedef long long off64_t;
typedef __nolibc_time64_t time_t;
/*
 * the kernel's: int on sparc64 (big-endian: a long would read the wrong
 * half), long long on x32
 */
typedef __kernel_suseconds_t suseconds_t;
typedef __nolibc_klong_t clock_t;
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long nlink_t;
typedef unsigned long long ino_t;
typedef unsigned long long dev_t;
typedef long long blkcnt_t;
typedef long blksize_t;
typedef int clockid_t;
typedef unsigned long nfds_t;
typedef unsigned int useconds_t;

/* <stdarg.h> is the compiler's business: name its builtins. */
typedef __builtin_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dst, src) __builtin_va_copy(dst, src)

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

struct timespec {
	time_t tv_sec;
	__nolibc_time64_t tv_nsec;
};

struct timeval {
	time_t tv_sec;
	__NOLIBC_TV_USEC_T tv_usec;
};

/* What the kernel reads and writes as a timeval (setitimer, wait4's
 * rusage, gettimeofday): 32-bit seconds on 32-bit ABIs but x32.
 */
struct __nolibc_ktimeval {
	__nolibc_klong_t tv_sec;
	__kernel_suseconds_t tv_usec;
};

struct itimerspec {
	struct timespec it_interval;
	struct timespec it_value;
};

struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

/* select(): one bit per fd in unsigned long words, exactly as the kernel
 * reads them, so the layout is right on big-endian 64-bit too.
 */
#define FD_SETSIZE 1024
#define __NOLIBC_FD_BITS (8 * sizeof(unsigned long))

typedef struct {
	unsigned long fds_bits[FD_SETSIZE / (8 * sizeof(unsigned long))];
} fd_set;

__nolibc_fn void __nolibc_fd_zero(fd_set *set)
{
	size_t i;

	for (i = 0; i < FD_SETSIZE / __NOLIBC_FD_BITS; i++)
		set->fds_bits[i] = 0;
}

__nolibc_fn void __nolibc_fd_set(int fd, fd_set *set)
{
	if (fd >= 0 && fd < FD_SETSIZE)
		set->fds_bits[fd / __NOLIBC_FD_BITS] |= 1UL << (fd % __NOLIBC_FD_BITS);
}

__nolibc_fn void __nolibc_fd_clr(int fd, fd_set *set)
{
	if (fd >= 0 && fd < FD_SETSIZE)
		set->fds_bits[fd / __NOLIBC_FD_BITS] &= ~(1UL << (fd % __NOLIBC_FD_BITS));
}

__nolibc_fn int __nolibc_fd_isset(int fd, const fd_set *set)
{
	if (fd < 0 || fd >= FD_SETSIZE)
		return 0;
	return !!(set->fds_bits[fd / __NOLIBC_FD_BITS] & (1UL << (fd % __NOLIBC_FD_BITS)));
}

#define FD_ZERO(set) __nolibc_fd_zero(set)
#define FD_SET(fd, set) __nolibc_fd_set(fd, set)
#define FD_CLR(fd, set) __nolibc_fd_clr(fd, set)
#define FD_ISSET(fd, set) __nolibc_fd_isset(fd, set)

/* stat() is built on statx(), so one layout serves every arch. */
struct stat {
	dev_t st_dev;
	ino_t st_ino;
	mode_t st_mode;
	nlink_t st_nlink;
	uid_t st_uid;
	gid_t st_gid;
	dev_t st_rdev;
	off64_t st_size;
	blksize_t st_blksize;
	blkcnt_t st_blocks;
	struct timespec st_atim;
	struct timespec st_mtim;
	struct timespec st_ctim;
};

#define st_atime st_atim.tv_sec
#define st_mtime st_mtim.tv_sec
#define st_ctime st_ctim.tv_sec

/* The record getdents64() fills; the kernel does not export it to UAPI. */
struct linux_dirent64 {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* d_type values */
#define DT_UNKNOWN 0
#define DT_FIFO 1
#define DT_CHR 2
#define DT_DIR 4
#define DT_BLK 6
#define DT_REG 8
#define DT_LNK 10
#define DT_SOCK 12

struct utsname {
	char sysname[65];
	char nodename[65];
	char release[65];
	char version[65];
	char machine[65];
	char domainname[65];
};

struct rusage {
	struct timeval ru_utime;
	struct timeval ru_stime;
	__nolibc_klong_t __ru_rest[14];
};

/* The kernel's rusage, which wait4() converts where timeval differs. */
struct __nolibc_krusage {
	struct __nolibc_ktimeval ru_utime;
	struct __nolibc_ktimeval ru_stime;
	__nolibc_klong_t __ru_rest[14];
};

#define WEXITSTATUS(status) (((status) & 0xff00) >> 8)
#define WTERMSIG(status) ((status) & 0x7f)
#define WSTOPSIG(status) WEXITSTATUS(status)
#define WIFEXITED(status) (WTERMSIG(status) == 0)
#define WIFSIGNALED(status) (((signed char)(((status) & 0x7f) + 1) >> 1) > 0)
#define WIFSTOPPED(status) (((status) & 0xff) == 0x7f)
#define WCOREDUMP(status) ((status) & 0x80)

#define MAP_FAILED ((void *)-1)

/* umount2() flags */
#define MNT_FORCE 1
#define MNT_DETACH 2
#define MNT_EXPIRE 4
#define UMOUNT_NOFOLLOW 8

#define RB_AUTOBOOT 0x01234567
#define RB_HALT_SYSTEM 0xcdef0123
#define RB_ENABLE_CAD 0x89abcdef
#define RB_DISABLE_CAD 0
#define RB_POWER_OFF 0x4321fedc
#define RB_SW_SUSPEND 0xd000fce2
#define RB_KEXEC 0x45584543

#endif /* _NOLIBC_TYPES_H */

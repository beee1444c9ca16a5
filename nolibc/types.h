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

typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __INTMAX_TYPE__ intmax_t;
typedef __UINTMAX_TYPE__ uintmax_t;
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __WCHAR_TYPE__ wchar_t;
typedef __INT_LEAST8_TYPE__ int_least8_t;
typedef __INT_LEAST16_TYPE__ int_least16_t;
typedef __INT_LEAST32_TYPE__ int_least32_t;
typedef __INT_LEAST64_TYPE__ int_least64_t;
typedef __UINT_LEAST8_TYPE__ uint_least8_t;
typedef __UINT_LEAST16_TYPE__ uint_least16_t;
typedef __UINT_LEAST32_TYPE__ uint_least32_t;
typedef __UINT_LEAST64_TYPE__ uint_least64_t;
typedef __INT_FAST8_TYPE__ int_fast8_t;
typedef __INT_FAST16_TYPE__ int_fast16_t;
typedef __INT_FAST32_TYPE__ int_fast32_t;
typedef __INT_FAST64_TYPE__ int_fast64_t;
typedef __UINT_FAST8_TYPE__ uint_fast8_t;
typedef __UINT_FAST16_TYPE__ uint_fast16_t;
typedef __UINT_FAST32_TYPE__ uint_fast32_t;
typedef __UINT_FAST64_TYPE__ uint_fast64_t;

/* ssize_t is the signed twin of size_t, which ptrdiff_t is on every ABI
 * nolibc supports (int on i386, long on 64-bit).
 */
typedef __PTRDIFF_TYPE__ ssize_t;

/* These follow the kernel's generic UAPI types (__kernel_*). */
typedef long off_t;
typedef long long off64_t;
typedef long time_t;
/* int on sparc64 (big-endian: a long would read the wrong half) */
typedef __kernel_suseconds_t suseconds_t;
typedef long clock_t;
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

#ifndef NULL
#define NULL ((void *)0)
#endif

/* <stdarg.h> is the compiler's business: name its builtins. */
typedef __builtin_va_list va_list;
#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dst, src) __builtin_va_copy(dst, src)

#define offsetof(type, member) __builtin_offsetof(type, member)

#define INT8_MIN (-128)
#define INT16_MIN (-32767 - 1)
#define INT32_MIN (-__INT32_MAX__ - 1)
#define INT64_MIN (-__INT64_MAX__ - 1)
#define INT8_MAX __INT8_MAX__
#define INT16_MAX __INT16_MAX__
#define INT32_MAX __INT32_MAX__
#define INT64_MAX __INT64_MAX__
#define UINT8_MAX __UINT8_MAX__
#define UINT16_MAX __UINT16_MAX__
#define UINT32_MAX __UINT32_MAX__
#define UINT64_MAX __UINT64_MAX__
#define INTPTR_MIN (-__INTPTR_MAX__ - 1)
#define INTPTR_MAX __INTPTR_MAX__
#define UINTPTR_MAX __UINTPTR_MAX__
#define INTMAX_MIN (-__INTMAX_MAX__ - 1)
#define INTMAX_MAX __INTMAX_MAX__
#define UINTMAX_MAX __UINTMAX_MAX__
#define SIZE_MAX __SIZE_MAX__
#define PTRDIFF_MIN (-__PTRDIFF_MAX__ - 1)
#define PTRDIFF_MAX __PTRDIFF_MAX__
#define INT8_C(c) c
#define INT16_C(c) c
#define INT32_C(c) c
#define UINT8_C(c) c
#define UINT16_C(c) c
#define UINT32_C(c) c##U
#if __SIZEOF_LONG__ == 8
#define INT64_C(c) c##L
#define UINT64_C(c) c##UL
#else
#define INT64_C(c) c##LL
#define UINT64_C(c) c##ULL
#endif

#define CHAR_BIT __CHAR_BIT__
#define SCHAR_MIN (-__SCHAR_MAX__ - 1)
#define SCHAR_MAX __SCHAR_MAX__
#define UCHAR_MAX (__SCHAR_MAX__ * 2 + 1)
#ifdef __CHAR_UNSIGNED__
#define CHAR_MIN 0
#define CHAR_MAX UCHAR_MAX
#else
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX
#endif
#define SHRT_MIN (-__SHRT_MAX__ - 1)
#define SHRT_MAX __SHRT_MAX__
#define USHRT_MAX (__SHRT_MAX__ * 2 + 1)
#define INT_MIN (-__INT_MAX__ - 1)
#define INT_MAX __INT_MAX__
#define UINT_MAX (__INT_MAX__ * 2U + 1U)
#define LONG_MIN (-__LONG_MAX__ - 1L)
#define LONG_MAX __LONG_MAX__
#define ULONG_MAX (__LONG_MAX__ * 2UL + 1UL)
#define LLONG_MIN (-__LONG_LONG_MAX__ - 1LL)
#define LLONG_MAX __LONG_LONG_MAX__
#define ULLONG_MAX (__LONG_LONG_MAX__ * 2ULL + 1ULL)
#define SSIZE_MAX __LONG_MAX__
#define PATH_MAX 4096
#define NAME_MAX 255

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
	long tv_nsec;
};

struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
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
	long __ru_rest[14];
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

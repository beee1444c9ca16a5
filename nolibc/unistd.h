/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <unistd.h>: the POSIX calls on files and descriptors (read, write,
 * close, lseek, dup, pipe, access, unlink, link, chdir, chown...), the
 * break, processes and their ids (fork, execve, _exit, getpid...), and
 * the helpers built on the syscalls: sleeping, page size, tty checks.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_UNISTD_H
#define _NOLIBC_UNISTD_H

#include "sys.h"
#include "fcntl.h"
#include "time.h"
#include "sys/auxv.h"
#include "sys/ioctl.h"
#include <linux/sched.h>

/* int sys_close(int fd); */
__nolibc_fn int sys_close(int fd)
{
	return __nolibc_sc(1, __NR_close, fd);
}

/* int close(int fd); */
__nolibc_fn int close(int fd)
{
	return __sysret(sys_close(fd));
}

/* ssize_t sys_read(int fd, void *buf, size_t count); */
__nolibc_fn ssize_t sys_read(int fd, void *buf, size_t count)
{
	return __nolibc_sc(3, __NR_read, fd, (long)buf, count);
}

/* ssize_t read(int fd, void *buf, size_t count); */
__nolibc_fn ssize_t read(int fd, void *buf, size_t count)
{
	return __sysret(sys_read(fd, buf, count));
}

/* ssize_t sys_write(int fd, const void *buf, size_t count); */
__nolibc_fn ssize_t sys_write(int fd, const void *buf, size_t count)
{
	return __nolibc_sc(3, __NR_write, fd, (long)buf, count);
}

/* ssize_t write(int fd, const void *buf, size_t count); */
__nolibc_fn ssize_t write(int fd, const void *buf, size_t count)
{
	return __sysret(sys_write(fd, buf, count));
}

/*
 * 32-bit arches seek with _llseek, which takes the offset as two halves
 * and stores the 64-bit result: lseek64() reaches past 2 GiB, and lseek()
 * fails with EOVERFLOW when the result does not fit its 32-bit off_t
 * (the old lseek syscall leaves that check to each kernel and emulator).
 * ABIs with 32-bit longs and 64-bit registers (mips n32, x32) have no
 * _llseek: their arch file passes the offset whole.
 */
#ifndef NOLIBC_ARCH_HAS_SYS_LSEEK64
/* off64_t sys_lseek64(int fd, off64_t offset, int whence); */
__nolibc_fn off64_t sys_lseek64(int fd, off64_t offset, int whence)
{
#ifdef __NR__llseek
	off64_t result;
	long ret = __nolibc_sc(5, __NR__llseek, fd, (long)((unsigned long long)offset >> 32),
			       (long)(unsigned long)offset, (long)&result, whence);

	return ret < 0 ? ret : result;
#else
	return __nolibc_sc(3, __NR_lseek, fd, offset, whence);
#endif
}
#endif /* NOLIBC_ARCH_HAS_SYS_LSEEK64 */

/* off64_t lseek64(int fd, off64_t offset, int whence); */
__nolibc_fn off64_t lseek64(int fd, off64_t offset, int whence)
{
	off64_t ret = sys_lseek64(fd, offset, whence);

	if (ret < 0 && ret >= -MAX_ERRNO) {
		SET_ERRNO(-ret);
		return -1;
	}
	return ret;
}

/* off_t sys_lseek(int fd, off_t offset, int whence); */
__nolibc_fn off_t sys_lseek(int fd, off_t offset, int whence)
{
	off64_t ret = sys_lseek64(fd, offset, whence);

	if (ret >= 0 && ret != (off_t)ret)
		return -EOVERFLOW;
	return ret;
}

/* off_t lseek(int fd, off_t offset, int whence); */
__nolibc_fn off_t lseek(int fd, off_t offset, int whence)
{
	return __sysret(sys_lseek(fd, offset, whence));
}

/* int sys_dup(int fd); */
__nolibc_fn int sys_dup(int fd)
{
	return __nolibc_sc(1, __NR_dup, fd);
}

/* int dup(int fd); */
__nolibc_fn int dup(int fd)
{
	return __sysret(sys_dup(fd));
}

/* int sys_dup3(int oldfd, int newfd, int flags); */
__nolibc_fn int sys_dup3(int oldfd, int newfd, int flags)
{
	return __nolibc_sc(3, __NR_dup3, oldfd, newfd, flags);
}

/* int dup3(int oldfd, int newfd, int flags); */
__nolibc_fn int dup3(int oldfd, int newfd, int flags)
{
	return __sysret(sys_dup3(oldfd, newfd, flags));
}

/* int sys_dup2(int oldfd, int newfd); */
__nolibc_fn int sys_dup2(int oldfd, int newfd)
{
#ifdef __NR_dup2
	return __nolibc_sc(2, __NR_dup2, oldfd, newfd);
#else
	/* dup3 refuses oldfd == newfd; POSIX wants newfd back if it is open */
	if (oldfd == newfd) {
		int ret = sys_fcntl(oldfd, F_GETFD, 0);

		return ret < 0 ? ret : newfd;
	}
	return sys_dup3(oldfd, newfd, 0);
#endif
}

/* int dup2(int oldfd, int newfd); */
__nolibc_fn int dup2(int oldfd, int newfd)
{
	return __sysret(sys_dup2(oldfd, newfd));
}

/* int sys_pipe2(int fds[2], int flags); */
__nolibc_fn int sys_pipe2(int fds[2], int flags)
{
	return __nolibc_sc(2, __NR_pipe2, (long)fds, flags);
}

/* int pipe2(int fds[2], int flags); */
__nolibc_fn int pipe2(int fds[2], int flags)
{
	return __sysret(sys_pipe2(fds, flags));
}

/* int pipe(int fds[2]); */
__nolibc_fn int pipe(int fds[2])
{
	return pipe2(fds, 0);
}

/* int sys_faccessat(int dirfd, const char *path, int mode); */
__nolibc_fn int sys_faccessat(int dirfd, const char *path, int mode)
{
	return __nolibc_sc(3, __NR_faccessat, dirfd, (long)path, mode);
}

#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

/* int access(const char *path, int mode); */
__nolibc_fn int access(const char *path, int mode)
{
	return __sysret(sys_faccessat(AT_FDCWD, path, mode));
}

/* int sys_unlinkat(int dirfd, const char *path, int flags); */
__nolibc_fn int sys_unlinkat(int dirfd, const char *path, int flags)
{
	return __nolibc_sc(3, __NR_unlinkat, dirfd, (long)path, flags);
}

/* int sys_unlink(const char *path); */
__nolibc_fn int sys_unlink(const char *path)
{
	return sys_unlinkat(AT_FDCWD, path, 0);
}

/* int unlink(const char *path); */
__nolibc_fn int unlink(const char *path)
{
	return __sysret(sys_unlink(path));
}

/* int rmdir(const char *path); */
__nolibc_fn int rmdir(const char *path)
{
	return __sysret(sys_unlinkat(AT_FDCWD, path, AT_REMOVEDIR));
}

/* int sys_linkat(int olddirfd, const char *old, int newdirfd, const char *new, int flags); */
__nolibc_fn int sys_linkat(int olddirfd, const char *old, int newdirfd,
			   const char *new, int flags)
{
	return __nolibc_sc(5, __NR_linkat, olddirfd, (long)old, newdirfd, (long)new,
			   flags);
}

/* int sys_link(const char *old, const char *new); */
__nolibc_fn int sys_link(const char *old, const char *new)
{
	return sys_linkat(AT_FDCWD, old, AT_FDCWD, new, 0);
}

/* int link(const char *old, const char *new); */
__nolibc_fn int link(const char *old, const char *new)
{
	return __sysret(sys_link(old, new));
}

/* int sys_symlinkat(const char *target, int dirfd, const char *path); */
__nolibc_fn int sys_symlinkat(const char *target, int dirfd, const char *path)
{
	return __nolibc_sc(3, __NR_symlinkat, (long)target, dirfd, (long)path);
}

/* int sys_symlink(const char *target, const char *path); */
__nolibc_fn int sys_symlink(const char *target, const char *path)
{
	return sys_symlinkat(target, AT_FDCWD, path);
}

/* int symlink(const char *target, const char *path); */
__nolibc_fn int symlink(const char *target, const char *path)
{
	return __sysret(sys_symlink(target, path));
}

/* ssize_t sys_readlinkat(int dirfd, const char *path, char *buf, size_t size); */
__nolibc_fn ssize_t sys_readlinkat(int dirfd, const char *path, char *buf, size_t size)
{
	return __nolibc_sc(4, __NR_readlinkat, dirfd, (long)path, (long)buf, size);
}

/* ssize_t readlink(const char *path, char *buf, size_t size); */
__nolibc_fn ssize_t readlink(const char *path, char *buf, size_t size)
{
	return __sysret(sys_readlinkat(AT_FDCWD, path, buf, size));
}

/* int sys_chdir(const char *path); */
__nolibc_fn int sys_chdir(const char *path)
{
	return __nolibc_sc(1, __NR_chdir, (long)path);
}

/* int chdir(const char *path); */
__nolibc_fn int chdir(const char *path)
{
	return __sysret(sys_chdir(path));
}

/* int sys_fchdir(int fd); */
__nolibc_fn int sys_fchdir(int fd)
{
	return __nolibc_sc(1, __NR_fchdir, fd);
}

/* int fchdir(int fd); */
__nolibc_fn int fchdir(int fd)
{
	return __sysret(sys_fchdir(fd));
}

/* char *getcwd(char *buf, size_t size); */
__nolibc_fn char *getcwd(char *buf, size_t size)
{
	if (__sysret(__nolibc_sc(2, __NR_getcwd, (long)buf, size)) < 0)
		return NULL;
	return buf;
}

/* int sys_fchownat(int dirfd, const char *path, uid_t owner, gid_t group, int flags); */
__nolibc_fn int sys_fchownat(int dirfd, const char *path, uid_t owner, gid_t group,
			     int flags)
{
	return __nolibc_sc(5, __NR_fchownat, dirfd, (long)path, owner, group, flags);
}

/* int sys_chown(const char *path, uid_t owner, gid_t group); */
__nolibc_fn int sys_chown(const char *path, uid_t owner, gid_t group)
{
	return sys_fchownat(AT_FDCWD, path, owner, group, 0);
}

/* int chown(const char *path, uid_t owner, gid_t group); */
__nolibc_fn int chown(const char *path, uid_t owner, gid_t group)
{
	return __sysret(sys_chown(path, owner, group));
}

/* int sys_chroot(const char *path); */
__nolibc_fn int sys_chroot(const char *path)
{
	return __nolibc_sc(1, __NR_chroot, (long)path);
}

/* int chroot(const char *path); */
__nolibc_fn int chroot(const char *path)
{
	return __sysret(sys_chroot(path));
}

/* int sys_pivot_root(const char *new_root, const char *put_old); (no glibc wrapper) */
__nolibc_fn int sys_pivot_root(const char *new_root, const char *put_old)
{
	return __nolibc_sc(2, __NR_pivot_root, (long)new_root, (long)put_old);
}

/* int pivot_root(const char *new_root, const char *put_old); */
__nolibc_fn int pivot_root(const char *new_root, const char *put_old)
{
	return __sysret(sys_pivot_root(new_root, put_old));
}

/* void sys_sync(void); */
__nolibc_fn void sys_sync(void)
{
	__nolibc_sc(0, __NR_sync);
}

/* void sync(void); */
__nolibc_fn void sync(void)
{
	sys_sync();
}

/* int sys_fsync(int fd); */
__nolibc_fn int sys_fsync(int fd)
{
	return __nolibc_sc(1, __NR_fsync, fd);
}

/* int fsync(int fd); */
__nolibc_fn int fsync(int fd)
{
	return __sysret(sys_fsync(fd));
}

/* void *sys_brk(void *addr); the new break, or the current one when the
 * kernel refused (addr NULL or out of range): never an error code
 */
__nolibc_fn void *sys_brk(void *addr)
{
	return (void *)__nolibc_sc(1, __NR_brk, (long)addr);
}

/* int brk(void *addr); 0, or -1 with ENOMEM when the break stayed below
 * addr. As with glibc, brk(NULL) and a refused shrink succeed: the break
 * is then at or above addr. Linux's brk never fails, but an emulator may
 * (qemu-alpha answers -ENOMEM, which as an address lies above any break).
 */
__nolibc_fn int brk(void *addr)
{
	uintptr_t now = (uintptr_t)sys_brk(addr);

	if (now < (uintptr_t)addr || now >= (uintptr_t)-4095) {
		SET_ERRNO(ENOMEM);
		return -1;
	}
	return 0;
}

/* void *sbrk(intptr_t increment); the old break, (void *)-1 with ENOMEM */
__nolibc_fn void *sbrk(intptr_t increment)
{
	char *old = sys_brk(NULL);

	if (increment && sys_brk(old + increment) != old + increment) {
		SET_ERRNO(ENOMEM);
		return (void *)-1;
	}
	return old;
}

/* void sys_exit_group(int status); */
__nolibc_fn __nolibc_noreturn void sys_exit_group(int status)
{
	for (;;)
		__nolibc_sc(1, __NR_exit_group, status);
}

/* void _exit(int status); */
__nolibc_fn __nolibc_noreturn void _exit(int status)
{
	sys_exit_group(status);
}

/* void sys_exit(int status); ends the calling thread only (exit_group ends all) */
__nolibc_fn __nolibc_noreturn void sys_exit(int status)
{
	for (;;)
		__nolibc_sc(1, __NR_exit, status);
}

#ifndef NOLIBC_ARCH_HAS_SYS_FORK
/* pid_t sys_fork(void); */
__nolibc_fn pid_t sys_fork(void)
{
#ifdef __NR_fork
	return __nolibc_sc(0, __NR_fork);
#else
	/* only flags are non-zero, so the arch's clone argument order is moot */
	return __nolibc_sc(5, __NR_clone, SIGCHLD, 0, 0, 0, 0);
#endif
}
#endif

/* pid_t fork(void); */
__nolibc_fn pid_t fork(void)
{
	return __sysret(sys_fork());
}

/* vfork must be inlined: a child returning from a real call would corrupt
 * the stack frame its parent resumes in.
 */
#ifndef NOLIBC_ARCH_HAS_SYS_VFORK
/* pid_t sys_vfork(void); */
__nolibc_inline pid_t sys_vfork(void)
{
#ifdef __NR_vfork
	return __nolibc_sc(0, __NR_vfork);
#else
	return __nolibc_sc(5, __NR_clone, CLONE_VM | CLONE_VFORK | SIGCHLD, 0, 0, 0, 0);
#endif
}
#endif

/* pid_t vfork(void); */
__nolibc_inline pid_t vfork(void)
{
	return __sysret(sys_vfork());
}

/* int sys_execve(const char *path, char *const argv[], char *const envp[]); */
__nolibc_fn int sys_execve(const char *path, char *const argv[], char *const envp[])
{
	return __nolibc_sc(3, __NR_execve, (long)path, (long)argv, (long)envp);
}

/* int execve(const char *path, char *const argv[], char *const envp[]); */
__nolibc_fn int execve(const char *path, char *const argv[], char *const envp[])
{
	return __sysret(sys_execve(path, argv, envp));
}

/* getpid, getppid and gettid never fail: the raw and POSIX forms agree. */
/* pid_t sys_getpid(void); */
__nolibc_fn pid_t sys_getpid(void)
{
	return __nolibc_sc(0, __NR_getpid);
}

/* pid_t getpid(void); */
__nolibc_fn pid_t getpid(void)
{
	return sys_getpid();
}

#ifndef NOLIBC_ARCH_HAS_SYS_GETPPID
/* pid_t sys_getppid(void); */
__nolibc_fn pid_t sys_getppid(void)
{
	return __nolibc_sc(0, __NR_getppid);
}
#endif

/* pid_t getppid(void); */
__nolibc_fn pid_t getppid(void)
{
	return sys_getppid();
}

/* pid_t sys_gettid(void); */
__nolibc_fn pid_t sys_gettid(void)
{
	return __nolibc_sc(0, __NR_gettid);
}

/* pid_t gettid(void); */
__nolibc_fn pid_t gettid(void)
{
	return sys_gettid();
}

/* 32-bit x86 and arm keep 16-bit ids under the old numbers. */
/* uid_t getuid(void); */
__nolibc_fn uid_t getuid(void)
{
#ifdef __NR_getuid32
	return __nolibc_sc(0, __NR_getuid32);
#else
	return __nolibc_sc(0, __NR_getuid);
#endif
}

#ifndef NOLIBC_ARCH_HAS_GETEUID
/* uid_t geteuid(void); */
__nolibc_fn uid_t geteuid(void)
{
#ifdef __NR_geteuid32
	return __nolibc_sc(0, __NR_geteuid32);
#else
	return __nolibc_sc(0, __NR_geteuid);
#endif
}
#endif

/* gid_t getgid(void); */
__nolibc_fn gid_t getgid(void)
{
#ifdef __NR_getgid32
	return __nolibc_sc(0, __NR_getgid32);
#else
	return __nolibc_sc(0, __NR_getgid);
#endif
}

#ifndef NOLIBC_ARCH_HAS_GETEGID
/* gid_t getegid(void); */
__nolibc_fn gid_t getegid(void)
{
#ifdef __NR_getegid32
	return __nolibc_sc(0, __NR_getegid32);
#else
	return __nolibc_sc(0, __NR_getegid);
#endif
}
#endif

/* pid_t sys_setsid(void); */
__nolibc_fn pid_t sys_setsid(void)
{
	return __nolibc_sc(0, __NR_setsid);
}

/* pid_t setsid(void); */
__nolibc_fn pid_t setsid(void)
{
	return __sysret(sys_setsid());
}

/* int sys_setpgid(pid_t pid, pid_t pgid); */
__nolibc_fn int sys_setpgid(pid_t pid, pid_t pgid)
{
	return __nolibc_sc(2, __NR_setpgid, pid, pgid);
}

/* int setpgid(pid_t pid, pid_t pgid); */
__nolibc_fn int setpgid(pid_t pid, pid_t pgid)
{
	return __sysret(sys_setpgid(pid, pgid));
}

/* pid_t sys_getpgid(pid_t pid); */
__nolibc_fn pid_t sys_getpgid(pid_t pid)
{
	return __nolibc_sc(1, __NR_getpgid, pid);
}

/* pid_t getpgid(pid_t pid); */
__nolibc_fn pid_t getpgid(pid_t pid)
{
	return __sysret(sys_getpgid(pid));
}

/* pid_t sys_getpgrp(void); */
__nolibc_fn pid_t sys_getpgrp(void)
{
	return sys_getpgid(0);
}

/* pid_t getpgrp(void); */
__nolibc_fn pid_t getpgrp(void)
{
	return __sysret(sys_getpgrp());
}

__nolibc_fn unsigned int sleep(unsigned int seconds)
{
	struct timespec ts = { seconds, 0 };

	if (nanosleep(&ts, &ts) < 0)
		return ts.tv_sec + !!ts.tv_nsec;
	return 0;
}

__nolibc_fn int usleep(useconds_t usec)
{
	struct timespec ts = { usec / 1000000, (usec % 1000000) * 1000L };

	return nanosleep(&ts, NULL);
}

/* msleep: milliseconds; returns the milliseconds left if interrupted. */
__nolibc_fn unsigned int msleep(unsigned int msecs)
{
	struct timespec ts = { msecs / 1000, (msecs % 1000) * 1000000L };

	if (nanosleep(&ts, &ts) < 0)
		return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
	return 0;
}

__nolibc_fn int getpagesize(void)
{
	unsigned long sz = getauxval(AT_PAGESZ);

	return sz ? (int)sz : 4096;
}

__nolibc_fn int isatty(int fd)
{
	char termios[64];	/* larger than any arch's struct termios */

	return ioctl(fd, TCGETS, termios) == 0;
}

/* pid_t tcgetpgrp(int fd); the foreground process group of the terminal */
__nolibc_fn pid_t tcgetpgrp(int fd)
{
	pid_t pgrp;

	if (ioctl(fd, TIOCGPGRP, &pgrp) < 0)
		return -1;
	return pgrp;
}

/* int tcsetpgrp(int fd, pid_t pgrp); */
__nolibc_fn int tcsetpgrp(int fd, pid_t pgrp)
{
	return ioctl(fd, TIOCSPGRP, &pgrp);
}

#define _SC_PAGESIZE 30
#define _SC_CLK_TCK 2

__nolibc_fn long sysconf(int name)
{
	if (name == _SC_PAGESIZE)
		return getpagesize();
	if (name == _SC_CLK_TCK)
		return 100;
	SET_ERRNO(EINVAL);
	return -1;
}

__nolibc_fn long syscall(long n, ...)
{
	__builtin_va_list ap;
	long a1, a2, a3, a4, a5, a6;

	__builtin_va_start(ap, n);
	a1 = __builtin_va_arg(ap, long);
	a2 = __builtin_va_arg(ap, long);
	a3 = __builtin_va_arg(ap, long);
	a4 = __builtin_va_arg(ap, long);
	a5 = __builtin_va_arg(ap, long);
	a6 = __builtin_va_arg(ap, long);
	__builtin_va_end(ap);
	return __sysret(__nolibc_syscall6(n, a1, a2, a3, a4, a5, a6));
}

#endif /* _NOLIBC_UNISTD_H */

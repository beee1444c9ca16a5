/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/mman.h>: mmap(), munmap(), mprotect(), mremap() and the kernel's
 * PROT_*, MAP_* and MREMAP_* flags.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_MMAN_H
#define _NOLIBC_SYS_MMAN_H

#include "../sys.h"
#include <linux/mman.h>

#ifndef NOLIBC_ARCH_HAS_SYS_MMAP
/* void *sys_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset); */
__nolibc_fn void *sys_mmap(void *addr, size_t length, int prot, int flags, int fd,
			   off_t offset)
{
#ifdef __NR_mmap2
	/* mmap2 counts the offset in 4096-byte units on every arch using it;
	 * an offset the shift would round down must fail as mmap does.
	 */
	if (offset & 4095)
		return (void *)-EINVAL;
	return (void *)__nolibc_sc(6, __NR_mmap2, (long)addr, length, prot, flags, fd,
				   offset >> 12);
#else
	return (void *)__nolibc_sc(6, __NR_mmap, (long)addr, length, prot, flags, fd,
				   offset);
#endif
}
#endif

/* void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset); */
__nolibc_fn void *mmap(void *addr, size_t length, int prot, int flags, int fd,
		       off_t offset)
{
	void *ret = sys_mmap(addr, length, prot, flags, fd, offset);

	if ((unsigned long)ret >= (unsigned long)-MAX_ERRNO) {
		SET_ERRNO(-(long)ret);
		return MAP_FAILED;
	}
	return ret;
}

/* int sys_munmap(void *addr, size_t length); */
__nolibc_fn int sys_munmap(void *addr, size_t length)
{
	return __nolibc_sc(2, __NR_munmap, (long)addr, length);
}

/* int munmap(void *addr, size_t length); */
__nolibc_fn int munmap(void *addr, size_t length)
{
	return __sysret(sys_munmap(addr, length));
}

/* int sys_mprotect(void *addr, size_t length, int prot); */
__nolibc_fn int sys_mprotect(void *addr, size_t length, int prot)
{
	return __nolibc_sc(3, __NR_mprotect, (long)addr, length, prot);
}

/* int mprotect(void *addr, size_t length, int prot); */
__nolibc_fn int mprotect(void *addr, size_t length, int prot)
{
	return __sysret(sys_mprotect(addr, length, prot));
}

/* <linux/mman.h> has them since Linux 5.7 */
#ifndef MREMAP_MAYMOVE
#define MREMAP_MAYMOVE 1
#endif
#ifndef MREMAP_FIXED
#define MREMAP_FIXED 2
#endif
#ifndef MREMAP_DONTUNMAP
#define MREMAP_DONTUNMAP 4
#endif

/* void *sys_mremap(void *old, size_t old_len, size_t new_len, int flags, void *new); */
__nolibc_fn void *sys_mremap(void *old, size_t old_len, size_t new_len, int flags,
			     void *new_addr)
{
	return (void *)__nolibc_sc(5, __NR_mremap, (long)old, old_len, new_len, flags,
				   (long)new_addr);
}

/* void *mremap(void *old, size_t old_len, size_t new_len, int flags, ... void *new);
 * the new address is read only with MREMAP_FIXED, as glibc does
 */
__nolibc_fn void *mremap(void *old, size_t old_len, size_t new_len, int flags, ...)
{
	void *new_addr = NULL, *ret;

	if (flags & MREMAP_FIXED) {
		__builtin_va_list ap;

		__builtin_va_start(ap, flags);
		new_addr = __builtin_va_arg(ap, void *);
		__builtin_va_end(ap);
	}
	ret = sys_mremap(old, old_len, new_len, flags, new_addr);
	if ((unsigned long)ret >= (unsigned long)-MAX_ERRNO) {
		SET_ERRNO(-(long)ret);
		return MAP_FAILED;
	}
	return ret;
}

#endif /* _NOLIBC_SYS_MMAN_H */

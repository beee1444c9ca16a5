/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/mman.h>: mremap() and its MREMAP_* flags. mmap(), munmap() and
 * mprotect() are in sys.h with the other syscalls the library itself uses.
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

/* <linux/mman.h> (included by sys.h) has them since Linux 5.7 */
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

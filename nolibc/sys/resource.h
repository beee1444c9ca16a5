/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/resource.h>: resource limits. Every call goes through prlimit64,
 * which every arch has and which takes 64-bit limits, so 32-bit arches
 * need no old getrlimit/ugetrlimit variant.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_RESOURCE_H
#define _NOLIBC_SYS_RESOURCE_H

#include "../sys.h"
/* RLIMIT_* (mips numbers some differently) and RLIM_INFINITY, which is
 * what glibc also uses for rlim_t: ~0UL, or 0x7fffffff on 32-bit mips
 */
#include <asm/resource.h>

typedef unsigned long rlim_t;
typedef unsigned long long rlim64_t;

struct rlimit {
	rlim_t rlim_cur;
	rlim_t rlim_max;
};

/* the kernel's own layout for prlimit64 */
struct rlimit64 {
	rlim64_t rlim_cur;
	rlim64_t rlim_max;
};

#ifndef RLIM64_INFINITY
#define RLIM64_INFINITY (~0ULL)
#endif
#define RLIM_SAVED_MAX RLIM_INFINITY
#define RLIM_SAVED_CUR RLIM_INFINITY

/* int sys_prlimit64(pid_t pid, int res, const struct rlimit64 *new, struct rlimit64 *old); */
__nolibc_fn int sys_prlimit64(pid_t pid, int resource, const struct rlimit64 *new_limit,
			      struct rlimit64 *old_limit)
{
	return __nolibc_sc(4, __NR_prlimit64, pid, resource, (long)new_limit,
			   (long)old_limit);
}

/* int prlimit64(pid_t pid, int res, const struct rlimit64 *new, struct rlimit64 *old); */
__nolibc_fn int prlimit64(pid_t pid, int resource, const struct rlimit64 *new_limit,
			  struct rlimit64 *old_limit)
{
	return __sysret(sys_prlimit64(pid, resource, new_limit, old_limit));
}

/* A 64-bit limit that rlim_t cannot hold reads as RLIM_INFINITY, and
 * RLIM_INFINITY means the kernel's infinity, as glibc converts them.
 */
__nolibc_fn rlim_t __nolibc_rlim_from64(rlim64_t v)
{
	return v >= (rlim64_t)RLIM_INFINITY ? RLIM_INFINITY : (rlim_t)v;
}

__nolibc_fn rlim64_t __nolibc_rlim_to64(rlim_t v)
{
	return v == RLIM_INFINITY ? RLIM64_INFINITY : v;
}

/* int prlimit(pid_t pid, int res, const struct rlimit *new, struct rlimit *old); */
__nolibc_fn int prlimit(pid_t pid, int resource, const struct rlimit *new_limit,
			struct rlimit *old_limit)
{
	struct rlimit64 new64, old64 = { 0, 0 };
	int ret;

	if (new_limit) {
		new64.rlim_cur = __nolibc_rlim_to64(new_limit->rlim_cur);
		new64.rlim_max = __nolibc_rlim_to64(new_limit->rlim_max);
	}
	ret = prlimit64(pid, resource, new_limit ? &new64 : NULL,
			old_limit ? &old64 : NULL);
	/* copied even on failure (zeros then): a conditional copy makes gcc
	 * warn in every caller that reads the result after checking ret
	 */
	if (old_limit) {
		old_limit->rlim_cur = __nolibc_rlim_from64(old64.rlim_cur);
		old_limit->rlim_max = __nolibc_rlim_from64(old64.rlim_max);
	}
	return ret;
}

/* int getrlimit(int resource, struct rlimit *rlim); */
__nolibc_fn int getrlimit(int resource, struct rlimit *rlim)
{
	return prlimit(0, resource, NULL, rlim);
}

/* int setrlimit(int resource, const struct rlimit *rlim); */
__nolibc_fn int setrlimit(int resource, const struct rlimit *rlim)
{
	return prlimit(0, resource, rlim, NULL);
}

#endif /* _NOLIBC_SYS_RESOURCE_H */

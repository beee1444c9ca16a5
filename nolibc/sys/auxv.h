/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <sys/auxv.h>: getauxval() and the names of the auxiliary vector's
 * entries, as glibc's <sys/auxv.h> gives them through <elf.h>.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "../nolibc.h"
#endif

#ifndef _NOLIBC_SYS_AUXV_H
#define _NOLIBC_SYS_AUXV_H

#include "../types.h"
#include "../errno.h"

/* The kernel's names first (with its arch's), so that a program that also
 * includes <linux/auxvec.h> gets the same definitions, once.
 */
#include <linux/auxvec.h>

/* The names glibc's <elf.h> has for every arch that the UAPI headers give
 * only for some arches or only in newer kernels.
 */
#ifndef AT_FPUCW
#define AT_FPUCW 18
#endif
#ifndef AT_DCACHEBSIZE
#define AT_DCACHEBSIZE 19
#endif
#ifndef AT_ICACHEBSIZE
#define AT_ICACHEBSIZE 20
#endif
#ifndef AT_UCACHEBSIZE
#define AT_UCACHEBSIZE 21
#endif
#ifndef AT_IGNOREPPC
#define AT_IGNOREPPC 22
#endif
#ifndef AT_RSEQ_FEATURE_SIZE
#define AT_RSEQ_FEATURE_SIZE 27
#endif
#ifndef AT_RSEQ_ALIGN
#define AT_RSEQ_ALIGN 28
#endif
#ifndef AT_HWCAP3
#define AT_HWCAP3 29
#endif
#ifndef AT_HWCAP4
#define AT_HWCAP4 30
#endif
#ifndef AT_SYSINFO
#define AT_SYSINFO 32
#endif
#ifndef AT_SYSINFO_EHDR
#define AT_SYSINFO_EHDR 33
#endif
#ifndef AT_L1I_CACHESHAPE
#define AT_L1I_CACHESHAPE 34
#endif
#ifndef AT_L1D_CACHESHAPE
#define AT_L1D_CACHESHAPE 35
#endif
#ifndef AT_L2_CACHESHAPE
#define AT_L2_CACHESHAPE 36
#endif
#ifndef AT_L3_CACHESHAPE
#define AT_L3_CACHESHAPE 37
#endif
#ifndef AT_L1I_CACHESIZE
#define AT_L1I_CACHESIZE 40
#endif
#ifndef AT_L1I_CACHEGEOMETRY
#define AT_L1I_CACHEGEOMETRY 41
#endif
#ifndef AT_L1D_CACHESIZE
#define AT_L1D_CACHESIZE 42
#endif
#ifndef AT_L1D_CACHEGEOMETRY
#define AT_L1D_CACHEGEOMETRY 43
#endif
#ifndef AT_L2_CACHESIZE
#define AT_L2_CACHESIZE 44
#endif
#ifndef AT_L2_CACHEGEOMETRY
#define AT_L2_CACHEGEOMETRY 45
#endif
#ifndef AT_L3_CACHESIZE
#define AT_L3_CACHESIZE 46
#endif
#ifndef AT_L3_CACHEGEOMETRY
#define AT_L3_CACHEGEOMETRY 47
#endif
/* sparc64's ADI (arch/sparc/include/uapi/asm/auxvec.h); a 6.1 sun4u kernel
 * passes AT_ADI_UEONADI
 */
#ifndef AT_ADI_BLKSZ
#define AT_ADI_BLKSZ 48
#endif
#ifndef AT_ADI_NBITS
#define AT_ADI_NBITS 49
#endif
#ifndef AT_ADI_UEONADI
#define AT_ADI_UEONADI 50
#endif
#ifndef AT_MINSIGSTKSZ
#define AT_MINSIGSTKSZ 51
#endif

/* Set by the startup code; weak so all object files share one copy. */
const unsigned long *_auxv __nolibc_weak;

/* unsigned long getauxval(unsigned long type); 0 and ENOENT when absent */
__nolibc_fn unsigned long getauxval(unsigned long type)
{
	const unsigned long *a;

	for (a = _auxv; a && a[0] != AT_NULL; a += 2) {
		if (a[0] == type)
			return a[1];
	}
	SET_ERRNO(ENOENT);
	return 0;
}

#endif /* _NOLIBC_SYS_AUXV_H */

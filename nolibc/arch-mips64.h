/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * mips n64 and n32 (big- and little-endian): syscall calling convention and
 * program entry (the signal numbers and sigaction layout: arch-mips-signal.h).
 * Both ABIs use 64-bit registers; n32 has 32-bit pointers and longs. Their
 * syscall numbers (n64 from 5000, n32 from 6000) come from asm/unistd.h.
 */
#ifndef _NOLIBC_ARCH_MIPS64_H
#define _NOLIBC_ARCH_MIPS64_H

#include "compiler.h"

/*
 * A register's worth: n32 passes a 64-bit value (an lseek offset) in one
 * register, which its 32-bit long cannot hold.
 */
#if _MIPS_SIM == _ABIN32
typedef long long __nolibc_mips_reg;
#else
typedef long __nolibc_mips_reg;
#endif

/*
 * "syscall": number in v0, arguments in a0-a5 ($4-$9), result in v0. a3
 * says whether it is an error: then v0 holds the positive errno, turned
 * here into the -errno every other arch returns. The kernel may change at,
 * v1, a4-a7 and t0-t3 ($8-$15), t8, t9, hi and lo.
 */
#define __NOLIBC_MIPS64_CLOBBERS "$1", "$3", "$10", "$11", "$12", "$13", "$14", \
	"$15", "$24", "$25", "hi", "lo", "memory"

__nolibc_inline __nolibc_mips_reg __nolibc_mips_ret(__nolibc_mips_reg v0,
						    __nolibc_mips_reg a3)
{
	return a3 ? -v0 : v0;
}

__nolibc_inline long __nolibc_syscall0(long n)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a3 __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3)
			 : : "$8", "$9", __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall1(long n, __nolibc_mips_reg a1)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a0 __asm__("$4") = a1;
	register __nolibc_mips_reg a3 __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0)
			 : "$8", "$9", __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall2(long n, __nolibc_mips_reg a1, __nolibc_mips_reg a2)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a0 __asm__("$4") = a1;
	register __nolibc_mips_reg a1r __asm__("$5") = a2;
	register __nolibc_mips_reg a3 __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0), "r"(a1r)
			 : "$8", "$9", __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3);
}

/* The whole register comes back here, for lseek's 64-bit result on n32. */
__nolibc_inline __nolibc_mips_reg __nolibc_mips_syscall3(long n, __nolibc_mips_reg a1,
							 __nolibc_mips_reg a2,
							 __nolibc_mips_reg a3)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a0 __asm__("$4") = a1;
	register __nolibc_mips_reg a1r __asm__("$5") = a2;
	register __nolibc_mips_reg a2r __asm__("$6") = a3;
	register __nolibc_mips_reg a3r __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3r) : "r"(a0), "r"(a1r), "r"(a2r)
			 : "$8", "$9", __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall3(long n, __nolibc_mips_reg a1, __nolibc_mips_reg a2,
				       __nolibc_mips_reg a3)
{
	return __nolibc_mips_syscall3(n, a1, a2, a3);
}

__nolibc_inline long __nolibc_syscall4(long n, __nolibc_mips_reg a1, __nolibc_mips_reg a2,
				       __nolibc_mips_reg a3, __nolibc_mips_reg a4)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a0 __asm__("$4") = a1;
	register __nolibc_mips_reg a1r __asm__("$5") = a2;
	register __nolibc_mips_reg a2r __asm__("$6") = a3;
	register __nolibc_mips_reg a3r __asm__("$7") = a4;

	__asm__ volatile("syscall" : "+r"(v0), "+r"(a3r) : "r"(a0), "r"(a1r), "r"(a2r)
			 : "$8", "$9", __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall5(long n, __nolibc_mips_reg a1, __nolibc_mips_reg a2,
				       __nolibc_mips_reg a3, __nolibc_mips_reg a4,
				       __nolibc_mips_reg a5)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a0 __asm__("$4") = a1;
	register __nolibc_mips_reg a1r __asm__("$5") = a2;
	register __nolibc_mips_reg a2r __asm__("$6") = a3;
	register __nolibc_mips_reg a3r __asm__("$7") = a4;
	register __nolibc_mips_reg a4r __asm__("$8") = a5;

	__asm__ volatile("syscall" : "+r"(v0), "+r"(a3r), "+r"(a4r)
			 : "r"(a0), "r"(a1r), "r"(a2r)
			 : "$9", __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall6(long n, __nolibc_mips_reg a1, __nolibc_mips_reg a2,
				       __nolibc_mips_reg a3, __nolibc_mips_reg a4,
				       __nolibc_mips_reg a5, __nolibc_mips_reg a6)
{
	register __nolibc_mips_reg v0 __asm__("$2") = n;
	register __nolibc_mips_reg a0 __asm__("$4") = a1;
	register __nolibc_mips_reg a1r __asm__("$5") = a2;
	register __nolibc_mips_reg a2r __asm__("$6") = a3;
	register __nolibc_mips_reg a3r __asm__("$7") = a4;
	register __nolibc_mips_reg a4r __asm__("$8") = a5;
	register __nolibc_mips_reg a5r __asm__("$9") = a6;

	__asm__ volatile("syscall" : "+r"(v0), "+r"(a3r), "+r"(a4r), "+r"(a5r)
			 : "r"(a0), "r"(a1r), "r"(a2r)
			 : __NOLIBC_MIPS64_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

#if _MIPS_SIM == _ABIN32
#include <asm/unistd.h>

/* n32 has no _llseek: lseek takes and returns the 64-bit offset whole. */
#define NOLIBC_ARCH_HAS_SYS_LSEEK64 1
__nolibc_fn off64_t sys_lseek64(int fd, off64_t offset, int whence)
{
	return __nolibc_mips_syscall3(__NR_lseek, fd, offset, whence);
}
#endif

/* An absolute address into a register: 64-bit on n64, 32-bit on n32. */
#if _MIPS_SIM == _ABI64
#define __NOLIBC_MIPS_LA(reg, sym)					\
	"	lui	" reg ", %highest(" sym ")\n"			\
	"	daddiu	" reg ", " reg ", %higher(" sym ")\n"		\
	"	dsll	" reg ", " reg ", 16\n"				\
	"	daddiu	" reg ", " reg ", %hi(" sym ")\n"		\
	"	dsll	" reg ", " reg ", 16\n"				\
	"	daddiu	" reg ", " reg ", %lo(" sym ")\n"
#else
#define __NOLIBC_MIPS_LA(reg, sym)					\
	"	lui	" reg ", %hi(" sym ")\n"				\
	"	addiu	" reg ", " reg ", %lo(" sym ")\n"
#endif

/*
 * Entry point, at top level as gcc has no naked functions on mips. Debian's
 * compilers default to PIC/abicalls code, which reaches globals through the
 * GOT at $gp and expects $t9 to hold a function's address on entry: _start
 * loads $gp from the linker's _gp (the executable is static, so absolute
 * addresses are final) and calls through $t9, spelled out rather than with
 * "jal", whose PIC expansion clang's assembler makes a CALL16 relocation
 * that ld rejects for a static function. The callee gets a 16-byte aligned
 * stack and zero $fp and $ra to end frame chains. The mips linker's default
 * entry symbol is __start: both names are here.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".weak __start\n"
	".type _start, @function\n"
	".p2align 3\n"
	".set push\n"
	".set noreorder\n"
	".set nomips16\n"
	"_start:\n"
	"__start:\n"
	__NOLIBC_MIPS_LA("$gp", "_gp")
	"	move	$a0, $sp\n"
	"	li	$t0, -16\n"
	"	and	$sp, $sp, $t0\n"
	"	move	$fp, $zero\n"
	"	move	$ra, $zero\n"
	__NOLIBC_MIPS_LA("$t9", "__nolibc_start_c")
	"	jalr	$t9\n"
	"	nop\n"
	"	break\n"
	".set pop\n"
	".size _start, . - _start\n"
	".popsection\n");

#include "arch-mips-signal.h"

#endif /* _NOLIBC_ARCH_MIPS64_H */

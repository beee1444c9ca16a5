/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * mips o32 (big- and little-endian): syscall calling convention and program
 * entry (the signal numbers and sigaction layout: arch-mips-signal.h).
 */
#ifndef _NOLIBC_ARCH_MIPS_H
#define _NOLIBC_ARCH_MIPS_H

#include "compiler.h"

/*
 * "syscall": number in v0, arguments in a0-a3, the 5th and 6th at 16($sp)
 * and 20($sp) (after the 16 bytes the o32 ABI reserves for a0-a3). The
 * result is in v0, and a3 says whether it is an error: then v0 holds the
 * positive errno, turned here into the -errno every other arch returns.
 * The kernel may change at, v1, t0-t9, hi and lo.
 */
#define __NOLIBC_MIPS_CLOBBERS "$1", "$3", "$8", "$9", "$10", "$11", "$12", "$13", \
	"$14", "$15", "$24", "$25", "hi", "lo", "memory"

__nolibc_inline long __nolibc_mips_ret(long v0, long a3)
{
	return a3 ? -v0 : v0;
}

__nolibc_inline long __nolibc_syscall0(long n)
{
	register long v0 __asm__("$2") = n;
	register long a3 __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long v0 __asm__("$2") = n;
	register long a0 __asm__("$4") = a1;
	register long a3 __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0)
			 : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long v0 __asm__("$2") = n;
	register long a0 __asm__("$4") = a1;
	register long a1r __asm__("$5") = a2;
	register long a3 __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3) : "r"(a0), "r"(a1r)
			 : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3);
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long v0 __asm__("$2") = n;
	register long a0 __asm__("$4") = a1;
	register long a1r __asm__("$5") = a2;
	register long a2r __asm__("$6") = a3;
	register long a3r __asm__("$7");

	__asm__ volatile("syscall" : "+r"(v0), "=r"(a3r) : "r"(a0), "r"(a1r), "r"(a2r)
			 : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long v0 __asm__("$2") = n;
	register long a0 __asm__("$4") = a1;
	register long a1r __asm__("$5") = a2;
	register long a2r __asm__("$6") = a3;
	register long a3r __asm__("$7") = a4;

	__asm__ volatile("syscall" : "+r"(v0), "+r"(a3r) : "r"(a0), "r"(a1r), "r"(a2r)
			 : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

/*
 * The stack arguments go below the compiler's frame: the asm makes room
 * for the 16-byte a0-a3 area plus both words, and gives it back after the
 * trap (a restarted syscall re-runs only "syscall", with sp still moved).
 */
__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long v0 __asm__("$2") = n;
	register long a0 __asm__("$4") = a1;
	register long a1r __asm__("$5") = a2;
	register long a2r __asm__("$6") = a3;
	register long a3r __asm__("$7") = a4;

	__asm__ volatile("addiu $sp, $sp, -24\n\t"
			 "sw    %[a5], 16($sp)\n\t"
			 "syscall\n\t"
			 "addiu $sp, $sp, 24"
			 : "+r"(v0), "+r"(a3r)
			 : "r"(a0), "r"(a1r), "r"(a2r), [a5] "r"(a5)
			 : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long v0 __asm__("$2") = n;
	register long a0 __asm__("$4") = a1;
	register long a1r __asm__("$5") = a2;
	register long a2r __asm__("$6") = a3;
	register long a3r __asm__("$7") = a4;

	__asm__ volatile("addiu $sp, $sp, -24\n\t"
			 "sw    %[a5], 16($sp)\n\t"
			 "sw    %[a6], 20($sp)\n\t"
			 "syscall\n\t"
			 "addiu $sp, $sp, 24"
			 : "+r"(v0), "+r"(a3r)
			 : "r"(a0), "r"(a1r), "r"(a2r), [a5] "r"(a5), [a6] "r"(a6)
			 : __NOLIBC_MIPS_CLOBBERS);
	return __nolibc_mips_ret(v0, a3r);
}

/*
 * Entry point, at top level as gcc has no naked functions on mips. Debian's
 * compilers default to PIC/abicalls code, which reaches globals through the
 * GOT at $gp and expects $t9 to hold a function's address on entry: _start
 * loads $gp from the linker's _gp (the executable is static, so absolute
 * addresses are final) and calls through $t9. The callee gets an 8-byte
 * aligned stack with the o32 ABI's 16-byte area for a0-a3, and a zero $fp.
 * The mips linker's default entry symbol is __start: both names are here.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".weak __start\n"
	".type _start, @function\n"
	".p2align 2\n"
	".set push\n"
	".set noreorder\n"
	".set nomips16\n"
	"_start:\n"
	"__start:\n"
	"	lui	$gp, %hi(_gp)\n"
	"	addiu	$gp, $gp, %lo(_gp)\n"
	"	move	$a0, $sp\n"
	"	li	$t0, -8\n"
	"	and	$sp, $sp, $t0\n"
	"	addiu	$sp, $sp, -16\n"
	"	move	$fp, $zero\n"
	"	lui	$t9, %hi(__nolibc_start_c)\n"
	"	addiu	$t9, $t9, %lo(__nolibc_start_c)\n"
	"	jalr	$t9\n"
	"	nop\n"
	"	break\n"
	".set pop\n"
	".size _start, . - _start\n"
	".popsection\n");

#include "arch-mips-signal.h"

#endif /* _NOLIBC_ARCH_MIPS_H */

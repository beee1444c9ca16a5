/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * s390x: syscall calling convention, program entry, signal return and the
 * struct-based mmap.
 */
#ifndef _NOLIBC_ARCH_S390X_H
#define _NOLIBC_ARCH_S390X_H

#include "compiler.h"
#include "types.h"
#include <asm/unistd.h>

/*
 * "svc 0": number in r1, arguments in r2-r7, result in r2. The kernel
 * preserves every other register; the condition code is not promised.
 */
__nolibc_inline long __nolibc_syscall0(long n)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2");

	__asm__ volatile("svc 0" : "=r"(r2) : "r"(r1) : "memory", "cc");
	return r2;
}

__nolibc_inline long __nolibc_syscall1(long n, long a1)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2") = a1;

	__asm__ volatile("svc 0" : "+r"(r2) : "r"(r1) : "memory", "cc");
	return r2;
}

__nolibc_inline long __nolibc_syscall2(long n, long a1, long a2)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2") = a1;
	register long r3 __asm__("r3") = a2;

	__asm__ volatile("svc 0" : "+r"(r2) : "r"(r1), "r"(r3) : "memory", "cc");
	return r2;
}

__nolibc_inline long __nolibc_syscall3(long n, long a1, long a2, long a3)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2") = a1;
	register long r3 __asm__("r3") = a2;
	register long r4 __asm__("r4") = a3;

	__asm__ volatile("svc 0" : "+r"(r2) : "r"(r1), "r"(r3), "r"(r4)
			 : "memory", "cc");
	return r2;
}

__nolibc_inline long __nolibc_syscall4(long n, long a1, long a2, long a3, long a4)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2") = a1;
	register long r3 __asm__("r3") = a2;
	register long r4 __asm__("r4") = a3;
	register long r5 __asm__("r5") = a4;

	__asm__ volatile("svc 0" : "+r"(r2) : "r"(r1), "r"(r3), "r"(r4), "r"(r5)
			 : "memory", "cc");
	return r2;
}

__nolibc_inline long __nolibc_syscall5(long n, long a1, long a2, long a3, long a4,
				       long a5)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2") = a1;
	register long r3 __asm__("r3") = a2;
	register long r4 __asm__("r4") = a3;
	register long r5 __asm__("r5") = a4;
	register long r6 __asm__("r6") = a5;

	__asm__ volatile("svc 0" : "+r"(r2)
			 : "r"(r1), "r"(r3), "r"(r4), "r"(r5), "r"(r6)
			 : "memory", "cc");
	return r2;
}

__nolibc_inline long __nolibc_syscall6(long n, long a1, long a2, long a3, long a4,
				       long a5, long a6)
{
	register long r1 __asm__("r1") = n;
	register long r2 __asm__("r2") = a1;
	register long r3 __asm__("r3") = a2;
	register long r4 __asm__("r4") = a3;
	register long r5 __asm__("r5") = a4;
	register long r6 __asm__("r6") = a5;
	register long r7 __asm__("r7") = a6;

	__asm__ volatile("svc 0" : "+r"(r2)
			 : "r"(r1), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory", "cc");
	return r2;
}

/*
 * The s390x mmap syscall is the old one taking a pointer to its six
 * arguments (there is no mmap2 on 64-bit s390).
 */
#define NOLIBC_ARCH_HAS_SYS_MMAP 1
__nolibc_fn void *sys_mmap(void *addr, size_t length, int prot, int flags, int fd,
			   off_t offset)
{
	unsigned long args[6] = {
		(unsigned long)addr, length, prot, flags, fd, offset
	};

	return (void *)__nolibc_syscall1(__NR_mmap, (long)args);
}

/*
 * Entry point. gcc has no naked functions on s390, so _start is written at
 * top level; .pushsection/.popsection give the compiler back the section it
 * was in. The callee gets the 160-byte register save area the ABI gives
 * every function, on an 8-byte aligned stack, with a zero back chain to end
 * frame chains.
 */
void _start(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak _start\n"
	".type _start, @function\n"
	".p2align 3\n"
	"_start:\n"
	"	lgr	%r2, %r15\n"
	"	lghi	%r0, -8\n"
	"	ngr	%r15, %r0\n"
	"	aghi	%r15, -160\n"
	"	xc	0(8, %r15), 0(%r15)\n"
	"	brasl	%r14, __nolibc_start_c\n"
	"	.word	0\n"			/* illegal instruction */
	".size _start, . - _start\n"
	".popsection\n");

/*
 * Signal return. Handlers installed with SA_SIGINFO get an rt frame, undone
 * by rt_sigreturn; others get the legacy frame, undone by sigreturn. The
 * kernel's fallback is a vDSO trampoline; a static program brings its own.
 * r15 points at the frame here; nothing may touch it.
 */
#define NOLIBC_HAVE_SA_RESTORER 1
#define NOLIBC_HAVE_LEGACY_SIGFRAME 1
void __nolibc_restore_rt(void);
void __nolibc_restore(void);
__asm__(".pushsection .text, \"ax\", @progbits\n"
	".weak __nolibc_restore_rt\n"
	".type __nolibc_restore_rt, @function\n"
	".p2align 3\n"
	"__nolibc_restore_rt:\n"
	"	svc	173\n"		/* __NR_rt_sigreturn */
	".size __nolibc_restore_rt, . - __nolibc_restore_rt\n"
	".weak __nolibc_restore\n"
	".type __nolibc_restore, @function\n"
	".p2align 3\n"
	"__nolibc_restore:\n"
	"	svc	119\n"		/* __NR_sigreturn */
	".size __nolibc_restore, . - __nolibc_restore\n"
	".popsection\n");

#ifndef NOLIBC_NO_INITFINI
/* crt.h and exit() reach the constructor arrays' bounds with larl, which
 * takes even addresses only; the linker puts the bounds of an empty array
 * wherever the data segment starts, odd when .rodata ends odd (clang's
 * layout: "misaligned symbol __preinit_array_end"). An empty, aligned piece
 * of each section aligns them.
 */
__asm__(".pushsection .preinit_array, \"aw\"\n.balign 8\n.popsection\n"
	".pushsection .init_array, \"aw\"\n.balign 8\n.popsection\n"
	".pushsection .fini_array, \"aw\"\n.balign 8\n.popsection\n");
#endif

#endif /* _NOLIBC_ARCH_S390X_H */

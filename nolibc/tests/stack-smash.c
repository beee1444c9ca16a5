/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * A deliberate stack buffer overflow, for the stack protector's test: built
 * with -fstack-protector (any level) it must print the stack smashing
 * message on stderr and die of SIGABRT, with nolibc as with glibc. Built
 * without, it overwrites its return address and crashes some other way.
 */
#ifndef NOLIBC
#include <stdio.h>
#include <string.h>
#endif

/* not a constant, so the compiler cannot see the overflow coming */
static volatile unsigned int overflow_len = 64;

__attribute__((noinline)) static void smash(void)
{
	char buf[16];

	memset(buf, 'x', overflow_len);
	/* the buffer is used, so it cannot be optimised away */
	__asm__ volatile("" : : "r"(buf) : "memory");
}

int main(void)
{
	smash();
	printf("stack-smash: not detected\n");
	return 0;
}

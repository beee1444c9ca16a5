// SPDX-License-Identifier: GPL-2.0
/*
 * The init of a torture-test kernel. rcutorture wants a PID 1 that never
 * exits and enters user mode regularly, so the kernel sees user/kernel
 * transitions: sleep a second, then spin about a millisecond in user space,
 * forever. It builds with nolibc (-include nolibc/nolibc.h) and, unchanged,
 * with any libc.
 *
 * The one line it prints lets a console parser tell that this init ran;
 * it must never contain a word that torture log scanners treat as trouble.
 */
#ifndef NOLIBC
#include <sys/time.h>
#include <unistd.h>
#endif

#define BURN_US 1000L		/* user time to spend per second */
#define SPINS_PER_CHECK 1000	/* user-only work between clock reads */

/* gettimeofday() rather than clock_gettime(): every libc has it (klibc
 * lacks the latter), and a clock step during one millisecond is harmless.
 */
static long elapsed_us(const struct timeval *start)
{
	struct timeval now;

	gettimeofday(&now, NULL);
	return (now.tv_sec - start->tv_sec) * 1000000L +
	       (now.tv_usec - start->tv_usec);
}

/* Without vDSO support the clock read is a syscall, so spin between reads
 * to make sure most of the millisecond is spent in user mode.
 */
static void burn_user_time(void)
{
	struct timeval start;
	unsigned int spin;

	gettimeofday(&start, NULL);
	do {
		/* the empty asm keeps the compiler from deleting the loop */
		for (spin = 0; spin < SPINS_PER_CHECK; spin++)
			__asm__ volatile("");
	} while (elapsed_us(&start) < BURN_US);
}

int main(void)
{
	static const char banner[] = "torture-init: running\n";

	write(1, banner, sizeof(banner) - 1);
	for (;;) {
		sleep(1);
		burn_user_time();
	}
}

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * A program written for a normal libc: every header nolibc provides,
 * included unconditionally, then a little of each. It must build without a
 * warning with "-include nolibc.h" (the compiler's own stdarg.h, stddef.h
 * and limits.h are found then) and against the installed sysroot.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include <limits.h>
#include <inttypes.h>
#include <errno.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <poll.h>
#include <sched.h>
#include <dirent.h>
#include <assert.h>
#include <alloca.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/select.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/utsname.h>
#include <sys/prctl.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/resource.h>
#include <sys/random.h>

struct pair {
	char c;
	long l;
};

static int sum(int n, ...)
{
	va_list ap;
	int s = 0;

	va_start(ap, n);
	while (n--)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

int main(void)
{
	bool ok = true;
	char *tmp = alloca(16);
	struct stat st;

	ok &= sum(3, 1, 2, 3) == 6;
	ok &= offsetof(struct pair, l) == sizeof(long);
	ok &= INT_MAX == 2147483647 && CHAR_BIT == 8;
	ok &= (int64_t)INT64_MIN < 0;
	snprintf(tmp, 16, "%" PRId64, (int64_t)-5);
	ok &= !strcmp(tmp, "-5");
	ok &= stat("/", &st) == 0 && S_ISDIR(st.st_mode);
	ok &= major(makedev(8, 1)) == 8 && minor(makedev(8, 1)) == 1;
	ok &= isdigit('5') && getpid() > 0;
	assert(ok);
	printf("std-includes: %s\n", ok ? "ok" : "broken");
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * A program including a header nolibc lacks: the build must stop with
 * that header named, not pick up the host libc's (whose sigset_t or
 * struct timespec would clash with ours far from the cause).
 * -DMISSING_HEADER='<netinet/in.h>' picks another header.
 */
#include <stdio.h>
#include <assert.h>
#ifndef MISSING_HEADER
#define MISSING_HEADER <sys/epoll.h>
#endif
#include MISSING_HEADER

int main(void)
{
	assert(printf("built\n") > 0);
	return 0;
}

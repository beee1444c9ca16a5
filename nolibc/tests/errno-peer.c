/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * The second object file of nolibc-test. It only touches the library's
 * global state (errno, environ) so that the main file can check both object
 * files see the same variables, not one private copy each.
 */
#define _GNU_SOURCE

#ifndef NOLIBC
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>
#endif

int peer_get_errno(void);
void peer_set_errno(int value);
int peer_close_bad_fd(void);
char **peer_environ(void);

int peer_get_errno(void)
{
	return errno;
}

void peer_set_errno(int value)
{
	errno = value;
}

/* A failing syscall made from this object file: -1 and errno EBADF. */
int peer_close_bad_fd(void)
{
	return close(-1);
}

char **peer_environ(void)
{
	return environ;
}

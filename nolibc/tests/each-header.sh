#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# each-header.sh INCLUDE_DIR OUT_DIR CC [CFLAGS...]: every public nolibc
# header, included alone and first by a program built with -nostdinc
# against the installed sysroot INCLUDE_DIR, builds and links without a
# warning and gives what its name promises (one name from each, below).
# Prints "ok - <h>" or "not ok - <h>: why" per header; exits nonzero if
# any is not ok, or if the sysroot holds a header with no row here.
set -u
inc="$1" out="$2"
shift 2
mkdir -p "$out" || exit 1

# header, then an expression using a name the header must declare
rows='
alloca.h	((char *)alloca(16))[0] = 0
assert.h	(assert(1), 0)
ctype.h	isdigit(49)
dirent.h	&getdents64
errno.h	errno
fcntl.h	&open
inttypes.h	sizeof(PRId64)
limits.h	INT_MAX
nolibc.h	&write
poll.h	&poll
sched.h	&sched_yield
signal.h	&kill
stdarg.h	sizeof(va_list)
stdbool.h	(bool)1
stddef.h	offsetof(struct { char c; long l; }, l)
stdint.h	sizeof(int64_t)
stdio.h	&printf
stdlib.h	&malloc
string.h	&strerror
strings.h	&strlen
time.h	&nanosleep
unistd.h	&read
sys/auxv.h	&getauxval
sys/ioctl.h	&ioctl
sys/mman.h	&mmap
sys/mount.h	&mount
sys/prctl.h	&prctl
sys/random.h	&getrandom
sys/reboot.h	&reboot
sys/resource.h	&getrlimit
sys/select.h	&select
sys/stat.h	&stat
sys/syscall.h	__NR_getpid
sys/sysmacros.h	makedev(8, 1)
sys/time.h	&gettimeofday
sys/timerfd.h	&timerfd_create
sys/types.h	sizeof(pid_t)
sys/utsname.h	&uname
sys/wait.h	&waitpid
'
# internal headers: included by the public ones, never alone by a program
internal='arch.h arch-*.h compiler.h types.h sys.h signum.h crt.h stackprotector.h'

bad=0
while IFS=$'\t' read -r h expr; do
	[ -n "$h" ] || continue
	src="$out/$(echo "$h" | tr / _).c"
	printf '#include <%s>\n\nint main(void)\n{\n\t(void)(%s);\n\treturn 0;\n}\n' "$h" "$expr" > "$src"
	if msg=$("$@" -nostdlib -nostdinc -static -fno-stack-protector -Wall -Wextra -Werror \
		-I"$inc" -o "${src%.c}" "$src" -lgcc 2>&1); then
		echo "ok - <$h> alone"
	else
		echo "not ok - <$h> alone: $(echo "$msg" | grep -m2 -E 'error|undefined' | tr '\n' ' ')"
		bad=1
	fi
done <<< "$rows"

# every header the sysroot installs from nolibc has a row
for f in "$(dirname "$0")"/../*.h "$(dirname "$0")"/../sys/*.h; do
	h=${f#"$(dirname "$0")"/../}
	skip=
	for i in $internal; do
		# shellcheck disable=SC2254 # $i is a pattern on purpose
		case "$h" in $i) skip=1 ;; esac
	done
	[ -n "$skip" ] && continue
	if ! printf '%s\n' "$rows" | cut -f1 | grep -qxF "$h"; then
		echo "not ok - <$h> has no row in each-header.sh"
		bad=1
	fi
done
exit "$bad"

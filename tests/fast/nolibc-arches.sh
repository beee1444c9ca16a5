#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# nolibc on every ABI of configs/arches.tsv: the selftest built with each
# arch's cross gcc at -O0 and -Os and run under its qemu-user, one check per
# cell (an ABI whose tools are missing is a skip naming the package), the
# time64 syscalls on 32-bit ABIs, and the s390x sysroot (big-endian, struct
# mmap) from headers_install alone.
# The full matrix (clang, frame pointers, -O1..-O3) is
# "make -C nolibc test-arches".
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

t_tmpdir
work="$T_TMP"

table=$(bash "$TOP/nolibc/tests/run-arches.sh" --olevels "O0 Os" --compilers gcc \
	--variants - --output "$work" 2>&1) || true
echo "$table"

t_skips_of "nolibc" "$table"

cells=0
for res in "$work"/matrix/*.res; do
	[ -e "$res" ] || break
	cells=$((cells + 1))
	cell=$(basename "$res" .res)		# ARCH.CC.LIBC.VARIANT.OLEVEL
	IFS=. read -r arch cc libc variant olevel <<< "$cell"
	name="nolibc $arch $cc -$olevel${variant:+ $variant}"
	dir="$work/matrix/$arch-$cc-$libc$olevel$variant"
	value=$(cat "$res")
	case "$value" in
	0) t_ok "$name" ;;
	BUILD-FAIL)
		t_fail "$name" "build failed: $(grep -m3 -E 'error|undefined' "$dir/build.log" | tr '\n' ' ')" ;;
	RUN-FAIL)
		t_fail "$name" "crashed or hung: $(tail -n 3 "$dir/run.log" | tr '\n' ' ')" ;;
	*)
		t_fail "$name" "$value failed: $(grep -m3 '\[FAIL\]' "$dir/run.log" | tr -s ' ' | tr '\n' ';')" ;;
	esac
done
[ "$cells" -gt 0 ] || t_fail "nolibc arches" "no cell ran: $(echo "$table" | tail -n 5)"

# 32-bit ABIs must reach the clocks through the *_time64 syscalls: the old
# ones need CONFIG_COMPAT_32BIT_TIME, which a tinyconfig kernel lacks (the
# host kernel under qemu-user has it, so only the syscall names tell).
source "$TOP/configs/arch.sh"
old_time='(clock_gettime|clock_nanosleep|nanosleep|pselect6|ppoll)\('
for bin in "$work"/matrix/*-gcc-nolibcOs/nolibc-test; do
	if [ ! -x "$bin" ] || ! file -L "$bin" | grep -q "ELF 32-bit"; then
		continue
	fi
	arch=$(basename "$(dirname "$bin")")
	arch=${arch%-gcc-nolibcOs}
	trace=$("$(arch_get "$arch" qemu_user)" -strace "$bin" \
		syscall:clock_realtime,clock_monotonic,nanosleep,select_timeout 2>&1) || true
	if ! grep -q 'clock_gettime64(' <<< "$trace"; then
		t_fail "nolibc $arch: clocks via time64 syscalls" "no clock_gettime64 in the trace"
	elif grep -Eq "$old_time" <<< "$trace"; then
		t_fail "nolibc $arch: clocks via time64 syscalls" \
			"$(grep -Eo "$old_time" <<< "$trace" | sort -u | tr '\n' ' ')"
	else
		t_ok "nolibc $arch: clocks via time64 syscalls"
	fi
done

# clang on every ABI, as the table claims: where no_clang is "-" a clang
# hello-puts builds and runs (the full matrix counts on it: a failure
# there is a failure, not a skip); where it gives a reason, clang indeed
# cannot build it, so a clang that learns the target shows up here.
clang_hello() {
	local arch="$1" cross qemu bin="$work/clang-$1" out
	cross=$(arch_get "$arch" cross)
	qemu=$(arch_get "$arch" qemu_user)
	# shellcheck disable=SC2046 # word list
	clang --target="${cross:+${cross%-}}$([ -n "$cross" ] || gcc -dumpmachine)" \
		$(arch_get "$arch" cflags) -Os -nostdlib -static -include "$TOP/nolibc/nolibc.h" \
		-o "$bin" "$TOP/nolibc/tests/hello-puts.c" -lgcc > "$bin.log" 2>&1 || return 1
	# a row that neither qemu-user nor this machine runs (x32) is built only
	[ -n "$qemu" ] || [ "$arch" = "$(uname -m)" ] || return 0
	# shellcheck disable=SC2086 # no qemu-user (empty) runs it natively
	if ! out=$($qemu "$bin" 2>&1) || [ "$out" != "hello, world" ]; then
		echo "$out" > "$bin.log"
		return 1
	fi
}
for arch in $(arch_nolibc_list); do
	why=$(arch_get "$arch" no_clang)
	if ! command -v clang > /dev/null; then
		t_skip "nolibc $arch clang" "no clang (apt-get install clang)"
	elif ! command -v "$(arch_get "$arch" cross)gcc" > /dev/null; then
		t_skip "nolibc $arch clang" "no $(arch_get "$arch" cross)gcc for its libgcc ($(arch_get "$arch" cc_pkg))"
	elif [ -z "$why" ]; then
		if clang_hello "$arch"; then
			t_ok "nolibc $arch clang: hello-puts builds and runs"
		else
			t_fail "nolibc $arch clang: hello-puts builds and runs" "$(grep -m2 -E 'error|.' "$work/clang-$arch.log" | tr '\n' ' ')"
		fi
	elif clang_hello "$arch"; then
		t_fail "nolibc $arch clang still cannot" "it builds and runs now: set no_clang to - (was: $why)"
	else
		t_ok "nolibc $arch clang still cannot ($why)"
	fi
done

# The sysroot alone (-nostdinc -I<sysroot>/include): it needs a kernel
# tree or Debian's tarball of one for the UAPI headers, and the tools.
mk() {
	make -s --no-print-directory -C "$TOP/nolibc" OUTPUT="$work" "$@"
}
read -r ksrc ktarball <<< "$(mk print-kernel-src)"
if [ ! -f "$ksrc/Makefile" ] && [ -z "$ktarball" ]; then
	t_skip "nolibc s390x sysroot" "no kernel source: apt-get install linux-source-6.1"
elif ! command -v "$(arch_cc s390x)" > /dev/null || ! command -v qemu-s390x-static > /dev/null; then
	t_skip "nolibc s390x sysroot" "needs $(arch_cc s390x) and qemu-s390x-static"
else
	t_run "nolibc s390x sysroot builds and runs the selftest" mk test-sysroot ARCH=s390x OPT=-Os
fi

t_done

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
# cannot compile it, so a clang that learns the target shows up here.
# Missing tools are skips, as for the gcc cells above.

# clang_build ARCH OUT [FLAG...]: clang's hello-puts for ARCH into OUT,
# its messages in OUT.log.
clang_build() {
	local arch="$1" out="$2" cross
	shift 2
	cross=$(arch_get "$arch" cross)
	# shellcheck disable=SC2046 # word list
	clang --target="${cross:+${cross%-}}$([ -n "$cross" ] || gcc -dumpmachine)" \
		$(arch_get "$arch" cflags) -Os -nostdlib -static -include "$TOP/nolibc/nolibc.h" \
		-o "$out" "$TOP/nolibc/tests/hello-puts.c" "$@" > "$out.log" 2>&1
}

for arch in $(arch_nolibc_list); do
	why=$(arch_get "$arch" no_clang)
	cc="$(arch_get "$arch" cross)gcc"
	qemu=$(arch_get "$arch" qemu_user)
	bin="$work/clang-$arch"
	if ! command -v clang > /dev/null; then
		t_skip "nolibc $arch clang" "no clang (apt-get install clang)"
	elif ! command -v "$cc" > /dev/null; then
		t_skip "nolibc $arch clang" "no $cc for its libgcc and UAPI headers ($(arch_get "$arch" cc_pkg))"
	elif ! echo '#include <asm/unistd.h>' | "$cc" -E -o /dev/null - 2> /dev/null; then
		t_skip "nolibc $arch clang" "no kernel UAPI headers for $cc (scripts/deps.sh cross)"
	elif [ -n "$why" ]; then
		if clang_build "$arch" "$bin.o" -c; then
			t_fail "nolibc $arch clang still cannot" "it compiles now: try the matrix and set no_clang to - (was: $why)"
		else
			t_ok "nolibc $arch clang still cannot ($why)"
		fi
	elif ! clang_build "$arch" "$bin" -lgcc; then
		t_fail "nolibc $arch clang: hello-puts builds" "$(tail -n 2 "$bin.log" | tr '\n' ' ')"
	elif [ -z "$qemu" ] && [ "$arch" != "$(uname -m)" ]; then
		# x32: neither qemu-user nor (here) the host kernel runs it
		t_ok "nolibc $arch clang: hello-puts builds (nothing here runs $arch)"
	elif [ -n "$qemu" ] && ! command -v "$qemu" > /dev/null; then
		t_skip "nolibc $arch clang: hello-puts runs" "no $qemu (apt-get install qemu-user-static)"
	elif ! out=$(${qemu:+"$qemu"} "$bin" 2>&1) || [ "$out" != "hello, world" ]; then
		t_fail "nolibc $arch clang: hello-puts builds and runs" "$(echo "$out" | head -n 2 | tr '\n' ' ')"
	else
		t_ok "nolibc $arch clang: hello-puts builds and runs"
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

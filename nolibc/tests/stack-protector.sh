#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The stack protector with nolibc, for one compiler and arch (the Makefile's
# test-stackprot passes them): a deliberate overflow built with
# -fstack-protector, -strong and -all must print the smashing message and
# die of SIGABRT, as the same program does with glibc; the selftest built
# with -fstack-protector-all must pass. nolibc supports only a global guard:
# where the compiler has none, say so and skip.
#
# usage: stack-protector.sh OUTDIR NOLIBC_DIR "CC" "ARCH_CFLAGS" "QEMU_USER" NM LIBC_A
set -eu

out=$1 nolibc=$2 cc=$3 arch_cflags=$4 qemu=$5 nm=$6 libc_a=$7
tests="$nolibc/tests"
mkdir -p "$out"
fails=0

# shellcheck disable=SC2086 # cc, arch_cflags and qemu are word lists
build() { $cc $arch_cflags "$@"; }
# shellcheck disable=SC2086 # qemu is a word list
run() { $qemu "$@"; }

# Which flag gives a global guard: -mstack-protector-guard=global where
# the compiler knows it (x86, powerpc, arm, aarch64, riscv with gcc), none
# where the global guard is the only or the default kind (mips, riscv with
# clang); s390x, and powerpc with clang 14, have only the thread pointer.
printf 'void f(char *s) { char b[16]; __builtin_strcpy(b, s); }\n' > "$out/probe.c"
guard=()
if build -O2 -fstack-protector-all -mstack-protector-guard=global -c \
	-o "$out/probe.o" "$out/probe.c" 2> /dev/null; then
	guard=(-mstack-protector-guard=global)
elif ! build -O2 -fstack-protector-all -c -o "$out/probe.o" "$out/probe.c" ||
     ! "$nm" "$out/probe.o" | grep -q __stack_chk_guard; then
	echo "skip - stack protector: $cc has no global guard, only a thread-pointer one, which nolibc does not set up"
	exit 0
fi

nolibc_flags=(-nostdlib -static -O2 -fno-asynchronous-unwind-tables -include "$nolibc/nolibc.h")

# $1: what, $2: binary. The message on stderr and death by SIGABRT (134,
# also under qemu-user, which re-raises the signal).
check_smash() {
	local rc=0 err
	err=$(run "$2" 2>&1 > /dev/null) || rc=$?
	if [ "$rc" = 134 ] && echo "$err" | grep -q '\*\*\* stack smashing detected \*\*\*'; then
		echo "ok - $1: message and SIGABRT"
	else
		echo "not ok - $1: status $rc, stderr: $(echo "$err" | head -n 2 | tr '\n' ' ')"
		fails=$((fails + 1))
	fi
}

for level in -fstack-protector -fstack-protector-strong -fstack-protector-all; do
	bin="$out/smash-nolibc$level"
	if build "${nolibc_flags[@]}" $level "${guard[@]}" -o "$bin" "$tests/stack-smash.c" -lgcc; then
		check_smash "nolibc $level ${guard[*]}" "$bin"
	else
		echo "not ok - nolibc $level ${guard[*]}: build failed"
		fails=$((fails + 1))
	fi
	# glibc keeps its own guard (in the thread pointer on x86): no flag
	if [ -f "$libc_a" ]; then
		bin="$out/smash-glibc$level"
		if build -static -O2 $level -o "$bin" "$tests/stack-smash.c"; then
			check_smash "glibc $level" "$bin"
		else
			echo "not ok - glibc $level: build failed"
			fails=$((fails + 1))
		fi
	fi
done
[ -f "$libc_a" ] || echo "skip - glibc comparison: no $libc_a"

# The selftest, every function protected, with its stack tests.
bin="$out/nolibc-test-ssp-all"
if build "${nolibc_flags[@]}" -Wall -fstack-protector-all "${guard[@]}" -o "$bin" \
	"$tests/nolibc-test.c" "$tests/errno-peer.c" -lgcc > "$out/selftest.log" 2>&1; then
	res=$(run "$bin" 2>&1 | tee -a "$out/selftest.log" | sed -n 's/^nolibc-test: //p')
	case "$res" in
	*" 0 failed"*) echo "ok - selftest -fstack-protector-all ${guard[*]}: $res" ;;
	*) echo "not ok - selftest -fstack-protector-all ${guard[*]}: ${res:-no summary} (see $out/selftest.log)"
	   fails=$((fails + 1)) ;;
	esac
else
	echo "not ok - selftest -fstack-protector-all: build failed (see $out/selftest.log)"
	fails=$((fails + 1))
fi
[ "$fails" = 0 ]

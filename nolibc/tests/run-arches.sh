#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The nolibc selftest on every ABI of configs/arches.tsv whose nolibc column
# is "yes": built with the arch's cross gcc (plain and with
# -fno-omit-frame-pointer) and with clang --target=<triplet> unless the
# table's no_clang says why clang cannot, at each -O level, run under the
# arch's qemu-user. The cells come from the Makefile's matrix (its flags,
# its failure rules); this script picks the rows and prints the table:
# one row per ABI and compiler, one column per -O level, each cell the
# number of failed tests, BUILD-FAIL or RUN-FAIL. Exits 1 if any cell is
# not 0, or if nothing could run.
#
#   run-arches.sh [--arches "A B"] [--olevels "O0 Os"] [--compilers "gcc clang"]
#                 [--variants "- fp"] [--output DIR] [--jobs N]
#
# An ABI whose cross compiler, UAPI headers or qemu-user is missing is
# listed as skipped, with what to install.
set -eu

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
nolibc="$(dirname "$here")"
# shellcheck source=../../configs/arch.sh
source "$nolibc/../configs/arch.sh"

arches="" olevels="O0 O1 O2 O3 Os" compilers="gcc clang" variants="- fp"
output="$nolibc/../build/nolibc" jobs=2
while [ $# -gt 0 ]; do
	case "$1" in
	--arches) arches="$2"; shift 2 ;;
	--olevels) olevels="$2"; shift 2 ;;
	--compilers) compilers="$2"; shift 2 ;;
	--variants) variants="$2"; shift 2 ;;
	--output) output="$2"; shift 2 ;;
	--jobs) jobs="$2"; shift 2 ;;
	-h|--help) sed -n '4,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "run-arches.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
[ -n "$arches" ] || arches=$(arch_nolibc_list | tr '\n' ' ')
mkdir -p "$output"
output=$(cd "$output" && pwd)
probe="$output/probe"
mkdir -p "$probe"

have() { command -v "$1" > /dev/null 2>&1; }

# runs ARCH CC...: true when CC builds hello-puts against nolibc for ARCH
# and the result prints its line (under the arch's qemu-user).
runs() {
	local arch="$1" qemu bin="$probe/$1-hello" out cflags
	shift
	qemu=$(arch_get "$arch" qemu_user)
	cflags=$(arch_get "$arch" cflags)
	# shellcheck disable=SC2086 # word lists
	"$@" $cflags -nostdlib -static -include "$nolibc/nolibc.h" -o "$bin" \
		"$here/hello-puts.c" -lgcc > "$probe/$arch.log" 2>&1 || return 1
	# shellcheck disable=SC2086 # no qemu-user (empty) runs it natively
	if out=$($qemu "$bin" 2>&1) && [ "$out" = "hello, world" ]; then
		return 0
	fi
	printf '%s\n' "$out" | sed "s|.*$bin: ||" > "$probe/$arch.run"
	return 1
}

rows="" skipped=""
skip() {
	skipped="$skipped$1: $2"$'\n'
}
for arch in $arches; do
	canon=$(arch_canonical "$arch") || { echo "run-arches.sh: unknown arch '$arch'" >&2; exit 2; }
	if [ "$(arch_get "$canon" nolibc)" != yes ]; then
		skip "$canon" "nolibc column is not yes in configs/arches.tsv"
		continue
	fi
	cc="$(arch_get "$canon" cross)gcc"
	qemu=$(arch_get "$canon" qemu_user)
	if ! have "$cc"; then
		skip "$canon" "no $cc (apt-get install $(arch_get "$canon" cc_pkg))"
		continue
	fi
	if [ -n "$qemu" ] && ! have "$qemu"; then
		skip "$canon" "no $qemu (apt-get install qemu-user-static)"
		continue
	fi
	if ! echo '#include <asm/unistd.h>' | "$cc" -E -o /dev/null - 2> /dev/null; then
		skip "$canon" "no kernel UAPI headers for $cc (scripts/deps.sh cross)"
		continue
	fi
	# a native row (x32) needs a host kernel that runs its binaries
	if [ -z "$qemu" ] && ! runs "$canon" "$cc"; then
		skip "$canon" "this machine cannot run $canon binaries ($(tail -n 1 "$probe/$canon.run" 2>/dev/null)); qemu-user has no $canon either"
		continue
	fi
	for compiler in $compilers; do
		if [ "$compiler" = clang ]; then
			why=$(arch_clang_why "$canon")
			if [ -n "$why" ]; then
				skip "$canon clang" "$why"
				continue
			fi
		fi
		for variant in $variants; do
			[ "$variant" = - ] && variant=""
			rows="$rows $canon.$compiler.nolibc.$variant"
		done
	done
done

rc=0
if [ -n "${rows// /}" ]; then
	make -s --no-print-directory -C "$nolibc" -j"$jobs" test-matrix OUTPUT="$output" \
		MATRIX_ROWS="$rows" GLIBC_ROWS= OLEVELS="$olevels" || rc=1
else
	echo "run-arches.sh: no ABI could be built and run" >&2
	rc=1
fi
if [ -n "$skipped" ]; then
	printf 'skipped:\n'
	printf '%s' "$skipped" | sed 's/^/  /'
fi
exit "$rc"

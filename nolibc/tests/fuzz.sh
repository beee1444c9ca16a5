#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Differential fuzzing of nolibc against glibc: tests/fuzz.c built twice,
# with -include nolibc.h and against the toolchain's static glibc, for one
# ABI (run under its qemu-user when foreign). Both builds make the same
# cases from the seed and print a hash per case; the two streams are
# compared line by line, per function.
#
#   fuzz.sh [--arch ARCH] [--seed N] [--count N] [--funcs "a b"]
#           [--output DIR] [--case I]
#
# Prints "fuzz: ARCH FUNC cases=N mismatches=M seconds=S" per function, and
# for one with mismatches, its first differing case in words from both
# builds (input and results) and the command that replays it. --case I
# prints case I of each function of --funcs that way and compares nothing.
# Exits 1 if any function mismatched, 2 if the builds fail.
# sscanf is fuzzed when nolibc has it (a compile probe).
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
nolibc="$(cd "$here/.." && pwd)"
# shellcheck source=../../configs/arch.sh
source "$nolibc/../configs/arch.sh"

arch="" seed=1 count=10000 funcs="" output="" one_case=""
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch="$2"; shift 2 ;;
	--seed) seed="$2"; shift 2 ;;
	--count) count="$2"; shift 2 ;;
	--funcs) funcs="$2"; shift 2 ;;
	--output) output="$2"; shift 2 ;;
	--case) one_case="$2"; shift 2 ;;
	-h|--help) sed -n '4,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "fuzz.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
for n in "$seed" "$count" ${one_case:+"$one_case"}; do
	case "$n" in
	'' | *[!0-9]*) echo "fuzz.sh: '$n' is not a number" >&2; exit 2 ;;
	esac
done
arch=$(arch_canonical "${arch:-$(uname -m)}") || { echo "fuzz.sh: unknown arch" >&2; exit 2; }
cc="$(arch_get "$arch" cross)gcc"
cflags=$(arch_get "$arch" cflags)
qemu=$(arch_get "$arch" qemu_user)
[ "$arch" != "$(arch_host)" ] || qemu=""
if [ -z "$output" ]; then
	output=$(mktemp -d "${TMPDIR:-/tmp}/nolibc-fuzz.XXXXXX")
	trap 'rm -rf "$output"' EXIT
fi
mkdir -p "$output"

# Both builds get the same flags; -fno-builtin so that every call reaches
# the library rather than the compiler's own expansion.
common=(-O2 -Wall -Wextra -fno-builtin)
# shellcheck disable=SC2206 # cflags is a list of flags
common+=($cflags)
probe="$output/probe.c"
printf '%s\n' 'int main(void) { int v = 0; return sscanf("1", "%d", &v) != 1; }' > "$probe"
if "$cc" "${common[@]}" -Werror -nostdlib -static -fno-stack-protector \
	-include "$nolibc/nolibc.h" -o "$output/probe" "$probe" -lgcc > /dev/null 2>&1; then
	common+=(-DFUZZ_SSCANF)
fi
if ! "$cc" "${common[@]}" -nostdlib -static -fno-stack-protector -include "$nolibc/nolibc.h" \
	-o "$output/fuzz-nolibc" "$here/fuzz.c" -lgcc > "$output/build.log" 2>&1 ||
   ! "$cc" "${common[@]}" -static -o "$output/fuzz-glibc" "$here/fuzz.c" \
	>> "$output/build.log" 2>&1; then
	echo "fuzz.sh: $arch build failed:" >&2
	tail -n 20 "$output/build.log" >&2
	exit 2
fi

# run LIBC ARGS...: one build, under qemu-user for a foreign ABI
run() {
	local bin="$output/fuzz-$1"
	shift
	if [ -n "$qemu" ]; then
		"$qemu" "$bin" "$@"
	else
		"$bin" "$@"
	fi
}

all=$(run glibc --list)
if [ "$all" != "$(run nolibc --list)" ]; then
	echo "fuzz.sh: the two builds list different functions" >&2
	exit 2
fi
[ -n "$funcs" ] || funcs=$(echo "$all" | tr '\n' ' ')

# show FUNC I: case I in words, both ways
show() {
	echo "  nolibc: $(run nolibc "$1" "$seed" "$2" 1 -v)"
	echo "  glibc:  $(run glibc "$1" "$seed" "$2" 1 -v)"
	echo "  replay: bash nolibc/tests/fuzz.sh --arch $arch --seed $seed --funcs $1 --case $2"
}

bad=0
for f in $funcs; do
	if ! echo "$all" | grep -qx -- "$f"; then
		echo "fuzz.sh: no function '$f' (there are: $(echo "$all" | tr '\n' ' '))" >&2
		exit 2
	fi
	if [ -n "$one_case" ]; then
		echo "fuzz: $arch $f case $one_case"
		show "$f" "$one_case"
		continue
	fi
	start=$(date +%s%N)
	# mismatching lines, the first one (0-based), and how many were read;
	# a build that dies early leaves its side short
	read -r lines mism first < <(paste -d' ' <(run nolibc "$f" "$seed" 0 "$count" 2>&1) \
				      <(run glibc "$f" "$seed" 0 "$count" 2>&1) |
		awk '$1 != $2 || NF != 2 { n++; if (!f) f = NR }
		     END { print NR, n + 0, f ? f - 1 : -1 }')
	secs=$(( ($(date +%s%N) - start) / 1000000 ))
	[ "$lines" -eq "$count" ] || { mism=$((mism + 1)); [ "$first" -ge 0 ] || first=$lines; }
	printf 'fuzz: %s %s cases=%s mismatches=%s seconds=%d.%03d\n' \
		"$arch" "$f" "$count" "$mism" $((secs / 1000)) $((secs % 1000))
	if [ "$mism" -gt 0 ]; then
		bad=1
		echo "  first mismatch: case $first (seed $seed)"
		show "$f" "$first"
	fi
done
[ "$bad" -eq 0 ]

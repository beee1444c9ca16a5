#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# nolibc against glibc, differential fuzzing at length: N cases per function
# (default 10^6) of nolibc/tests/fuzz.c per ABI, through "make -C nolibc
# fuzz". Prints a markdown table (function, cases, mismatches, seconds) and
# writes it to results/fuzz/fuzz-ARCH.md. Never fails: the table says it.
#
#   bench/fuzz.sh [--arches "x86_64 i386"] [--count N] [--seed N]
#
# The seed defaults to the time, so every run tries new cases; it is in
# the table, for "make -C nolibc fuzz SEED=... FUNCS=..." to replay them.
set -eu

top="$(cd "$(dirname "$0")/.." && pwd)"
arches="x86_64" count=1000000 seed="$(date +%s)"
while [ $# -gt 0 ]; do
	case "$1" in
	--arches) arches="$2"; shift 2 ;;
	--count) count="$2"; shift 2 ;;
	--seed) seed="$2"; shift 2 ;;
	-h|--help) sed -n '4,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "fuzz.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done

mkdir -p "$top/results/fuzz"
for arch in $arches; do
	report="$top/results/fuzz/fuzz-$arch.md"
	log="$top/results/fuzz/fuzz-$arch.log"
	start=$SECONDS
	make -s --no-print-directory -C "$top/nolibc" fuzz ARCH="$arch" N="$count" \
		SEED="$seed" > "$log" 2>&1 || true
	{
		echo "nolibc fuzz, $arch, seed $seed, $(date -u '+%Y-%m-%d %H:%M UTC'), $((SECONDS - start)) s in all"
		echo
		echo "| function | cases | mismatches | seconds |"
		echo "| --- | ---: | ---: | ---: |"
		sed -n 's/^fuzz: [^ ]* \([^ ]*\) cases=\([0-9]*\) mismatches=\([0-9]*\) seconds=\([0-9.]*\)$/| \1 | \2 | \3 | \4 |/p' "$log"
		grep -v '^fuzz: ' "$log" | sed 's/^/    /' || true
	} | tee "$report"
done

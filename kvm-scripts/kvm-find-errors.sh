#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every splat of a results folder with its context, the call traces'
# addresses decoded: kvm-find-errors.sh RESULTS
#
# For each scenario folder with a console.log, writes splats.txt there
# (each splat: the lines before it and its trace, "?" frames included)
# and prints them. Our small base configs leave out KALLSYMS, so a trace
# shows bare addresses ("? 0xffffffff810f8a8d"); they are decoded to
# "function+0xoff/0xsize" against the build's System.map (the build-dir
# file of the scenario names the build), which every vmlinux link writes.
# With $EDITOR set and a terminal on stdout, the splats.txt files are
# opened in it. Exit status: 0 when no splat was found, 1 when some were,
# 2 for bad usage. Source it for the functions.

# shellcheck source=splat.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/splat.sh"

find_errors_main() {
	local results="${1:-}" run map n total=0 files=()
	if [ -z "$results" ] || [ ! -d "$results" ]; then
		echo "usage: kvm-find-errors.sh RESULTS (a kvm.sh results folder)" >&2
		return 2
	fi
	for run in "$results"/*/; do
		run=${run%/}
		[ -r "$run/console.log" ] || continue
		run_splats "$run"
		[ -e "$run/splats.txt" ] || continue
		map=$(run_system_map "$run") || map=""
		n=$(grep -c -E -- "$(splat_regex)" "$run/splats.txt") || true
		total=$((total + n))
		files+=("$run/splats.txt")
		echo "== $(basename "$run"): $n splat lines ($run/splats.txt${map:+, decoded with $map})"
		cat "$run/splats.txt"
		echo
	done
	if [ "$total" -eq 0 ]; then
		echo "no splats in $results"
		return 0
	fi
	if [ -n "${EDITOR:-}" ] && [ -t 1 ]; then
		"$EDITOR" "${files[@]}"
	fi
	return 1
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -eu
	find_errors_main "$@"
fi

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

# splat_regex: extended regex for the first line of a splat.
splat_regex() {
	echo 'BUG:|Oops|WARNING:|Call [Tt]race:|Kernel panic|detected (expedited )?stalls on CPUs/tasks|self-detected stall|kthread starved|Badness|!!!|Writer stall state'
}

# splat_blocks CONSOLE [BEFORE]: the splats of CONSOLE, each the BEFORE
# (default 3) lines ahead of its first line through the end of its trace
# (a "</TASK>" or "end trace" line, or 30 lines at most), blocks that touch
# merged, separated by a line "--". Prints nothing when there is none.
splat_blocks() {
	awk -v re="$(splat_regex)" -v before="${2:-3}" '
		{ line[NR] = $0 }
		$0 ~ re { start[++n] = NR }
		END {
			last = 0
			for (i = 1; i <= n; i++) {
				s = start[i] - before
				if (s <= last) s = last + 1
				if (s < 1) s = 1
				e = start[i]
				for (j = start[i]; j <= NR && j < start[i] + 30; j++) {
					e = j
					if (j > start[i] && line[j] ~ /<\/TASK>|end trace/) break
					if (j > start[i] && line[j] !~ /^(\[ *[0-9.]+\] )? |Call [Tt]race|<TASK>/) { e = j - 1; break }
				}
				if (e < start[i]) e = start[i]
				if (e <= last) continue
				if (last && s > last + 1) print "--"
				for (j = s; j <= e; j++) print line[j]
				last = e
			}
		}' "$1"
}

# decode_addresses SYSTEM_MAP: stdin to stdout, each kernel text address
# (0x and 8 or 16 hex digits) that System.map places inside a function
# shown as "function+0xOFF/0xSIZE" (SIZE: to the next symbol).
decode_addresses() {
	local map="$1" input addrs
	input=$(cat)
	addrs=$(grep -o -E '0x[0-9a-f]{8}([0-9a-f]{8})?\b' <<< "$input" | sort -u) || true
	if [ -z "$addrs" ] || [ ! -r "$map" ]; then
		printf '%s\n' "$input"
		return 0
	fi
	# Sort the addresses in among the symbols; each takes the symbol before
	# it, when that is a function, and the one after (for the size).
	{
		awk 'NF >= 3 { print $1, "S", $3, $2 }' "$map"
		sed 's/^0x//; s/$/ A/' <<< "$addrs"
	} | sort -k1,1 -k2,2r | awk '
		$2 == "S" { if (pend != "") { for (k in q) print q[k], sym, saddr, $1; delete q; pend = "" }
			    sym = $3; saddr = $1; text = ($4 ~ /^[tTwW]$/); next }
		sym != "" && text { q[$1] = $1; pend = 1 }
		END { for (k in q) print q[k], sym, saddr, "-" }' > "${TMPDIR:-/tmp}/decode.$$"
	local a s sa next off size sedscript=""
	while read -r a s sa next; do
		off=$(( 16#$a - 16#$sa ))
		if [ "$next" = - ]; then
			sedscript+="s|0x$a\\b|$s+$(printf '0x%x' "$off")|g;"
		else
			size=$(( 16#$next - 16#$sa ))
			sedscript+="s|0x$a\\b|$s+$(printf '0x%x/0x%x' "$off" "$size")|g;"
		fi
	done < "${TMPDIR:-/tmp}/decode.$$"
	rm -f "${TMPDIR:-/tmp}/decode.$$"
	sed "$sedscript" <<< "$input"
}

# run_system_map RUN_DIR: the System.map of the scenario's build, if any.
run_system_map() {
	local dir
	dir=$(cat "$1/build-dir" 2> /dev/null) || return 1
	[ -r "$dir/System.map" ] || return 1
	echo "$dir/System.map"
}

find_errors_main() {
	local results="${1:-}" run map n total=0 files=()
	if [ -z "$results" ] || [ ! -d "$results" ]; then
		echo "usage: kvm-find-errors.sh RESULTS (a kvm.sh results folder)" >&2
		return 2
	fi
	for run in "$results"/*/; do
		run=${run%/}
		[ -r "$run/console.log" ] || continue
		splat_blocks "$run/console.log" > "$run/splats.txt"
		if map=$(run_system_map "$run"); then
			decode_addresses "$map" < "$run/splats.txt" > "$run/splats.txt.new" &&
				mv "$run/splats.txt.new" "$run/splats.txt"
		fi
		n=$(grep -c -E -- "$(splat_regex)" "$run/splats.txt") || true
		[ "$n" -gt 0 ] || { rm -f "$run/splats.txt"; continue; }
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

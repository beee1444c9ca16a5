#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the whole rcu CFLIST costs on this machine, built independently (one
# cold tree per scenario, every kernel before the first boot: the kernel's
# own way) and shared (kvm.sh's default: one tree per arch rebuilt
# incrementally, the next kernel built while the current one boots). Each
# way runs twice on its own empty cache: cold, then warm (every kernel
# cached). The kernel source extraction is shared with the main cache and
# not counted: it is the same for both. Prints a table and writes
# cflist.md in the results folder.
#
#   bench/cflist.sh [--configs "LIST"] [--duration D] [--arch A]
#                   [--ways "independent shared"] [--results DIR]
#
# The whole CFLIST (default) is hours on 2 cores; --configs runs a part.
# Both ways, cold and warm, take about 4.4 hours here, longer than a
# working session: run again with the same --results DIR (and the same
# other options: others are refused) and the phases already measured are
# kept, each row with the time it started; an interrupted or failed phase
# is set aside and run anew, from an emptied cache if it was a cold one.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../kvm-scripts/functions.sh
source "$here/../kvm-scripts/functions.sh"

results="$PROJECT_TOP/results/cflist-$(date +%Y.%m.%d-%H.%M.%S)"
configs="" duration=1 arch="" ways="independent shared"
while [ $# -gt 0 ]; do
	case "$1" in
	--configs) configs="$2"; shift 2 ;;
	--duration) duration="$2"; shift 2 ;;
	--arch) arch="$2"; shift 2 ;;
	--ways) ways="$2"; shift 2 ;;
	--results) results="$2"; shift 2 ;;
	-h|--help) sed -n '4,21s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "cflist.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
	esac
done
for way in $ways; do
	case "$way" in
	independent|shared) ;;
	*) echo "cflist.sh: --ways: '$way' is neither independent nor shared" >&2; exit 2 ;;
	esac
done
mkdir -p "$results"
results=$(cd "$results" && pwd)
# Rows kept from an earlier invocation are only comparable with new ones
# made with the same options.
options="configs=${configs:-CFLIST} duration=$duration arch=${arch:-host} ways=$ways"
if [ -s "$results/options" ] && [ "$(cat "$results/options")" != "$options" ]; then
	echo "cflist.sh: $results was measured with $(cat "$results/options"), not $options: give the same options or another --results" >&2
	exit 2
fi
echo "$options" > "$results/options"
# CFLIST_KVM: a stand-in for kvm.sh, for the tests
kvm="${CFLIST_KVM:-$PROJECT_TOP/kvm-scripts/kvm.sh}"

# column CSV NAME: the sum of column NAME of summary.csv (numbers only).
column() {
	awk -F, -v name="$2" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next }
		c && $c ~ /^[0-9]+$/ { s += $c }
		END { print s + 0 }' "$1"
}

# verdicts CSV: "N SUCCESS, N HANG..." from summary.csv.
verdicts() {
	awk -F, 'NR > 1 { n[$2]++ } END { for (v in n) printf "%s%d %s", sep, n[v], v; sep = ", " }' "$1"
}

# empty_cache WAY: a cold start for WAY; the shared source link stays.
empty_cache() {
	local cache="$results/cache-$1" f
	for f in "$cache"/* "$cache"/.[!.]*; do
		[ -e "$f" ] || [ -L "$f" ] || continue
		[ "$f" = "$cache/src" ] && [ -L "$f" ] && continue
		rm -rf "$f"
	done
}

# one WAY TEMP: one run of kvm.sh, printing a table row; a row measured
# by an earlier invocation (WAY-TEMP.row) is printed again instead. Fails
# when the run left no summary.
one() {
	local way="$1" temp="$2" dir="$results/$1-$2" t0 rc=0 started row
	local -a opts=(--duration "$duration" --results "$dir")
	row="$dir.row"
	if [ -s "$row" ]; then
		cat "$row"
		return
	fi
	if [ -e "$dir" ] || [ -e "$dir.log" ]; then
		# an earlier invocation stopped inside this phase or it failed
		# there: keep what it left, out of the way, and measure again
		started=$(date +%Y.%m.%d-%H.%M.%S)
		[ ! -e "$dir" ] || mv "$dir" "$dir.interrupted-$started"
		[ ! -e "$dir.log" ] || mv "$dir.log" "$dir.interrupted-$started.log"
		echo "cflist.sh: $way $temp did not finish earlier; set aside as $dir.interrupted-$started" >&2
	fi
	if [ "$temp" = cold ]; then
		empty_cache "$way"
		rm -f "$results/$way-warm.row"
	fi
	[ -z "$configs" ] || opts+=(--configs "$configs")
	[ -z "$arch" ] || opts+=(--arch "$arch")
	[ "$way" = shared ] || opts+=(--independent-builds)
	started=$(date '+%Y-%m-%d %H:%M')
	t0=$SECONDS
	NOLIBC_TORTURE_CACHE="$results/cache-$way" "$kvm" "${opts[@]}" > "$dir.log" 2>&1 || rc=$?
	if [ ! -e "$dir/summary.csv" ]; then
		echo "| $way | $temp | kvm.sh exit $rc, no summary: see $dir.log | | | | $started |"
		return 1
	fi
	echo "| $way | $temp | $((SECONDS - t0)) | $(column "$dir/summary.csv" build_seconds) |" \
		"$(column "$dir/summary.csv" boot_seconds) | $(verdicts "$dir/summary.csv") | $started |" > "$row.tmp"
	mv "$row.tmp" "$row"
	cat "$row"
}

{
	echo "torture rcu, scenarios: ${configs:-the CFLIST}, --duration $duration, $(nproc) CPUs, $(date +%Y-%m-%d)"
	echo
	echo "| builds | cache | wall (s) | build (s, summed) | boot (s, summed) | verdicts | started |"
	echo "|---|---|---:|---:|---:|---|---|"
	for way in $ways; do
		cache="$results/cache-$way"
		mkdir -p "$cache"
		# the source tree, extracted once, is no build work: share it
		[ ! -d "$PROJECT_CACHE/src" ] || [ -e "$cache/src" ] || ln -s "$PROJECT_CACHE/src" "$cache/src"
		# a warm phase after a cold one that did not finish would be
		# a cold one again, under the wrong name
		if one "$way" cold; then
			# its failure is in the table; the other way still runs
			one "$way" warm || true
		else
			echo "| $way | warm | not run: the cold phase has no summary | | | | |"
		fi
	done
} | tee "$results/cflist.md"
echo "(logs and results in $results; delete its cache-* folders when done)"

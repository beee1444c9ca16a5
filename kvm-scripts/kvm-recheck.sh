#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Judge a kvm.sh results folder again from what its scenarios left
# (console.log, qemu-exit, killed), as kvm.sh judged it, and rewrite each
# scenario's verdict and console.summary and the folder's summary.csv,
# summary.json and summary.svg (plot.sh); or compare two results folders.
#
# Usage: kvm-recheck.sh [--torture TYPE] RESULTS
#        kvm-recheck.sh --compare OLD NEW
#   --torture TYPE   the torture type, for folders that do not record it
#                    in RESULTS/torture (written by kvm.sh); default rcu
#   --compare        per scenario found in both: verdicts, GPs per second
#                    and its change, and splat counts NEW has more of
#   -h, --help       this text
#
# Exit status: 0 when no scenario's verdict is a failure (with --compare:
# when none became one or gained splats), 1 otherwise, 2 for bad usage.
# Which verdicts are failures: configs/verdicts.tsv.
set -eu

KVM_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=functions.sh
source "$KVM_DIR/functions.sh"
# shellcheck source=summary.sh
source "$KVM_DIR/summary.sh"
# shellcheck source=plot.sh
source "$KVM_DIR/plot.sh"

usage() {
	sed -n '/^# Usage:/,/^# usage\./p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

bad_usage() {
	echo "kvm-recheck.sh: $*" >&2
	echo "kvm-recheck.sh: see kvm-recheck.sh --help" >&2
	exit 2
}

torture="" compare=""
while [ $# -gt 0 ]; do
	case "$1" in
	--torture) torture="${2?--torture needs a value}"; shift ;;
	--compare) compare=1 ;;
	-h|--help) usage 0 ;;
	-*) bad_usage "unknown option '$1'" ;;
	*) break ;;
	esac
	shift
done

# run_names RESULTS: the scenario folders in the order kvm.sh ran them
# (RESULTS/runs), else every folder holding a verdict or a console.log.
run_names() {
	local d
	if [ -r "$1/runs" ]; then
		cat "$1/runs"
		return
	fi
	for d in "$1"/*/; do
		d=${d%/}
		[ -e "$d/verdict" ] || [ -e "$d/console.log" ] || continue
		basename "$d"
	done
}

# recheck_run RUN_DIR TYPE: judges one scenario folder again; prints a line
# when the verdict changed. A folder without console.log (the build
# failed, or nothing was booted) keeps its verdict, and so does an
# INTERRUPTED one unless its console shows something that outranks it:
# the console of a run stopped early reads as a HANG or a NO-END.
recheck_run() {
	local dir="$1" type="$2" old detail new
	[ -e "$dir/console.log" ] || return 0
	old=$(verdict_read "$dir")
	detail=$(sed -n 2p "$dir/verdict" 2> /dev/null) || true
	new=$(run_judge "$dir" "$type") || return 1
	if [ "$old" = INTERRUPTED ] && [ "$(verdict_worst "$old" "$new")" = "$old" ]; then
		verdict_write "$dir" "$old" "$detail" || return 1
		new=$old
	fi
	[ "$old" = NOT-RUN ] || [ "$old" = "$new" ] || echo "$(basename "$dir"): verdict was $old, now $new"
}

# recheck RESULTS: judge every scenario again and rewrite the summaries
# and the picture.
recheck() {
	local results="$1" type="$torture" run status=0
	local -a runs
	[ -n "$type" ] || type=$(cat "$results/torture" 2> /dev/null || echo rcu)
	mapfile -t runs < <(run_names "$results")
	[ "${#runs[@]}" -gt 0 ] || { echo "kvm-recheck.sh: no scenario folders in $results" >&2; return 1; }
	for run in "${runs[@]}"; do
		[ -d "$results/$run" ] || continue
		recheck_run "$results/$run" "$type" || return 1
	done
	# 1, not summary_write's 130 for an INTERRUPTED run: this script was
	# not interrupted
	summary_write "$results" "${runs[@]}" || status=1
	plot_run "$results" "$results/summary.svg" "$type" "${runs[@]}"
	return "$status"
}

# pct_change OLD NEW: the change from OLD to NEW in percent, "-" when
# either is missing or OLD is zero.
pct_change() {
	awk -v a="$1" -v b="$2" 'BEGIN {
		if (a == "-" || b == "-" || a + 0 == 0) { print "-"; exit }
		printf "%+.1f%%\n", (b - a) * 100 / a }'
}

# new_splats OLD_DIR NEW_DIR: splat counts higher in NEW, "key=N (was M)".
new_splats() {
	local key o n found=""
	for key in $SUMMARY_SPLAT_KEYS; do
		o=$(summary_value "$1" "$key")
		n=$(summary_value "$2" "$key")
		[ "$o" != - ] || o=0
		[ "$n" != - ] || n=0
		[ "$n" -le "$o" ] || found="$found${found:+ }$key=$n (was $o)"
	done
	echo "${found:-none}"
}

# compare OLD NEW: one line per scenario found in both folders.
compare() {
	local old="$1" new="$2" run ov nv og ng sp rc=0 both=0
	printf '%-12s %-12s %-12s %8s %8s %8s  %s\n' scenario old new "old GP/s" "new GP/s" change "new splats"
	while read -r run; do
		[ -d "$new/$run" ] || continue
		both=$((both + 1))
		ov=$(verdict_read "$old/$run")
		nv=$(verdict_read "$new/$run")
		og=$(summary_value "$old/$run" gps_per_sec)
		ng=$(summary_value "$new/$run" gps_per_sec)
		sp=$(new_splats "$old/$run" "$new/$run")
		printf '%-12s %-12s %-12s %8s %8s %8s  %s\n' "$run" "$ov" "$nv" "$og" "$ng" "$(pct_change "$og" "$ng")" "$sp"
		if [ "$sp" != none ] || { ! verdict_is_failure "$ov" && verdict_is_failure "$nv"; }; then
			rc=1
		fi
	done < <(run_names "$old")
	[ "$both" -gt 0 ] || { echo "kvm-recheck.sh: no scenario in both $old and $new" >&2; return 1; }
	return "$rc"
}

if [ -n "$compare" ]; then
	[ $# -eq 2 ] || bad_usage "--compare needs OLD and NEW results folders"
	for d in "$1" "$2"; do
		[ -d "$d" ] || bad_usage "no results folder '$d'"
	done
	compare "$1" "$2"
else
	[ $# -eq 1 ] || bad_usage "want one results folder"
	[ -d "$1" ] || bad_usage "no results folder '$1'"
	[ -z "$torture" ] || torture_get "$torture" torture > /dev/null 2>&1 || bad_usage "unknown torture type '$torture'"
	recheck "$(cd "$1" && pwd)"
fi

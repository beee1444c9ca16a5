# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The end of a run: one table on stdout and the same rows in summary.csv
# and summary.json, read from the scenario folders (verdict,
# build-seconds, boot-seconds, console.summary). kvm.sh writes them when a
# run ends; kvm-recheck.sh again after re-judging. Source this file; it
# defines functions only.

# summary_splats RUN_DIR: the nonzero splat counts of console.summary as
# "key=N key=N", "none", or "-" when the run was not judged.
summary_splats() {
	local f="$1/console.summary"
	[ -e "$f" ] || { echo "-"; return; }
	awk -F= '$1 !~ /^(verdict|reason)$/ && $2 > 0 { printf "%s%s=%s", sep, $1, $2; sep = " " } END { if (!sep) printf "none" }' "$f"
}

# summary_seconds_cell N: "Ns" for the table, or "-" when there is no number.
summary_seconds_cell() {
	case "$1" in
	*[!0-9]* | "") echo - ;;
	*) echo "${1}s" ;;
	esac
}

# summary_write RESULTS RUN_NAME...: the table on stdout, summary.csv and
# summary.json in RESULTS, one row per RESULTS/RUN_NAME folder. Fails
# unless every verdict is SUCCESS (or BUILT, STAGED, LAVA-JOB).
summary_write() {
	local results="$1" run rundir v b t sp all_ok=0 json_sep=""
	shift
	{
		echo "scenario,verdict,build_seconds,boot_seconds,splats"
	} > "$results/summary.csv"
	echo "[" > "$results/summary.json"
	echo
	printf '%-12s %-16s %8s %8s  %s\n' scenario verdict build boot splats
	for run in "$@"; do
		rundir="$results/$run"
		[ -d "$rundir" ] || continue
		v=$(head -n 1 "$rundir/verdict" 2>/dev/null || echo NOT-RUN)
		b=$(cat "$rundir/build-seconds" 2>/dev/null || echo -)
		t=$(cat "$rundir/boot-seconds" 2>/dev/null || echo -)
		sp=$(summary_splats "$rundir")
		printf '%-12s %-16s %8s %8s  %s\n' "$run" "$v" "$(summary_seconds_cell "$b")" "$(summary_seconds_cell "$t")" "$sp"
		echo "$run,$v,$b,$t,$sp" >> "$results/summary.csv"
		printf '%s  {"scenario": "%s", "verdict": "%s", "build_seconds": "%s", "boot_seconds": "%s", "splats": "%s"}' \
			"$json_sep" "$run" "$v" "$b" "$t" "$sp" >> "$results/summary.json"
		json_sep=$',\n'
		case "$v" in SUCCESS|BUILT|STAGED|LAVA-JOB) ;; *) all_ok=1 ;; esac
	done
	printf '\n]\n' >> "$results/summary.json"
	echo
	echo "results: $results"
	return "$all_ok"
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The end of a run: one table on stdout and the same rows in summary.csv
# and summary.json, read from the scenario folders (verdict,
# build-seconds, boot-seconds, console.summary). kvm.sh writes them when a
# run ends; kvm-recheck.sh again after re-judging. Source this file; it
# defines functions only.

# shellcheck source=verdict.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/verdict.sh"

# Splat counts of console.summary, in the order they are shown.
SUMMARY_SPLAT_KEYS="bug oops warning call_trace stall starved badness"

# summary_value RUN_DIR KEY: KEY's value in RUN_DIR/console.summary, or
# "-" when there is none.
summary_value() {
	local v
	v=$(sed -n "s/^$2=//p" "$1/console.summary" 2> /dev/null | head -n 1)
	echo "${v:--}"
}

# summary_splats RUN_DIR: the nonzero splat counts of console.summary as
# "key=N key=N", "none", or "-" when the run was not judged.
summary_splats() {
	local f="$1/console.summary"
	[ -e "$f" ] || { echo "-"; return; }
	awk -F= -v keys="$SUMMARY_SPLAT_KEYS" '
		BEGIN { n = split(keys, k, " "); for (i = 1; i <= n; i++) splat[k[i]] = 1 }
		($1 in splat) && $2 > 0 { printf "%s%s=%s", sep, $1, $2; sep = " " }
		END { if (!sep) printf "none" }' "$f"
}

# summary_json_list VALUE: "N N N" as a JSON array, "-" as null.
summary_json_list() {
	if [ "$1" = - ]; then
		echo null
	else
		echo "[${1// /, }]"
	fi
}

# summary_json_number VALUE: a number as it is, "-" as null.
summary_json_number() {
	if [ "$1" = - ]; then echo null; else echo "$1"; fi
}

# summary_trim_zeros "N N 0 0": the histogram without its trailing zero
# buckets, for the table.
summary_trim_zeros() {
	sed -E 's/( 0)+$//' <<< "$1"
}

# summary_seconds_cell N: "Ns" for the table, or "-" when there is no number.
summary_seconds_cell() {
	case "$1" in
	*[!0-9]* | "") echo - ;;
	*) echo "${1}s" ;;
	esac
}

# summary_write RESULTS RUN_NAME...: the table on stdout, summary.csv and
# summary.json in RESULTS, one row per RESULTS/RUN_NAME folder (in the
# table, under a run with splats, a line naming its decoded splats.txt,
# relative to RESULTS), and a count line. Returns the exit status of its
# verdicts (verdict_exit: 0 when none is a failure, 130 when a run was
# INTERRUPTED, else 1).
summary_write() {
	local results="$1" run rundir v b t sp g r pipe batch json_sep="" kind
	local n_ok=0 n_failed=0 n_na=0 kver ksrc
	local -a verdicts=()
	shift
	# the kernel the runs tortured (kvm.sh's RESULTS/kernel; older
	# folders have none)
	kver=$(sed -n 's/^version=//p' "$results/kernel" 2> /dev/null)
	ksrc=$(sed -n 's/^source=//p' "$results/kernel" 2> /dev/null)
	echo "scenario,verdict,build_seconds,boot_seconds,splats,gps,gps_per_sec,reader_pipe,reader_batch" \
		> "$results/summary.csv"
	echo "[" > "$results/summary.json"
	echo
	[ -z "$kver" ] || echo "kernel: $kver ($ksrc)"
	printf '%-12s %-16s %8s %8s %8s %8s  %s\n' scenario verdict build boot GPs GP/s splats
	for run in "$@"; do
		rundir="$results/$run"
		[ -d "$rundir" ] || continue
		v=$(verdict_read "$rundir")
		verdicts+=("$v")
		b=$(cat "$rundir/build-seconds" 2>/dev/null || echo -)
		t=$(cat "$rundir/boot-seconds" 2>/dev/null || echo -)
		sp=$(summary_splats "$rundir")
		g=$(summary_value "$rundir" gps)
		r=$(summary_value "$rundir" gps_per_sec)
		pipe=$(summary_value "$rundir" reader_pipe)
		batch=$(summary_value "$rundir" reader_batch)
		printf '%-12s %-16s %8s %8s %8s %8s  %s\n' "$run" "$v" "$(summary_seconds_cell "$b")" \
			"$(summary_seconds_cell "$t")" "$g" "$r" "$sp"
		[ "$pipe" = - ] || printf '%-12s reader pipe: %s   batch: %s\n' "" \
			"$(summary_trim_zeros "$pipe")" "$(summary_trim_zeros "$batch")"
		[ "$v" != N/A ] || printf '%-12s %s\n' "" "$(sed -n 2p "$rundir/verdict")"
		[ ! -e "$rundir/splats.txt" ] || printf '%-12s splats: %s\n' "" "$run/splats.txt"
		echo "$run,$v,$b,$t,$sp,$g,$r,$pipe,$batch" >> "$results/summary.csv"
		printf '%s  {"scenario": "%s", "verdict": "%s", "build_seconds": "%s", "boot_seconds": "%s", "splats": "%s", "gps": %s, "gps_per_sec": %s, "reader_pipe": %s, "reader_batch": %s, "kernel": "%s", "kernel_source": "%s"}' \
			"$json_sep" "$run" "$v" "$b" "$t" "$sp" "$(summary_json_number "$g")" "$(summary_json_number "$r")" \
			"$(summary_json_list "$pipe")" "$(summary_json_list "$batch")" "${kver:--}" "${ksrc:--}" \
			>> "$results/summary.json"
		json_sep=$',\n'
		kind=$(verdict_kind "$v")
		case "$kind" in
		ok) n_ok=$((n_ok + 1)) ;;
		na) n_na=$((n_na + 1)) ;;
		*) n_failed=$((n_failed + 1)) ;;
		esac
	done
	printf '\n]\n' >> "$results/summary.json"
	echo
	echo "$n_ok succeeded, $n_failed failed, $n_na N/A (cannot apply to this arch; not failures)"
	echo "results: $results"
	return "$(verdict_exit "${verdicts[@]}")"
}

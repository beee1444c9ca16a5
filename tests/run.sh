#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs test scripts and prints one summary line "N passed, N failed, N skipped".
# Usage: tests/run.sh [--jobs N] [TIER...]   (tiers are folders under tests/:
# unit, cross, system; default unit; --jobs: N scripts at a time, through GNU
# parallel, default 1)
# A script that exits nonzero without printing a "not ok" line counts as one
# failure, so a crashed script cannot pass silently.
#
# Why --jobs: most scripts leave a core idle (a TCG guest is one thread,
# the stub runs are one bash, a QEMU boot waits), so on two cores two at a
# time should shorten "make check" (not yet measured whole). Every script keeps to
# its own scratch folder, ports, namespaces and cache locks, as two users'
# runs would, so they may overlap in any order; each report is printed
# whole when its script ends, in the order they end.
set -eu

top="$(cd "$(dirname "$0")/.." && pwd)"
jobs=1
if [ "${1:-}" = --jobs ]; then
	jobs="${2:-}"
	shift 2 || true
	if ! [[ "$jobs" =~ ^[1-9][0-9]*$ ]]; then
		echo "tests/run.sh: bad --jobs '$jobs': a positive number of scripts at a time" >&2
		exit 2
	fi
fi
tiers=("$@")
[ "${#tiers[@]}" -gt 0 ] || tiers=(unit)

log_dir="${TEST_LOG_DIR:-$top/results/tests}"
mkdir -p "$log_dir"

# run_script SCRIPT: runs one test script into LOG_DIR and prints its
# report: a "===" heading, its not ok and skip lines, and its counts.
run_script() {
	local script="$1" tier name log start rc=0 p f s
	tier=$(basename "$(dirname "$script")")
	name="$tier/$(basename "$script" .sh)"
	log="$log_dir/${name//\//-}.log"
	# first, so that one at a time shows what runs (parallel --group
	# holds a job's lines until it ends anyway)
	echo "=== $name"
	start=$SECONDS
	bash "$script" > "$log" 2>&1 || rc=$?
	p=$(grep -c '^ok - ' "$log" || true)
	f=$(grep -c '^not ok - ' "$log" || true)
	s=$(grep -c '^skip - ' "$log" || true)
	grep -E '^(not ok|skip) - ' "$log" | sed 's/^/    /' || true
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "    not ok - $name exited $rc without a failing check; tail of $log:"
		tail -n 15 "$log" | sed 's/^/      /'
		f=1
	fi
	echo "    $p passed, $f failed, $s skipped ($((SECONDS - start))s)"
}

scripts=()
for tier in "${tiers[@]}"; do
	for script in "$top/tests/$tier"/*.sh; do
		[ -e "$script" ] && scripts+=("$script")
	done
done

if [ "$jobs" -gt 1 ] && ! command -v parallel > /dev/null; then
	echo "tests/run.sh: no GNU parallel (scripts/deps.sh remote installs it): one script at a time" >&2
	jobs=1
fi
report="$log_dir/report.txt"
if [ "$jobs" -gt 1 ]; then
	echo "running ${#scripts[@]} test scripts, $jobs at a time; each report when its script ends"
	export -f run_script
	export log_dir
	parallel --will-cite --jobs "$jobs" --group run_script ::: "${scripts[@]}"
else
	for script in "${scripts[@]}"; do
		run_script "$script"
	done
fi | tee "$report"

read -r passed failed skipped < <(awk '
	/^    [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped \(/ { p += $1; f += $3; s += $5 }
	END { print p + 0, f + 0, s + 0 }' "$report")
# a script parallel could not start at all has no report: count it failed
reports=$(grep -c '^=== ' "$report" || true)
if [ "$reports" -ne "${#scripts[@]}" ]; then
	echo "    not ok - $(( ${#scripts[@]} - reports )) of ${#scripts[@]} test scripts left no report"
	failed=$((failed + ${#scripts[@]} - reports))
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

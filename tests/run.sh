#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs test scripts and prints one summary line "N passed, N failed, N skipped".
# Usage: tests/run.sh [TIER...]   (tiers are folders under tests/: fast, e2e)
# A script that exits nonzero without printing a "not ok" line counts as one
# failure, so a crashed script cannot pass silently.
set -eu

top="$(cd "$(dirname "$0")/.." && pwd)"
tiers=("$@")
[ "${#tiers[@]}" -gt 0 ] || tiers=(fast)

passed=0 failed=0 skipped=0
log_dir="${TEST_LOG_DIR:-$top/results/tests}"
mkdir -p "$log_dir"

for tier in "${tiers[@]}"; do
	for script in "$top/tests/$tier"/*.sh; do
		[ -e "$script" ] || continue
		name="$tier/$(basename "$script" .sh)"
		log="$log_dir/${name//\//-}.log"
		echo "=== $name"
		start=$SECONDS
		rc=0
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
		passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	done
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

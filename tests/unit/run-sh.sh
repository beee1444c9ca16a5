#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/run.sh, the runner of every tier, on a tier of made-up scripts:
# the same counts one at a time and two at a time, a crash without a "not
# ok" line counted as a failure, a failing tier's exit status, and a bad
# --jobs refused.
set -u
source "$(dirname "$0")/../lib.sh"
t_tmpdir
tmp="$T_TMP"

mkdir -p "$tmp/tree/tests/tier"
cp "$TOP/tests/run.sh" "$tmp/tree/tests/run.sh"
cat > "$tmp/tree/tests/tier/a.sh" <<'S'
echo "ok - one"; echo "ok - two"; echo "skip - three: no reason to"
S
cat > "$tmp/tree/tests/tier/b.sh" <<'S'
sleep 1; echo "ok - four"; echo "not ok - five: broken"
S
cat > "$tmp/tree/tests/tier/c.sh" <<'S'
echo "ok - six"; exit 3
S
cat > "$tmp/tree/tests/tier/d.sh" <<'S'
echo "ok - seven"
S

for jobs in 1 2; do
	rc=0
	out=$(TEST_LOG_DIR="$tmp/logs$jobs" bash "$tmp/tree/tests/run.sh" --jobs "$jobs" tier 2>&1) || rc=$?
	t_eq "--jobs $jobs: the summary" "5 passed, 2 failed, 1 skipped" "$(tail -n 1 <<< "$out")"
	t_eq "--jobs $jobs: fails" 1 "$rc"
	t_eq "--jobs $jobs: a report per script" 4 "$(grep -c '^=== tier/' <<< "$out")"
	if grep -q '^    not ok - tier/c exited 3 without a failing check' <<< "$out"; then
		t_ok "--jobs $jobs: a crash is a failure"
	else
		t_fail "--jobs $jobs: a crash is a failure" "$out"
	fi
done
rc=0
out=$(TEST_LOG_DIR="$tmp/logs" bash "$tmp/tree/tests/run.sh" --jobs 2 nosuchtier 2>&1) || rc=$?
t_eq "a tier with no scripts passes" "0 passed, 0 failed, 0 skipped" "$(tail -n 1 <<< "$out")"
t_fails "--jobs 0 is refused" "bad --jobs '0'" bash "$tmp/tree/tests/run.sh" --jobs 0 tier
t_done

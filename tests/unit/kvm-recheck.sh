#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm-recheck.sh: a results folder judged again gives the verdicts and
# grace-period counts the run gave, --compare says what changed, and the
# run and the recheck both draw summary.svg. The run is kvm.sh with stubs
# (tests/kvm-lib.sh); its consoles are fixtures whose counts were written
# by hand (rcu-work: 400 GPs in 30.0 s = 13.33/s,
# rcu-work-nostamp: 500 in 20 s = 25.00/s, rcu-success: 1850 in 59.8 s =
# 30.94/s).
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
source "$TOP/tests/svg-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
FIX="$TOP/tests/fixtures/console"
recheck="$TOP/kvm-scripts/kvm-recheck.sh"

kvm_stubs
: > "$STUB_LOG"
STUB_CONSOLE_LIST="$FIX/rcu-work.log $FIX/rcu-work-nostamp.log $FIX/qemu-bad-memory.log" \
STUB_EXIT_LIST="0 0 1" \
	run_kvm r1 --arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub --accel tcg --duration 10s \
	--cpus 1 --configs "3*TINY01" > /dev/null
r1="$tmp/r1"
t_eq "the run fails (one QEMU failed)" 1 "$rc"

# col RESULTS RUN FIELD: one field of a summary.csv row.
col() {
	awk -F, -v r="$2" -v f="$3" '$1 == r { print $f }' "$1/summary.csv"
}
t_eq "the run's verdicts" "SUCCESS SUCCESS QEMU-FAILED" \
	"$(col "$r1" TINY01 2) $(col "$r1" TINY01.2 2) $(col "$r1" TINY01.3 2)"
t_eq "the run's GP counts" "400 500 -" "$(col "$r1" TINY01 6) $(col "$r1" TINY01.2 6) $(col "$r1" TINY01.3 6)"

# picture_says NAME TEXT: the run's summary.svg has TEXT written on it
# (skipped without gnuplot, which a run does without).
picture_says() {
	if ! command -v gnuplot > /dev/null; then
		t_skip "$1" "no gnuplot (scripts/deps.sh base)"
	elif svg_texts "$r1/summary.svg" 2> /dev/null | grep -q -x -F -- "$2"; then
		t_ok "$1"
	else
		t_fail "$1" "no '$2' in $r1/summary.svg: $(svg_texts "$r1/summary.svg" 2>&1 | tail -n 5 | paste -s -d '|')"
	fi
}
picture_says "the run draws its picture" "TINY01.3: QEMU-FAILED, no ver: lines"

# Judged again from the consoles alone: the same summaries, byte for byte.
cp "$r1/summary.csv" "$tmp/run.csv"
cp "$r1/summary.json" "$tmp/run.json"
rm -f "$r1"/TINY01*/verdict "$r1"/TINY01*/console.summary "$r1/summary.csv" "$r1/summary.json" "$r1/summary.svg"
rc=0
"$recheck" "$r1" > "$tmp/recheck.out" 2>&1 || rc=$?
cat "$tmp/recheck.out"
t_eq "recheck exits as the run did" 1 "$rc"
t_eq "recheck: summary.csv as the run wrote it" "$(cat "$tmp/run.csv")" "$(cat "$r1/summary.csv" 2> /dev/null)"
t_eq "recheck: summary.json as the run wrote it" "$(cat "$tmp/run.json")" "$(cat "$r1/summary.json" 2> /dev/null)"
t_eq "recheck: GP counts from the consoles" "400 13.33 500 25.00" \
	"$(col "$r1" TINY01 6) $(col "$r1" TINY01 7) $(col "$r1" TINY01.2 6) $(col "$r1" TINY01.2 7)"
t_eq "recheck: QEMU's failure kept (qemu-exit)" QEMU-FAILED "$(head -n 1 "$r1/TINY01.3/verdict")"
picture_says "recheck draws the picture again" "TINY01: SUCCESS, 400 GPs"
if grep -Eq '^TINY01 +SUCCESS +[0-9]+s +[0-9]+s +400 +13\.33  none$' "$tmp/recheck.out"; then
	t_ok "recheck prints the table"
else
	t_fail "recheck prints the table" "$(cat "$tmp/recheck.out")"
fi
cp -r "$r1" "$tmp/old"

# A console that now says something else: the changed verdict is named.
cp "$FIX/rcu-gp-hang.log" "$r1/TINY01/console.log"
out=$("$recheck" "$r1" 2>&1)
if printf '%s\n' "$out" | grep -q '^TINY01: verdict was SUCCESS, now GP-HANG$'; then
	t_ok "recheck names a changed verdict"
else
	t_fail "recheck names a changed verdict" "$out"
fi
picture_says "the picture shows the new verdict" "TINY01: GP-HANG, 731 GPs"

# --compare: TINY01 runs faster, TINY01.2 as fast with a new warning.
cp -r "$tmp/old" "$tmp/new"
cp "$FIX/rcu-success.log" "$tmp/new/TINY01/console.log"
{
	cat "$FIX/rcu-work-nostamp.log"
	echo "WARNING: CPU: 0 PID: 1 at kernel/rcu/tree.c:1 f+0x0/0x10"
} > "$tmp/new/TINY01.2/console.log"
"$recheck" "$tmp/new" > /dev/null 2>&1
rc=0
out=$("$recheck" --compare "$tmp/old" "$tmp/new" 2>&1) || rc=$?
printf '%s\n' "$out"
t_eq "compare: a new splat fails it" 1 "$rc"
t_eq "compare: the GP rate change" "TINY01 SUCCESS SUCCESS 13.33 30.94 +132.1% none" \
	"$(printf '%s\n' "$out" | grep '^TINY01 ' | tr -s ' ')"
t_eq "compare: a new splat" "TINY01.2 SUCCESS SUCCESS 25.00 25.00 +0.0% warning=1 (was 0)" \
	"$(printf '%s\n' "$out" | grep '^TINY01.2 ' | tr -s ' ')"
t_eq "compare: no rate for a QEMU that failed" "TINY01.3 QEMU-FAILED QEMU-FAILED - - - none" \
	"$(printf '%s\n' "$out" | grep '^TINY01.3 ' | tr -s ' ')"
rc=0
"$recheck" --compare "$tmp/old" "$tmp/old" > /dev/null 2>&1 || rc=$?
t_eq "compare: a folder with itself passes" 0 "$rc"

rc=0
"$recheck" "$tmp/none" > /dev/null 2>&1 || rc=$?
t_eq "a missing folder is bad usage" 2 "$rc"
rc=0
"$recheck" --compare "$tmp/old" > /dev/null 2>&1 || rc=$?
t_eq "--compare wants two folders" 2 "$rc"

t_done

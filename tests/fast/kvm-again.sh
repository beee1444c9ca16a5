#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm-again.sh: the kernels of an earlier run booted again without a
# build, for another duration; what it refuses. Stub make and QEMU
# (tests/kvm-lib.sh) stand in for kernel builds and boots.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
FIX="$TOP/tests/fixtures/console"
again="$TOP/kvm-scripts/kvm-again.sh"
# shellcheck source=../../kvm-scripts/kvm-again.sh
source "$again"

# The command line of a run rewritten for another duration.
t_eq "again_append: shutdown_secs and stat_interval follow the duration" \
	"console=ttyS0 rcutorture.shutdown_secs=200 rcutorture.stat_interval=15 rcutorture.verbose=1 panic=-1 extra=1" \
	"$(again_append "console=ttyS0 rcutorture.shutdown_secs=10 rcutorture.stat_interval=2 rcutorture.verbose=1 panic=-1" 200 " extra=1")"
t_eq "again_append: extra words with / and & stay as they are" \
	"console=ttyS0 rcutorture.shutdown_secs=20 init=/sbin/init dyndbg=file&x" \
	"$(again_append "console=ttyS0 rcutorture.shutdown_secs=10" 20 "init=/sbin/init dyndbg=file&x")"
t_eq "again_duration: read from the old command line" 35 \
	"$(again_duration "console=ttyS0 locktorture.shutdown_secs=35 locktorture.stat_interval=7")"
t_eq "again_duration: refscale has none" "" "$(again_duration "refscale.shutdown=1 refscale.verbose=1")"

kvm_stubs
STUB_CONSOLE="$FIX/rcu-success.log" run_kvm first --arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub \
	--accel tcg --duration 10s --configs "TINY01 TREE01"
t_eq "the first run: exit 0" 0 "$rc"

: > "$STUB_LOG"
rc=0
STUB_CONSOLE="$FIX/rcu-success.log" "$again" "$tmp/first" --duration 20s --bootargs again.marker=1 \
	--results "$tmp/second" > "$tmp/second.log" 2>&1 || rc=$?
cat "$tmp/second.log"
t_eq "again: exit 0" 0 "$rc"
t_eq "again: no make" "" "$(grep -v '^qemu ' "$STUB_LOG")"
t_eq "again: one boot per scenario" 2 "$(grep -c '^qemu ' "$STUB_LOG")"
for run in TINY01 TREE01; do
	t_eq "again: $run verdict" SUCCESS "$(head -n 1 "$tmp/second/$run/verdict" 2> /dev/null)"
	if grep -q 'rcutorture.shutdown_secs=20 rcutorture.stat_interval=4 .*again.marker=1' "$tmp/second/$run/qemu-cmd.args"; then
		t_ok "again: $run boots for 20 s with the new parameter"
	else
		t_fail "again: $run boots for 20 s with the new parameter" "$(grep append -A1 "$tmp/second/$run/qemu-cmd.args")"
	fi
	t_eq "again: $run the same kernel" "$(grep -A1 -x -- -kernel "$tmp/first/$run/qemu-cmd.args")" \
		"$(grep -A1 -x -- -kernel "$tmp/second/$run/qemu-cmd.args")"
done
t_eq "again: says what it repeats" "$tmp/first" "$(cat "$tmp/second/again-of" 2> /dev/null)"
t_eq "again: summary.csv rows" "TINY01,SUCCESS|TREE01,SUCCESS" \
	"$(tail -n +2 "$tmp/second/summary.csv" | cut -d, -f1,2 | paste -s -d '|')"

# Without --duration: the old run's.
STUB_CONSOLE="$FIX/rcu-success.log" "$again" "$tmp/first" --results "$tmp/third" > /dev/null 2>&1
if grep -q 'rcutorture.shutdown_secs=10 ' "$tmp/third/TINY01/qemu-cmd.args"; then
	t_ok "again: the old duration by default"
else
	t_fail "again: the old duration by default" "$(grep shutdown "$tmp/third/TINY01/qemu-cmd.args")"
fi

# Refusals: exit 2, nothing booted.
: > "$STUB_LOG"
t_fails "again: not a results folder" "does not say its torture type" "$again" "$tmp"
t_fails "again: bad duration" "bad --duration 'soon'" "$again" "$tmp/first" --duration soon --results "$tmp/x"
image=$(grep -A1 -x -- -kernel "$tmp/first/TINY01/qemu-cmd.args" | tail -n 1)
mv "$image" "$image.gone"
t_fails "again: a kernel that is gone" "TINY01: $image is gone; rebuild with kvm.sh" "$again" "$tmp/first" --results "$tmp/y"
mv "$image.gone" "$image"
t_eq "again: nothing booted by a refused run" "" "$(cat "$STUB_LOG")"
"$again" "$tmp/first" --frobnicate > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "again: unknown option exits 2" 2 "$rc"

t_done

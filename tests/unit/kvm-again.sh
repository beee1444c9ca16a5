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
# kvm.sh boots its own copy of each cached kernel (build.sh:
# build_take_image), so a rebuild cannot change what a run boots.
for run in TINY01 TREE01; do
	kernel=$(again_args_value "$tmp/first/$run/qemu-cmd.args" -kernel)
	t_eq "kvm.sh: $run boots a copy in its run folder" "$tmp/first/$run/bzImage" "$kernel"
	t_run "kvm.sh: $run the cached kernel" cmp "$(cat "$tmp/first/$run/build-dir")/arch/x86/boot/bzImage" "$kernel"
done

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
	# its own copy of the cached kernel, so a rebuild cannot change it
	kernel=$(again_args_value "$tmp/second/$run/qemu-cmd.args" -kernel)
	t_eq "again: $run boots a copy in its own folder" "$tmp/second/$run/bzImage" "$kernel"
	t_run "again: $run the same kernel" cmp "$(again_args_value "$tmp/first/$run/qemu-cmd.args" -kernel)" "$kernel"
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

# A folder from before kvm.sh kept its own copies boots the kernels of the
# build cache: "old" is "first" made so.
cp -r "$tmp/first" "$tmp/old"
for run in TINY01 TREE01; do
	again_args_set "$tmp/first/$run/qemu-cmd.args" -kernel \
		"$(cat "$tmp/first/$run/build-dir")/arch/x86/boot/bzImage" > "$tmp/old/$run/qemu-cmd.args"
	rm "$tmp/old/$run/bzImage"
done
# A kvm.sh rebuilding the cached kernel (its folder's lock held, the
# stamp .built gone, the image half-written) while kvm-again starts on
# such a folder: kvm-again waits for the lock, boots nothing meanwhile,
# and then boots the finished kernel.
bdir=$(cat "$tmp/old/TINY01/build-dir")
image=$(again_args_value "$tmp/old/TINY01/qemu-cmd.args" -kernel)
t_eq "an old folder boots the cached kernel" "$bdir/arch/x86/boot/bzImage" "$image"
rebuild() {
	rm -f "$bdir/.built"
	echo half-built > "$image"
	echo started > "$tmp/rebuilding"
	for _ in $(seq 300); do [ -e "$tmp/rebuilt" ] && break; sleep 0.1; done
	echo "kernel rebuilt" > "$image"
	date > "$bdir/.built"
}
wait_for() {
	for _ in $(seq 300); do grep -q -- "$2" "$1" 2> /dev/null && return 0; sleep 0.1; done
	return 1
}
# again_during_rebuild NAME: the stand-in rebuild holding the lock
# (rebuild_pid), then kvm-again into $tmp/NAME in the background
# (again_pid), its output in $tmp/NAME.log.
again_during_rebuild() {
	cache_with_lock "$bdir.lock" "the test's rebuild" rebuild 2> /dev/null &
	rebuild_pid=$!
	wait_for "$tmp/rebuilding" started || t_fail "the stand-in rebuild started" "no $tmp/rebuilding"
	: > "$STUB_LOG"
	STUB_CONSOLE="$FIX/rcu-success.log" "$again" "$tmp/old" --results "$tmp/$1" > "$tmp/$1.log" 2>&1 &
	again_pid=$!
}
again_during_rebuild locked
if wait_for "$tmp/locked.log" "cache: waiting for the kernel in $bdir"; then
	t_ok "again: waits for a rebuild of its cached kernel"
else
	t_fail "again: waits for a rebuild of its cached kernel" "$(cat "$tmp/locked.log")"
fi
t_eq "again: boots nothing while it waits" "" "$(cat "$STUB_LOG")"
touch "$tmp/rebuilt"
wait "$rebuild_pid"
rc=0
wait "$again_pid" || rc=$?
t_eq "again after the rebuild: exit 0" 0 "$rc"
booted=$(grep -o -- '-kernel [^ ]*' "$STUB_LOG" | cut -d ' ' -f 2 | grep /TINY01/)
t_eq "again after the rebuild: TINY01 boots the finished kernel" "kernel rebuilt" "$(cat "$booted" 2> /dev/null)"
rm -f "$tmp/rebuilding" "$tmp/rebuilt"

# Interrupted while it waits for that lock: nothing booted, and every run
# says INTERRUPTED in the summary (SIGTERM: a background job of a script
# ignores SIGINT).
again_during_rebuild stopped
wait_for "$tmp/stopped.log" "cache: waiting for the kernel in $bdir" ||
	t_fail "again: waits for the rebuild again" "$(cat "$tmp/stopped.log")"
kill -TERM "$again_pid"
rc=0
wait "$again_pid" || rc=$?
t_eq "again interrupted while waiting: exit 130" 130 "$rc"
t_eq "again interrupted while waiting: boots nothing" "" "$(cat "$STUB_LOG")"
t_eq "again interrupted while waiting: every run INTERRUPTED" "TINY01,INTERRUPTED|TREE01,INTERRUPTED" \
	"$(tail -n +2 "$tmp/stopped/summary.csv" 2> /dev/null | cut -d, -f1,2 | paste -s -d '|')"
touch "$tmp/rebuilt"
wait "$rebuild_pid"
rm -f "$tmp/rebuilding" "$tmp/rebuilt"

# A cached folder without its stamp (a build that died half-way) gives no
# kernel.
rm "$bdir/.built"
t_fails "again: a cached kernel without .built is refused" "TINY01: cannot copy its kernel into $tmp/unstamped/TINY01" \
	"$again" "$tmp/old" --results "$tmp/unstamped"
date > "$bdir/.built"

# A kernel outside the cache (an earlier kvm-again's copy) is copied too,
# without the cache's lock: the new folder holds what it boots.
mkdir -p "$tmp/elsewhere"
cp "$tmp/second/TINY01/qemu-cmd.args" "$tmp/second/TINY01/build-dir" "$tmp/elsewhere/"
t_run "again_take_kernel: a kernel outside the cache" again_take_kernel "$tmp/elsewhere"
t_eq "again_take_kernel: ... is copied into the folder" "$tmp/elsewhere/bzImage" \
	"$(again_args_value "$tmp/elsewhere/qemu-cmd.args" -kernel)"
t_run "again_take_kernel: ... the same kernel" cmp "$tmp/second/TINY01/bzImage" "$tmp/elsewhere/bzImage"

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

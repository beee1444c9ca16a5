#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Two kvm.sh runs on one cache take turns instead of breaking each other's
# kernel build, and a build cut off half-way is never reused. No kernel is
# built: a stub make on PATH plays the kernel's make in a fake tree and
# fails loudly when two makes run in one build folder at once.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"

for cmd in gcc flock; do
	if ! command -v "$cmd" > /dev/null; then
		t_fail "kvm.sh cache locking" "$cmd missing: run scripts/deps.sh"
		exit 1
	fi
done

kvm_stubs
export STUB_RELEASE="$tmp/release"
: > "$STUB_LOG"
args=(--buildonly --arch x86_64 --kernel-src "$ksrc" --configs TINY01)

# wait_for FILE PATTERN: up to 180 s for PATTERN to show up in FILE. It
# returns as soon as it does; the bound is for a loaded machine, where
# kvm.sh took 25 to 45 s to its first line (load 30 on 2 cores, 2026-12-07).
wait_for() {
	for _ in $(seq 1800); do
		grep -q -- "$2" "$1" 2> /dev/null && return 0
		sleep 0.1
	done
	return 1
}

images() {
	grep -c '^bzImage$' "$STUB_LOG"
}

# 1. Two runs at once: A holds its make in the image step until B is
# seen waiting, then lets go; B must then reuse A's kernel.
STUB_HOLD=1 "$kvm" --results "$tmp/a" "${args[@]}" > "$tmp/a.log" 2>&1 &
pid_a=$!
wait_for "$STUB_LOG" '^bzImage$' || t_fail "run A reached make" "$(cat "$tmp/a.log")"
"$kvm" --results "$tmp/b" "${args[@]}" > "$tmp/b.log" 2>&1 &
pid_b=$!
if wait_for "$tmp/b.log" 'waiting for'; then
	t_ok "the second run says it waits"
else
	t_fail "the second run says it waits" "$(cat "$tmp/b.log")"
fi
touch "$STUB_RELEASE"
rc_a=0 rc_b=0
wait "$pid_a" || rc_a=$?
wait "$pid_b" || rc_b=$?
rm -f "$STUB_RELEASE"
echo "--- run A (exit $rc_a)"; cat "$tmp/a.log"
echo "--- run B (exit $rc_b)"; cat "$tmp/b.log"
t_eq "run A exits 0" 0 "$rc_a"
t_eq "run B exits 0" 0 "$rc_b"
t_eq "run A verdict" BUILT "$(head -n 1 "$tmp/a/TINY01/verdict" 2> /dev/null)"
t_eq "run B verdict" BUILT "$(head -n 1 "$tmp/b/TINY01/verdict" 2> /dev/null)"
t_eq "no two makes in one folder" 0 "$(grep -c '^collision' "$STUB_LOG")"
t_eq "one kernel built for both" 1 "$(images)"
if grep -q "waiting for the x86_64 TINY01 kernel in $NOLIBC_TORTURE_CACHE/builds/x86_64/TINY01-" "$tmp/b.log"; then
	t_ok "the wait names the kernel and its folder"
else
	t_fail "the wait names the kernel and its folder" "$(grep waiting "$tmp/b.log")"
fi
if grep -q 'reusing kernel' "$tmp/b.log"; then
	t_ok "the second run reuses the first one's kernel"
else
	t_fail "the second run reuses the first one's kernel" "no 'reusing kernel' line"
fi

# 1b. A run waiting for the lock still stops at once on SIGTERM.
STUB_HOLD=1 "$kvm" --results "$tmp/c" "${args[@]}" --trust-make > "$tmp/c.log" 2>&1 &
pid_c=$!
n=$(images)
for _ in $(seq 1800); do [ "$(grep -c '^bzImage$' "$STUB_LOG")" -gt "$n" ] && break; sleep 0.1; done
"$kvm" --results "$tmp/d" "${args[@]}" > "$tmp/d.log" 2>&1 &
pid_d=$!
wait_for "$tmp/d.log" 'waiting for' || t_fail "run D waits" "$(cat "$tmp/d.log")"
t0=$SECONDS
kill -TERM "$pid_d"
rc_d=0
for _ in $(seq 100); do kill -0 "$pid_d" 2> /dev/null || break; sleep 0.1; done
if kill -0 "$pid_d" 2> /dev/null; then
	t_fail "a waiting run stops on SIGTERM" "still waiting after $((SECONDS - t0))s"
	kill -KILL "$pid_d"
fi
wait "$pid_d" || rc_d=$?
t_eq "a waiting run stops on SIGTERM with 130" 130 "$rc_d"
t_eq "and calls its scenario INTERRUPTED" INTERRUPTED "$(head -n 1 "$tmp/d/TINY01/verdict" 2> /dev/null)"
touch "$STUB_RELEASE"
rc_c=0
wait "$pid_c" || rc_c=$?
rm -f "$STUB_RELEASE"
t_eq "the run holding the lock goes on" "0 BUILT" "$rc_c $(head -n 1 "$tmp/c/TINY01/verdict" 2> /dev/null)"

# 2. A rebuild that fails half-way (--trust-make runs make on a finished
# folder) leaves no stamp: the next run builds again instead of reusing.
run_kvm rebuilt "${args[@]}" --trust-make > /dev/null
STUB_FAIL=1 run_kvm failed "${args[@]}" --trust-make > /dev/null
t_eq "a failing rebuild is BUILD-FAILED" BUILD-FAILED "$(head -n 1 "$tmp/failed/TINY01/verdict")"
before=$(images)
run_kvm after-fail "${args[@]}" > /dev/null
t_eq "after a failed rebuild the next run builds" $((before + 1)) "$(images)"
t_eq "and succeeds" BUILT "$(head -n 1 "$tmp/after-fail/TINY01/verdict")"

# 3. A run killed with SIGKILL in the middle of make: its lock goes with
# it and the half-built folder is built again.
STUB_HOLD=1 "$kvm" --results "$tmp/killed" "${args[@]}" --trust-make > "$tmp/killed.log" 2>&1 &
pid_k=$!
n=$(images)
for _ in $(seq 1800); do [ "$(images)" -gt "$n" ] && break; sleep 0.1; done
# (the make runs in the shared tree, builds/x86_64/shared-*, by default)
make_pid=$(cat "$NOLIBC_TORTURE_CACHE"/builds/x86_64/*/.stub-busy/pid 2> /dev/null)
kill -KILL "$pid_k"
[ -z "$make_pid" ] || kill -KILL "$make_pid"
wait "$pid_k" 2> /dev/null
rm -rf "$NOLIBC_TORTURE_CACHE"/builds/x86_64/*/.stub-busy
before=$(images)
timeout 60 "$kvm" --results "$tmp/after-kill" "${args[@]}" > "$tmp/after-kill.log" 2>&1
t_eq "after a killed build the next run builds" $((before + 1)) "$(images)"
t_eq "without waiting for the dead run" 0 "$(grep -c 'waiting for' "$tmp/after-kill.log")"

# 4. cache_extract_tarball: once, and a second caller waits for the first.
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/cache.sh"
mkdir -p "$tmp/tree/linux-x/kernel"
echo "obj-y += x.o" > "$tmp/tree/linux-x/kernel/Makefile"
tar -cJf "$tmp/linux-x.tar.xz" -C "$tmp/tree" linux-x
mkdir -p "$tmp/src/linux-x"
echo "half" > "$tmp/src/linux-x/partial"   # an extraction cut off: no stamp
out=$(cache_extract_tarball "$tmp/linux-x.tar.xz" "$tmp/src/linux-x" 2>&1)
t_eq "extraction: the tree is there" "obj-y += x.o" "$(cat "$tmp/src/linux-x/kernel/Makefile" 2> /dev/null)"
if [ -e "$tmp/src/linux-x/.extracted" ] && [ ! -e "$tmp/src/linux-x/partial" ]; then
	t_ok "extraction: stamped, and the unstamped leftover replaced"
else
	t_fail "extraction: stamped, and the unstamped leftover replaced" "$(ls -A "$tmp/src/linux-x")"
fi
out=$(cache_extract_tarball "$tmp/linux-x.tar.xz" "$tmp/src/linux-x" 2>&1)
t_eq "extraction: a second call does nothing" "" "$out"

hold() { touch "$tmp/held"; for _ in $(seq 300); do [ -e "$tmp/go" ] && return 0; sleep 0.1; done; }
cache_with_lock "$tmp/l.lock" "the test's lock" hold &
holder=$!
wait_for_file() { for _ in $(seq 1800); do [ -e "$1" ] && return 0; sleep 0.1; done; return 1; }
wait_for_file "$tmp/held"
(sleep 1; touch "$tmp/go") &
out=$(cache_with_lock "$tmp/l.lock" "the test's lock" echo ran 2>&1)
wait "$holder"
if printf '%s\n' "$out" | grep -q "^cache: waiting for the test's lock: pid [0-9]* (.*) since .* holds $tmp/l.lock$" &&
   [ "$(printf '%s\n' "$out" | tail -n 1)" = ran ]; then
	t_ok "cache_with_lock: waits, says for what and for whom, then runs"
else
	t_fail "cache_with_lock: waits, says for what and for whom, then runs" "$out"
fi
t_fails "cache_with_lock passes the status on" '' cache_with_lock "$tmp/l.lock" x false

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm.sh end to end on x86_64: a real TINY01 kernel built from linux-source
# and booted in QEMU with our initrd, then each fault it must name.
# The kernel build is cached in ~/.cache/nolibc-torture; cold, it takes
# about five minutes on two cores.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"

if [ "$(arch_host)" != x86_64 ]; then
	t_skip "kvm.sh end to end" "this test is for x86_64 hosts; this is $(uname -m)"
	exit 0
fi
for cmd in qemu-system-x86_64 gcc make flex bison bc; do
	if ! command -v "$cmd" >/dev/null; then
		t_fail "kvm.sh end to end" "$cmd missing: run scripts/deps.sh"
		exit 1
	fi
done


verdict_of() {
	head -n 1 "$tmp/$1/$2/verdict" 2>/dev/null
}

# 1. The main job: TINY01 builds, boots our nolibc init, succeeds.
run_kvm ok --configs TINY01 --duration 30s
t_eq "TINY01 exits 0" 0 "$rc"
t_eq "TINY01 verdict" SUCCESS "$(verdict_of ok TINY01)"
for f in console.log .config Make.out qemu-cmd verdict build-dir; do
	if [ -s "$tmp/ok/TINY01/$f" ]; then
		t_ok "results hold TINY01/$f"
	else
		t_fail "results hold TINY01/$f" "missing or empty"
	fi
done
for f in summary.json summary.csv initrd/initrd.cpio; do
	if [ -s "$tmp/ok/$f" ]; then t_ok "results hold $f"; else t_fail "results hold $f" "missing"; fi
done
if grep -q '^torture-init: running' "$tmp/ok/TINY01/console.log"; then
	t_ok "the guest ran our init"
else
	t_fail "the guest ran our init" "no banner in console.log"
fi
t_eq "the initrd used nolibc" nolibc "$(cat "$tmp/ok/initrd/libc" 2>/dev/null)"
if grep -q 'rcu-torture:--- End of test: SUCCESS' "$tmp/ok/TINY01/console.log"; then
	t_ok "console.log has rcutorture's own SUCCESS line"
else
	t_fail "rcutorture SUCCESS line" "not in console.log"
fi
if grep -q '"verdict": "SUCCESS"' "$tmp/ok/summary.json"; then
	t_ok "summary.json records SUCCESS"
else
	t_fail "summary.json" "$(cat "$tmp/ok/summary.json")"
fi
if grep -q 'CONFIG_RCU_TORTURE_TEST=y' "$tmp/ok/TINY01/.config" &&
   grep -q '# CONFIG_SMP is not set' "$tmp/ok/TINY01/.config"; then
	t_ok "TINY01's .config is a uniprocessor rcutorture kernel"
else
	t_fail "TINY01 .config" "lacks RCU_TORTURE_TEST=y or SMP=n"
fi

# 2. The same run again reuses the kernel.
run_kvm warm --configs TINY01 --duration 10s
t_eq "warm TINY01 verdict" SUCCESS "$(verdict_of warm TINY01)"
t_eq "warm run reused the kernel (build seconds)" 0 "$(cat "$tmp/warm/TINY01/build-seconds" 2>/dev/null)"
if printf '%s\n' "$out" | grep -q 'reusing kernel'; then
	t_ok "warm run says it reuses the kernel"
else
	t_fail "warm run reuse message" "none"
fi

# 3. A boot parameter that panics the kernel: no init to run.
run_kvm panic --configs TINY01 --duration 30s --bootargs "rdinit=/no-such-init init=/no-such-init"
t_eq "panicking kernel exits 1" 1 "$rc"
t_eq "panicking kernel verdict" PANIC "$(verdict_of panic TINY01)"

# 4. A run that never shuts down is stopped after duration + grace.
TORTURE_SHUTDOWN_GRACE=10 run_kvm hang --configs TINY01 --duration 10s \
	--bootargs "rcutorture.shutdown_secs=0"
t_eq "never-ending run exits 1" 1 "$rc"
t_eq "never-ending run verdict" HANG "$(verdict_of hang TINY01)"
if pgrep -f "$tmp/hang/" >/dev/null; then
	t_fail "HANG leaves no QEMU behind" "$(pgrep -af "$tmp/hang/")"
else
	t_ok "HANG leaves no QEMU behind"
fi

# 5. An option that cannot stick on x86_64 with either kernel: x86's
# HIGHMEM is "def_bool y, depends on X86_32 && ..." in 6.1 and 6.12 alike
# (64-bit maps all memory). PREEMPT_RT was the example until 6.12 gave x86
# ARCH_SUPPORTS_RT, and it stuck.
run_kvm mismatch --configs TINY01 --duration 10s --kconfig CONFIG_HIGHMEM=y
t_eq "config mismatch exits 1" 1 "$rc"
t_eq "config mismatch verdict" CONFIG-MISMATCH "$(verdict_of mismatch TINY01)"
if grep -qw 'CONFIG_HIGHMEM' "$tmp/mismatch/TINY01/ConfigFragment.diags" 2>/dev/null &&
   printf '%s\n' "$out" | grep -qw 'CONFIG_HIGHMEM'; then
	t_ok "config mismatch names the option"
else
	t_fail "config mismatch names the option" "$out"
fi

# 6. A kernel that cannot build: every compile includes a missing header.
run_kvm buildfail --configs TINY01 --duration 10s --kmake-arg "KCFLAGS=-include/nonexistent/forced-failure.h"
t_eq "build failure exits 1" 1 "$rc"
t_eq "build failure verdict" BUILD-FAILED "$(verdict_of buildfail TINY01)"
if printf '%s\n' "$out" | grep -q 'forced-failure.h'; then
	t_ok "build failure shows the tail of Make.out"
else
	t_fail "build failure shows Make.out" "$out"
fi

# 7. An interrupt while QEMU runs stops it and keeps the partial results.
# A shell started with SIGINT ignored (a background job of a script, some
# CI runners) passes that on and bash cannot trap it again; kvm.sh treats
# SIGTERM the same, so send that there and say so.
set -m	# job control: a background job must not ignore SIGINT
sig=INT
sigign=$(awk '/^SigIgn:/ { print $2 }' /proc/self/status)
if (( (16#$sigign >> 1) & 1 )); then
	sig=TERM
	echo "# SIGINT is ignored in this shell (inherited): interrupting with SIGTERM"
fi
"$kvm" --results "$tmp/int" --configs TINY01 --duration 60s > "$tmp/int.log" 2>&1 &
pid=$!
for _ in $(seq 1 240); do
	grep -qs '^torture-init: running' "$tmp/int/TINY01/console.log" && break
	sleep 0.5
done
kill -"$sig" "$pid"
rc=0
wait "$pid" || rc=$?
set +m
cat "$tmp/int.log"
t_eq "interrupted run (SIG$sig) exits 130" 130 "$rc"
t_eq "interrupted run verdict" INTERRUPTED "$(verdict_of int TINY01)"
if [ -e "$tmp/int/INTERRUPTED" ] && [ -s "$tmp/int/TINY01/console.log" ]; then
	t_ok "interrupted run keeps its console.log and is marked"
else
	t_fail "interrupted run results" "$(ls -A "$tmp/int" "$tmp/int/TINY01" 2>&1)"
fi
sleep 1
if pgrep -f "$tmp/int/" >/dev/null; then
	t_fail "interrupt leaves no QEMU behind" "$(pgrep -af "$tmp/int/")"
else
	t_ok "interrupt leaves no QEMU behind"
fi

t_done

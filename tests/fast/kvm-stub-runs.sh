#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm.sh run whole with a stub make and a stub QEMU (tests/kvm-lib.sh,
# kvm_stubs) that prints a console fixture: what the run makes of QEMU
# failures and of the console, without a kernel.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
FIX="$TOP/tests/fixtures/console"

kvm_stubs
args=(--arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub --accel tcg --duration 10s)

# QEMU that refuses its command line ends at once: QEMU-FAILED with its
# complaint, not NO-END.
STUB_CONSOLE="$FIX/qemu-bad-memory.log" STUB_QEMU_EXIT=1 run_kvm qemufail "${args[@]}" --configs TINY01
t_eq "QEMU failing: exit 1" 1 "$rc"
t_eq "QEMU failing: verdict" QEMU-FAILED "$(head -n 1 "$tmp/qemufail/TINY01/verdict")"
t_eq "QEMU failing: the reason is QEMU's line" \
	"qemu-system-x86_64: -m x: Parameter 'size' expects a non-negative number below 2^64 (exit status 1)" \
	"$(sed -n 2p "$tmp/qemufail/TINY01/verdict")"
if grep -q '^TINY01,QEMU-FAILED,' "$tmp/qemufail/summary.csv"; then
	t_ok "QEMU failing: summary.csv"
else
	t_fail "QEMU failing: summary.csv" "$(cat "$tmp/qemufail/summary.csv")"
fi
if printf '%s\n' "$out" | grep -q 'TINY01: QEMU-FAILED after .*qemu-system-x86_64: -m x'; then
	t_ok "QEMU failing: said as it happens"
else
	t_fail "QEMU failing: said as it happens" "no such line"
fi

t_done

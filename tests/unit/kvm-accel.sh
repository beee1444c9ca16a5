#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# choose_accel (kvm-scripts/accel.sh) with a stub QEMU whose probe boot
# prints a console fixture: the probe trusts KVM when the kernel started
# /init, whatever the init is, and caches the answer.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
FIX="$TOP/tests/fixtures/console"
# shellcheck source=/dev/null
source "$TOP/configs/env.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/functions.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/cache.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/accel.sh"

kvm_stubs
: > "$STUB_LOG"
host=$(arch_host)
other=aarch64
[ "$host" != aarch64 ] || other=x86_64
export TORTURE_KVM_DEVICE="$tmp/kvm"
probes() {
	grep -c '^qemu ' "$STUB_LOG"
}
ca() {
	choose_accel "$1" "$2" qemu-stub "$tmp/image" "$tmp/initrd" 2> /dev/null
}

t_eq "--accel tcg is taken as it is" tcg "$(ca tcg "$host")"
t_eq "--accel kvm is taken as it is" kvm "$(ca kvm "$host")"
t_eq "auto without a KVM device is tcg" tcg "$(ca auto "$host")"
touch "$TORTURE_KVM_DEVICE"
t_eq "auto for another arch is tcg" tcg "$(ca auto "$other")"
t_eq "no probe boot so far" 0 "$(probes)"

# The bug: a --torture nolibc run's probe (the selftest as init, no torture
# banner) cached tcg for every later run.
export STUB_KVM_CONSOLE="$FIX/nolibc-success.log"
t_eq "auto: a probe whose init is the nolibc selftest says kvm" kvm "$(ca auto "$host")"
t_eq "one probe boot" 1 "$(probes)"
if grep '^qemu ' "$STUB_LOG" | grep -q -- '-M [^ ]*,accel=kvm -cpu host'; then
	t_ok "the probe boots with KVM"
else
	t_fail "the probe boots with KVM" "$(grep '^qemu ' "$STUB_LOG")"
fi
export STUB_KVM_CONSOLE="$FIX/probe-hang.log"
t_eq "auto: the answer is cached" kvm "$(ca auto "$host")"
t_eq "no second probe" 1 "$(probes)"

# A kernel that never starts /init under KVM: tcg, and the probe's console
# is kept beside the answer.
rm -rf "$NOLIBC_TORTURE_CACHE/accel-probe"
t_eq "auto: a probe that never reached /init says tcg" tcg "$(ca auto "$host")"
stamp=$(accel_probe_stamp qemu-stub)
if grep -q 'kvm-clock' "$stamp.log" 2> /dev/null; then
	t_ok "the probe's console is kept"
else
	t_fail "the probe's console is kept" "no $stamp.log"
fi

# An answer cached by the old probe (no version in its name) is not read.
rm -rf "$NOLIBC_TORTURE_CACHE/accel-probe"
mkdir -p "$NOLIBC_TORTURE_CACHE/accel-probe"
echo tcg > "$NOLIBC_TORTURE_CACHE/accel-probe/$(uname -r)-QEMU_emulator_version_7.2.0__stub_"
export STUB_KVM_CONSOLE="$FIX/rcu-success.log"
t_eq "an old cached answer is not trusted" kvm "$(ca auto "$host")"

t_eq "accel_probe_says_kvm: the torture init" 0 "$(accel_probe_says_kvm "$FIX/rcu-success.log"; echo $?)"
t_eq "accel_probe_says_kvm: an init that dies at once" 0 "$(accel_probe_says_kvm "$FIX/nolibc-crash.log"; echo $?)"
t_eq "accel_probe_says_kvm: no kernel at all" 1 "$(accel_probe_says_kvm "$FIX/qemu-no-kvm.log"; echo $?)"

t_done

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Which accelerator a run uses: KVM only when it is there for the arch and
# a short probe boot got the kernel to start the initrd's /init with it;
# TCG otherwise. A half-working nested KVM hangs rather than fails, hence
# the probe. Source this file after configs/env.sh (PROJECT_CACHE),
# kvm-scripts/functions.sh and kvm-scripts/cache.sh.

# The line that says the probe boot got far enough. The kernel prints it
# itself just before it executes /init, so it does not depend on what the
# init is (the torture init, the nolibc selftest, anything else).
ACCEL_PROBE_LINE='Run /init as init process'

# Bump when the probe's judgement changes, so answers cached by an older
# probe are not trusted (version 1 looked for the torture init's banner and
# cached "tcg" after any --torture nolibc run).
ACCEL_PROBE_VERSION=2

# accel_probe_says_kvm LOG: true when a probe boot's console shows the
# kernel starting /init.
accel_probe_says_kvm() {
	grep -q -F -- "$ACCEL_PROBE_LINE" "$1"
}

# accel_probe_stamp QEMU: the file caching the probe's answer for this host
# kernel and this QEMU version.
accel_probe_stamp() {
	local version
	version=$("$1" --version 2> /dev/null | head -n 1 | tr -c 'a-zA-Z0-9.\n' _)
	echo "$PROJECT_CACHE/accel-probe/v$ACCEL_PROBE_VERSION-$(uname -r)-${version:-unknown}"
}

# accel_probe ARCH QEMU IMAGE INITRD STAMP: the probe boot (20 s at most),
# its console kept in STAMP.log, its answer written to STAMP last.
accel_probe() {
	local arch="$1" qemu="$2" image="$3" initrd="$4" stamp="$5" answer=tcg
	[ ! -e "$stamp" ] || return 0
	# shellcheck disable=SC2046 # word lists from the arch table
	timeout 20 "$qemu" $(identify_qemu_args "$arch" kvm) -m 256M -nographic -no-reboot \
		-kernel "$image" -initrd "$initrd" \
		-append "$(identify_qemu_append "$arch") panic=-1" > "$stamp.log" 2>&1 < /dev/null || true
	! accel_probe_says_kvm "$stamp.log" || answer=kvm
	echo "$answer" > "$stamp.tmp.$$"
	mv "$stamp.tmp.$$" "$stamp"
}

# choose_accel MODE ARCH QEMU IMAGE INITRD: prints "kvm" or "tcg". MODE kvm
# or tcg is taken as it is; auto probes (once per host kernel and QEMU
# version; two runs at once share one probe). KVM needs the arch to be
# this machine's and the device TORTURE_KVM_DEVICE (default /dev/kvm) to
# be writable.
choose_accel() {
	local mode="$1" arch="$2" qemu="$3" image="$4" initrd="$5" stamp
	if [ "$mode" != auto ]; then
		echo "$mode"
		return 0
	fi
	if [ "$arch" != "$(arch_host)" ] || [ ! -w "${TORTURE_KVM_DEVICE:-/dev/kvm}" ]; then
		echo tcg
		return 0
	fi
	stamp=$(accel_probe_stamp "$qemu")
	mkdir -p "$(dirname "$stamp")"
	cache_with_lock "$stamp.lock" "the KVM probe boot" \
		accel_probe "$arch" "$qemu" "$image" "$initrd" "$stamp" >&2 || return 1
	cat "$stamp"
}

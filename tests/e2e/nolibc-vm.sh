#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The nolibc selftest as PID 1 of a real x86_64 kernel in QEMU: it mounts
# what it needs, runs every test, prints its summary and powers off. Then
# once more with NOLIBC_TEST on the kernel command line. It boots a kernel
# that kvm.sh already built into the cache (tests/e2e/kvm-x86_64.sh builds
# TINY01) and skips when there is none.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"
source "$TOP/configs/env.sh"

t_tmpdir
tmp="$T_TMP"

if [ "$(arch_host)" != x86_64 ] || ! command -v qemu-system-x86_64 > /dev/null; then
	t_skip "nolibc selftest as PID 1 in QEMU" "needs an x86_64 host with qemu-system-x86_64"
	exit 0
fi

# The newest cached kernel with an initramfs, /proc and devtmpfs.
kernel=
for image in "$PROJECT_CACHE"/builds/x86_64/*/arch/x86/boot/bzImage; do
	[ -f "$image" ] || continue
	config="${image%/arch/x86/boot/bzImage}/.config"
	if grep -q '^CONFIG_BLK_DEV_INITRD=y' "$config" 2> /dev/null &&
	   grep -q '^CONFIG_DEVTMPFS=y' "$config" && grep -q '^CONFIG_PROC_FS=y' "$config" &&
	   { [ -z "$kernel" ] || [ "$image" -nt "$kernel" ]; }; then
		kernel=$image
	fi
done
if [ -z "$kernel" ]; then
	t_skip "nolibc selftest as PID 1 in QEMU" "no kernel built yet (run tests/e2e/kvm-x86_64.sh)"
	exit 0
fi
echo "kernel: $kernel"

if ! make -s -C "$TOP/nolibc" nolibc-test ARCH=x86_64 OUTPUT="$tmp/build" > "$tmp/build.log" 2>&1; then
	t_fail "nolibc selftest builds" "$(tail -n 5 "$tmp/build.log")"
	exit 1
fi
mkdir -p "$tmp/root/dev"
cp "$tmp/build/x86_64-gcc-nolibcO2/nolibc-test" "$tmp/root/init"
# Without a console node the kernel starts init with fds 0-2 closed; the
# selftest copes (it opens /dev/console on devtmpfs), but test the usual way.
[ "$(id -u)" = 0 ] && mknod "$tmp/root/dev/console" c 5 1
(cd "$tmp/root" && find . | cpio -o -H newc 2> /dev/null) > "$tmp/initrd.cpio"

# boot NAME APPEND...: console in $tmp/NAME.log; stops at the first
# "reboot:" (power off or halt) or panic, or after 300 s.
boot() {
	local name="$1" pid i
	shift
	: > "$tmp/$name.log"
	qemu-system-x86_64 -M "$(arch_get x86_64 machine)" -cpu "$(arch_get x86_64 cpu)" \
		-m 512 -nographic -no-reboot -kernel "$kernel" -initrd "$tmp/initrd.cpio" \
		-append "console=$(arch_get x86_64 console) panic=-1 $*" \
		> "$tmp/$name.log" 2>&1 &
	pid=$!
	for i in $(seq 1 300); do
		grep -qE 'reboot: |Kernel panic' "$tmp/$name.log" && break
		kill -0 "$pid" 2> /dev/null || break
		sleep 1
	done
	kill "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	echo "--- console of $name"
	grep -vE '\[ *[0-9]+\.[0-9]+\]' "$tmp/$name.log" | grep -vE '\[OK\]$' || true
}

boot full
summary=$(sed -n 's/^nolibc-test: \(.*\)/\1/p' "$tmp/full.log" | tr -d '\r')
if echo "$summary" | grep -qE '^[0-9]+ passed, 0 failed'; then
	t_ok "selftest as PID 1 in QEMU: $summary"
else
	t_fail "selftest as PID 1 in QEMU" \
		"${summary:-no summary}: $(grep -m3 '\[FAIL\]' "$tmp/full.log" | tr -s ' ' | tr '\n' ';')"
fi
if grep -q 'Leaving init: powering off' "$tmp/full.log" && grep -q 'reboot: ' "$tmp/full.log"; then
	t_ok "init asks the kernel to power off"
else
	t_fail "init asks the kernel to power off" "no power-off request in the console"
fi
if grep -q 'Kernel panic' "$tmp/full.log"; then
	t_fail "no kernel panic" "$(grep -m1 'Kernel panic' "$tmp/full.log")"
else
	t_ok "no kernel panic"
fi

boot selected NOLIBC_TEST=syscall:getpid,uname,stdio:fmt_p_null
t_eq "NOLIBC_TEST from the kernel command line" "3 passed, 0 failed, 0 skipped" \
	"$(sed -n 's/^nolibc-test: \(.*\)/\1/p' "$tmp/selected.log" | tr -d '\r')"

t_done

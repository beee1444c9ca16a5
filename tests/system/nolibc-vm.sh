#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The nolibc selftest as PID 1 of a real kernel, through the user's command
# "kvm.sh --torture nolibc --arch ARCH": the selftest is built for the arch,
# packed as the initrd, a small SELFTEST kernel is built (or reused from
# ~/.cache/nolibc-torture) and booted in QEMU, and the verdict comes from the
# selftest's summary line. Then once more with NOLIBC_TEST on the kernel
# command line, which must reuse the kernel.
#
# NOLIBC_VM_ARCHES (default "x86_64") says which arches; cold, each kernel
# build takes 3 to 5 minutes on two cores. s390x was here too, 215 s of
# build for the second-largest script of a cold make check (2987 s on
# 2026-12-06); every other arch, s390x included, boots the selftest in
# "make selftest-vm-all", and runs it under qemu-user in cross/nolibc-arches.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"

# missing_tool ARCH: the first tool the arch needs that is not installed.
missing_tool() {
	local cmd
	for cmd in "$(arch_get "$1" qemu_system)" "$(arch_cc "$1")" make flex bison bc; do
		command -v "$cmd" > /dev/null || { echo "$cmd"; return 0; }
	done
	return 1
}

# selftest_arch ARCH: one full run and one with a selection.
selftest_arch() {
	local arch="$1" summary dir="$tmp/$1"

	run_kvm "$arch" --torture nolibc --arch "$arch" --duration 5m
	t_eq "$arch: kvm.sh --torture nolibc exits 0" 0 "$rc"
	t_eq "$arch: SELFTEST verdict" SUCCESS "$(head -n 1 "$dir/SELFTEST/verdict" 2> /dev/null)"
	summary=$(sed -n 's/^nolibc-test: //p' "$dir/SELFTEST/console.log" 2> /dev/null | tr -d '\r')
	if printf '%s\n' "$summary" | grep -Eq '^[1-9][0-9]* passed, 0 failed'; then
		t_ok "$arch: selftest as PID 1: $summary"
	else
		t_fail "$arch: selftest as PID 1" "${summary:-no summary}: $(grep -m3 '\[FAIL\]' \
			"$dir/SELFTEST/console.log" 2> /dev/null | tr -s ' ' | tr '\n' ';')"
	fi
	if grep -q 'Leaving init: powering off' "$dir/SELFTEST/console.log" 2> /dev/null; then
		t_ok "$arch: the selftest asks the kernel to power off"
	else
		t_fail "$arch: the selftest asks the kernel to power off" "not in console.log"
	fi
	t_eq "$arch: the initrd holds the prebuilt selftest" prebuilt "$(cat "$dir/initrd/libc" 2> /dev/null)"
	for f in console.log .config Make.out qemu-cmd; do
		if [ -s "$dir/SELFTEST/$f" ]; then
			t_ok "$arch: results hold SELFTEST/$f"
		else
			t_fail "$arch: results hold SELFTEST/$f" "missing or empty"
		fi
	done

	run_kvm "$arch-selected" --torture nolibc --arch "$arch" --duration 5m \
		--bootargs "NOLIBC_TEST=syscall:getpid,uname,stdio:fmt_p_null"
	t_eq "$arch: NOLIBC_TEST from the kernel command line" "3 passed, 0 failed, 0 skipped" \
		"$(sed -n 's/^nolibc-test: //p' "$tmp/$arch-selected/SELFTEST/console.log" 2> /dev/null | tr -d '\r')"
	if printf '%s\n' "$out" | grep -q 'SELFTEST: reusing kernel'; then
		t_ok "$arch: the second run reuses the kernel"
	else
		t_fail "$arch: the second run reuses the kernel" "no 'reusing kernel' in the output"
	fi
}

for arch in ${NOLIBC_VM_ARCHES:-x86_64}; do
	if tool=$(missing_tool "$arch"); then
		t_skip "$arch: nolibc selftest as PID 1" "$tool missing: run scripts/deps.sh base cross"
		continue
	fi
	selftest_arch "$arch"
done

t_done

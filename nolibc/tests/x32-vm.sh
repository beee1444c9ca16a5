#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The nolibc selftest on x32, which neither qemu-user nor a host kernel
# without CONFIG_X86_X32_ABI runs: every build (gcc plain and with
# -fno-omit-frame-pointer, clang, at each -O level) goes into one initramfs
# under vm-runner.c as PID 1, and Debian's amd64 kernel (x32 built in,
# enabled by syscall.x32=y) boots it once in qemu-system-x86_64. Prints
# the same table as run-arches.sh (failed tests per cell, BUILD-FAIL or
# RUN-FAIL); exits 1 unless every cell is 0.
#
#   x32-vm.sh [--kernel BZIMAGE] [--cache DIR] [--olevels "O0 Os"]
#             [--compilers "gcc clang"] [--variants "- fp"] [--output DIR]
#
# Without --kernel, the kernel comes from the package linux-image-amd64
# depends on, fetched once with "apt-get download" into DIR/x32-kernel of
# the cache and unpacked there (never installed).
set -eu

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
nolibc="$(dirname "$here")"

kernel="" cache="${NOLIBC_TORTURE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/nolibc-torture}"
olevels="O0 O1 O2 O3 Os" compilers="gcc clang" variants="- fp"
output="$nolibc/../build/nolibc/x32-vm"
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel="$2"; shift 2 ;;
	--cache) cache="$2"; shift 2 ;;
	--olevels) olevels="$2"; shift 2 ;;
	--compilers) compilers="$2"; shift 2 ;;
	--variants) variants="$2"; shift 2 ;;
	--output) output="$2"; shift 2 ;;
	-h|--help) sed -n '4,18s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "x32-vm.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
for tool in x86_64-linux-gnux32-gcc qemu-system-x86_64 cpio gzip; do
	if ! command -v "$tool" > /dev/null; then
		echo "x32-vm.sh: no $tool (scripts/deps.sh base cross)" >&2
		exit 2
	fi
done
mkdir -p "$output"
output=$(cd "$output" && pwd)

# The kernel: Debian's, as its package ships it.
if [ -z "$kernel" ]; then
	kdir="$cache/x32-kernel"
	kernel=$(find "$kdir/root/boot" -name 'vmlinuz-*' 2>/dev/null | head -n 1)
	if [ -z "$kernel" ]; then
		pkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
			awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
		if [ -z "$pkg" ]; then
			echo "x32-vm.sh: apt knows no linux-image-amd64 (apt-get update?)" >&2
			exit 2
		fi
		rm -rf "$kdir"
		mkdir -p "$kdir/root"
		echo "x32-vm.sh: fetching $pkg (once) into $kdir"
		(cd "$kdir" && apt-get download "$pkg" > download.log 2>&1) || {
			tail -n 3 "$kdir/download.log" >&2
			exit 2
		}
		dpkg-deb -x "$kdir"/*.deb "$kdir/root"
		rm -f "$kdir"/*.deb
		kernel=$(find "$kdir/root/boot" -name 'vmlinuz-*' | head -n 1)
	fi
fi
[ -r "$kernel" ] || { echo "x32-vm.sh: no kernel at '$kernel'" >&2; exit 2; }

# The builds, with the Makefile's flags and warnings as errors.
root="$output/root"
rm -rf "$root" "$output/build"
mkdir -p "$root/t"
: > "$root/t/list"
for cc in $compilers; do
	for variant in $variants; do
		[ "$variant" = - ] && variant=""
		for olevel in $olevels; do
			cell="x32.$cc.${variant:--}.$olevel"
			extra="-Werror${variant:+ -fno-omit-frame-pointer}"
			if make -s --no-print-directory -C "$nolibc" nolibc-test ARCH=x32 \
				CC_KIND="$cc" OPT="-$olevel" VARIANT="$variant" \
				EXTRA_CFLAGS="$extra" OUTPUT="$output/build" \
				> "$output/$cell.build.log" 2>&1; then
				cp "$output/build/x32-$cc-nolibc$olevel$variant/nolibc-test" \
					"$root/t/$cell"
				echo "/t/$cell" >> "$root/t/list"
			fi
		done
	done
done
x86_64-linux-gnux32-gcc -nostdlib -static -Os -Wall -Wextra -Werror \
	-include "$nolibc/nolibc.h" -o "$root/init" "$here/vm-runner.c" -lgcc
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$output/initrd.gz"

# One boot runs them all; a test run that hangs is cut by the timeout.
start=$(date +%s)
timeout 1800 qemu-system-x86_64 -M q35 -cpu max -m 512 -nographic -no-reboot \
	-kernel "$kernel" -initrd "$output/initrd.gz" \
	-append "console=ttyS0 syscall.x32=y rdinit=/init panic=-1 quiet" \
	< /dev/null > "$output/console.log" 2>&1 || true
echo "x32-vm.sh: one boot of $(basename "$kernel"), $(($(date +%s) - start)) s"

# Each program's output runs up to its vm-runner line.
rm -f "$output"/*.res
awk -v dir="$output" '
	{ sub(/\r$/, "") }
	/^nolibc-test: [0-9]+ passed/ { fails = $4 }
	/^vm-runner: \/t\// {
		cell = $2; sub("/t/", "", cell)
		if (fails == "" || ($4 != "0" && fails == 0)) fails = "RUN-FAIL"
		print fails > (dir "/" cell ".res"); fails = ""
	}' "$output/console.log"

rc=0
printf '%-28s' "arch compiler (flags)"
for olevel in $olevels; do printf ' %-10s' "-$olevel"; done
printf '\n'
for cc in $compilers; do
	for variant in $variants; do
		printf '%-28s' "x32 $cc$([ "$variant" = fp ] && echo ' -fno-omit-fp')"
		for olevel in $olevels; do
			cell="x32.$cc.$variant.$olevel"
			if [ ! -s "$root/t/$cell" ]; then
				value=BUILD-FAIL
			else
				value=$(cat "$output/$cell.res" 2>/dev/null || echo RUN-FAIL)
			fi
			[ "$value" = 0 ] || rc=1
			printf ' %-10s' "$value"
		done
		printf '\n'
	done
done
exit "$rc"

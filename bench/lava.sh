#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What LAVA costs a torture run, on this machine: the bytes a LAVA job moves
# (the TINY01 kernel plus the initrd, with the init built against nolibc,
# static glibc and dynamic glibc), and the wall time to the verdict of one
# TINY01 run (--duration D) booted directly by kvm.sh and through lava-run
# (kvm.sh --lava-local). The kernel comes from the cache (built once if
# missing). Prints two tables and writes lava.md in the results folder.
#
#   bench/lava.sh [--results DIR] [--duration D] [--runs N]
#
# lava-run needs root.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../kvm-scripts/functions.sh
source "$here/../kvm-scripts/functions.sh"

results="$PROJECT_TOP/results/lava-$(date +%Y.%m.%d-%H.%M.%S)" duration=20s runs=2
while [ $# -gt 0 ]; do
	case "$1" in
	--results) results="$2"; shift 2 ;;
	--duration) duration="$2"; shift 2 ;;
	--runs) runs="$2"; shift 2 ;;
	-h|--help) sed -n '4,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done
[ "$(id -u)" -eq 0 ] || die "lava-run needs root"
need_cmd lava-run lava-dispatcher
arch=$(arch_host)
mkdir -p "$results"
results=$(cd "$results" && pwd)
kvm="$PROJECT_TOP/kvm-scripts/kvm.sh"

"$kvm" --buildonly --configs TINY01 --results "$results/kernel" > "$results/kernel.log" 2>&1 ||
	{ tail -n 20 "$results/kernel.log" >&2; die "kernel build failed"; }
image="$(cat "$results/kernel/TINY01/build-dir")/$(identify_boot_image "$arch")"
kbytes=$(stat -c %s "$image")

{
	echo "| init built with | kernel (bytes) | initrd (bytes) | job artifacts (bytes) |"
	echo "|---|---:|---:|---:|"
	for libc in nolibc glibc glibc-dynamic; do
		"$PROJECT_TOP/mkinitrd/mkinitrd.sh" --arch "$arch" --libc "$libc" \
			--output "$results/initrd-$libc" > "$results/initrd-$libc.log" 2>&1 ||
			{ echo "| $libc | mkinitrd failed: see $results/initrd-$libc.log | | |"; continue; }
		ibytes=$(stat -c %s "$results/initrd-$libc/initrd.cpio")
		echo "| $libc | $kbytes | $ibytes | $((kbytes + ibytes)) |"
	done
} | tee "$results/lava.md"
echo | tee -a "$results/lava.md"

# wall RESULTS_NAME ARGS...: seconds kvm.sh took for one TINY01 run; fails
# unless it ended in SUCCESS.
wall() {
	local name="$1" t0 rc=0
	shift
	t0=$(date +%s.%N)
	"$kvm" --configs TINY01 --duration "$duration" --results "$results/$name" "$@" \
		> "$results/$name.log" 2>&1 || rc=$?
	[ "$rc" -eq 0 ] || { echo "FAILED($rc)"; return; }
	echo "$(date +%s.%N) - $t0" | bc | xargs printf '%.1f'
}

{
	echo "| TINY01, --duration $duration | run | wall seconds to the verdict |"
	echo "|---|---:|---:|"
	for i in $(seq "$runs"); do
		echo "| kvm.sh, QEMU directly | $i | $(wall "direct-$i") |"
		echo "| kvm.sh --lava-local (lava-run) | $i | $(wall "lava-$i" --lava-local) |"
	done
} | tee -a "$results/lava.md"
echo "results: $results"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Network boot cost of the initrd: the same TINY01 kernel booted over TFTP
# with the nolibc initrd and with a static-glibc initrd of the same init
# (each plain and gzipped), through each TFTP server. Bytes come from the
# packet capture of each boot (netboot.sh's transfers.tsv), not from file
# sizes; seconds run from QEMU start (firmware start) to the kernel and to
# /init. Prints a table and writes netboot.{md,csv} in the results folder.
#
#   bench/netboot.sh [--results DIR] [--servers "builtin real"] [--compress "none gz"]
#
# The real server needs root; without it only builtin runs. One QEMU at a
# time; each boot stops as soon as /init runs.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../kvm-scripts/functions.sh
source "$here/../kvm-scripts/functions.sh"

results="$PROJECT_TOP/results/netboot-$(date +%Y.%m.%d-%H.%M.%S)" servers="" compress="none gz"
while [ $# -gt 0 ]; do
	case "$1" in
	--results) results="$2"; shift 2 ;;
	--servers) servers="$2"; shift 2 ;;
	--compress) compress="$2"; shift 2 ;;
	-h|--help) sed -n '4,15s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done
if [ -z "$servers" ]; then
	servers=builtin
	[ "$(id -u)" -ne 0 ] || servers="builtin real"
fi
arch=$(arch_host)
mkdir -p "$results"
results=$(cd "$results" && pwd)

# kernel_image: builds (or reuses from the cache) TINY01 through kvm.sh and
# prints the boot image's path.
kernel_image() {
	"$PROJECT_TOP/kvm-scripts/kvm.sh" --buildonly --configs TINY01 --results "$results/kernel" \
		> "$results/kernel.log" 2>&1 || { tail -n 20 "$results/kernel.log" >&2; die "kernel build failed"; }
	echo "$(cat "$results/kernel/TINY01/build-dir")/$(identify_boot_image "$arch")"
}

# make_initrd LIBC: mkinitrd into $results/initrd-LIBC (plain and gzip).
make_initrd() {
	"$PROJECT_TOP/mkinitrd/mkinitrd.sh" --arch "$arch" --libc "$1" --compress gz \
		--output "$results/initrd-$1" > "$results/initrd-$1.log" 2>&1 ||
		{ cat "$results/initrd-$1.log" >&2; die "mkinitrd --libc $1 failed"; }
}

# event_time DIR EVENT: seconds from QEMU start to EVENT in a netboot folder.
event_time() {
	awk -v e="$2" 'NR == FNR { t0 = $1; next } $2 == e { printf "%.2f", $1 - t0; found = 1; exit }
		END { if (!found) printf "-" }' "$1/events.start" "$1/events"
}

# transfer DIR FILE COLUMN: one column of FILE's row in DIR/transfers.tsv.
transfer() {
	awk -F'\t' -v f="$2" -v c="$3" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$1 == f { print $col[c]; found = 1 } END { if (!found) print "-" }' "$1/transfers.tsv" 2>/dev/null || echo -
}

# boot_one SERVER LIBC COMPRESS: one network boot up to /init; one CSV row.
boot_one() {
	local server="$1" libc="$2" comp="$3" initrd dir qemu_args total
	initrd="$results/initrd-$libc/initrd.cpio"
	[ "$comp" = none ] || initrd="$initrd.$comp"
	dir="$results/$server-$libc-$comp"
	qemu_args=$(identify_qemu_args "$arch" tcg)
	# shellcheck disable=SC2086 # word list from the table
	if ! timeout 300 "$PROJECT_TOP/kvm-scripts/netboot.sh" --arch "$arch" --tftp-server "$server" --dir "$dir" \
		--image "$kernel" --initrd "$initrd" \
		--append "$(identify_qemu_append "$arch") panic=-1 rcutorture.shutdown_secs=600" \
		--stop-on '^torture-init: running' -- \
		"$(arch_get "$arch" qemu_system)" $qemu_args -m 512M -nographic -no-reboot \
		> "$dir.console" 2>&1; then
		echo "bench/netboot.sh: $server $libc $comp: $(grep -a '^NETBOOT-FAILED' "$dir.console" || tail -n 1 "$dir.console")" >&2
		echo "$server,$libc,$comp,$(stat -c %s "$initrd"),-,-,-,-,-,-,-,-"
		return 0
	fi
	total=$(sed -n 's/^all frames on the wire: \([0-9]*\) frames, \([0-9]*\) bytes$/\2/p' "$dir/report.txt")
	echo "$server,$libc,$comp,$(stat -c %s "$initrd"),$(transfer "$dir" "$(basename "$initrd")" data_bytes),$(transfer "$dir" "$(basename "$initrd")" data_packets),$(transfer "$dir" "$(basename "$initrd")" frame_bytes),$(transfer "$dir" "$(basename "$initrd")" seconds),$(transfer "$dir" "$(basename "$kernel")" frame_bytes),${total:--},$(event_time "$dir" kernel),$(event_time "$dir" init)"
}

echo "bench/netboot.sh: kernel TINY01 (kvm.sh --buildonly, cached when built before)" >&2
kernel=$(kernel_image)
make_initrd nolibc
make_initrd glibc

csv="$results/netboot.csv"
echo "server,libc,compress,initrd_file_bytes,initrd_tftp_data_bytes,initrd_data_packets,initrd_wire_bytes,initrd_seconds,kernel_wire_bytes,all_wire_bytes,seconds_to_kernel,seconds_to_init" > "$csv"
for server in $servers; do
	for libc in nolibc glibc; do
		for comp in $compress; do
			echo "bench/netboot.sh: booting $libc initrd ($comp) over the $server TFTP server" >&2
			boot_one "$server" "$libc" "$comp" >> "$csv"
		done
	done
done

{
	echo "# Network boot: nolibc vs static-glibc initrd"
	echo
	echo "Kernel: \`$kernel\` ($(stat -c %s "$kernel") bytes), $arch, QEMU TCG, iPXE from ipxe-qemu."
	echo "Bytes from each boot's packet capture: TFTP data of the initrd, and Ethernet"
	echo "frames both ways (request, DATA, ACKs). TFTP sends one DATA packet per ACK,"
	echo "so each DATA packet costs a round trip on a real network. Seconds from QEMU"
	echo "start (firmware start), under TCG on a loaded host: noisy."
	echo
	echo "| server | libc | initrd | file bytes | TFTP data bytes | DATA packets | initrd on the wire | initrd s | kernel on the wire | all frames | to kernel s | to /init s |"
	echo "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	tail -n +2 "$csv" | awk -F, '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 }'
} > "$results/netboot.md"
cat "$results/netboot.md"
echo
echo "results: $results (netboot.md, netboot.csv; per boot: SERVER-LIBC-COMPRESS/report.txt)"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Size report: the same torture init built with every libc this machine has,
# for every arch it can build for, packed by mkinitrd. Prints a table and
# writes results/sizes/sizes.{md,csv}, and sizes.svg: the initrd sizes as
# grouped bars per arch and libc (sizes-chart.sh, gnuplot).
#
#   bench/sizes.sh [--arches "x86_64 i386 ..."] [--output DIR]
#
# text/data/bss come from the program headers (the executable segment, the
# file-backed part of the writable one, and the rest of it), since trimmed
# binaries have no section headers for size(1) to read.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/arch.sh
source "$here/../configs/arch.sh"
# shellcheck source=sizes-chart.sh
source "$here/sizes-chart.sh"

arches="" output="$PROJECT_TOP/results/sizes"
while [ $# -gt 0 ]; do
	case "$1" in
	--arches) arches="$2"; shift 2 ;;
	--output) output="$2"; shift 2 ;;
	-h|--help) sed -n '4,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done
[ -n "$arches" ] || arches=$(arch_list | tr '\n' ' ')

# The libcs worth trying on ARCH: ours and static glibc everywhere; dynamic
# glibc (whose libraries are found with the host's ldd) and the other small
# libcs as Debian ships them, for the host only.
libcs_for() {
	echo "nolibc glibc"
	[ "$1" != "$(arch_host)" ] || echo "glibc-dynamic musl dietlibc klibc"
}

# segment_sizes FILE: "text data bss" from the LOAD program headers.
segment_sizes() {
	readelf -lW "$1" | awk '
		function hex(s,   i, v) {
			v = 0
			s = tolower(substr(s, 3))
			for (i = 1; i <= length(s); i++)
				v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v
		}
		$1 == "LOAD" {
			filesz = hex($5); memsz = hex($6)
			# flags are "R E", "RW", "R", ... between MemSiz and Align
			flags = ""
			for (i = 7; i < NF; i++) flags = flags $i
			if (flags ~ /E/) text += filesz
			else { data += filesz; bss += memsz - filesz }
		}
		END { printf "%d %d %d\n", text, data, bss }'
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"
csv="$output/sizes.csv"
echo "arch,libc,init_bytes,text,data,bss,initrd_bytes,initrd_gz,initrd_xz,initrd_zst" > "$csv"

printf '%-8s %-14s %9s %9s %7s %7s %10s %9s %9s %9s\n' \
	arch libc init text data bss initrd gz xz zst
for arch in $arches; do
	for libc in $(libcs_for "$arch"); do
		dir="$work/$arch-$libc"
		if ! "$PROJECT_TOP/mkinitrd/mkinitrd.sh" --arch "$arch" --libc "$libc" \
			--compress gz,xz,zst --output "$dir" > "$work/log" 2>&1; then
			printf '%-8s %-14s  skipped: %s\n' "$arch" "$libc" "$(grep -v '^ ' "$work/log" | tail -n 1)"
			continue
		fi
		read -r text data bss < <(segment_sizes "$dir/init")
		row=("$arch" "$libc" "$(stat -c %s "$dir/init")" "$text" "$data" "$bss"
		     "$(stat -c %s "$dir/initrd.cpio")" "$(stat -c %s "$dir/initrd.cpio.gz")"
		     "$(stat -c %s "$dir/initrd.cpio.xz")" "$(stat -c %s "$dir/initrd.cpio.zst")")
		printf '%-8s %-14s %9s %9s %7s %7s %10s %9s %9s %9s\n' "${row[@]}"
		(IFS=,; echo "${row[*]}") >> "$csv"
	done
done

# Markdown copy of the table.
{
	echo "# Torture init and initrd sizes (bytes)"
	echo
	echo "Built by bench/sizes.sh on $(date -u +%Y-%m-%d) with $(gcc --version | head -n 1)."
	echo "glibc-dynamic's initrd carries the shared libraries the init needs."
	echo
	echo "| arch | libc | init | text | data | bss | initrd | .gz | .xz | .zst |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	tail -n +2 "$csv" | awk -F, '{ printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; print "" }'
} > "$output/sizes.md"

# The chart beside the table (sizes-chart.sh); a machine without gnuplot
# gets the table alone.
written="$output/sizes.md $output/sizes.csv"
if sizes_chart "$csv" "$output/sizes.svg"; then
	written="$written $output/sizes.svg"
else
	rm -f "$output/sizes.svg"
	echo "sizes.sh: no chart $output/sizes.svg (see above)" >&2
fi

echo
echo "written: $written"

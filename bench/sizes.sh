#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Size report: the same torture init built with every libc this machine has,
# for every arch it can build for, packed by mkinitrd. Prints a table and
# writes results/sizes/sizes.{md,csv,svg}.
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

arches="" output="$PROJECT_TOP/results/sizes"
while [ $# -gt 0 ]; do
	case "$1" in
	--arches) arches="$2"; shift 2 ;;
	--output) output="$2"; shift 2 ;;
	-h|--help) sed -n '4,12s/^# \{0,1\}//p' "$0"; exit 0 ;;
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

# SVG: one horizontal bar per (arch, libc), length log10 of the uncompressed
# initrd size, so 1 KB and 2 MB fit on one chart.
awk -F, -v title="initrd size by libc (bytes, log scale)" '
	NR == 1 { next }
	{ n++; label[n] = $1 " " $2; v[n] = $7 }
	END {
		left = 170; width = 560; bar = 18; gap = 6; top = 40
		lo = 2; hi = 8	# 100 B .. 100 MB
		h = top + n * (bar + gap) + 40
		printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", left + width + 90, h
		printf "<text x=\"10\" y=\"20\" font-size=\"14\">%s</text>\n", title
		for (d = lo; d <= hi; d++) {
			x = left + (d - lo) / (hi - lo) * width
			printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ccc\"/>\n", x, top - 5, x, h - 30
			printf "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">1e%d</text>\n", x, h - 15, d
		}
		for (i = 1; i <= n; i++) {
			y = top + (i - 1) * (bar + gap)
			w = (log(v[i]) / log(10) - lo) / (hi - lo) * width
			if (w < 1) w = 1
			color = (label[i] ~ / nolibc$/) ? "#2a7" : "#68a"
			printf "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n", left - 6, y + 13, label[i]
			printf "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>\n", left, y, w, bar, color
			printf "<text x=\"%.1f\" y=\"%d\">%d</text>\n", left + w + 4, y + 13, v[i]
		}
		print "</svg>"
	}' "$csv" > "$output/sizes.svg"

echo
echo "written: $output/sizes.md $output/sizes.csv $output/sizes.svg"

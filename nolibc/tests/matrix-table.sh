#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prints the nolibc selftest matrix from the cell files that "make
# test-matrix" left in DIR, one row per arch/compiler/libc/variant and one
# column per -O level. A cell is the number of failed tests, BUILD-FAIL or
# RUN-FAIL; "-" is a cell the matrix does not build. Exits 1 unless every
# built cell is 0.
# Usage: matrix-table.sh DIR "ROW..." "OLEVEL..."
set -u

dir=$1
read -r -a rows <<< "$2"
read -r -a levels <<< "$3"
bad=0 cells=0

printf '%-28s' "arch compiler (libc, flags)"
for o in "${levels[@]}"; do
	printf ' %-10s' "-$o"
done
printf '\n'
for row in "${rows[@]}"; do
	IFS=. read -r arch cc libc variant <<< "$row"
	label="$arch $cc"
	[ "$libc" = glibc ] && label="$label (glibc)"
	[ "$variant" = fp ] && label="$label -fno-omit-fp"
	printf '%-28s' "$label"
	for o in "${levels[@]}"; do
		f="$dir/$row.$o.res"
		if [ -f "$f" ]; then
			cell=$(cat "$f")
			cells=$((cells + 1))
			[ "$cell" = 0 ] || bad=$((bad + 1))
		else
			cell=-
		fi
		printf ' %-10s' "$cell"
	done
	printf '\n'
done
echo "matrix: $cells cells, $bad not clean"
[ "$bad" -eq 0 ] && [ "$cells" -gt 0 ]

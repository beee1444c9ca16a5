#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The chart of bench/sizes.sh: the uncompressed initrd size per arch and
# libc as grouped bars (one group per arch, one bar per libc), drawn by
# gnuplot from sizes.csv. sizes.sh sources this file for sizes_chart; run
# alone it draws a sizes.csv:
#
#   bench/sizes-chart.sh CSV OUT.svg

# shellcheck source=../kvm-scripts/plot.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../kvm-scripts/plot.sh"

# sizes_libcs CSV: the libcs of a sizes.csv in the order they first appear
# (nolibc first, as sizes.sh measures it first).
sizes_libcs() {
	awk -F, 'NR > 1 && !($2 in seen) { seen[$2] = 1; print $2 }' "$1"
}

# sizes_matrix CSV: one line per arch, in the order they appear: the arch,
# then the initrd bytes for each libc of sizes_libcs ("-" where that libc
# was not built for that arch), tab-separated.
sizes_matrix() {
	awk -F, -v libcs="$(sizes_libcs "$1" | paste -s -d ' ')" '
		BEGIN { nl = split(libcs, l, " ") }
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == "initrd_bytes") c = i; next }
		!($1 in seen) { seen[$1] = 1; arch[++na] = $1 }
		{ v[$1, $2] = $c }
		END {
			for (a = 1; a <= na; a++) {
				line = arch[a]
				for (i = 1; i <= nl; i++)
					line = line "\t" ((arch[a], l[i]) in v ? v[arch[a], l[i]] : "-")
				print line
			}
		}' "$1"
}

# sizes_chart CSV OUT: writes OUT, the SVG bar chart of CSV's initrd sizes,
# on a log scale (984 bytes and 2 MB on one chart), each bar labelled with
# its size. Fails (saying why on stderr) when gnuplot is missing or fails;
# OUT is then untouched.
sizes_chart() {
	local csv="$1" out="$2" work n libc i=1 rc=0 data bars="" labels=""
	plot_have || return 1
	work=$(mktemp -d) || return 1
	sizes_matrix "$csv" > "$work/sizes.tsv"
	# the first curve names the file, the others reuse it ('')
	data=$(plot_quote "$work/sizes.tsv")
	n=$(sizes_libcs "$csv" | grep -c .) || true
	[ "$n" -gt 0 ] || { echo "sizes_chart: no rows in $csv" >&2; rm -rf "$work"; return 1; }
	while read -r libc; do
		bars="$bars${bars:+, }$data using $((i + 1)):xtic(1) title $(plot_quote "$libc")"
		# the bar's centre, where gnuplot's clustered histogram puts it:
		# a group is one unit of n bars and a gap of one bar split in two
		labels="$labels, '' using (\$0 - 0.5 + $i.0 / ($n + 1)):$((i + 1)):(stringcolumn($((i + 1)))) with labels rotate by 90 left offset 0,0.3 font ',8' notitle"
		i=$((i + 1))
		data="''"
	done < <(sizes_libcs "$csv")
	{
		echo "set terminal svg size 900,520 fixed noenhanced font 'sans,12' background rgb 'white'"
		echo "set output $(plot_quote "$out.tmp")"
		echo "set title 'initrd size per arch and libc (bytes, log scale; uncompressed newc cpio)'"
		echo "set datafile separator tab"
		echo "set datafile missing '-'"
		echo "set style data histogram"
		echo "set style histogram clustered gap 1"
		echo "set style fill solid 0.85 border -1"
		echo "set boxwidth 0.9"
		echo "set logscale y"
		echo "set yrange [100:1e8]"
		echo "set format y '%.0s%cB'"
		echo "set ylabel 'initrd bytes'"
		echo "set xlabel 'arch'"
		echo "set grid ytics"
		echo "set key outside right top Left reverse"
		echo "plot $bars$labels"
	} > "$work/chart.gp"
	"$PLOT_GNUPLOT" "$work/chart.gp" || rc=$?
	if [ "$rc" -eq 0 ]; then mv "$out.tmp" "$out"; else rm -f "$out.tmp"; fi
	rm -rf "$work"
	return "$rc"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -eu
	if [ $# -ne 2 ] || [ ! -r "$1" ]; then
		echo "usage: bench/sizes-chart.sh CSV OUT.svg" >&2
		exit 2
	fi
	sizes_chart "$1" "$2"
fi

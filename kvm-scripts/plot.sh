#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The picture of a run: summary.svg beside summary.csv, each scenario's
# grace periods (the "ver:" of rcutorture's statistics lines) over time,
# with its verdict in the legend. gnuplot draws it (Debian's gnuplot-nox);
# a run does without: when gnuplot is missing, one line says so and there
# is no picture. kvm.sh, kvm-again.sh and kvm-recheck.sh source this file
# for plot_run; run alone it draws a results folder:
#
#   kvm-scripts/plot.sh RESULTS [OUT]     (OUT defaults to RESULTS/summary.svg)

# The gnuplot to run (the tests name a missing one to see the run go on).
PLOT_GNUPLOT="${PLOT_GNUPLOT:-gnuplot}"

# plot_have: true when gnuplot is there; otherwise says so (once per
# process, however many pictures are skipped) and fails.
plot_have() {
	command -v "$PLOT_GNUPLOT" > /dev/null 2>&1 && return 0
	[ -n "${PLOT_SAID_MISSING:-}" ] ||
		echo "plot: no $PLOT_GNUPLOT here (apt-get install gnuplot-nox): no picture" >&2
	PLOT_SAID_MISSING=1
	return 1
}

# plot_gp_points LOG: one "SECONDS GPS" line per statistics line with a
# "ver:", GPS being its count. SECONDS is the line's printk time stamp
# (since boot); a console without stamps gives the line's number times
# the start line's stat_interval (seconds since the test started). Fails
# when the console has no such line.
plot_gp_points() {
	awk '
		/-torture:.*Start of test/ && match($0, /stat_interval=[0-9]+/) {
			iv = substr($0, RSTART + 14, RLENGTH - 14)
		}
		/-torture: rtc: / && match($0, / ver: [0-9]+/) {
			v = substr($0, RSTART + 6, RLENGTH - 6)
			n++
			if (match($0, /^\[ *[0-9]+\.[0-9]+\]/))
				t = substr($0, RSTART + 1, RLENGTH - 2) + 0
			else
				t = n * (iv ? iv : 1)
			printf "%.3f %d\n", t, v
		}
		END { exit (n == 0) }' "$1" 2> /dev/null
}

# plot_quote TEXT: TEXT as a gnuplot single-quoted string.
plot_quote() {
	printf "'%s'" "${1//\'/\'\'}"
}

# plot_svg RESULTS OUT TITLE RUN...: writes OUT, an SVG of the grace
# periods of each RESULTS/RUN over time. Each RUN's legend entry names it
# and its verdict (RUN/verdict), and its last count or "no ver: lines"
# (a dashed entry without a curve); runs other than SUCCESS are dashed.
# Fails when gnuplot does (its message on stderr); OUT is then untouched.
plot_svg() {
	local results="$1" out="$2" title="$3" run v n=0 work curves="" dt any="" rc=0
	shift 3
	work=$(mktemp -d) || return 1
	for run in "$@"; do
		[ -d "$results/$run" ] || continue
		n=$((n + 1))
		v=$(head -n 1 "$results/$run/verdict" 2> /dev/null) || v=NOT-RUN
		dt=2
		[ "$v" != SUCCESS ] || dt=1
		if plot_gp_points "$results/$run/console.log" > "$work/$n.dat"; then
			any=1
			curves="$curves, $(plot_quote "$work/$n.dat") using 1:2 with linespoints lc $n dt $dt pt 7 ps 0.5 title $(plot_quote "$run: $v, $(tail -n 1 "$work/$n.dat" | cut -d' ' -f2) GPs")"
		else
			curves="$curves, keyentry with lines lc $n dt 2 title $(plot_quote "$run: $v, no ver: lines")"
		fi
	done
	{
		echo "set terminal svg size 900,480 fixed noenhanced font 'sans,12' background rgb 'white'"
		echo "set output $(plot_quote "$out.tmp")"
		echo "set title $(plot_quote "$title")"
		echo "set xlabel 'seconds since boot (printk time; without it: statistics line x stat_interval)'"
		echo "set ylabel 'grace periods completed (ver:)'"
		echo "set key outside right top Left reverse noautotitle"
		echo "set grid"
		# gnuplot's fifth colour is a pale yellow, hard to see on white:
		# eight dark enough ones, then they repeat
		echo "set linetype 5 lc rgb '#0072b2'; set linetype 6 lc rgb '#d55e00'"
		echo "set linetype 7 lc rgb '#000000'; set linetype 8 lc rgb '#808080'; set linetype cycle 8"
		# From zero, so two pictures compare; with no curve at all gnuplot
		# has no range to find.
		if [ -n "$any" ]; then
			echo "set xrange [0:*]; set yrange [0:*]"
		else
			echo "set xrange [0:1]; set yrange [0:1]"
		fi
		echo "plot NaN notitle$curves"
	} > "$work/plot.gp"
	"$PLOT_GNUPLOT" "$work/plot.gp" || rc=$?
	if [ "$rc" -eq 0 ]; then mv "$out.tmp" "$out"; else rm -f "$out.tmp"; fi
	rm -rf "$work"
	return "$rc"
}

# plot_run RESULTS OUT TYPE RUN...: the run's picture (plot_svg, titled
# with the torture type, the folder and how many runs succeeded) and a
# "picture: OUT" line. Never fails: a missing or failing gnuplot is told
# on stderr, and a run that booted nothing (--buildonly, LAVA jobs) gets
# no picture.
plot_run() {
	local results="$1" out="$2" type="$3" run booted="" ok=0 n=0
	shift 3
	for run in "$@"; do
		[ -d "$results/$run" ] || continue
		n=$((n + 1))
		[ ! -e "$results/$run/console.log" ] || booted=1
		[ "$(head -n 1 "$results/$run/verdict" 2> /dev/null)" != SUCCESS ] || ok=$((ok + 1))
	done
	[ -n "$booted" ] || return 0
	plot_have || return 0
	if plot_svg "$results" "$out" "$type torture, $(basename "$results"): $ok of $n SUCCESS" "$@"; then
		echo "picture: $out"
	else
		echo "plot: gnuplot failed: no picture $out" >&2
	fi
	return 0
}

# plot_run_names RESULTS: the scenario folders in kvm.sh's order
# (RESULTS/runs), else every folder holding a verdict.
plot_run_names() {
	local d
	if [ -r "$1/runs" ]; then
		cat "$1/runs"
		return
	fi
	for d in "$1"/*/; do
		d=${d%/}
		[ ! -e "$d/verdict" ] || basename "$d"
	done
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -eu
	if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -d "$1" ]; then
		sed -n 's/^#   \(kvm-scripts\/plot.sh\)/usage: \1/p' "$0" >&2
		exit 2
	fi
	mapfile -t plot_runs < <(plot_run_names "$1")
	plot_have || exit 1
	plot_run "$1" "${2:-$1/summary.svg}" "$(cat "$1/torture" 2> /dev/null || echo rcu)" "${plot_runs[@]}"
fi

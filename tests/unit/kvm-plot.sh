#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# plot.sh: the run's picture (summary.svg) holds each scenario's grace
# periods over time with its verdict, says so for a scenario without ver:
# lines, and a run without gnuplot goes on without it. The scenario
# folders are the console fixtures judged by console.sh; their ver:
# values and stamps were written by hand (rcu-work: 100, 250, 400 at 12,
# 22, 32 s; rcu-work-nostamp: 240, 500 every stat_interval=5 s).
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/svg-lib.sh"
source "$TOP/kvm-scripts/functions.sh"
source "$TOP/kvm-scripts/plot.sh"

t_tmpdir
tmp="$T_TMP"
FIX="$TOP/tests/fixtures/console"

t_eq "points: printk stamps and ver:" "12.000 100|22.000 250|32.000 400" \
	"$(plot_gp_points "$FIX/rcu-work.log" | paste -s -d '|')"
t_eq "points: no stamps, stat_interval steps" "5.000 240|10.000 500" \
	"$(plot_gp_points "$FIX/rcu-work-nostamp.log" | paste -s -d '|')"
if plot_gp_points "$FIX/lock-success.log" > /dev/null; then
	t_fail "points: none in a console without ver:" "it gave points"
else
	t_ok "points: none in a console without ver:"
fi

# A results folder: two good runs, a GP-HANG and a console where the test
# never started (NO-END, no ver: lines), in the order of RESULTS/runs.
res="$tmp/2026.12.05-01.02.03"
set -- TINY01:rcu-work TINY01.2:rcu-work-nostamp TREE01:rcu-gp-hang TREE02:no-end
for r in "$@"; do
	mkdir -p "$res/${r%%:*}"
	cp "$FIX/${r#*:}.log" "$res/${r%%:*}/console.log"
	run_judge "$res/${r%%:*}" rcu > /dev/null
	echo "${r%%:*}" >> "$res/runs"
done
echo rcu > "$res/torture"

if ! command -v gnuplot > /dev/null; then
	t_skip "the picture" "no gnuplot (scripts/deps.sh base)"
	t_done
	exit
fi

said=$(plot_run "$res" "$res/summary.svg" rcu TINY01 TINY01.2 TREE01 TREE02 2>&1)
t_eq "plot_run names the picture" "picture: $res/summary.svg" "$said"
if err=$(svg_well_formed "$res/summary.svg"); then t_ok "the SVG is well-formed"; else t_fail "the SVG is well-formed" "$err"; fi
texts=$(svg_texts "$res/summary.svg" 2> /dev/null)
for want in "TINY01: SUCCESS, 400 GPs" "TINY01.2: SUCCESS, 500 GPs" "TREE01: GP-HANG, 731 GPs" \
	"TREE02: NO-END, no ver: lines" "rcu torture, $(basename "$res"): 2 of 4 SUCCESS"; do
	if grep -q -x -F -- "$want" <<< "$texts"; then
		t_ok "the picture says '$want'"
	else
		t_fail "the picture says '$want'" "its texts: $(paste -s -d '|' <<< "$texts")"
	fi
done
# The points drawn: gnuplot puts each curve in a group "gnuplot_plot_N"
# (1 is the empty placeholder) holding a marker per point plus one for
# the legend's sample; an entry without ver: lines has none.
markers=$(svg_groups "$res/summary.svg" use | awk '$1 != 1 { print $2 }')
t_eq "a marker per statistics line (3, 2, 4, none) and the legend's" "4 3 5 0" "$(paste -s -d ' ' <<< "$markers")"

# Run alone: the folder's own order and torture type.
rm -f "$res/summary.svg"
if said=$("$TOP/kvm-scripts/plot.sh" "$res" "$tmp/alone.svg" 2>&1) && svg_texts "$tmp/alone.svg" | grep -q -x 'TREE02: NO-END, no ver: lines'; then
	t_ok "plot.sh RESULTS OUT"
else
	t_fail "plot.sh RESULTS OUT" "$said"
fi
t_fails "plot.sh without a folder" "usage: kvm-scripts/plot.sh RESULTS" "$TOP/kvm-scripts/plot.sh" "$tmp/none"

# Without gnuplot: said once, however many pictures; no file; no failure.
rc=0
err=$(PLOT_GNUPLOT=no-such-gnuplot bash -c '
	source "$1/kvm-scripts/plot.sh"
	plot_run "$2" "$2/a.svg" rcu TINY01 && plot_run "$2" "$2/b.svg" rcu TINY01' _ "$TOP" "$res" 2>&1) || rc=$?
t_eq "no gnuplot: the run goes on" 0 "$rc"
t_eq "no gnuplot: said once" "plot: no no-such-gnuplot here (apt-get install gnuplot-nox): no picture" "$err"
if [ -e "$res/a.svg" ] || [ -e "$res/b.svg" ]; then t_fail "no gnuplot: no picture" "a file was written"; else t_ok "no gnuplot: no picture"; fi

# A run that booted nothing (--buildonly) gets no picture and no message.
mkdir -p "$tmp/built/TINY01"
echo BUILT > "$tmp/built/TINY01/verdict"
said=$(plot_run "$tmp/built" "$tmp/built/summary.svg" rcu TINY01 2>&1)
if [ -z "$said" ] && [ ! -e "$tmp/built/summary.svg" ]; then t_ok "nothing booted: no picture"; else t_fail "nothing booted: no picture" "$said"; fi

t_done

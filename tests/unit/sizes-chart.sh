#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/sizes-chart.sh: the initrd sizes of a sizes.csv become one group of
# bars per arch and one bar per libc, each labelled with its bytes. The
# CSV is what bench/sizes.sh wrote on 2026-12-05 for x86_64 and i386 (the
# other libcs are built for the host only, so i386 has two bars).
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/svg-lib.sh"
source "$TOP/bench/sizes-chart.sh"

t_tmpdir
tmp="$T_TMP"
cat > "$tmp/sizes.csv" <<'EOF'
arch,libc,init_bytes,text,data,bss,initrd_bytes,initrd_gz,initrd_xz,initrd_zst
x86_64,nolibc,504,503,0,24,984,426,444,427
x86_64,glibc,680560,490817,184494,22576,681040,301823,249848,268739
x86_64,glibc-dynamic,14384,469,2540,8,2156744,967782,777420,837239
x86_64,musl,12312,3849,596,616,12792,2965,2908,2893
x86_64,dietlibc,12304,1738,1132,88,12784,2138,2064,2051
x86_64,klibc,8336,1614,571,360,8816,1578,1572,1518
i386,nolibc,436,423,12,12,916,448,468,453
i386,glibc,672440,447004,216991,11736,672920,306461,256460,275081
EOF

t_eq "libcs in the order measured" "nolibc glibc glibc-dynamic musl dietlibc klibc" \
	"$(sizes_libcs "$tmp/sizes.csv" | paste -s -d ' ')"
t_eq "one row per arch, '-' where a libc was not built" \
	"x86_64 984 681040 2156744 12792 12784 8816|i386 916 672920 - - - -" \
	"$(sizes_matrix "$tmp/sizes.csv" | tr '\t' ' ' | paste -s -d '|')"

if ! command -v gnuplot > /dev/null; then
	t_skip "the chart" "no gnuplot (scripts/deps.sh base)"
	t_done
	exit
fi
if err=$(sizes_chart "$tmp/sizes.csv" "$tmp/sizes.svg" 2>&1); then t_ok "sizes_chart"; else t_fail "sizes_chart" "$err"; fi
if err=$(svg_well_formed "$tmp/sizes.svg"); then t_ok "the chart is well-formed"; else t_fail "the chart is well-formed" "$err"; fi
texts=$(svg_texts "$tmp/sizes.svg" 2> /dev/null)
missing=""
for want in x86_64 i386 nolibc glibc glibc-dynamic musl dietlibc klibc 984 916 681040 672920 2156744 12792 12784 8816; do
	grep -q -x -F -- "$want" <<< "$texts" || missing="$missing $want"
done
t_eq "every arch, libc and size is written on it" "" "${missing# }"
# The bars: gnuplot fills each as a polygon in its libc's group
# "gnuplot_plot_N" (N = 1..6; the labels come after), one more for the
# legend's sample. x86_64 has all six libcs, i386 nolibc and glibc.
t_eq "a bar per size measured, and the legend's" "3 3 2 2 2 2" \
	"$(svg_groups "$tmp/sizes.svg" polygon |
	   awk '{ n[$1] = $2 } END { for (i = 1; i <= 6; i++) printf "%s%d", (i > 1 ? " " : ""), n[i] }')"

# A CSV without rows: no chart, and nothing left behind.
head -n 1 "$tmp/sizes.csv" > "$tmp/empty.csv"
t_fails "no rows: no chart" "no rows in" sizes_chart "$tmp/empty.csv" "$tmp/empty.svg"
if [ -e "$tmp/empty.svg" ]; then t_fail "no rows: no file" "$tmp/empty.svg written"; else t_ok "no rows: no file"; fi

t_done

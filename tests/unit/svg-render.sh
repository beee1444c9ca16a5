#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The pictures open in a browser: the run's summary.svg (kvm-scripts/
# plot.sh, on the console fixtures) and bench's sizes chart are
# well-formed XML naming every scenario and verdict (or arch and libc),
# and headless Chromium draws each as more than a blank page. A white
# SVG is rendered too, to show the ink count can tell. SVG_SHOTS=DIR keeps
# the screenshots there, for a person to look at.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/svg-lib.sh"
source "$TOP/kvm-scripts/functions.sh"
source "$TOP/kvm-scripts/plot.sh"
source "$TOP/bench/sizes-chart.sh"

t_tmpdir
tmp="$T_TMP"
FIX="$TOP/tests/fixtures/console"
# Non-white pixels a drawn chart has at least: its axes, tick labels and
# legend alone cover a few thousand at 900x480; a blank page has none.
MIN_INK=2000

if ! command -v gnuplot > /dev/null; then
	t_skip "pictures in a browser" "no gnuplot to draw them (scripts/deps.sh base)"
	t_done
	exit
fi

# The run's picture: a scenario per verdict the fixtures give.
res="$tmp/run"
declare -A verdict_of=()
for r in TINY01:rcu-success TREE01:rcu-gp-hang TREE02:rcu-bang TREE03:panic TREE04:qemu-bad-memory; do
	mkdir -p "$res/${r%%:*}"
	cp "$FIX/${r#*:}.log" "$res/${r%%:*}/console.log"
	verdict_of[${r%%:*}]=$(run_judge "$res/${r%%:*}" rcu)
	echo "${r%%:*}" >> "$res/runs"
done
plot_run "$res" "$res/summary.svg" rcu TINY01 TREE01 TREE02 TREE03 TREE04 > /dev/null

# The sizes chart: two arches, the host one with more libcs.
cat > "$tmp/sizes.csv" <<'EOF'
arch,libc,init_bytes,text,data,bss,initrd_bytes,initrd_gz,initrd_xz,initrd_zst
x86_64,nolibc,504,503,0,24,984,426,444,427
x86_64,glibc,680560,490817,184494,22576,681040,301823,249848,268739
x86_64,musl,12312,3849,596,616,12792,2965,2908,2893
s390x,nolibc,700,600,0,8,1244,500,550,520
s390x,glibc,700000,600000,20000,3000,701440,300000,260000,270000
EOF
sizes_chart "$tmp/sizes.csv" "$tmp/sizes.svg"

# A white page of the same size: what a blank picture scores.
cat > "$tmp/blank.svg" <<'EOF'
<svg xmlns="http://www.w3.org/2000/svg" width="900" height="480"><rect width="900" height="480" fill="white"/></svg>
EOF

# names SVG WORD...: the words not written on SVG (empty when all are).
names() {
	local svg="$1" texts w missing=""
	shift
	texts=$(svg_texts "$svg" 2> /dev/null)
	for w in "$@"; do
		grep -q -F -- "$w" <<< "$texts" || missing="$missing $w"
	done
	echo "${missing# }"
}

for svg in "$res/summary.svg" "$tmp/sizes.svg"; do
	if err=$(svg_well_formed "$svg"); then t_ok "$(basename "$svg") is well-formed"; else t_fail "$(basename "$svg") is well-formed" "$err"; fi
done
words=()
for run in "${!verdict_of[@]}"; do words+=("$run: ${verdict_of[$run]}"); done
t_eq "summary.svg names every scenario with its verdict" "" "$(names "$res/summary.svg" "${words[@]}")"
t_eq "sizes.svg names every arch and libc" "" "$(names "$tmp/sizes.svg" x86_64 s390x nolibc glibc musl)"

if ! why=$(svg_browser); then
	t_skip "pictures in a browser" "$why"
	t_done
	exit
fi
# ink PNG: non-white pixels, or, without PIL, the PNG's bytes over 10
# (a blank 900x480 PNG compresses to under 10 kB, a chart to 25 kB+).
if ! py=$(png_python); then
	t_skip "counting pixels" "$py; judging by PNG size instead"
	ink() { echo $(($(stat -c %s "$1") / 10)); }
else
	ink() { png_ink "$1"; }
fi

for svg in "$res/summary.svg" "$tmp/sizes.svg" "$tmp/blank.svg"; do
	name=$(basename "$svg" .svg)
	if ! err=$(svg_render "$svg" "$tmp/$name.png"); then
		t_fail "$name: Chromium renders it" "$err"
		continue
	fi
	[ -z "${SVG_SHOTS:-}" ] || { mkdir -p "$SVG_SHOTS" && cp "$tmp/$name.png" "$SVG_SHOTS/"; }
	n=$(ink "$tmp/$name.png")
	if [ "$name" = blank ]; then
		if [ "$n" -le "$MIN_INK" ]; then t_ok "blank: a white page scores $n"; else t_fail "blank: a white page" "scores $n"; fi
	elif [ "$n" -gt "$MIN_INK" ]; then
		t_ok "$name: Chromium draws it ($n non-white pixels)"
	else
		t_fail "$name: Chromium draws it" "$n non-white pixels, want more than $MIN_INK"
	fi
done

t_done

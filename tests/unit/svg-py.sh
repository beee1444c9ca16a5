#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/svg.py, on small SVGs written here: well-formed or not, the texts,
# the size, gnuplot's curve groups, and the ink of a picture.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/svg-lib.sh"

t_tmpdir
tmp="$T_TMP"

t_fails "no command: the usage" "usage: svg.py" python3 "$SVG_PY"
t_fails "groups without TAG: the usage" "usage: svg.py" python3 "$SVG_PY" groups "$tmp/a.svg"

# What gnuplot's SVG terminal writes, cut down: curve groups holding point
# markers (<use>) and bars (<polygon>), nested groups, labels in <text>
# with a <tspan>, and groups that are no curve.
cat > "$tmp/plot.svg" <<'SVG'
<?xml version="1.0" encoding="utf-8" standalone="no"?>
<svg width="900" height="480px" viewBox="0 0 900 480" xmlns="http://www.w3.org/2000/svg"
     xmlns:xlink="http://www.w3.org/1999/xlink">
<g id="gnuplot_canvas">
	<text x="10" y="20">rcu torture, run</text>
	<text x="10" y="40"><tspan>TINY01: </tspan>SUCCESS, 400 GPs</text>
	<text x="10" y="60">   </text>
	<g id="gnuplot_plot_1"></g>
	<g id="gnuplot_plot_2"><use xlink:href="#p"/><use xlink:href="#p"/><g><use xlink:href="#p"/></g></g>
	<g id="gnuplot_plot_10"><polygon points="0,0 1,1 1,0"/><use xlink:href="#p"/></g>
	<g id="gnuplot_plot_3b"><use xlink:href="#p"/></g>
	<g id="legend"><use xlink:href="#p"/></g>
</g>
</svg>
SVG
t_run "well-formed: an SVG" svg_well_formed "$tmp/plot.svg"
echo '<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>' > "$tmp/html.svg"
t_fails "well-formed: another root is refused" "root element is .*html, not svg" svg_well_formed "$tmp/html.svg"
head -n 5 "$tmp/plot.svg" > "$tmp/cut.svg"
t_fails "well-formed: a file cut short is refused" "not well-formed XML" svg_well_formed "$tmp/cut.svg"
t_fails "well-formed: a missing file is refused" "not well-formed XML.*No such file" svg_well_formed "$tmp/none.svg"

t_eq "texts: a line per non-blank <text>, its tspans joined" "rcu torture, run|TINY01: SUCCESS, 400 GPs" \
	"$(svg_texts "$tmp/plot.svg" | paste -s -d '|')"
t_eq "size: WIDTH,HEIGHT, px or not" "900,480" "$(svg_size "$tmp/plot.svg")"
echo '<svg xmlns="http://www.w3.org/2000/svg" width="900.5" height="40.0"/>' > "$tmp/frac.svg"
t_eq "size: the whole pixels of a fraction" "900,40" "$(svg_size "$tmp/frac.svg")"
echo '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="480"/>' > "$tmp/pct.svg"
t_fails "size: a percentage is no size" "not plain pixels" svg_size "$tmp/pct.svg"
t_eq "groups: the markers of each curve, nested ones too" "1 0|2 3|10 1" \
	"$(svg_groups "$tmp/plot.svg" use | paste -s -d '|')"
t_eq "groups: the bars" "1 0|2 0|10 1" "$(svg_groups "$tmp/plot.svg" polygon | paste -s -d '|')"

# ink: a 3x2 picture (PPM, which PIL reads like a PNG): white, near-white
# at 250 (white enough), one channel at 249, black, grey, white.
if ! py=$(png_python); then
	t_skip "ink" "$py"
else
	printf 'P3\n3 2\n255\n255 255 255  250 250 250  255 249 255\n0 0 0  128 128 128  255 255 255\n' > "$tmp/ink.ppm"
	t_eq "ink: the pixels with a channel below 250" 3 "$(png_ink "$tmp/ink.ppm")"
fi

t_done

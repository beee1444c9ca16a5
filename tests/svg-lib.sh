# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for the tests of the pictures (kvm-scripts/plot.sh, bench's
# sizes chart): is an SVG well-formed, what text it holds, and what a
# browser makes of it. Each function takes files and prints its answer;
# what reads XML or pixels is svg.py beside this file.

SVG_PY="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/svg.py"

# svg_well_formed SVG: silent when SVG parses as XML with an <svg> root;
# otherwise prints the parser's complaint and fails.
svg_well_formed() {
	python3 "$SVG_PY" well-formed "$1"
}

# svg_texts SVG: the text of every <text> element, one per line (what a
# reader sees written on the picture).
svg_texts() {
	python3 "$SVG_PY" texts "$1"
}

# svg_size SVG: "WIDTH,HEIGHT" in pixels from the root's attributes;
# fails, saying so, when they are not plain numbers.
svg_size() {
	python3 "$SVG_PY" size "$1"
}

# svg_groups SVG TAG: "N COUNT" for each curve gnuplot drew (its group
# gnuplot_plot_N), COUNT the TAG elements in it: "use" for point markers,
# "polygon" for filled bars; the legend's sample is one of them.
svg_groups() {
	python3 "$SVG_PY" groups "$1" "$2"
}

# svg_browser: the headless browser's command, or the reason there is
# none (and fails).
svg_browser() {
	local b
	for b in chromium chromium-browser; do
		command -v "$b" > /dev/null 2>&1 && { echo "$b"; return 0; }
	done
	echo "no chromium (scripts/deps.sh render)"
	return 1
}

# svg_render SVG PNG: PNG is a screenshot of SVG as headless Chromium
# shows it, in a window of the SVG's own width and height. Prints
# Chromium's last lines and fails when no PNG came out.
svg_render() {
	local svg="$1" png="$2" browser size profile out rc=0
	browser=$(svg_browser) || { echo "$browser"; return 1; }
	# the picture's own size, so nothing is cut off or scaled
	size=$(svg_size "$svg" 2> /dev/null) || size=1024,768
	profile=$(mktemp -d)
	rm -f "$png"
	# --no-sandbox: the sandbox refuses to start as root; a profile of its
	# own keeps two tests from sharing one
	out=$(timeout 180 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$profile" --window-size="$size" --screenshot="$png" \
		"file://$(realpath "$svg")" 2>&1) || rc=$?
	rm -rf "$profile"
	[ -s "$png" ] && return 0
	echo "$browser exit $rc, no screenshot: $(tail -n 2 <<< "$out")"
	return 1
}

# png_python: a python3 that has PIL (Debian's python3-pil goes with
# /usr/bin/python3, which need not be the first python3 on PATH), or the
# reason there is none (and fails).
png_python() {
	local p
	for p in python3 /usr/bin/python3; do
		"$p" -c 'import PIL' 2> /dev/null && { echo "$p"; return 0; }
	done
	echo "no python3 with PIL (python3-pil)"
	return 1
}

# png_ink PNG: how many pixels of PNG are not white (any channel below
# 250): zero for a blank page.
png_ink() {
	local py
	py=$(png_python) || { echo "$py" >&2; return 1; }
	"$py" "$SVG_PY" ink "$1"
}

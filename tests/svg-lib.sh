# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for the tests of the pictures (kvm-scripts/plot.sh, bench's
# sizes chart): is an SVG well-formed, what text it holds, and what a
# browser makes of it. Each function takes files and prints its answer.

# svg_well_formed SVG: silent when SVG parses as XML with an <svg> root;
# otherwise prints the parser's complaint and fails.
svg_well_formed() {
	python3 - "$1" <<'EOF'
import sys
import xml.etree.ElementTree as ET
try:
    root = ET.parse(sys.argv[1]).getroot()
except (ET.ParseError, OSError) as e:
    sys.exit(f"not well-formed XML: {e}")
if root.tag != "{http://www.w3.org/2000/svg}svg":
    sys.exit(f"root element is {root.tag}, not svg")
EOF
}

# svg_texts SVG: the text of every <text> element, one per line (what a
# reader sees written on the picture).
svg_texts() {
	python3 - "$1" <<'EOF'
import sys
import xml.etree.ElementTree as ET
for t in ET.parse(sys.argv[1]).getroot().iter("{http://www.w3.org/2000/svg}text"):
    s = "".join(t.itertext()).strip()
    if s:
        print(s)
EOF
}

# svg_size SVG: "WIDTH,HEIGHT" in pixels from the root's attributes;
# fails when they are not plain numbers.
svg_size() {
	python3 - "$1" <<'EOF'
import re
import sys
import xml.etree.ElementTree as ET
a = ET.parse(sys.argv[1]).getroot().attrib
w, h = (re.fullmatch(r"([0-9]+)(\.[0-9]*)?(px)?", a.get(k, "")) for k in ("width", "height"))
if not (w and h):
    sys.exit(1)
print(f"{w.group(1)},{h.group(1)}")
EOF
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
	size=$(svg_size "$svg") || size=1024,768
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
	"$py" - "$1" <<'EOF'
import sys
from PIL import Image
im = Image.open(sys.argv[1]).convert("RGB")
print(sum(1 for p in im.getdata() if min(p) < 250))
EOF
}

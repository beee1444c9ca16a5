#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# What the tests of the pictures (kvm-scripts/plot.sh, bench's sizes chart)
# read from an SVG or its screenshot. tests/svg-lib.sh calls it; each
# command takes a file and prints its answer:
#
#   svg.py well-formed SVG   silent when SVG parses as XML with an <svg>
#                            root; else the complaint, and exit 1
#   svg.py texts SVG         the text of every <text> element, one a line
#   svg.py size SVG          "WIDTH,HEIGHT" in pixels from the root's
#                            attributes; exit 1 when not plain numbers
#   svg.py groups SVG TAG    "N COUNT" for each gnuplot curve group
#                            (id gnuplot_plot_N), COUNT its TAG elements
#   svg.py ink PNG           pixels not white (a channel below 250); needs
#                            PIL (python3-pil)
#
# Python 3 of Debian 12, the standard library but for ink.
# tests/unit/svg-py.sh tests each command.

import re
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
USAGE = """usage: svg.py well-formed|texts|size SVG
       svg.py groups SVG TAG
       svg.py ink PNG"""


class Refused(Exception):
    """What the command says on stderr before it exits 1."""


def root_of(path):
    try:
        return ET.parse(path).getroot()
    except (ET.ParseError, OSError) as e:
        raise Refused("not well-formed XML: %s" % e)


def well_formed(path):
    root = root_of(path)
    if root.tag != SVG + "svg":
        raise Refused("root element is %s, not svg" % root.tag)
    return []


def texts(path):
    for t in root_of(path).iter(SVG + "text"):
        s = "".join(t.itertext()).strip()
        if s:
            yield s


def size(path):
    a = root_of(path).attrib
    w, h = (re.fullmatch(r"([0-9]+)(\.[0-9]*)?(px)?", a.get(k, ""))
            for k in ("width", "height"))
    if not (w and h):
        raise Refused("width '%s' and height '%s' are not plain pixels"
                      % (a.get("width", ""), a.get("height", "")))
    return ["%s,%s" % (w.group(1), h.group(1))]


def groups(path, tag):
    """gnuplot's SVG terminal puts each curve in a <g id="gnuplot_plot_N">
    (N from 1, in the plot command's order), holding what draws it: a
    <use> per point marker, a <polygon> per filled bar, and one more for
    the legend's sample."""
    for g in root_of(path).iter(SVG + "g"):
        m = re.fullmatch(r"gnuplot_plot_([0-9]+)", g.get("id", ""))
        if m:
            yield "%s %d" % (m.group(1), sum(1 for _ in g.iter(SVG + tag)))


def ink(path):
    from PIL import Image  # only here: the SVG commands need no PIL

    im = Image.open(path).convert("RGB")
    return [str(sum(1 for p in im.getdata() if min(p) < 250))]


COMMANDS = {
    "well-formed": (1, well_formed),
    "texts": (1, texts),
    "size": (1, size),
    "groups": (2, groups),
    "ink": (1, ink),
}


def main(argv):
    if len(argv) < 2 or argv[1] not in COMMANDS \
            or len(argv) - 2 != COMMANDS[argv[1]][0]:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        for line in COMMANDS[argv[1]][1](*argv[2:]):
            print(line)
    except Refused as e:
        print(e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

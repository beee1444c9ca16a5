#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# A console that hands its reader a line in two pieces, as a serial console
# under load does: prints FILE up to and including the first AFTER, flushes,
# sleeps PAUSE seconds (default 2), prints the rest, flushes, sleeps again.
# tests/unit/lava.sh makes it the stand-in QEMU of a LAVA job, to see that
# LAVA's monitors wait for a whole line; tests/unit/print-in-parts-py.sh
# tests it.
#
# Usage: print-in-parts.py FILE AFTER [PAUSE]

import sys
import time


def parts(text, after):
    """text cut right after the first after; ValueError when it has none."""
    cut = text.index(after) + len(after)
    return text[:cut], text[cut:]


def main(argv):
    if len(argv) not in (3, 4):
        print("usage: print-in-parts.py FILE AFTER [PAUSE]", file=sys.stderr)
        return 2
    pause = float(argv[3]) if len(argv) == 4 else 2.0
    with open(argv[1]) as f:
        text = f.read()
    try:
        pieces = parts(text, argv[2])
    except ValueError:
        print("print-in-parts.py: no '%s' in %s" % (argv[2], argv[1]), file=sys.stderr)
        return 1
    for piece in pieces:
        sys.stdout.write(piece)
        sys.stdout.flush()
        time.sleep(pause)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/print-in-parts.py, the stand-in console of tests/unit/lava.sh that
# pauses inside a line: the text comes whole, and up to the pause exactly
# what precedes the cut.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
pip="$TOP/tests/print-in-parts.py"
printf 'Linux version 6.1\nrcu-torture:--- End of test: SUCCESS: nreaders=1\nreboot: Power down\n' > "$tmp/console"

t_fails "no AFTER: the usage" "usage: print-in-parts.py FILE AFTER" python3 "$pip" "$tmp/console"
t_fails "an AFTER the file lacks: said" "no 'End of time' in .*console" python3 "$pip" "$tmp/console" "End of time" 0
if diff "$tmp/console" <(python3 "$pip" "$tmp/console" "End of test" 0) > "$tmp/diff"; then
	t_ok "the whole text comes out, unchanged"
else
	t_fail "the whole text comes out, unchanged" "$(head -n 5 "$tmp/diff")"
fi

# With a pause longer than the test, what has come is the first part:
# the text up to and with the first "End of test", not a byte more.
python3 "$pip" "$tmp/console" "End of test" 600 > "$tmp/out" &
pid=$!
for _ in $(seq 300); do [ -s "$tmp/out" ] && break; sleep 0.1; done
t_eq "before the pause: up to the cut" "Linux version 6.1|rcu-torture:--- End of test" \
	"$(paste -s -d '|' < "$tmp/out")"
kill "$pid" 2> /dev/null
wait "$pid" 2> /dev/null

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm-find-errors.sh: each splat with its context, bare call-trace
# addresses decoded against the build's System.map; the exit status says
# whether there were splats.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/kvm-scripts/kvm-find-errors.sh"

t_tmpdir
tmp="$T_TMP"
find="$TOP/kvm-scripts/kvm-find-errors.sh"

# A build whose System.map places three functions and a data symbol.
mkdir -p "$tmp/build" "$tmp/res/TREE01" "$tmp/res/TINY01"
cat > "$tmp/build/System.map" <<'MAP'
ffffffff81000000 T alpha
ffffffff81000100 t beta
ffffffff81000180 T gamma
ffffffff81000200 D some_data
MAP
echo "$tmp/build" > "$tmp/res/TREE01/build-dir"
cat > "$tmp/res/TREE01/console.log" <<'LOG'
[    1.000000] rcu-torture: rtc: 0000000000000000 ver: 5
[    2.000000] line one before
[    2.000001] line two before
[    2.000002] line three before
[    2.000003] task:rcu_torture_wri state:S stack:0 pid:10 ppid:2 flags:0x00004000
[    2.000004] Call Trace:
[    2.000005]  <TASK>
[    2.000006]  ? 0xffffffff81000105
[    2.000007]  ? 0xffffffff81000010
[    2.000008]  0xffffffff81000190
[    2.000009]  ? 0xffffffff81000210
[    2.000010]  </TASK>
[    3.000000] rcu-torture: rtc: 0000000000000000 ver: 9
LOG
echo "$tmp/build" > "$tmp/res/TINY01/build-dir"
printf '%s\n' '[    1.0] Run /init as init process' '[   20.0] rcu-torture:--- End of test: SUCCESS' > "$tmp/res/TINY01/console.log"

out=$("$find" "$tmp/res" 2>&1) && rc=0 || rc=$?
t_eq "splats found: exit 1" 1 "$rc"
t_eq "addresses become function+offset/size" \
	"? beta+0x5/0x80|? alpha+0x10/0x100|gamma+0x10/0x80" \
	"$(sed -n 's/^\[ *2\.00000[678]\]  //p' "$tmp/res/TREE01/splats.txt" | paste -s -d '|')"
t_eq "the splat starts three lines ahead" "[    2.000001] line two before" "$(head -n 1 "$tmp/res/TREE01/splats.txt")"
t_eq "an address in data stays" "? 0xffffffff81000210" \
	"$(sed -n 's/^\[ *2\.000009\]  //p' "$tmp/res/TREE01/splats.txt")"
t_eq "the splat ends at </TASK>" "[    2.000010]  </TASK>" "$(tail -n 1 "$tmp/res/TREE01/splats.txt")"
if grep -q 'flags:0x00004000' "$tmp/res/TREE01/splats.txt"; then
	t_ok "numbers that are not addresses stay"
else
	t_fail "numbers that are not addresses stay" "$(cat "$tmp/res/TREE01/splats.txt")"
fi
if [ -e "$tmp/res/TINY01/splats.txt" ]; then
	t_fail "a clean console gets no splats.txt" "it has one"
else
	t_ok "a clean console gets no splats.txt"
fi
if grep -q '^== TREE01: ' <<< "$out" && ! grep -q '^== TINY01' <<< "$out"; then
	t_ok "the report names the scenario with splats only"
else
	t_fail "the report names the scenario with splats only" "$out"
fi

# Without a System.map the trace is shown as it was.
rm "$tmp/build/System.map"
"$find" "$tmp/res" > /dev/null 2>&1 || true
t_eq "no System.map: addresses stay" "? 0xffffffff81000105" \
	"$(sed -n 's/^\[ *2\.000006\]  //p' "$tmp/res/TREE01/splats.txt")"

rm -r "$tmp/res/TREE01"
out=$("$find" "$tmp/res" 2>&1) && rc=0 || rc=$?
t_eq "no splats: exit 0" "0 no splats in $tmp/res" "$rc $out"
"$find" "$tmp/nowhere" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "no results folder: exit 2" 2 "$rc"

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A judged scenario folder (run_judge, the step kvm.sh, kvm-recheck.sh and
# kvm-again.sh take after each boot) holds splats.txt with its call traces
# decoded against the build's System.map; without a System.map the
# addresses stay bare under a note; a scenario without splats has none;
# the summary table points at the file.
set -u
source "$(dirname "$0")/../lib.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/functions.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/summary.sh"

t_tmpdir
tmp="$T_TMP"
FIX="$TOP/tests/fixtures/console"

# frames RUN_DIR: the call-trace frames of its splats.txt, "|"-separated.
frames() {
	sed -n 's/^\[ *4\.616257\]  //p' "$1/splats.txt" | paste -s -d '|'
}

# A scenario whose build left a System.map (rcu-bare-trace.map places the
# functions of rcu-bare-trace.log's writer-stall dump).
res="$tmp/res"
mkdir -p "$res/TINY01" "$res/TREE01" "$tmp/build"
cp "$FIX/rcu-bare-trace.map" "$tmp/build/System.map"
echo "$tmp/build" > "$res/TINY01/build-dir"
cp "$FIX/rcu-bare-trace.log" "$res/TINY01/console.log"
t_eq "a splat is no failure here" SUCCESS "$(run_judge "$res/TINY01" rcu)"
t_eq "the trace decoded to function+0xoff/0xsize" \
	"? __schedule+0x2b5/0x2d1|? schedule+0x38/0x65|? schedule_timeout+0x98/0xba|? stutter_wait+0x7b/0x94|? rcu_torture_writer+0x5e2/0x6b3|? kthread+0x93/0x9b|? ret_from_fork+0x1f/0x30|0xffffffff82000010" \
	"$(frames "$res/TINY01" 2>&1)"
t_eq "the splat starts three lines ahead" "[    0.850000] Freeing unused kernel image (initmem) memory: 1024K" \
	"$(head -n 1 "$res/TINY01/splats.txt" 2>&1)"

# A KCSAN report (a real one, from kvm.sh --kcsan on TREE04; its console
# lines end in CR as QEMU's serial gives them) has blank and unindented
# lines between its two stacks: its block runs to the "=====" line that
# closes it, and not past it.
blocks=$(source "$TOP/kvm-scripts/splat.sh"; splat_blocks "$FIX/kcsan-report.log" | tr -d '\r')
if grep -q 'read to 0xffffffff81b86738 of 4 bytes by task 1 on cpu 0:' <<< "$blocks"; then
	t_ok "KCSAN: both stacks in the block"
else
	t_fail "KCSAN: both stacks in the block" "$(tail -n 3 <<< "$blocks")"
fi
t_eq "KCSAN: the block ends at the closing =====" \
	"[    0.901947] ==================================================================" "$(tail -n 1 <<< "$blocks")"
# A lockdep report opens with "=====" but closes with no such line: its
# block runs to the end of its trace.
cat > "$tmp/lockdep.log" <<'LOG'
[    2.000000] =============================
[    2.000000] WARNING: suspicious RCU usage
[    2.000000] 6.1.0 #1 Not tainted
[    2.000000] -----------------------------
[    2.000000] kernel/rcu/example.c:10 suspicious rcu_dereference_check() usage!
[    2.000000] 
[    2.000000] stack backtrace:
[    2.000000] Call Trace:
[    2.000000]  <TASK>
[    2.000000]  dump_stack_lvl+0x10/0x20
[    2.000000]  </TASK>
[    2.100000] rcu-torture: rtc: 0000000000000000 ver: 1
LOG
t_eq "lockdep: one block, from the banner to </TASK>" "$(head -n 11 "$tmp/lockdep.log")" \
	"$(source "$TOP/kvm-scripts/splat.sh"; splat_blocks "$tmp/lockdep.log" 1)"

# A scenario without splats gets none, and loses one left by an earlier
# judging (after a parser fix, say).
echo "$tmp/build" > "$res/TREE01/build-dir"
cp "$FIX/rcu-success.log" "$res/TREE01/console.log"
echo stale > "$res/TREE01/splats.txt"
run_judge "$res/TREE01" rcu > /dev/null
if [ -e "$res/TREE01/splats.txt" ]; then
	t_fail "no splats: no splats.txt" "$(head -n 3 "$res/TREE01/splats.txt")"
else
	t_ok "no splats: no splats.txt"
fi

# The per-scenario report names the file under the run with splats only.
table=$(summary_write "$res" TINY01 TREE01) || true
t_eq "the table points at splats.txt" "splats: TINY01/splats.txt" \
	"$(grep -o 'splats: .*' <<< "$table" | paste -s -d '|')"

# Without a System.map the addresses stay as the console gave them, and
# the file says why.
rm "$tmp/build/System.map"
run_judge "$res/TINY01" rcu > /dev/null
t_eq "no System.map: a note first" "# no System.map in the build folder $tmp/build: addresses left bare" \
	"$(head -n 1 "$res/TINY01/splats.txt")"
t_eq "no System.map: addresses stay bare" "? 0xffffffff810f8ab5" \
	"$(frames "$res/TINY01" | cut -d'|' -f1)"
rm "$res/TINY01/build-dir"
run_judge "$res/TINY01" rcu > /dev/null
t_eq "no build-dir: a note first" "# no System.map in the build folder unknown (no build-dir): addresses left bare" \
	"$(head -n 1 "$res/TINY01/splats.txt")"

# Every splat the summary counts is in splats.txt: SLUB reports with
# "BUG NAME (...)", no colon, and counts as a bug.
mkdir -p "$res/SLUB"
{
	cat "$FIX/rcu-success.log"
	echo '[   62.000000] BUG kmalloc-64 (Not tainted): Poison overwritten'
} > "$res/SLUB/console.log"
run_judge "$res/SLUB" rcu > /dev/null
t_eq "a SLUB BUG: counted and in splats.txt" "bug=1 [   62.000000] BUG kmalloc-64 (Not tainted): Poison overwritten" \
	"$(grep '^bug=' "$res/SLUB/console.summary") $(grep -F 'BUG kmalloc' "$res/SLUB/splats.txt" 2>&1)"

# kvm-recheck.sh judges through run_judge too: a folder judged before
# splats.txt existed gets one.
cp "$FIX/rcu-bare-trace.map" "$tmp/build/System.map"
echo "$tmp/build" > "$res/TINY01/build-dir"
rm -f "$res/TINY01/splats.txt"
printf '%s\n' TINY01 TREE01 > "$res/runs"
out=$("$TOP/kvm-scripts/kvm-recheck.sh" "$res" 2>&1) || true
t_eq "kvm-recheck.sh writes it decoded" "? __schedule+0x2b5/0x2d1" "$(frames "$res/TINY01" 2>&1 | cut -d'|' -f1)"
if grep -q 'splats: TINY01/splats.txt' <<< "$out"; then
	t_ok "kvm-recheck.sh's table points at it"
else
	t_fail "kvm-recheck.sh's table points at it" "$out"
fi

# Scenarios are judged in parallel subshells of one kvm.sh (one $$): two
# decodes at once against different System.maps must not see each
# other's tables. Map B names every symbol b_...; each of the twelve
# outputs must carry its own map's name.
sed -E 's/^([0-9a-f]+ [A-Za-z] )/\1b_/' "$FIX/rcu-bare-trace.map" > "$tmp/b.map"
for i in 1 2 3 4 5 6; do
	decode_addresses "$FIX/rcu-bare-trace.map" < "$FIX/rcu-bare-trace.log" > "$tmp/dec-a.$i" &
	decode_addresses "$tmp/b.map" < "$FIX/rcu-bare-trace.log" > "$tmp/dec-b.$i" &
done
wait
sa=$(grep -l '? rcu_torture_writer+0x5e2/' "$tmp"/dec-a.* | wc -l)
sb=$(grep -l '? b_rcu_torture_writer+0x5e2/' "$tmp"/dec-b.* | wc -l)
t_eq "parallel decodes keep their own System.map (A, B outputs right)" "6 6" "$sa $sb"

t_done

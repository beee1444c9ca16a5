#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# bench/cflist.sh across invocations: both ways in one table takes longer
# than a working session, so a second invocation on the same --results
# keeps the phases measured and measures an interrupted one again, cold
# from an emptied cache. A stand-in kvm.sh (CFLIST_KVM) writes a summary,
# records each call, and can be told to die in a given phase.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
cat > "$tmp/kvm" <<'EOF2'
#!/bin/bash
# stand-in kvm.sh: --results DIR; the phase is DIR's name
set -eu
while [ $# -gt 0 ]; do
	case "$1" in --results) dir="$2"; shift 2 ;; *) shift ;; esac
done
phase=$(basename "$dir")
echo "$phase cache:$(ls "$NOLIBC_TORTURE_CACHE" | paste -s -d ' ')" >> "$CALLS"
mkdir -p "$dir"
if [ "${DIE_IN:-}" = "$phase" ]; then
	touch "$NOLIBC_TORTURE_CACHE/half-built"
	exit 1
fi
touch "$NOLIBC_TORTURE_CACHE/kernel-$phase"
# B's build seconds: the number of calls ever, so that a phase measured
# again would not give the row it gave before
n=$(( $(cat "$CALLS.count" 2> /dev/null || echo 0) + 1 ))
echo "$n" > "$CALLS.count"
printf 'scenario,verdict,build_seconds,boot_seconds\nA,SUCCESS,7,60\nB,SUCCESS,%d,61\n' "$n" > "$dir/summary.csv"
EOF2
chmod +x "$tmp/kvm"
# the main cache, whose extracted source each way's cache links to
mkdir -p "$tmp/main/src"
export CFLIST_KVM="$tmp/kvm" CALLS="$tmp/calls" NOLIBC_TORTURE_CACHE="$tmp/main"
res="$tmp/res"

# rows WAY TEMP: the table rows of $res/cflist.md for WAY TEMP, fields 2-7
rows() {
	grep "^| $1 | $2 |" "$res/cflist.md" | cut -d'|' -f2-7 | tr -s ' '
}

DIE_IN=shared-cold "$TOP/bench/cflist.sh" --configs "A B" --results "$res" > "$tmp/out1" 2>&1
t_eq "first invocation: the phases run in order, none after a cold one died" \
	"independent-cold|independent-warm|shared-cold" "$(cut -d' ' -f1 "$CALLS" | paste -s -d '|')"
t_eq "a measured phase sums build and boot" " independent cold 8 121 2 SUCCESS " \
	"$(rows independent cold | cut -d'|' -f1,2,4,5,6 | tr '|' ' ' | sed 's/  */ /g')"
t_run "the phase that died has no row but says so" grep -q "^| shared | cold | kvm.sh exit 1, no summary" "$res/cflist.md"
t_run "and its warm phase is not run" grep -q "^| shared | warm | not run: the cold phase has no summary" "$res/cflist.md"

: > "$CALLS"
cp "$res/independent-cold.row" "$tmp/row-before"
"$TOP/bench/cflist.sh" --configs "A B" --results "$res" > "$tmp/out2" 2>&1
t_eq "second invocation runs only what was not measured" \
	"shared-cold|shared-warm" "$(cut -d' ' -f1 "$CALLS" | paste -s -d '|')"
t_run "a kept row is the one first measured" cmp "$tmp/row-before" "$res/independent-cold.row"
t_eq "the cold phase again starts from an emptied cache (source link kept)" \
	"shared-cold cache:src" "$(sed -n 1p "$CALLS")"
t_eq "the warm phase finds what the cold one built" \
	"shared-warm cache:kernel-shared-cold src" "$(sed -n 2p "$CALLS")"
t_run "the interrupted phase is kept aside" compgen -G "$res/shared-cold.interrupted-*[0-9]"
t_run "and the run says so" grep -q "shared cold did not finish earlier" "$tmp/out2"
t_eq "the table has all four rows" 4 "$(grep -c '^| \(shared\|independent\) | \(cold\|warm\) | [0-9]' "$res/cflist.md")"
t_run "each row says when it started" grep -q '^| shared | warm | .*| 20[0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9:]* |$' "$res/cflist.md"

rc=0
out=$("$TOP/bench/cflist.sh" --configs "A" --results "$res" 2>&1) || rc=$?
t_eq "other options on the same results folder: exit 2" 2 "$rc"
t_run "... naming both" grep -q "measured with configs=A B .*not configs=A " <<< "$out"

# a warm phase that fails does not stop the other way
: > "$CALLS"
DIE_IN=independent-warm "$TOP/bench/cflist.sh" --configs "A B" --results "$tmp/res2" > "$tmp/out3" 2>&1
t_eq "a failed warm phase: the other way still runs" \
	"independent-cold|independent-warm|shared-cold|shared-warm" "$(cut -d' ' -f1 "$CALLS" | paste -s -d '|')"

t_done

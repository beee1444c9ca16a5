#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The verdict words (configs/verdicts.tsv, kvm-scripts/verdict.sh): the
# table is well-formed and kvm-scripts/README.md shows the same one;
# verdict_write refuses a word the table lacks; which words fail, their
# exit status, which of two wins; a console or a run folder with evidence
# for two verdicts gets the one the table ranks higher; the summaries
# count and exit by the table; no script writes a verdict file by hand.
set -u
source "$(dirname "$0")/../lib.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/functions.sh"
# shellcheck source=/dev/null
source "$TOP/kvm-scripts/summary.sh"

t_tmpdir
tmp="$T_TMP"
TABLE="$TOP/configs/verdicts.tsv"

# --- the table ---------------------------------------------------------------

t_eq "verdicts.tsv: SPDX line first" "# SPDX-License-Identifier: GPL-2.0" "$(head -n 1 "$TABLE")"
t_eq "verdicts.tsv: every row has the header's 5 fields" "" \
	"$(grep -v '^#' "$TABLE" | awk -F'\t' 'NF != 5 { printf "line %d has %d; ", NR, NF }')"
t_eq "verdicts.tsv: no word twice" "" "$(printf '%s\n' "${VERDICT_WORDS[@]}" | sort | uniq -d)"
bad=""
for v in "${VERDICT_WORDS[@]}"; do
	[[ ${VERDICT_EXIT[$v]} =~ ^[0-9]+$ ]] || bad+="$v exit '${VERDICT_EXIT[$v]}'; "
	[[ ${VERDICT_PRECEDENCE[$v]} =~ ^[0-9]+$ ]] || bad+="$v precedence '${VERDICT_PRECEDENCE[$v]}'; "
	case "${VERDICT_FAILURE[$v]}" in
	yes) [ "${VERDICT_EXIT[$v]}" != 0 ] || bad+="$v fails with exit 0; " ;;
	no) [ "${VERDICT_EXIT[$v]}" = 0 ] || bad+="$v is no failure but exits ${VERDICT_EXIT[$v]}; " ;;
	*) bad+="$v failure '${VERDICT_FAILURE[$v]}'; " ;;
	esac
	[ -n "${VERDICT_MEANING[$v]}" ] && [ "${VERDICT_MEANING[$v]}" != - ] || bad+="$v has no meaning; "
done
t_eq "verdicts.tsv: numbers, yes or no, a meaning; a failure exits nonzero, no other word does" "" "$bad"
t_eq "verdicts.tsv: no two words of one precedence" "" \
	"$(for v in "${VERDICT_WORDS[@]}"; do echo "${VERDICT_PRECEDENCE[$v]}"; done | sort | uniq -d)"
# the worst of a run decides whether it failed only when every failure
# outranks every word that is none
low_fail=$(for v in "${VERDICT_WORDS[@]}"; do [ "${VERDICT_FAILURE[$v]}" = no ] || echo "${VERDICT_PRECEDENCE[$v]} $v"; done | sort -n | head -n 1)
high_ok=$(for v in "${VERDICT_WORDS[@]}"; do [ "${VERDICT_FAILURE[$v]}" = yes ] || echo "${VERDICT_PRECEDENCE[$v]} $v"; done | sort -n | tail -n 1)
if [ "${low_fail%% *}" -gt "${high_ok%% *}" ]; then
	t_ok "verdicts.tsv: every failure outranks every word that is none"
else
	t_fail "verdicts.tsv: every failure outranks every word that is none" "failure ${low_fail#* } at ${low_fail%% *}, ${high_ok#* } at ${high_ok%% *}"
fi
t_eq "verdicts.tsv: SUCCESS lowest" SUCCESS \
	"$(for v in "${VERDICT_WORDS[@]}"; do echo "${VERDICT_PRECEDENCE[$v]} $v"; done | sort -n | head -n 1 | cut -d' ' -f2)"

# The words the scripts spell, by hand: each must be in the table.
for v in SUCCESS FAILURE GP-HANG PANIC HANG NO-END NETBOOT-FAILED QEMU-FAILED BUILD-FAILED \
	CONFIG-MISMATCH N/A BUILT STAGED LAVA-JOB LAVA-REFUSED REMOTE-FAILED INTERRUPTED BOOTED \
	NOT-RUN REFUSED NO-SUMMARY; do
	verdict_known "$v" || t_fail "verdicts.tsv has $v" "missing"
done
t_eq "verdicts.tsv: the 21 words the scripts use, no other" 21 "${#VERDICT_WORDS[@]}"

# The README's table is the TSV's, row for row, in the same order.
readme_rows() {
	awk '/^## Verdicts/ { on = 1; next } /^## / { on = 0 } on && /^\| `/' "$TOP/kvm-scripts/README.md"
}
tsv_rows() {
	local v
	for v in "${VERDICT_WORDS[@]}"; do
		printf "| \`%s\` | %s | %s | %s | %s |\n" "$v" "$(verdict_exit "$v")" "${VERDICT_PRECEDENCE[$v]}" \
			"$(verdict_is_failure "$v" && echo yes || echo no)" "$(verdict_meaning "$v")"
	done
}
if diff <(tsv_rows) <(readme_rows) > "$tmp/readme.diff"; then
	t_ok "README's Verdicts table is configs/verdicts.tsv"
else
	t_fail "README's Verdicts table is configs/verdicts.tsv" "$(grep '^[<>]' "$tmp/readme.diff" | head -n 4 | tr '\n' ' ')(< the TSV, > the README)"
fi

# The table is read by its column names, not their order.
awk -F'\t' -v OFS='\t' '/^#/ { print; next } { print $5, $3, $1, $4, $2 }' "$TABLE" > "$tmp/shuffled.tsv"
t_eq "columns found by name in another order" "130 220 yes HANG" \
	"$(VERDICT_TABLE="$tmp/shuffled.tsv" verdict_load; echo "$(verdict_exit INTERRUPTED) ${VERDICT_PRECEDENCE[INTERRUPTED]} ${VERDICT_FAILURE[INTERRUPTED]} $(verdict_worst HANG NO-END)")"
grep -v '^#' "$TABLE" | sed '1s/precedence/rank/' > "$tmp/nocol.tsv"
t_fails "a table without a precedence column fails, named" "no column 'precedence' in .*nocol.tsv" \
	env VERDICT_TABLE="$tmp/nocol.tsv" bash -c "source '$TOP/kvm-scripts/verdict.sh'"
t_fails "no table: the sourcing fails, named" "cannot read the verdict table $tmp/none.tsv" \
	env VERDICT_TABLE="$tmp/none.tsv" bash -c "source '$TOP/kvm-scripts/verdict.sh'"
verdict_load

# --- the functions -----------------------------------------------------------

mkdir -p "$tmp/run"
verdict_write "$tmp/run" HANG "test started but never ended"
t_eq "verdict_write: word, then detail" "HANG|test started but never ended" "$(paste -s -d '|' "$tmp/run/verdict")"
t_eq "verdict_read" HANG "$(verdict_read "$tmp/run")"
verdict_write "$tmp/run" CONFIG-MISMATCH "options that did not stick:"$'\n'"CONFIG_SMP wanted n got y"
t_eq "verdict_write: a detail of two lines stays line 2" "CONFIG-MISMATCH|options that did not stick:; CONFIG_SMP wanted n got y" \
	"$(paste -s -d '|' "$tmp/run/verdict")"
t_fails "verdict_write refuses a misspelt word, naming the table" \
	"verdict_write: unknown verdict 'SUCESS': not in .*configs/verdicts.tsv \(it has: SUCCESS " \
	verdict_write "$tmp/run" SUCESS "typo"
t_eq "and leaves the verdict as it was" CONFIG-MISMATCH "$(verdict_read "$tmp/run")"
mkdir -p "$tmp/fresh"
t_fails "verdict_write refuses an empty word" "unknown verdict ''" verdict_write "$tmp/fresh" "" "nothing"
t_eq "and writes no file" no "$([ -e "$tmp/fresh/verdict" ] && echo yes || echo no)"
t_eq "verdict_read: no file is NOT-RUN" NOT-RUN "$(verdict_read "$tmp/fresh")"
t_fails "verdict_write: a folder that is not there fails" "No such file" verdict_write "$tmp/none" SUCCESS "x"

# which words fail a run
failing=""
for v in SUCCESS N/A BUILT STAGED LAVA-JOB BOOTED REFUSED HANG GP-HANG PANIC FAILURE NO-END \
	QEMU-FAILED INTERRUPTED BUILD-FAILED CONFIG-MISMATCH NOT-RUN; do
	! verdict_is_failure "$v" || failing+="$v "
done
t_eq "verdict_is_failure" "HANG GP-HANG PANIC FAILURE NO-END QEMU-FAILED INTERRUPTED BUILD-FAILED CONFIG-MISMATCH NOT-RUN " "$failing"
t_eq "verdict_is_failure: a word the table lacks fails, said on stderr" \
	"failure|verdict_is_failure: unknown verdict 'TIMEOUT'" \
	"$(verdict_is_failure TIMEOUT 2> "$tmp/err" && echo failure || echo ok)|$(cut -d: -f1-2 "$tmp/err")"
t_eq "verdict_kind" "ok na failed ok failed" \
	"$(for v in SUCCESS N/A HANG BUILT CONFIG-MISMATCH; do verdict_kind "$v"; done | paste -s -d ' ')"

# exit status
t_eq "verdict_exit: one word each" "0 0 0 1 1 1 130" \
	"$(for v in SUCCESS N/A BUILT HANG PANIC BUILD-FAILED INTERRUPTED; do verdict_exit "$v"; done | paste -s -d ' ')"
t_eq "verdict_exit: the highest of several" "0 1 130 0" \
	"$(verdict_exit SUCCESS N/A BUILT) $(verdict_exit SUCCESS GP-HANG N/A) $(verdict_exit PANIC INTERRUPTED SUCCESS) $(verdict_exit)"
t_eq "verdict_exit: a word the table lacks gives 1" 1 "$(verdict_exit SUCCESS TIMEOUT 2> /dev/null)"

# precedence, pair by pair as verdicts.tsv's comment and the README argue
t_eq "verdict_worst: the higher of two" \
	"HANG BUILD-FAILED BUILD-FAILED CONFIG-MISMATCH PANIC FAILURE GP-HANG HANG INTERRUPTED GP-HANG NETBOOT-FAILED QEMU-FAILED NO-END N/A" \
	"$(for pair in "SUCCESS HANG" "HANG BUILD-FAILED" "BUILD-FAILED PANIC" "BUILD-FAILED CONFIG-MISMATCH" \
		"FAILURE PANIC" "GP-HANG FAILURE" "HANG GP-HANG" "NO-END HANG" "HANG INTERRUPTED" \
		"INTERRUPTED GP-HANG" "QEMU-FAILED NETBOOT-FAILED" "PANIC QEMU-FAILED" "NO-END NOT-RUN" "SUCCESS N/A"; do
		# shellcheck disable=SC2086 # two words
		verdict_worst $pair
	done | paste -s -d ' ')"
t_eq "verdict_worst: order does not matter, one word is itself" "PANIC PANIC SUCCESS" \
	"$(verdict_worst PANIC SUCCESS HANG) $(verdict_worst HANG SUCCESS PANIC) $(verdict_worst SUCCESS)"
t_fails "verdict_worst refuses a word the table lacks" "verdict_worst: unknown verdict 'PANICK'" verdict_worst HANG PANICK
t_fails "verdict_worst refuses no word" "no verdict given" verdict_worst

# --- a console with evidence for two verdicts ---------------------------------

# piece WORD: console lines that parse_console reads as WORD (rcu).
piece() {
	case "$1" in
	NETBOOT-FAILED) echo 'NETBOOT-FAILED: fetch: initrd.cpio: No such file or directory' ;;
	PANIC) echo '[   20.400600] Kernel panic - not syncing: Fatal exception' ;;
	FAILURE) echo '[   31.200000] rcu-torture: !!! Reader Pipe:  1840211 12 0 0 0 0 0 0 0 0 0' ;;
	GP-HANG)
		for t in 16 31 46; do
			echo "[   $t.200000] rcu-torture: rtc: 00000000c0ffee00 ver: 731 tfle: 0 rta: 732 rtaf: 0"
		done ;;
	SUCCESS) echo '[   61.000000] rcu-torture:--- End of test: SUCCESS: nreaders=1' ;;
	HANG) ;;	# the start line alone
	esac
}
# console DIR WORD...: DIR/console.log with the start of the test and
# each WORD's piece.
console() {
	local d="$1" w
	shift
	mkdir -p "$d"
	{
		echo '[    1.100000] rcu-torture:--- Start of test: nreaders=1'
		for w; do piece "$w"; done
	} > "$d/console.log"
}
for w in NETBOOT-FAILED PANIC FAILURE GP-HANG SUCCESS HANG; do
	console "$tmp/one" "$w"
	t_eq "console: $w alone" "$w" "$(parse_console "$tmp/one/console.log" rcu | sed -n 's/^verdict=//p')"
done
words=(NETBOOT-FAILED PANIC FAILURE GP-HANG SUCCESS)
bad="" n=0
for a in "${words[@]}"; do
	for b in "${words[@]}"; do
		[ "$a" != "$b" ] || continue
		console "$tmp/two" "$a" "$b"
		got=$(parse_console "$tmp/two/console.log" rcu | sed -n 's/^verdict=//p')
		n=$((n + 1))
		[ "$got" = "$(verdict_worst "$a" "$b")" ] || bad+="$a+$b gave $got; "
	done
done
t_eq "console: of two, the one verdicts.tsv ranks higher ($n pairs)" "" "$bad"

# a run folder: killed at duration + grace is a HANG unless the console
# outranks it; QEMU failing before the kernel is a QEMU-FAILED unless the
# network boot's failure explains it
bad=""
for w in NETBOOT-FAILED PANIC FAILURE GP-HANG SUCCESS HANG; do
	rm -rf "$tmp/killed"
	console "$tmp/killed" "$w"
	echo "stopped after 150s (duration 60s + grace 90s)" > "$tmp/killed/killed"
	got=$(run_verdict "$tmp/killed" rcu | sed -n 's/^verdict=//p')
	[ "$got" = "$(verdict_worst HANG "$w")" ] || bad+="killed $w gave $got; "
done
t_eq "run_verdict: killed, the higher of HANG and the console's" "" "$bad"
mkdir -p "$tmp/q"
printf '%s\n' 'qemu-system-x86_64: -m x: bad size' > "$tmp/q/console.log"
echo 1 > "$tmp/q/qemu-exit"
t_eq "run_verdict: QEMU failed, the console shows nothing: QEMU-FAILED" QEMU-FAILED \
	"$(run_verdict "$tmp/q" rcu | sed -n 's/^verdict=//p')"
piece NETBOOT-FAILED >> "$tmp/q/console.log"
t_eq "run_verdict: QEMU failed after a failed network boot: NETBOOT-FAILED" NETBOOT-FAILED \
	"$(run_verdict "$tmp/q" rcu | sed -n 's/^verdict=//p')"

# --- the summaries -----------------------------------------------------------

res="$tmp/res"
mkdir -p "$res"/{A,B,C,D}
verdict_write "$res/A" SUCCESS "ok"
verdict_write "$res/B" N/A "cannot apply"
verdict_write "$res/C" BUILT "--buildonly"
rc=0
summary_write "$res" A B C > "$tmp/out" || rc=$?
t_eq "summary_write: SUCCESS, N/A, BUILT exit 0" "0|2 succeeded, 0 failed, 1 N/A" \
	"$rc|$(grep -o '^[0-9]* succeeded, [0-9]* failed, [0-9]* N/A' "$tmp/out")"
verdict_write "$res/D" HANG "never ended"
rc=0
summary_write "$res" A B C D > "$tmp/out" || rc=$?
t_eq "summary_write: and a HANG, 1" "1|2 succeeded, 1 failed, 1 N/A" \
	"$rc|$(grep -o '^[0-9]* succeeded, [0-9]* failed, [0-9]* N/A' "$tmp/out")"
verdict_write "$res/C" INTERRUPTED "kvm.sh was interrupted"
rc=0
summary_write "$res" A B C D > "$tmp/out" || rc=$?
t_eq "summary_write: and an INTERRUPTED, 130" 130 "$rc"
rm "$res/C/verdict"
rc=0
summary_write "$res" A B C > "$tmp/out" || rc=$?
t_eq "summary_write: a run without a verdict is NOT-RUN, a failure" "1|C,NOT-RUN" "$rc|$(grep -o '^C,[^,]*' "$res/summary.csv")"

# kvm-recheck.sh: an INTERRUPTED run whose console only lacks its end
# stays INTERRUPTED; one whose console shows a GP-HANG is that; the
# script exits 1, not the 130 of the verdict
rr="$tmp/recheck"
console "$rr/TINY01" HANG
verdict_write "$rr/TINY01" INTERRUPTED "kvm.sh was interrupted"
console "$rr/TREE01" GP-HANG
verdict_write "$rr/TREE01" INTERRUPTED "kvm.sh was interrupted"
echo rcu > "$rr/torture"
printf '%s\n' TINY01 TREE01 > "$rr/runs"
rc=0
out=$(nice -n 19 "$TOP/kvm-scripts/kvm-recheck.sh" "$rr" 2>&1) || rc=$?
t_eq "kvm-recheck.sh: INTERRUPTED kept over a console without its end, not over a GP-HANG; exit 1" \
	"1 INTERRUPTED|kvm.sh was interrupted GP-HANG" \
	"$rc $(paste -s -d '|' "$rr/TINY01/verdict") $(verdict_read "$rr/TREE01")"
if grep -q 'TREE01: verdict was INTERRUPTED, now GP-HANG' <<< "$out" && ! grep -q 'TINY01: verdict was' <<< "$out"; then
	t_ok "kvm-recheck.sh: names the verdict that changed, only it"
else
	t_fail "kvm-recheck.sh: names the verdict that changed, only it" "$(grep 'verdict was' <<< "$out")"
fi

# --- nobody writes a verdict by hand ------------------------------------------

t_eq "no script but verdict.sh writes a verdict file itself" "" \
	"$(grep -n -E '>>? *"?[^ ]*/verdict"?( |$)' "$TOP"/kvm-scripts/*.sh | grep -v '^[^:]*/verdict\.sh:' | grep -v ':[0-9]*: *#')"
unknown=""
while read -r w; do
	verdict_known "$w" || unknown+="$w "
done < <(grep -h -o -E 'verdict_write "[^"]*" [A-Z/-]+' "$TOP"/kvm-scripts/*.sh | awk '{ print $NF }' | sort -u)
t_eq "every word the scripts hand verdict_write is in the table" "" "$unknown"

t_done

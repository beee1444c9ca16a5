# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# What a run's console log says: the verdict (parse_console, run_verdict),
# the splats, and the work the torture test got done (console_work). Each
# function takes a console file (or a result folder) and prints its
# answer; nothing here runs anything. Sourced by functions.sh, which
# defines kvm_err; it can be sourced alone too.

# shellcheck source=../configs/torture.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../configs/torture.sh"
# shellcheck source=splat.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/splat.sh"
# shellcheck source=verdict.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/verdict.sh"

command -v kvm_err > /dev/null 2>&1 || kvm_err() {
	local fn="$1"
	shift
	echo "$fn: $*" >&2
}

# The patterns per torture type are columns of configs/tortures.tsv.

# torture_flag_regex TYPE: extended regex matching the lines a torture type
# prints about itself (where it flags errors with "!!!").
torture_flag_regex() {
	torture_get "$1" flag_regex 2> /dev/null || {
		kvm_err parse_console "unknown torture type '$1' ($(torture_list | tr '\n' ' ' | sed 's/ $//'))"
		return 1
	}
}

# torture_success_regex TYPE: extended regex for the line a torture type
# prints when its run ended well.
torture_success_regex() {
	torture_get "$1" success_regex
}

# console_failure_line LOG TYPE: the first summary line saying the run
# ended badly (one matching the type's end_regex but not its end_ok_regex:
# an "End of test:" other than SUCCESS, or the selftest's summary with
# failures). Fails when there is none.
console_failure_line() {
	local line end ok
	end=$(torture_get "$2" end_regex) && ok=$(torture_get "$2" end_ok_regex) || return 1
	line=$(grep -E -- "$end" "$1" | grep -v -m1 -E -- "$ok") || return 1
	console_line_text "$line"
}

# torture_start_regex TYPE: extended regex for the line saying the test began.
torture_start_regex() {
	torture_get "$1" start_regex
}

# console_line_text LINE: a console line without its printk time stamp.
console_line_text() {
	sed -E 's/^\[ *[0-9]+\.[0-9]+\] //' <<< "$1"
}

# console_first LOG REGEX: the first line of LOG matching REGEX, stamp dropped.
console_first() {
	local line
	line=$(grep -E -m1 -- "$2" "$1") || return 1
	console_line_text "$line"
}

# console_init_seconds LOG: the kernel's time stamp (seconds since boot, as
# printed) on its "Run /init as init process" line: boot to init, in guest
# time. Fails when the kernel never got there or printed no time stamps.
console_init_seconds() {
	sed -n -E 's/^\[ *([0-9]+\.[0-9]+)\] Run \/init as init process.*/\1/p' "$1" | grep -m1 .
}

# console_count LOG REGEX: how many lines of LOG match REGEX.
console_count() {
	grep -E -c -- "$2" "$1" || true
}

# rcu_ver_stuck LOG [LINES]: true when the rcutorture statistics lines'
# "ver:" counter (the number of grace periods the writer saw complete)
# has the same value in each of the last LINES (default 3) such lines.
# Prints that value.
rcu_ver_stuck() {
	awk -v want="${2:-3}" '
		/-torture: rtc: / && match($0, / ver: [0-9]+/) {
			v[++n] = substr($0, RSTART + 6, RLENGTH - 6)
		}
		END {
			if (n < want) exit 1
			for (i = n - want + 1; i < n; i++) if (v[i] != v[n]) exit 1
			print v[n]
		}' "$1"
}

# qemu_failed_verdict LOG EXIT_STATUS: when QEMU ended by itself with a
# nonzero status before the kernel printed its "Linux version" banner,
# prints "verdict=QEMU-FAILED" and "reason=" QEMU's first error line (the
# first line led by a program name containing "qemu", else the first
# non-empty line); otherwise prints nothing and fails. An early kernel
# crash with -no-reboot ends QEMU with status 0, so it is not counted here.
qemu_failed_verdict() {
	local log="$1" status="$2" line
	[[ $status =~ ^[0-9]+$ ]] && [ "$status" -ne 0 ] || return 1
	! grep -q 'Linux version ' "$log" 2> /dev/null || return 1
	line=$(grep -E -m1 '^[^ :]*qemu[^ :]*: ' "$log" 2> /dev/null) ||
		line=$(grep -m1 '[^[:space:]]' "$log" 2> /dev/null) ||
		line="QEMU printed nothing"
	printf 'verdict=QEMU-FAILED\nreason=%s (exit status %s)\n' "$(tr -d '\r' <<< "$line")" "$status"
}

# console_verdict LOG TYPE: two lines, "verdict=V" and "reason=TEXT".
# The first the console shows, in the order of configs/verdicts.tsv's
# precedence, so that of two the higher wins (tests/unit/kvm-verdicts.sh
# checks each pair): NETBOOT-FAILED (netboot.sh's line
# "NETBOOT-FAILED: STEP: DETAIL": the kernel never came over the network),
# PANIC (a "Kernel panic" line), FAILURE (an
# "End of test:" other than SUCCESS, or a torture line with "!!!"),
# GP-HANG (types with gp_hang=yes, i.e. rcu: "ver:" stuck over the last 3
# statistics lines),
# SUCCESS (the type's end-of-run line); without an end, HANG (the test
# started but never ended), NO-END (no sign of the test at all).
console_verdict() {
	local log="$1" type="$2" flag success line ver
	flag=$(torture_flag_regex "$type") || return 1
	success=$(torture_success_regex "$type") || return 1
	if line=$(console_first "$log" '^NETBOOT-FAILED: '); then
		printf 'verdict=NETBOOT-FAILED\nreason=%s\n' "${line#NETBOOT-FAILED: }"
	elif line=$(console_first "$log" 'Kernel panic'); then
		printf 'verdict=PANIC\nreason=%s\n' "$line"
	elif line=$(console_failure_line "$log" "$type"); then
		printf 'verdict=FAILURE\nreason=%s\n' "$line"
	elif line=$(grep -E -- "$flag" "$log" | grep -m1 -F '!!!'); then
		printf 'verdict=FAILURE\nreason=%s\n' "$(console_line_text "$line")"
	elif [ "$(torture_get "$type" gp_hang)" = yes ] && ver=$(rcu_ver_stuck "$log"); then
		printf 'verdict=GP-HANG\nreason=ver: stuck at %s over the last 3 statistics lines\n' "$ver"
	elif line=$(console_first "$log" "$success"); then
		printf 'verdict=SUCCESS\nreason=%s\n' "$line"
	elif grep -q -E -- "$(torture_start_regex "$type")" "$log"; then
		printf 'verdict=HANG\nreason=test started but never ended\n'
	else
		printf 'verdict=NO-END\nreason=no end-of-test line and no start of test\n'
	fi
}

# parse_console CONSOLE_LOG TORTURE_TYPE: what a run's console log says.
# TORTURE_TYPE is rcu, lock, scf, refscale, rcuscale or nolibc (the
# selftest's "nolibc-test: N passed, M failed" line). Prints key=value
# lines, in this order:
#   verdict=SUCCESS|FAILURE|GP-HANG|PANIC|HANG|NO-END|NETBOOT-FAILED
#   reason=<one line of text: the deciding console line or an explanation>
#   bug=N oops=N warning=N call_trace=N stall=N starved=N badness=N
#     (one key per line; N counts matching lines)
parse_console() {
	local log="$1" type="${2:-}"
	if [ ! -r "$log" ]; then
		kvm_err parse_console "cannot read console log '$log'"
		return 1
	fi
	torture_flag_regex "$type" > /dev/null || return 1
	console_verdict "$log" "$type" || return 1
	echo "bug=$(console_count "$log" '(^|[^A-Za-z0-9_])BUG([^A-Za-z0-9_]|$)')"
	echo "oops=$(console_count "$log" 'Oops:')"
	echo "warning=$(console_count "$log" 'WARNING:')"
	echo "call_trace=$(console_count "$log" 'Call [Tt]race:')"
	echo "stall=$(console_count "$log" 'detected (expedited )?stalls on CPUs/tasks|self-detected stall')"
	echo "starved=$(console_count "$log" 'kthread starved')"
	echo "badness=$(console_count "$log" 'Badness')"
}

# run_verdict RUN_DIR TYPE: the verdict of one scenario's result folder:
# parse_console on its console.log, then what kvm.sh noted beside it:
# "qemu-exit" (QEMU's exit status when it ended by itself; QEMU-FAILED when
# it failed before the kernel started) and "killed" (stopped at duration +
# grace: HANG), each standing when it outranks the console's verdict in
# configs/verdicts.tsv (a NETBOOT-FAILED is why QEMU failed; a PANIC or
# GP-HANG is why the run was killed). Prints parse_console's lines with
# verdict and reason decided.
run_verdict() {
	local dir="$1" type="$2" summary v reason q
	summary=$(parse_console "$dir/console.log" "$type") || return 1
	v=$(sed -n 's/^verdict=//p' <<< "$summary")
	reason=$(sed -n 's/^reason=//p' <<< "$summary")
	if [ -e "$dir/qemu-exit" ] &&
	   q=$(qemu_failed_verdict "$dir/console.log" "$(cat "$dir/qemu-exit")") &&
	   [ "$(verdict_worst QEMU-FAILED "$v")" = QEMU-FAILED ]; then
		v=QEMU-FAILED
		reason=$(sed -n 's/^reason=//p' <<< "$q")
	elif [ -e "$dir/killed" ] && [ "$(verdict_worst HANG "$v")" = HANG ]; then
		v=HANG
		reason="$(cat "$dir/killed"); console said: $reason"
	fi
	printf 'verdict=%s\nreason=%s\n' "$v" "$reason"
	grep -v -e '^verdict=' -e '^reason=' <<< "$summary"
}

# ---------------------------------------------------------------------------
# Work done: how far the torture test got, not only whether it passed.
# rcutorture prints, every stat_interval seconds, a statistics line
# "FLAVOR-torture: rtc: ... ver: N ..." (N: grace periods the writer has
# seen complete since the start), then "Reader Pipe:" and "Reader Batch:"
# histograms, which count from the start too, so the last ones hold the
# whole run.

# console_gp_count LOG: the last "ver:" of the statistics lines: grace
# periods completed. Fails when there is no statistics line.
console_gp_count() {
	sed -n -E 's/.*-torture: rtc: .* ver: ([0-9]+) .*/\1/p' "$1" | tail -n 1 | grep .
}

# console_stamp LINE: the printk time stamp (seconds) of LINE, if any.
console_stamp() {
	sed -n -E 's/^\[ *([0-9]+\.[0-9]+)\].*/\1/p' <<< "$1"
}

# console_gp_seconds LOG: the seconds over which the grace periods were
# counted: from the "Start of test" line to the last statistics line by
# their printk time stamps; without stamps, the test's own shutdown_secs
# from the start line. Fails when neither is there.
console_gp_seconds() {
	local start last t0 t1 secs
	start=$(grep -E -m1 -- '-torture:.*Start of test' "$1") || return 1
	last=$(grep -E -- '-torture: rtc: .* ver: [0-9]+' "$1" | tail -n 1)
	t0=$(console_stamp "$start")
	t1=$(console_stamp "$last")
	if [ -n "$t0" ] && [ -n "$t1" ]; then
		awk -v a="$t0" -v b="$t1" 'BEGIN { if (b - a <= 0) exit 1; printf "%.1f\n", b - a }'
		return
	fi
	secs=$(sed -n -E 's/.* shutdown_secs=([0-9]+).*/\1/p' <<< "$start")
	[ -n "$secs" ] && [ "$secs" -gt 0 ] || return 1
	echo "$secs"
}

# console_gp_rate LOG: grace periods per second, two decimals.
console_gp_rate() {
	local gps secs
	gps=$(console_gp_count "$1") || return 1
	secs=$(console_gp_seconds "$1") || return 1
	awk -v g="$gps" -v s="$secs" 'BEGIN { printf "%.2f\n", g / s }'
}

# console_histogram LOG NAME: the last "NAME:" histogram ("Reader Pipe",
# "Reader Batch") as its numbers separated by single spaces; a line
# flagged "!!!" counts too. Fails when there is none.
console_histogram() {
	grep -E -- "-torture: (!!! )?$2: " "$1" | tail -n 1 |
		sed -E "s/.*$2: +//; s/[[:space:]]+/ /g; s/ $//" | grep .
}

# console_work LOG: the work done, as key=value lines, "-" when the console
# does not say:
#   gps=N              grace periods completed (last "ver:")
#   gp_seconds=S       over how long (console_gp_seconds)
#   gps_per_sec=R
#   reader_pipe=N N... the last Reader Pipe histogram
#   reader_batch=N N...
console_work() {
	local v
	v=$(console_gp_count "$1") || v=-
	echo "gps=$v"
	v=$(console_gp_seconds "$1") || v=-
	echo "gp_seconds=$v"
	v=$(console_gp_rate "$1") || v=-
	echo "gps_per_sec=$v"
	v=$(console_histogram "$1" 'Reader Pipe') || v=-
	echo "reader_pipe=$v"
	v=$(console_histogram "$1" 'Reader Batch') || v=-
	echo "reader_batch=$v"
}

# run_judge RUN_DIR TYPE: judges one scenario's result folder: writes
# console.summary (run_verdict, then console_work), verdict (its
# verdict and reason lines) and, when the console has splats, splats.txt
# with the call traces decoded (splat.sh: run_splats), so a results folder
# shows function names without another script. kvm.sh, kvm-recheck.sh and
# kvm-again.sh all judge through it. Prints the verdict.
run_judge() {
	local dir="$1" summary v
	summary=$({
		run_verdict "$dir" "$2"
		console_work "$dir/console.log"
	}) || return 1
	printf '%s\n' "$summary" > "$dir/console.summary"
	run_splats "$dir" || return 1
	v=$(sed -n 's/^verdict=//p' <<< "$summary")
	verdict_write "$dir" "$v" "$(sed -n 's/^reason=//p' <<< "$summary")" || return 1
	echo "$v"
}

# judge_boot RUN_DIR TYPE START: run_judge after a boot that began at
# START ($SECONDS then), and the boot's length in RUN_DIR/boot-seconds.
judge_boot() {
	run_judge "$1" "$2" > /dev/null
	echo $((SECONDS - $3)) > "$1/boot-seconds"
}

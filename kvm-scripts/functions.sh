# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Pure helpers for the torture runner: which QEMU to use for a kernel, what
# arguments it gets, how many CPUs a scenario wants, how long a run lasts,
# and what a console log says about the run. Nothing here boots anything.
# Source this file; it defines functions only. Per-arch facts come from
# configs/arch.sh (configs/arches.tsv), never from a case of our own.
# Errors go to stderr as one line starting with the function's name, and
# the function returns 1.

KVM_FUNCTIONS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=/dev/null
. "$KVM_FUNCTIONS_DIR/../configs/arch.sh"

# kvm_err FUNCTION MESSAGE...: one error line on stderr.
kvm_err() {
	local fn="$1"
	shift
	echo "$fn: $*" >&2
}

# kvm_note FUNCTION MESSAGE...: one informational line on stderr.
kvm_note() {
	local fn="$1"
	shift
	echo "$fn: note: $*" >&2
}

# is_positive_int VALUE: true when VALUE is a decimal integer > 0
# (at most 9 digits, so the shell's arithmetic cannot overflow).
is_positive_int() {
	[[ $1 =~ ^[0-9]{1,9}$ ]] && [ "$((10#$1))" -gt 0 ]
}

# is_memory_size VALUE: true for a size QEMU's -m takes: N (MiB) or N with
# a k, M, G or T suffix (either case), N > 0.
is_memory_size() {
	[[ $1 =~ ^([0-9]{1,9})[kKmMgGtT]?$ ]] && [ "$((10#${BASH_REMATCH[1]}))" -gt 0 ]
}

# ---------------------------------------------------------------------------
# Which QEMU, which image, which arguments.

# identify_qemu_from_file_output TEXT: the qemu-system binary for a kernel
# that "file" described as TEXT.
identify_qemu_from_file_output() {
	local arch
	arch=$(arch_from_file_output "$1") || {
		kvm_err identify_qemu "no arch in configs/arches.tsv matches this kernel: $1"
		return 1
	}
	arch_get "$arch" qemu_system
}

# identify_qemu VMLINUX: the qemu-system binary that boots VMLINUX.
identify_qemu() {
	local text
	if [ ! -e "$1" ]; then
		kvm_err identify_qemu "no such file: $1"
		return 1
	fi
	text=$(file -L -- "$1") || {
		kvm_err identify_qemu "'file $1' failed"
		return 1
	}
	identify_qemu_from_file_output "$text"
}

# arch_of_qemu QEMU_BINARY: our arch name for a qemu-system binary (a bare
# name or a path). Fails when no row, or more than one row, uses it: then
# the caller must name the arch itself.
arch_of_qemu() {
	local bin col matches count
	bin=$(basename -- "${1:-}")
	col=$(arch_column_index qemu_system) || return 1
	matches=$(arch_rows | awk -F'\t' -v b="$bin" -v c="$col" '$c == b { print $1 }')
	count=$(printf '%s' "$matches" | grep -c . || true)
	if [ "$count" -eq 0 ]; then
		kvm_err arch_of_qemu "no arch uses QEMU binary '$1'"
		return 1
	fi
	if [ "$count" -gt 1 ]; then
		kvm_err arch_of_qemu "'$bin' serves several arches ($(echo "$matches" | tr '\n' ' ')); name the arch instead"
		return 1
	fi
	echo "$matches"
}

# kvm_arch_of TARGET: TARGET is an arch name (ours or an alias) or a
# qemu-system binary; prints our arch name.
kvm_arch_of() {
	arch_canonical "$1" || arch_of_qemu "$1"
}

# identify_boot_image TARGET: boot image path inside the kernel build tree.
# TARGET is a qemu-system binary or an arch name. A non-empty
# TORTURE_BOOT_IMAGE overrides the table.
identify_boot_image() {
	local arch
	if [ -n "${TORTURE_BOOT_IMAGE:-}" ]; then
		echo "$TORTURE_BOOT_IMAGE"
		return 0
	fi
	arch=$(kvm_arch_of "$1") || return 1
	arch_get "$arch" boot_image
}

# identify_qemu_args TARGET ACCEL: machine, CPU and extra QEMU arguments,
# one line. ACCEL is "tcg" (table CPU model) or "kvm" (accel=kvm, -cpu host).
identify_qemu_args() {
	local arch machine cpu extra args
	arch=$(kvm_arch_of "$1") || return 1
	machine=$(arch_get "$arch" machine) || return 1
	cpu=$(arch_get "$arch" cpu) || return 1
	extra=$(arch_get "$arch" qemu_extra) || return 1
	case "${2:-}" in
	tcg)
		args="-M $machine"
		[ -z "$cpu" ] || args="$args -cpu $cpu"
		;;
	kvm)
		args="-M $machine,accel=kvm -cpu host"
		;;
	*)
		kvm_err identify_qemu_args "accelerator must be tcg or kvm, not '${2:-}'"
		return 1
		;;
	esac
	[ -z "$extra" ] || args="$args $extra"
	echo "$args"
}

# identify_qemu_append TARGET: kernel command-line words for the console,
# one line: "console=DEV" plus the table's append column, if any.
identify_qemu_append() {
	local arch console extra
	arch=$(kvm_arch_of "$1") || return 1
	console=$(arch_get "$arch" console) || return 1
	extra=$(arch_get "$arch" append) || return 1
	if [ -n "$extra" ]; then
		echo "console=$console $extra"
	else
		echo "console=$console"
	fi
}

# specify_qemu_cpus TARGET QEMU_ARGS NCPUS: QEMU_ARGS with "-smp NCPUS"
# appended when the machine takes -smp (table column smp). QEMU_ARGS that
# already hold -smp are left alone: an explicit choice wins.
specify_qemu_cpus() {
	local arch smp args="$2"
	arch=$(kvm_arch_of "$1") || return 1
	if ! is_positive_int "$3"; then
		kvm_err specify_qemu_cpus "CPU count must be a positive integer, not '$3'"
		return 1
	fi
	smp=$(arch_get "$arch" smp) || return 1
	if [ "$smp" = yes ] && ! [[ " $args " =~ [[:space:]]-smp[[:space:]] ]]; then
		args="${args:+$args }-smp $3"
	fi
	echo "$args"
}

# ---------------------------------------------------------------------------
# Run length and scenario lists.

# duration_unit_seconds UNIT: seconds in one UNIT ("" means minutes).
duration_unit_seconds() {
	case "$1" in
	s) echo 1 ;;
	'' | m) echo 60 ;;
	h) echo 3600 ;;
	d) echo 86400 ;;
	*) return 1 ;;
	esac
}

# parse_duration STRING: seconds in STRING, which is N (minutes) or Ns, Nm,
# Nh, Nd with N a positive integer. Zero is rejected: it would test nothing.
parse_duration() {
	local num unit
	if ! [[ ${1:-} =~ ^([0-9]{1,9})([smhd]?)$ ]]; then
		kvm_err parse_duration "bad duration '${1:-}': want N (minutes) or N followed by s, m, h or d"
		return 1
	fi
	num=$((10#${BASH_REMATCH[1]}))
	unit=${BASH_REMATCH[2]}
	if [ "$num" -eq 0 ]; then
		kvm_err parse_duration "duration '$1' is zero"
		return 1
	fi
	echo $((num * $(duration_unit_seconds "$unit")))
}

# is_scenario_name NAME: true for names a scenario file can have.
is_scenario_name() {
	[[ $1 =~ ^[A-Za-z0-9][A-Za-z0-9_.+-]*$ ]]
}

# expand_config_list LIST...: scenario names, one per line. LIST words are
# NAME or COUNT*NAME (NAME repeated COUNT times, COUNT >= 1).
expand_config_list() {
	local words word count name i
	read -ra words <<< "$*"
	if [ "${#words[@]}" -eq 0 ]; then
		kvm_err expand_config_list "empty scenario list"
		return 1
	fi
	for word in "${words[@]}"; do
		count=1
		name=$word
		if [[ $word == *'*'* ]]; then
			count=${word%%\**}
			name=${word#*\*}
			if ! is_positive_int "$count"; then
				kvm_err expand_config_list "bad repeat count in '$word': want COUNT*NAME with COUNT >= 1"
				return 1
			fi
		fi
		if ! is_scenario_name "$name"; then
			kvm_err expand_config_list "bad scenario name in '$word'"
			return 1
		fi
		for ((i = 0; i < 10#$count; i++)); do
			echo "$name"
		done
	done
}

# ---------------------------------------------------------------------------
# Config fragments (see configs/README.md for the format).

# config_value NAME FILE...: the value the files give CONFIG option NAME,
# the last assignment winning, "n" for "# NAME is not set"; empty if unset.
# Files may be fragments (NAME=n) or .config files.
config_value() {
	local name="$1"
	shift
	awk -v n="$name" '
		index($0, n "=") == 1 { v = substr($0, length(n) + 2) }
		$0 == "# " n " is not set" { v = "n" }
		END { print v }' "$@"
}

# scenario_cpus FILE...: how many CPUs a scenario wants, from its fragment
# (and any later files, e.g. CFcommon or extra options, last one winning):
# 1 when CONFIG_SMP=n, else CONFIG_NR_CPUS, else 1 when SMP is not asked
# for (the base config is uniprocessor). CONFIG_SMP=y without
# CONFIG_NR_CPUS is an error: the kernel's default CPU count is no answer.
scenario_cpus() {
	local nr smp
	nr=$(config_value CONFIG_NR_CPUS "$@") || return 1
	smp=$(config_value CONFIG_SMP "$@") || return 1
	if [ "$smp" = n ]; then
		echo 1
	elif [ -n "$nr" ]; then
		if ! is_positive_int "$nr"; then
			kvm_err scenario_cpus "CONFIG_NR_CPUS=$nr is not a positive integer in $*"
			return 1
		fi
		echo $((10#$nr))
	elif [ "$smp" = y ]; then
		kvm_err scenario_cpus "CONFIG_SMP=y without CONFIG_NR_CPUS in $*"
		return 1
	else
		echo 1
	fi
}

# scenario_boot_args BOOTFILE: the kernel parameters in a scenario's .boot
# file as one line (comment lines dropped); empty when there is no file.
scenario_boot_args() {
	[ -e "$1" ] || return 0
	grep -v -e '^#' -e '^[[:space:]]*$' -- "$1" | tr -s '\n\t' '  ' | sed 's/^ *//; s/ *$//'
}

# fragment_to_kconfig FILE...: the fragments as .config lines: comments and
# blank lines dropped, CONFIG_X=n written as "# CONFIG_X is not set".
fragment_to_kconfig() {
	sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=n$/# \1 is not set/p' \
		-e '/^CONFIG_[A-Za-z0-9_]*=/p' "$@" | grep -v '^CONFIG_[A-Za-z0-9_]*=n$'
}

# config_mismatches DOTCONFIG FILE...: checks that every option the FILEs
# set has that value in DOTCONFIG (an option DOTCONFIG lacks counts as n).
# Prints one line per option that did not stick:
#   CONFIG_X wanted VALUE got VALUE
# and returns 1 if there was any.
config_mismatches() {
	local dotconfig="$1"
	shift
	awk '
		FNR == NR {
			if (/^CONFIG_[A-Za-z0-9_]*=/) { i = index($0, "="); have[substr($0, 1, i - 1)] = substr($0, i + 1) }
			else if (/^# CONFIG_[A-Za-z0-9_]* is not set$/) have[$2] = "n"
			next
		}
		/^CONFIG_[A-Za-z0-9_]*=/ { i = index($0, "="); want[substr($0, 1, i - 1)] = substr($0, i + 1); order[++n] = substr($0, 1, i - 1) }
		END {
			bad = 0
			for (k = 1; k <= n; k++) {
				o = order[k]
				if (o in seen) continue
				seen[o] = 1
				got = (o in have) ? have[o] : "n"
				if (got != want[o]) { print o " wanted " want[o] " got " got; bad = 1 }
			}
			exit bad
		}' "$dotconfig" "$@"
}

# ---------------------------------------------------------------------------
# Boot parameters that name CPUs.

# is_cpulist_param NAME: true for kernel parameters whose value is a CPU list.
is_cpulist_param() {
	case "$1" in
	nohz_full | rcu_nocbs | isolcpus | irqaffinity) return 0 ;;
	*) return 1 ;;
	esac
}

# cap_cpu_item ITEM NCPUS: one CPU-list item (CPU, A-B, A-B:U/G, N, all)
# limited to CPUs below NCPUS; prints nothing when no CPU is left.
# Items of a syntax not known here are kept as they are.
cap_cpu_item() {
	local item="$1" n="$2" first last stride
	if [[ $item =~ ^[0-9]+$ ]]; then
		[ "$((10#$item))" -ge "$n" ] || echo "$item"
	elif [[ $item =~ ^([0-9]+)-([0-9]+|N)(:[0-9]+/[0-9]+)?$ ]]; then
		first=$((10#${BASH_REMATCH[1]}))
		last=${BASH_REMATCH[2]}
		stride=${BASH_REMATCH[3]}
		[ "$first" -lt "$n" ] || return 0
		if [ "$last" != N ] && [ "$((10#$last))" -ge "$n" ]; then
			last=$((n - 1))
		fi
		if [ "$last" = "$first" ] && [ -z "$stride" ]; then
			echo "$first"
		else
			echo "$first-$last$stride"
		fi
	else
		echo "$item"
	fi
}

# cap_cpulist VALUE NCPUS: a CPU-list parameter value (optionally led by
# isolcpus-style flags such as "nohz,domain,") limited to CPUs below
# NCPUS; prints nothing when no CPU is left.
cap_cpulist() {
	local items item capped flags=() kept=()
	IFS=, read -ra items <<< "$1"
	for item in "${items[@]}"; do
		if [ "${#kept[@]}" -eq 0 ] && [[ $item =~ ^[a-z_]+$ ]] && [ "$item" != all ]; then
			flags+=("$item")
			continue
		fi
		capped=$(cap_cpu_item "$item" "$2")
		[ -z "$capped" ] || kept+=("$capped")
	done
	[ "${#kept[@]}" -gt 0 ] || return 0
	(IFS=,; echo "${flags[*]}${flags[*]:+,}${kept[*]}")
}

# cap_boot_cpus BOOTARGS NCPUS: BOOTARGS (one line) with the CPU lists of
# nohz_full=, rcu_nocbs=, isolcpus= and irqaffinity= limited to CPUs below
# NCPUS. A parameter left with no CPU is dropped. Each change is noted on
# stderr.
cap_boot_cpus() {
	local words word name value capped out=()
	if ! is_positive_int "${2:-}"; then
		kvm_err cap_boot_cpus "CPU count must be a positive integer, not '${2:-}'"
		return 1
	fi
	read -ra words <<< "$1"
	for word in "${words[@]}"; do
		name=${word%%=*}
		if [[ $word != *=* ]] || ! is_cpulist_param "$name"; then
			out+=("$word")
			continue
		fi
		value=${word#*=}
		capped=$(cap_cpulist "$value" "$2")
		if [ -z "$capped" ]; then
			kvm_note cap_boot_cpus "dropped $word: no CPU below $2 in it"
			continue
		fi
		[ "$capped" = "$value" ] || kvm_note cap_boot_cpus "$word -> $name=$capped ($2 CPUs)"
		out+=("$name=$capped")
	done
	echo "${out[*]}"
}

# ---------------------------------------------------------------------------
# Console logs.

# torture_flag_regex TYPE: extended regex matching the lines a torture type
# prints about itself (where it flags errors with "!!!").
torture_flag_regex() {
	case "$1" in
	rcu) echo '[A-Za-z0-9_-]+-torture:' ;;
	lock) echo '[A-Za-z0-9_-]+-torture:|(Writes|Reads ?):  Total:' ;;
	scf) echo 'scftorture:' ;;
	refscale) echo '-ref-scale:' ;;
	rcuscale) echo '[A-Za-z0-9_-]+-scale:' ;;
	nolibc) echo '^nolibc-test:' ;;
	*)
		kvm_err parse_console "unknown torture type '$1' (rcu, lock, scf, refscale, rcuscale, nolibc)"
		return 1
		;;
	esac
}

# torture_success_regex TYPE: extended regex for the line a torture type
# prints when its run ended well.
torture_success_regex() {
	case "$1" in
	rcu | lock | scf) echo 'End of test: SUCCESS' ;;
	refscale) echo '-ref-scale: END OF TEST' ;;
	rcuscale) echo '-scale: Test complete' ;;
	nolibc) echo '^nolibc-test: [0-9]+ passed, 0 failed' ;;
	*) return 1 ;;
	esac
}

# console_failure_line LOG TYPE: the first summary line saying the run
# ended badly: an "End of test:" other than SUCCESS, or the selftest's
# summary with failures. Fails when there is none.
console_failure_line() {
	local line
	case "$2" in
	nolibc) line=$(grep -E -- '^nolibc-test: [0-9]+ passed, [0-9]+ failed' "$1" | grep -v -m1 -F ', 0 failed') ;;
	*) line=$(grep -F -- 'End of test: ' "$1" | grep -v -m1 -F 'End of test: SUCCESS') ;;
	esac || return 1
	console_line_text "$line"
}

# torture_start_regex TYPE: extended regex for the line saying the test began.
torture_start_regex() {
	case "$1" in
	nolibc) echo "^Running test '" ;;
	*) echo 'Start of test' ;;
	esac
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
# In order of precedence: NETBOOT-FAILED (netboot.sh's line
# "NETBOOT-FAILED: STEP: DETAIL": the kernel never came over the network),
# PANIC (a "Kernel panic" line), FAILURE (an
# "End of test:" other than SUCCESS, or a torture line with "!!!"),
# GP-HANG (rcu only: "ver:" stuck over the last 3 statistics lines),
# SUCCESS (the type's end-of-run line), HANG (the test started but never
# ended), NO-END (no sign of the test at all).
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
	elif [ "$type" = rcu ] && ver=$(rcu_ver_stuck "$log"); then
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
# grace: HANG unless the console already shows a worse end). Prints
# parse_console's lines with verdict and reason decided.
run_verdict() {
	local dir="$1" type="$2" summary v reason q
	summary=$(parse_console "$dir/console.log" "$type") || return 1
	v=$(sed -n 's/^verdict=//p' <<< "$summary")
	reason=$(sed -n 's/^reason=//p' <<< "$summary")
	if [ "$v" != NETBOOT-FAILED ] && [ -e "$dir/qemu-exit" ] &&
	   q=$(qemu_failed_verdict "$dir/console.log" "$(cat "$dir/qemu-exit")"); then
		v=QEMU-FAILED
		reason=$(sed -n 's/^reason=//p' <<< "$q")
	elif [ -e "$dir/killed" ]; then
		case "$v" in
		PANIC | GP-HANG | FAILURE | NETBOOT-FAILED) ;;
		*)
			v=HANG
			reason="$(cat "$dir/killed"); console said: $reason"
			;;
		esac
	fi
	printf 'verdict=%s\nreason=%s\n' "$v" "$reason"
	grep -v -e '^verdict=' -e '^reason=' <<< "$summary"
}

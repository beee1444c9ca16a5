#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the kernels and initrd of an earlier kvm.sh run again, without
# building: to see whether a failure comes back, or to run longer.
#
# Usage: kvm-again.sh OLD_RESULTS [options]
#   --duration D        run time: N minutes, or Ns, Nm, Nh, Nd (default:
#                       the old run's)
#   --bootargs "ARGS"   kernel parameters added to each scenario's
#   --results DIR       the new results folder (default
#                       results/YYYY.MM.DD-HH.MM.SS-again)
#   --cpus N            host CPUs to fill with guests at once (default all)
#   --remote "HOSTS"    boot on these machines over ssh instead, a batch of
#                       runs that fit in --cpus per host at a time (as
#                       kvm.sh --remote; kvm-scripts/README.md)
#   -h, --help          this text
#
# Each scenario's stored QEMU command (qemu-cmd.args) is replayed with the
# torture's shutdown_secs (and stat_interval) set for the new duration.
# The new folder gets the same per-scenario files, verdicts and summaries
# as a kvm.sh run, and "again-of" naming the old one. A kernel or initrd
# that is gone (a pruned cache, a run copied from another machine) is
# refused up front: rebuild with kvm.sh. Each kernel is copied into the
# new folder before the first boot, so the folder holds what it booted
# (kvm.sh keeps its own copy in each run folder too); a folder from before
# that boots a kernel of the build cache, copied under the cache's lock
# on its build folder, so a kvm.sh rebuilding it meanwhile cannot change
# it under the boots.
#
# Exit status: 0 when every scenario succeeded, 1 otherwise, 2 for bad
# usage, 130 when interrupted. Sourced (by a test), it only defines its
# functions.
[ "${BASH_SOURCE[0]}" != "$0" ] || set -eu

KVM_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../configs/env.sh
source "$KVM_DIR/../configs/env.sh"
# shellcheck source=functions.sh
source "$KVM_DIR/functions.sh"
# shellcheck source=cache.sh
source "$KVM_DIR/cache.sh"
# shellcheck source=console.sh
source "$KVM_DIR/console.sh"
# shellcheck source=summary.sh
source "$KVM_DIR/summary.sh"
# shellcheck source=plot.sh
source "$KVM_DIR/plot.sh"
# shellcheck source=boot.sh
source "$KVM_DIR/boot.sh"
# shellcheck source=remote.sh
source "$KVM_DIR/remote.sh"

usage() {
	sed -n '/^# Usage:/,/^# usage, 130/p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

bad_usage() {
	echo "kvm-again.sh: $*" >&2
	echo "kvm-again.sh: see kvm-again.sh --help" >&2
	exit 2
}

# again_args_value ARGS_FILE OPTION: the value after OPTION in a stored
# QEMU command.
again_args_value() {
	grep -A1 -x -F -- "$2" "$1" | sed -n 2p
}

# again_duration APPEND: the run length (seconds) in a kernel command line.
again_duration() {
	sed -n -E 's/(^|.* )[a-z]+torture\.shutdown_secs=([0-9]+)( .*|$)/\2/p' <<< "$1" | head -n 1
}

# again_append APPEND SECONDS EXTRA: the kernel command line for a run of
# SECONDS: the torture's shutdown_secs and stat_interval set, EXTRA added.
again_append() {
	local stat line extra
	stat=$(torture_stat_interval "$2")
	line=$(sed -E "s/(^| )([a-z]+torture\\.shutdown_secs)=[0-9]+/\\1\\2=$2/; s/(^| )([a-z]+torture\\.stat_interval)=[0-9]+/\\1\\2=$stat/" <<< "$1") ||
		return 1
	# the extra words as they are: any / or & in them is theirs
	extra=$(printf '%s' "$3" | sed 's/^ *//')
	printf '%s\n' "$line${extra:+ $extra}"
}

# again_args_set ARGS_FILE OPTION VALUE: the stored QEMU command with
# OPTION's value replaced by VALUE.
again_args_set() {
	OPTION="$2" VALUE="$3" awk '
		prev == ENVIRON["OPTION"] { print ENVIRON["VALUE"]; prev = ""; next }
		{ print; prev = $0 }' "$1"
}

# again_args OLD_ARGS SECONDS EXTRA: the stored QEMU command with its
# -append rewritten by again_append.
again_args() {
	local append new
	append=$(again_args_value "$1" -append)
	new=$(again_append "$append" "$2" "$3") && [ -n "$new" ] || return 1
	again_args_set "$1" -append "$new"
}

# again_copy_locked KERNEL BUILD_DIR DEST: again_take_kernel's copy, under
# the build folder's lock. A folder without its stamp .built is a build
# that died half-way or one being redone: its kernel is not taken.
again_copy_locked() {
	[ -e "$2/.built" ] || { echo "$2 holds no finished build (no .built)" >&2; return 1; }
	cp "$1" "$3"
}

# again_take_kernel RUN_DIR: copies the kernel RUN_DIR/qemu-cmd.args
# boots into RUN_DIR and points the command at the copy. A kernel of the
# build cache (under RUN_DIR/build-dir: a folder from before kvm.sh kept
# its own copy) is copied under the lock kvm.sh builds that folder under
# (build.sh: BUILD_DIR.lock). A copy rather than the lock held through the
# boots: a boot lasts the run's duration, and every kvm.sh that wants the
# same kernel would wait that long.
again_take_kernel() {
	local dir="$1" kernel bdir copy
	kernel=$(again_args_value "$dir/qemu-cmd.args" -kernel)
	[ -n "$kernel" ] || return 0
	copy="$dir/$(basename "$kernel")"
	[ "$kernel" != "$copy" ] || return 0
	bdir=$(cat "$dir/build-dir" 2> /dev/null) || bdir=""
	if [ -n "$bdir" ] && [[ $kernel == "$bdir"/* ]]; then
		cache_with_lock "$bdir.lock" "the kernel in $bdir" again_copy_locked "$kernel" "$bdir" "$copy" ||
			return 1
	else
		cp "$kernel" "$copy" || return 1
	fi
	again_args_set "$dir/qemu-cmd.args" -kernel "$copy" > "$dir/qemu-cmd.args.new" &&
		mv "$dir/qemu-cmd.args.new" "$dir/qemu-cmd.args"
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
	return 0	# sourced by a test for the functions
fi

old="" duration_arg="" bootargs="" results="" cpus="" remote="" remote_set=""
while [ $# -gt 0 ]; do
	case "$1" in
	--duration) duration_arg="${2?--duration needs a value}"; shift ;;
	--bootargs|--bootarg) bootargs="$bootargs ${2?--bootargs needs a value}"; shift ;;
	--results) results="${2?--results needs a value}"; shift ;;
	--cpus) cpus="${2?--cpus needs a value}"; shift ;;
	--remote) remote="${2?--remote needs a value}"; remote_set=1; shift ;;
	-h|--help) usage 0 ;;
	-*) bad_usage "unknown option '$1'" ;;
	*) [ -z "$old" ] || bad_usage "one results folder, not '$old' and '$1'"; old="$1" ;;
	esac
	shift
done


[ -n "$old" ] || bad_usage "which results folder? (kvm-again.sh OLD_RESULTS)"
[ -d "$old" ] || bad_usage "'$old' is not a folder"
old=$(cd "$old" && pwd)
[ -r "$old/torture" ] || bad_usage "$old does not say its torture type (no 'torture' file): not a kvm.sh results folder"
torture=$(cat "$old/torture")
if [ -r "$old/runs" ]; then
	mapfile -t runs < "$old/runs"
else
	runs=()
	for d in "$old"/*/qemu-cmd.args; do
		[ -e "$d" ] || continue
		runs+=("$(basename "$(dirname "$d")")")
	done
fi
boot_runs=()
for run in "${runs[@]}"; do
	args="$old/$run/qemu-cmd.args"
	[ -r "$args" ] || { echo "kvm-again.sh: $run was not booted (no qemu-cmd.args); left out" >&2; continue; }
	grep -q -x -- -kernel "$args" || bad_usage "$run booted over TFTP or through LAVA; kvm-again.sh replays -kernel boots"
	for f in "$(again_args_value "$args" -kernel)" "$(again_args_value "$args" -initrd)"; do
		[ -z "$f" ] || [ -r "$f" ] || bad_usage "$run: $f is gone; rebuild with kvm.sh"
	done
	boot_runs+=("$run")
done
[ "${#boot_runs[@]}" -gt 0 ] || bad_usage "$old has no booted scenario to boot again"
if [ -n "$duration_arg" ]; then
	duration=$(parse_duration "$duration_arg") || bad_usage "bad --duration '$duration_arg'"
else
	duration=$(again_duration "$(again_args_value "$old/${boot_runs[0]}/qemu-cmd.args" -append)")
	[ -n "$duration" ] || bad_usage "the old run does not say its duration; give --duration"
fi
[ -n "$cpus" ] || cpus=$(nproc)
is_positive_int "$cpus" || bad_usage "bad --cpus '$cpus'"
grace="${TORTURE_SHUTDOWN_GRACE:-90}"
is_positive_int "$grace" || bad_usage "bad TORTURE_SHUTDOWN_GRACE '$grace'"
if [ -n "$remote_set" ]; then
	remote_hosts=$(remote_hosts "$remote") || bad_usage "--remote: $remote_hosts"
	first_args="$old/${boot_runs[0]}/qemu-cmd.args"
	# shellcheck disable=SC2086 # one host per word
	remote_report=$(remote_ready "$(head -n 1 "$first_args")" "the arch's QEMU package" \
		"$(grep -q 'accel=kvm' "$first_args" && echo 1)" $remote_hosts) || {
		printf '%s\n' "$remote_report" | sed 's/^/kvm-again.sh: --remote: /' >&2
		exit 2
	}
fi
[ -n "$results" ] || results="$PROJECT_TOP/results/$(date +%Y.%m.%d-%H.%M.%S)-again"
mkdir -p "$results" || die "cannot create results folder '$results'"
results=$(cd "$results" && pwd)
echo "$old" > "$results/again-of"
echo "$torture" > "$results/torture"
printf '%s\n' "${boot_runs[@]}" > "$results/runs"
# the same kernels, so the same kernel named (older folders say none)
kernel_name=""
if [ -r "$old/kernel" ]; then
	cp "$old/kernel" "$results/kernel"
	kernel_name=", kernel $(sed -n 's/^version=//p' "$old/kernel") ($(sed -n 's/^source=//p' "$old/kernel"))"
fi

start=$SECONDS
say() {
	printf '[%4ds] %s\n' "$((SECONDS - start))" "$*"
}
say "booting again: ${boot_runs[*]} of $old$kernel_name, ${duration}s each; results in $results"

declare -A pids=() starts=()
on_interrupt() {
	local run
	trap - INT TERM
	for run in "${!pids[@]}"; do
		stop_group "${pids[$run]}"
		set_interrupted "$run"
	done
	[ -z "$remote_pid" ] || remote_stop
	# and the runs not booted yet: still waiting for a kernel's lock, or
	# for their batch
	for run in "${boot_runs[@]}"; do
		mkdir -p "$results/$run"
		[ -e "$results/$run/verdict" ] || set_interrupted "$run"
	done
	touch "$results/INTERRUPTED"
	summary_write "$results" "${boot_runs[@]}" || true
	plot_run "$results" "$results/summary.svg" "$torture" "${boot_runs[@]}"
	exit 130
}
set_interrupted() {
	verdict_write "$results/$1" INTERRUPTED "kvm-again.sh was interrupted"
}
trap on_interrupt INT TERM

# again_prepare RUN: the run's folder with its QEMU command for the new
# duration, its own copy of the kernel, and what it keeps of the old run.
again_prepare() {
	local run="$1" dir="$results/$1" f
	mkdir -p "$dir"
	again_args "$old/$run/qemu-cmd.args" "$duration" "$bootargs" > "$dir/qemu-cmd.args" ||
		die "$run: cannot rewrite its QEMU command for ${duration}s"
	for f in .config build-dir build-seconds; do
		[ ! -e "$old/$run/$f" ] || cp "$old/$run/$f" "$dir/$f"
	done
	again_take_kernel "$dir" || die "$run: cannot copy its kernel into $dir; rebuild with kvm.sh"
}

# every run prepared before the first boot: the kernels copied at one
# time, each once
for run in "${boot_runs[@]}"; do
	again_prepare "$run"
done

if [ -n "$remote_set" ]; then
	say "remote hosts: $(paste -s -d ';' <<< "$remote_report" | sed 's/;/; /g')"
	# batches that fit in --cpus, first fit in the old order, as kvm.sh
	batches=() line="" used=0
	for run in "${boot_runs[@]}"; do
		n=$(boot_cpus "$results/$run")
		[ "$n" -le "$cpus" ] || n=$cpus
		if [ -n "$line" ] && [ $((used + n)) -gt "$cpus" ]; then
			batches+=("$line")
			line="" used=0
		fi
		line="$line $run" used=$((used + n))
	done
	batches+=("$line")
	remote_boot_batches "$results" "$torture" $((duration + grace)) "$remote_hosts" "${batches[@]}"
	trap - INT TERM
	summary_write "$results" "${boot_runs[@]}"
	exit
fi

# finish RUN: judge a finished boot as kvm.sh does.
finish() {
	local run="$1" dir="$results/$1"
	judge_boot "$dir" "$torture" "${starts[$run]}"
	say "$run: $(verdict_read "$dir") after $(cat "$dir/boot-seconds")s"
}

# Fill the CPUs: start a guest whenever its -smp fits beside the running
# ones (at least one runs, whatever its size).
pending=("${boot_runs[@]}") used=0
declare -A smp=()
while [ "${#pending[@]}" -gt 0 ] || [ "${#pids[@]}" -gt 0 ]; do
	next=()
	for run in "${pending[@]}"; do
		dir="$results/$run"
		smp[$run]=$(boot_cpus "$dir")
		if [ "${#pids[@]}" -gt 0 ] && [ $((used + smp[$run])) -gt "$cpus" ]; then
			next+=("$run")
			continue
		fi
		boot_qemu "$dir"
		pids[$run]=$!
		starts[$run]=$SECONDS
		used=$((used + smp[$run]))
		say "$run: booting again (-smp ${smp[$run]}; console: $dir/console.log)"
	done
	pending=("${next[@]}")
	for run in "${!pids[@]}"; do
		if boot_done "$results/$run" "${pids[$run]}" $((SECONDS - starts[$run])) $((duration + grace)); then
			unset "pids[$run]"
			used=$((used - smp[$run]))
			finish "$run"
		fi
	done
	sleep 0.5
done
trap - INT TERM
status=0
summary_write "$results" "${boot_runs[@]}" || status=$?
plot_run "$results" "$results/summary.svg" "$torture" "${boot_runs[@]}"
# the exit status is summary_write's (0 or 1)
[ "$status" -eq 0 ]

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Does lockdep see the deadlocks SRCU can take part in, and only those?
# rcutorture's test_srcu_lockdep parameter (Linux 6.12) makes its init,
# before the torture starts, take SRCU read locks, and mutexes or rwsems,
# around synchronize_srcu() in a cycle of L steps, either closing the
# cycle or not. Each such case is one kvm.sh boot of the tree's SRCU-P
# scenario (lockdep on). A case without a deadlock must end clean; a case
# with one must be reported by lockdep, or hang. The kernel's script of
# the same name runs the same 18 cases.
#
# Usage: srcu_lockdep.sh [options] [-- kvm.sh options]
#   --cases "LIST"      only these cases (default: all 18 below)
#   --datestamp NAME    results folder name under results/ (or under the
#                       --results folder) instead of DATE-srcu_lockdep
#   --results DIR       results folder (default results/DATE-srcu_lockdep)
#   -h, --help          this text
# Options after "--" go to every kvm.sh: --kernel or --kernel-src (the tree),
# --arch, --cpus, --duration (default 5s), --shutdown-grace... The torture,
# scenario and results folder are this script's own.
#
# A case is DNNL, as rcutorture reads the parameter's decimal value: D 1
# for a deadlock, 0 for none; NN what SRCU is mixed with: 00 nothing, 01 a
# mutex, 02 an rwsem, 03 Tasks Trace RCU (a kernel with it only, so not in
# the default list); L the length of the cycle, 1 to 9. The default list:
# D 0 and 1, NN 00 to 02, L 1 to 3.
#
# Each case boots into RESULTS/CASE (a kvm.sh results folder, with
# kvm.sh.out); RESULTS/summary.csv holds scenario (SRCU-P/CASE), verdict
# (SUCCESS: as expected, FAILURE: not), kvm_verdict, splats and why.
#
# Refused (exit 2) on a tree whose kernel/rcu/rcutorture.c has no
# test_srcu_lockdep (6.1 has none), read from the tree kvm.sh would
# torture with the options given.
#
# Exit status: 0 when every case ended as expected, 1 otherwise, 2 for bad
# options or a tree without the test, 130 when interrupted. Sourced (by
# torture.sh), it only defines its functions.
[ "${BASH_SOURCE[0]}" != "$0" ] || set -eu

LOCKDEP_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../configs/env.sh
source "$LOCKDEP_DIR/../configs/env.sh"
# shellcheck source=../configs/kernel.sh
source "$LOCKDEP_DIR/../configs/kernel.sh"
# shellcheck source=cache.sh
source "$LOCKDEP_DIR/cache.sh"
# shellcheck source=build.sh
source "$LOCKDEP_DIR/build.sh"

# say MESSAGE: a progress line (kernel_tree's note when it extracts a
# tarball; kvm.sh has its own).
if ! declare -F say > /dev/null; then
	say() { echo "$*"; }
fi

# csv_column CSV NAME: the values of column NAME of a summary.csv, one per
# line (by the header's names, so new columns do not move it).
csv_column() {
	awk -F, -v want="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next }
		c { print $c }' "$1"
}

# kvm_args_tree KVM_ARGS...: the kernel tree kvm.sh would torture with
# these options: --kernel-src DIR, --kernel X.Y, or the newest installed
# linux-source, extracted into the cache first as kvm.sh would. On
# failure, why on stdout and status 1. The scripts that run kvm.sh read
# the tree's files with it to know what it can do, before they start.
kvm_args_tree() {
	local src="" ver=""
	while [ $# -gt 0 ]; do
		case "$1" in
		--kernel-src) src="${2:-}" ;;
		--kernel) ver="${2:-}" ;;
		esac
		shift
	done
	if [ -n "$src" ] && [ -n "$ver" ]; then
		echo "--kernel and --kernel-src name two trees; give one"
		return 1
	fi
	if [ -n "$src" ]; then
		if [ ! -f "$src/Makefile" ] || [ ! -d "$src/kernel/rcu" ]; then
			echo "--kernel-src '$src' is not a kernel tree (no Makefile and kernel/rcu/)"
			return 1
		fi
		(cd "$src" && pwd)
		return 0
	fi
	if [ -n "$ver" ] && ! kernel_version_ok "$ver"; then
		echo "bad --kernel '$ver' (want the version of a linux-source package, e.g. 6.12)"
		return 1
	fi
	if [ -z "$(kernel_tarball "$ver")" ]; then
		echo "no linux-source-${ver:-X.Y} tarball in ${KERNEL_TARBALL_DIR:-/usr/src}: install it" \
			"(scripts/deps.sh --packages linux-source-${ver:-6.12}, as root) or give --kernel-src DIR"
		return 1
	fi
	kernel_tree "" "$PROJECT_CACHE" "$ver" || {
		echo "could not extract linux-source-${ver:-X.Y} (see above)"
		return 1
	}
}

# srcu_lockdep_refusal TREE: why TREE cannot run the cases, for an exit
# 2; nothing, and failure, when it can.
srcu_lockdep_refusal() {
	local c="$1/kernel/rcu/rcutorture.c" s="$1/tools/testing/selftests/rcutorture/configs/rcu/SRCU-P"
	if ! grep -q -w test_srcu_lockdep "$c" 2> /dev/null; then
		echo "$c has no test_srcu_lockdep parameter (Linux 6.12 has it)"
	elif [ ! -r "$s" ]; then
		echo "the tree has no SRCU-P scenario ($s)"
	else
		return 1
	fi
}

# srcu_lockdep_cases: the default cases, in the order they run.
srcu_lockdep_cases() {
	local d nn l
	for d in 0 1; do
		for nn in 00 01 02; do
			for l in 1 2 3; do
				echo "$d$nn$l"
			done
		done
	done
}

# srcu_lockdep_judge CASE RUN_RESULTS: how the case went, from the kvm.sh
# results folder of its boot: "SUCCESS" (as expected) or "FAILURE", a
# tab, and why.
srcu_lockdep_judge() {
	local c="$1" dir="$2" log="$2/SRCU-P/console.log" kv splats line report
	kv=$(csv_column "$dir/summary.csv" verdict 2> /dev/null | head -n 1) || kv=""
	splats=$(csv_column "$dir/summary.csv" splats 2> /dev/null | head -n 1) || splats=""
	if [ -z "$kv" ]; then
		printf 'FAILURE\tkvm.sh left no verdict (see %s)\n' "$dir/kvm.sh.out"
		return 0
	fi
	# rcutorture's init names the case it runs, or says it does nothing
	line=$(grep -a -o 'test_srcu_lockdep = [0-9]*.*' "$log" 2> /dev/null | head -n 1) || line=""
	if [ -z "$line" ]; then
		printf 'FAILURE\tthe kernel did not run the case (%s; no test_srcu_lockdep line on the console)\n' "$kv"
		return 0
	fi
	if [[ $line == *"does nothing"* ]]; then
		printf 'FAILURE\tthe kernel ran nothing for it: %s\n' "$line"
		return 0
	fi
	# lockdep's own report header for a deadlock it foresees
	report=$(grep -a -o -E 'WARNING: possible [a-z ]+ detected' "$log" | head -n 1) || report=""
	if [ "${c:0:1}" = 0 ]; then
		if [ "$kv" = SUCCESS ] && [ "$splats" = none ] && [ -z "$report" ]; then
			printf 'SUCCESS\tno deadlock, none reported\n'
		else
			printf 'FAILURE\tno deadlock, yet %s, splats %s%s\n' "$kv" "$splats" "${report:+ ($report)}"
		fi
	elif [ -n "$report" ]; then
		printf 'SUCCESS\tdeadlock reported: %s\n' "$report"
	elif [ "$kv" = HANG ] || [ "$kv" = GP-HANG ]; then
		printf 'SUCCESS\tdeadlock: the boot hung (%s)\n' "$kv"
	else
		printf 'FAILURE\tdeadlock not reported: %s, splats %s\n' "$kv" "$splats"
	fi
}

# lockdep_bad_usage MESSAGE: exit 2 with MESSAGE.
lockdep_bad_usage() {
	echo "srcu_lockdep.sh: $1" >&2
	echo "srcu_lockdep.sh: see srcu_lockdep.sh --help" >&2
	exit 2
}

srcu_lockdep_main() {
	local cases="" datestamp="" results="" kvm="${TORTURE_KVM:-$LOCKDEP_DIR/kvm.sh}"
	local -a kvm_args=() list=()
	local a tree why c out rc verdict reason ok=0 n=0 status=0

	while [ $# -gt 0 ]; do
		case "$1" in
		--cases) cases="${2?--cases needs a value}"; shift ;;
		--datestamp) datestamp="${2?--datestamp needs a value}"; shift ;;
		--results) results="${2?--results needs a value}"; shift ;;
		-h | --help)
			sed -n '/^# Usage:/,/^# torture.sh), it only/p' "$0" | sed 's/^# \{0,1\}//'
			exit 0 ;;
		--) shift; kvm_args=("$@"); break ;;
		*) lockdep_bad_usage "unknown option '$1'" ;;
		esac
		shift
	done
	if [ -z "$cases" ]; then
		mapfile -t list < <(srcu_lockdep_cases)
	else
		read -r -a list <<< "$cases"
		[ "${#list[@]}" -gt 0 ] || lockdep_bad_usage "--cases: no case given"
	fi
	for c in "${list[@]}"; do
		[[ $c =~ ^[01]0[0-3][1-9]$ ]] ||
			lockdep_bad_usage "bad case '$c' in --cases (want DNNL: D 0 or 1, NN 00 to 03, L 1 to 9, e.g. 1012)"
	done
	[[ -z $datestamp || ( $datestamp =~ ^[A-Za-z0-9._/-]+$ && ! $datestamp =~ (^|/)\.\.(/|$) && $datestamp != /* ) ]] ||
		lockdep_bad_usage "bad --datestamp '$datestamp' (want a relative folder name: letters, digits, . _ - /)"
	for a in "${kvm_args[@]}"; do
		case "$a" in
		--torture | --configs | --config | --results | --datestamp)
			lockdep_bad_usage "$a after --: srcu_lockdep.sh chooses the torture, the scenario and the folders" ;;
		esac
	done
	tree=$(kvm_args_tree "${kvm_args[@]}") || lockdep_bad_usage "$tree"
	why=$(srcu_lockdep_refusal "$tree") &&
		lockdep_bad_usage "$why: torture a tree that has it (e.g. -- --kernel 6.12)"

	if [ -n "$datestamp" ]; then
		results="${results:-$PROJECT_TOP/results}/$datestamp"
	elif [ -z "$results" ]; then
		results="$PROJECT_TOP/results/$(date +%Y.%m.%d-%H.%M.%S)-srcu_lockdep"
	fi
	mkdir -p "$results" || die "cannot create results folder '$results'"
	results=$(cd "$results" && pwd)
	echo "srcu_lockdep.sh: ${#list[@]} cases of test_srcu_lockdep on SRCU-P, kernel tree $tree; results in $results"

	echo "scenario,verdict,kvm_verdict,splats,why" > "$results/summary.csv"
	for c in "${list[@]}"; do
		out="$results/$c/kvm.sh.out"
		mkdir -p "$results/$c"
		# the value in decimal: rcutorture reads it with base 0, where a
		# leading 0 would make 0011 an octal 9
		set +e
		"$kvm" --duration 5s "${kvm_args[@]}" --torture rcu --configs SRCU-P \
			--bootargs "rcutorture.test_srcu_lockdep=$((10#$c))" --results "$results/$c" 2>&1 |
			tee "$out" | sed "s/^/[$c] /"
		rc=${PIPESTATUS[0]}
		set -e
		# refused options are refused for every case
		[ "$rc" -ne 2 ] || { echo "srcu_lockdep.sh: kvm.sh refused the options (see above)" >&2; exit 2; }
		# interrupted: the cases after it are not wanted either
		[ "$rc" -lt 128 ] || { echo "srcu_lockdep.sh: stopped during case $c (kvm.sh exit $rc)" >&2; exit "$rc"; }
		IFS=$'\t' read -r verdict reason < <(srcu_lockdep_judge "$c" "$results/$c")
		echo "SRCU-P/$c,$verdict,$(csv_column "$results/$c/summary.csv" verdict 2> /dev/null | head -n 1),$(csv_column "$results/$c/summary.csv" splats 2> /dev/null | head -n 1),${reason//,/;}" \
			>> "$results/summary.csv"
		echo "srcu_lockdep.sh: $c: $verdict: $reason"
		n=$((n + 1))
		if [ "$verdict" = SUCCESS ]; then ok=$((ok + 1)); else status=1; fi
	done
	echo "srcu_lockdep.sh: $ok of $n cases as expected; results: $results"
	return "$status"
}

[ "${BASH_SOURCE[0]}" != "$0" ] || { srcu_lockdep_main "$@"; exit; }

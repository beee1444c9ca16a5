#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every torture type in one command, one summary at the end: kvm.sh once
# per type, each into its own folder of one results folder. Like the
# kernel's rcutorture torture.sh, with its option names.
#
# Usage: torture.sh [options] [-- kvm.sh options]
#   --do-all              every type (the default)
#   --do-none             no type; then name the ones to run
#   --do-rcutorture, --do-locktorture, --do-scftorture, --do-refscale,
#   --do-rcuscale, --do-nolibc (the nolibc selftest as PID 1)
#                         run that type; --do-no-NAME leaves it out
#   --configs-rcutorture "LIST", --configs-locktorture, --configs-scftorture,
#   --configs-refscale, --configs-rcuscale
#                         scenarios of that type (default: its CFLIST)
#   --duration D          per scenario, as kvm.sh takes it (default 10)
#   --results DIR         results folder (default results/torture-DATE)
#   -h, --help            this text
# Options after "--" go to every kvm.sh (--arch, --cpus, --kconfig...).
#
# Exit status: 0 when every scenario of every type succeeded or was N/A
# (cannot apply to the arch), 1 otherwise,
# 2 for bad options.
set -eu

KVM_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$KVM_DIR/../configs/env.sh"
# The kvm.sh to run (the tests put a stand-in here).
KVM="${TORTURE_KVM:-$KVM_DIR/kvm.sh}"

# Our type names, in the order they run, and the kernel's names for them.
TYPES=(rcu lock scf refscale rcuscale nolibc)
declare -A KERNEL_NAME=([rcu]=rcutorture [lock]=locktorture [scf]=scftorture
			[refscale]=refscale [rcuscale]=rcuscale [nolibc]=nolibc)

usage() {
	sed -n '/^# Usage:/,/^# 2 for bad/p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

bad_usage() {
	echo "torture.sh: $1" >&2
	echo "torture.sh: see torture.sh --help" >&2
	exit 2
}

# type_of NAME: our type name for a kernel name (rcutorture -> rcu).
type_of() {
	local t
	for t in "${TYPES[@]}"; do
		[ "${KERNEL_NAME[$t]}" != "$1" ] || { echo "$t"; return 0; }
	done
	return 1
}

declare -A do_type=() configs=()
for t in "${TYPES[@]}"; do do_type[$t]=1; done
duration=10 results="" kvm_args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--do-all) for t in "${TYPES[@]}"; do do_type[$t]=1; done ;;
	--do-none) for t in "${TYPES[@]}"; do do_type[$t]=""; done ;;
	--do-no-*) t=$(type_of "${1#--do-no-}") || bad_usage "unknown option '$1'"; do_type[$t]="" ;;
	--do-*) t=$(type_of "${1#--do-}") || bad_usage "unknown option '$1'"; do_type[$t]=1 ;;
	--configs-*)
		t=$(type_of "${1#--configs-}") || bad_usage "unknown option '$1'"
		[ "$t" != nolibc ] || bad_usage "--configs-nolibc: the selftest has one scenario"
		configs[$t]="${2?$1 needs a value}"
		shift
		;;
	--duration) duration="${2?--duration needs a value}"; shift ;;
	--results) results="${2?--results needs a value}"; shift ;;
	-h | --help) usage 0 ;;
	--) shift; kvm_args=("$@"); break ;;
	*) bad_usage "unknown option '$1'" ;;
	esac
	shift
done

chosen=()
for t in "${TYPES[@]}"; do
	[ -z "${do_type[$t]}" ] || chosen+=("$t")
done
[ "${#chosen[@]}" -gt 0 ] || bad_usage "no torture type chosen (--do-none without a --do-NAME)"
[ -n "$results" ] || results="$PROJECT_TOP/results/torture-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$results" || die "cannot create results folder '$results'"
results=$(cd "$results" && pwd)

# csv_column CSV NAME: the values of column NAME of a summary.csv, one per
# line (by the header's names, so new columns do not move it).
csv_column() {
	awk -F, -v want="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == want) c = i; next }
		c { print $c }' "$1"
}

start=$SECONDS
status=0
for t in "${chosen[@]}"; do
	args=(--torture "$t" --duration "$duration" --results "$results/$t")
	[ -z "${configs[$t]:-}" ] || args+=(--configs "${configs[$t]}")
	printf '[%4ds] torture.sh: %s (%s)\n' "$((SECONDS - start))" "${KERNEL_NAME[$t]}" "$results/$t"
	set +e
	"$KVM" "${args[@]}" "${kvm_args[@]}" 2>&1 | sed "s/^/[$t] /"
	rc=${PIPESTATUS[0]}
	set -e
	[ "$rc" -ne 2 ] || die "kvm.sh refused the options for $t (see above)"
	# interrupted (130) or killed: the types after it are not wanted either
	[ "$rc" -lt 128 ] || { echo "torture.sh: stopped during $t (kvm.sh exit $rc)" >&2; exit "$rc"; }
	[ "$rc" -eq 0 ] || status=1
done

# One table for all: type, scenario, verdict, from each type's summary.csv.
{
	echo "type,scenario,verdict"
	for t in "${chosen[@]}"; do
		csv="$results/$t/summary.csv"
		if [ ! -r "$csv" ]; then
			echo "$t,-,NO-SUMMARY"
			continue
		fi
		paste -d, <(csv_column "$csv" scenario) <(csv_column "$csv" verdict) | sed "s/^/$t,/"
	done
} > "$results/torture-summary.csv"

echo
printf '%-10s %-14s %s\n' type scenario verdict
tail -n +2 "$results/torture-summary.csv" | while IFS=, read -r t s v; do
	printf '%-10s %-14s %s\n' "$t" "$s" "$v"
done
total=$(tail -n +2 "$results/torture-summary.csv" | grep -c . || true)
ok=$(tail -n +2 "$results/torture-summary.csv" | grep -c ',SUCCESS$' || true)
# N/A: the scenario cannot apply to the arch (kvm.sh); not a failure
na=$(tail -n +2 "$results/torture-summary.csv" | grep -c ',N/A$' || true)
echo
echo "$ok of $total scenarios succeeded$([ "$na" -eq 0 ] || echo ", $na N/A") in $((SECONDS - start))s; results: $results"
[ $((ok + na)) -eq "$total" ] || status=1
exit "$status"

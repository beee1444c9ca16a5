#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# One torture scenario (or the nolibc selftest) on every arch that has a
# kernel row in configs/arches.tsv, one kvm.sh run per arch, then a table:
# arch, scenario, verdict, kernel build time, boot-to-init time, init size.
#
# Usage: arch-matrix.sh [options] [-- kvm.sh options]
#   --arches "LIST"     arches to run (default: every kernel row of the table)
#   --torture TYPE      as kvm.sh (default rcu; nolibc runs the selftest)
#   --configs "LIST"    as kvm.sh (default TINY01, or SELFTEST for nolibc)
#   --duration D        as kvm.sh (default 30s)
#   --results DIR       where the runs go (default results/matrix-DATE), one
#                       folder per arch, plus matrix.csv
#   -h, --help          this text
#
# Kernels are cached per arch and scenario like any kvm.sh build, so a
# second matrix run rebuilds nothing. A scenario that cannot apply to an
# arch (kvm.sh's N/A, e.g. TINY01 where every kernel is SMP) is shown with
# its reason and is no failure. Exit status 0 only when every run of every
# arch succeeded or was N/A.
set -eu

KVM_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$KVM_DIR/../configs/env.sh"
# shellcheck source=functions.sh
source "$KVM_DIR/functions.sh"

usage() {
	sed -n '/^# Usage:/,/^# arch succeeded/p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

arches="" torture=rcu configs="" duration=30s results=""
declare -a kvm_opts=()
while [ $# -gt 0 ]; do
	case "$1" in
	--arches) arches="${2?--arches needs a value}"; shift ;;
	--torture) torture="${2?--torture needs a value}"; shift ;;
	--configs) configs="${2?--configs needs a value}"; shift ;;
	--duration) duration="${2?--duration needs a value}"; shift ;;
	--results) results="${2?--results needs a value}"; shift ;;
	-h|--help) usage 0 ;;
	--) shift; kvm_opts=("$@"); break ;;
	*) echo "arch-matrix.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
	esac
	shift
done
if [ -z "$arches" ] || [ "$arches" = all ]; then
	arches=$(arch_kernel_list | tr '\n' ' ')
fi
for a in $arches; do
	arch_canonical "$a" > /dev/null ||
		{ echo "arch-matrix.sh: unknown arch '$a' (known: $(arch_kernel_list | tr '\n' ' '))" >&2; exit 2; }
done
if [ -z "$configs" ]; then
	if [ "$torture" = nolibc ]; then configs=SELFTEST; else configs=TINY01; fi
fi
[ -n "$results" ] || results="$PROJECT_TOP/results/matrix-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$results"
results=$(cd "$results" && pwd)

# run_arch ARCH: one kvm.sh run; its output in ARCH.log, shown as it goes.
run_arch() {
	echo "=== $1: kvm.sh --arch $1 --torture $torture --configs \"$configs\" --duration $duration"
	"$KVM_DIR/kvm.sh" --arch "$1" --torture "$torture" --configs "$configs" \
		--duration "$duration" --results "$results/$1" "${kvm_opts[@]}" 2>&1 |
		tee "$results/$1.log" | sed -u "s/^/  $1: /"
	return "${PIPESTATUS[0]}"
}

# verdict_detail RUN_DIR: the verdict's deciding line, short and without
# commas: the selftest's counts, the options that did not stick, the
# torture's end line, an N/A's reason without its table reference, or the
# first 60 characters of anything else.
verdict_detail() {
	sed -n 2p "$1/verdict" 2> /dev/null |
		sed -e 's/^nolibc-test: //' -e 's/^options that did not stick: //' \
		    -e 's/^.*--- End of test: \([A-Z]*\).*/End of test: \1/' \
		    -e 's/ wanted \([^ ]*\) got \([^;]*\)/=\2 (not \1)/g' -e 's/;$//' \
		    -e 's/ (configs\/arches.tsv [^)]*)$//' |
		tr ',;' ' ' | tr -s ' ' | cut -c1-60
}

# row_fields ARCH RUN_DIR: the table fields of one scenario run.
row_fields() {
	local arch="$1" rundir="$2" verdict build init size libc
	verdict=$(verdict_read "$rundir")
	build=$(cat "$rundir/build-seconds" 2> /dev/null || echo -)
	init=$(console_init_seconds "$rundir/console.log" 2> /dev/null) || init=-
	size=$(stat -c %s "$results/$arch/initrd/init" 2> /dev/null || echo -)
	libc=$(cat "$results/$arch/initrd/libc" 2> /dev/null || echo -)
	echo "$arch,$(basename "$rundir"),$verdict,$build,$init,$size,$libc,$(verdict_detail "$rundir")"
}

# matrix_counts CSV: the count line of matrix.csv's verdicts, counted as
# verdict_kind does.
matrix_counts() {
	local -A n=([ok]=0 [failed]=0 [na]=0)
	local v k
	while read -r v; do
		k=$(verdict_kind "$v")
		n[$k]=$((n[$k] + 1))
	done < <(tail -n +2 "$1" | cut -d, -f3)
	echo "${n[ok]} succeeded, ${n[failed]} failed, ${n[na]} N/A (cannot apply to that arch; not failures)"
}

main() {
	local a rundir all_ok=0 canon
	trap 'echo "arch-matrix.sh: interrupted; runs so far in $results" >&2; exit 130' INT TERM
	echo "arch,scenario,verdict,build_seconds,boot_to_init_seconds,init_bytes,init_libc,detail" > "$results/matrix.csv"
	for a in $arches; do
		canon=$(arch_canonical "$a")
		if ! run_arch "$canon"; then all_ok=1; fi
		# a scenario folder has a build-dir once kvm.sh built, or a
		# verdict when it decided without building (N/A)
		for rundir in "$results/$canon"/*/; do
			[ -e "$rundir/build-dir" ] || [ -e "$rundir/verdict" ] || continue
			row_fields "$canon" "${rundir%/}" >> "$results/matrix.csv"
		done
	done
	echo
	awk -F, 'NR == 1 { $4 = "build/s"; $5 = "init@/s"; $6 = "bytes"; $7 = "libc" }
		{ printf "%-8s %-10s %-16s %7s %8s %6s %-8s %s\n", $1, $2, $3, $4, $5, $6, $7, $8 }' "$results/matrix.csv"
	echo
	matrix_counts "$results/matrix.csv"
	echo "matrix: $results/matrix.csv"
	return "$all_ok"
}

main

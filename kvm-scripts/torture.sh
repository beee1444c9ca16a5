#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every torture type in one command, one summary at the end: kvm.sh once
# per type and sanitizer pass, each into its own folder of one results
# folder. Like the kernel's rcutorture torture.sh, with its option names
# and defaults (a KASAN pass after each type; KCSAN only when asked).
#
# Usage: torture.sh [options] [-- kvm.sh options]
#   --do-all              every type, each also with KASAN and with KCSAN
#   --do-none             no type and no sanitizer; then name what to run
#   --do-rcutorture, --do-locktorture, --do-scftorture, --do-refscale,
#   --do-rcuscale, --do-nolibc (the nolibc selftest as PID 1)
#                         run that type; --do-no-NAME leaves it out
#                         (by default every type runs)
#   --do-kasan, --do-no-kasan  after each type's run, run it again built
#                         with KASAN (kvm.sh --kasan); on by default
#   --do-kcsan, --do-no-kcsan  the same with KCSAN (kvm.sh --kcsan); off by
#                         default
#   --kcsan-kmake-arg "ARGS"  make arguments for the KCSAN builds only
#                         (also --kcsan-kmake-args)
#   --configs-rcutorture "LIST", --configs-locktorture, --configs-scftorture,
#   --configs-refscale, --configs-rcuscale
#                         scenarios of that type (default: its CFLIST)
#   --duration D          per scenario, as kvm.sh takes it (default 10)
#   --results DIR         results folder (default results/torture-DATE)
#   -h, --help            this text
# Options after "--" go to every kvm.sh (--arch, --cpus, --kconfig...).
#
# A sanitizer pass that kvm.sh refuses (the arch has no KASAN or KCSAN in
# Linux 6.1, or the compiler cannot build it) is REFUSED in the summary,
# with kvm.sh's reason, and the other passes go on.
#
# Exit status: 0 when every scenario of every pass that ran succeeded or
# was N/A (cannot apply to the arch), 1 otherwise, 2 for bad options.
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
	sed -n '/^# Usage:/,/^# .*2 for bad/p' "$0" | sed 's/^# \{0,1\}//'
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
# The kernel's defaults: KASAN yes, KCSAN no.
do_kasan=1 do_kcsan="" kcsan_kmake_args=""
duration=10 results="" kvm_args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--do-all) for t in "${TYPES[@]}"; do do_type[$t]=1; done; do_kasan=1 do_kcsan=1 ;;
	--do-none) for t in "${TYPES[@]}"; do do_type[$t]=""; done; do_kasan="" do_kcsan="" ;;
	--do-kasan) do_kasan=1 ;;
	--do-no-kasan) do_kasan="" ;;
	--do-kcsan) do_kcsan=1 ;;
	--do-no-kcsan) do_kcsan="" ;;
	--kcsan-kmake-arg | --kcsan-kmake-args)
		kcsan_kmake_args="${kcsan_kmake_args:+$kcsan_kmake_args }${2?$1 needs a value}"
		shift
		;;
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

# The passes of one type, as the kernel's torture_set runs them: plain,
# then KASAN, then KCSAN, each a folder name suffix and kvm.sh options.
passes=("")
[ -z "$do_kasan" ] || passes+=(kasan)
[ -z "$do_kcsan" ] || passes+=(kcsan)

# pass_args PASS: the kvm.sh options a sanitizer pass adds, one a line.
pass_args() {
	case "$1" in
	kasan) echo --kasan ;;
	kcsan)
		echo --kcsan
		[ -z "$kcsan_kmake_args" ] || printf '%s\n' --kmake-arg "$kcsan_kmake_args"
		;;
	esac
}

# refusal_of OUTPUT_FILE: why kvm.sh refused, from its output (its last
# "kvm.sh: " line other than the pointer to --help).
refusal_of() {
	sed -n 's/^kvm\.sh: //p' "$1" | grep -v -x 'see kvm.sh --help' | tail -n 1
}

kvm_out=$(mktemp)
trap 'rm -f "$kvm_out"' EXIT
: > "$results/refused"
start=$SECONDS
status=0
names=()
for t in "${chosen[@]}"; do
	for pass in "${passes[@]}"; do
		name="$t${pass:+-$pass}"
		names+=("$name")
		args=(--torture "$t" --duration "$duration" --results "$results/$name")
		[ -z "${configs[$t]:-}" ] || args+=(--configs "${configs[$t]}")
		mapfile -t extra < <(pass_args "$pass")
		printf '[%4ds] torture.sh: %s%s (%s)\n' "$((SECONDS - start))" "${KERNEL_NAME[$t]}" \
			"${pass:+ with ${pass^^}}" "$results/$name"
		set +e
		"$KVM" "${args[@]}" "${kvm_args[@]}" "${extra[@]}" 2>&1 | tee "$kvm_out" | sed "s/^/[$name] /"
		rc=${PIPESTATUS[0]}
		set -e
		if [ "$rc" -eq 2 ] && [ -n "$pass" ]; then
			# the options were good for the plain pass: the sanitizer is refused
			echo "$name: $(refusal_of "$kvm_out")" >> "$results/refused"
			continue
		fi
		[ "$rc" -ne 2 ] || die "kvm.sh refused the options for $t (see above)"
		# interrupted (130) or killed: the passes after it are not wanted either
		[ "$rc" -lt 128 ] || { echo "torture.sh: stopped during $name (kvm.sh exit $rc)" >&2; exit "$rc"; }
		[ "$rc" -eq 0 ] || status=1
	done
done

# One table for all: pass (type, with -kasan or -kcsan), scenario, verdict,
# from each pass's summary.csv.
{
	echo "type,scenario,verdict"
	for name in "${names[@]}"; do
		csv="$results/$name/summary.csv"
		if grep -q "^$name: " "$results/refused"; then
			echo "$name,-,REFUSED"
		elif [ ! -r "$csv" ]; then
			echo "$name,-,NO-SUMMARY"
		else
			paste -d, <(csv_column "$csv" scenario) <(csv_column "$csv" verdict) | sed "s/^/$name,/"
		fi
	done
} > "$results/torture-summary.csv"

echo
printf '%-16s %-14s %s\n' type scenario verdict
tail -n +2 "$results/torture-summary.csv" | while IFS=, read -r t s v; do
	printf '%-16s %-14s %s\n' "$t" "$s" "$v"
done
if [ -s "$results/refused" ]; then
	echo
	echo "refused by kvm.sh:"
	sed 's/^/  /' "$results/refused"
fi
total=$(tail -n +2 "$results/torture-summary.csv" | grep -c -v ',REFUSED$' || true)
ok=$(tail -n +2 "$results/torture-summary.csv" | grep -c ',SUCCESS$' || true)
refused=$(grep -c . "$results/refused" || true)
# N/A: the scenario cannot apply to the arch (kvm.sh); not a failure
na=$(tail -n +2 "$results/torture-summary.csv" | grep -c ',N/A$' || true)
na_note="" note=""
[ "$na" -eq 0 ] || na_note=", $na N/A"
[ "$refused" -eq 0 ] || note="; $refused sanitizer passes refused"
echo
echo "$ok of $total scenarios succeeded$na_note in $((SECONDS - start))s$note; results: $results"
[ $((ok + na)) -eq "$total" ] || status=1
exit "$status"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Every torture type in one command, one summary at the end: kvm.sh once
# per type and sanitizer pass, each into its own folder of one results
# folder. Like the kernel's rcutorture torture.sh, with its option names
# and defaults (a KASAN pass after each type; KCSAN only when asked).
#
# Usage: torture.sh [options] [-- kvm.sh options]
#   --do-all              every type, each also with KASAN and with KCSAN,
#                         and the rcutasksflavors and srcu-lockdep tests
#                         (also --doall)
#   --do-none             no type, no test and no sanitizer; then name what
#                         to run (also --donone)
#   --do-rcutorture, --do-locktorture, --do-scftorture, --do-refscale,
#   --do-rcuscale, --do-nolibc (the nolibc selftest as PID 1)
#                         run that type; --do-no-NAME or --no-NAME leaves
#                         it out (by default every type runs)
#   --do-rcutasksflavors  build TINY01 and TREE04 once per Tasks RCU flavor,
#                         each flavor alone (forced on, the others checked
#                         off): whether the kernel builds with any one of
#                         them; needs the FORCE_TASKS_* switches in the
#                         tree's kernel/rcu/Kconfig (6.1 and 6.12 have them)
#   --do-srcu-lockdep     srcu_lockdep.sh: whether lockdep reports SRCU
#                         deadlocks, and only those (rcutorture's
#                         test_srcu_lockdep, Linux 6.12)
#                         Both on by default, as in the kernel's 6.12
#                         torture.sh: on a tree without what one needs it
#                         is N/A in the summary, with the reason; asked for
#                         by name (not by --do-all), it is refused (exit 2).
#                         --do-no-NAME or --no-NAME leaves either out.
#   --do-kasan, --do-no-kasan  after each type's run, run it again built
#                         with KASAN (kvm.sh --kasan); on by default
#   --do-kcsan, --do-no-kcsan  the same with KCSAN (kvm.sh --kcsan); off by
#                         default (--no-kasan, --no-kcsan: the same)
#   --kcsan-kmake-arg "ARGS"  make arguments for the KCSAN builds only
#                         (also --kcsan-kmake-args)
#   --configs-rcutorture "LIST", --configs-locktorture, --configs-scftorture,
#   --configs-refscale, --configs-rcuscale
#                         scenarios of that type (default: its CFLIST; also
#                         --config-NAME)
#   --guest-cpu-limit N   the scale types (scf, refscale, rcuscale) boot
#                         with at most N CPUs and N test threads (also
#                         --guest-cpu-lim); needs their thread parameter in
#                         the tree
#   --duration D          per scenario, as kvm.sh takes it (default 10)
#   --results DIR         results folder (default results/torture-DATE)
#   -h, --help            this text
# Options after "--" go to every kvm.sh (--arch, --cpus, --kconfig...);
# --kernel or --kernel-src there also names the tree whose files say
# whether rcutasksflavors, srcu-lockdep and --guest-cpu-limit can run.
#
# A sanitizer pass that kvm.sh refuses (the arch has no KASAN or KCSAN in
# Linux 6.1, or the compiler cannot build it) is REFUSED in the summary,
# with kvm.sh's reason, and the other passes go on.
#
# Exit status: 0 when every scenario of every pass that ran succeeded (or
# was built, for rcutasksflavors) or was N/A (cannot apply to the arch or
# the tree), 1 otherwise, 2 for bad options.
set -eu

KVM_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$KVM_DIR/../configs/env.sh"
# The kvm.sh to run (the tests put a stand-in here).
KVM="${TORTURE_KVM:-$KVM_DIR/kvm.sh}"
# srcu_lockdep.sh's functions: which tree kvm.sh would torture, whether
# it has test_srcu_lockdep, csv_column.
# shellcheck source=srcu_lockdep.sh
source "$KVM_DIR/srcu_lockdep.sh"
# which verdicts are failures (configs/verdicts.tsv)
# shellcheck source=verdict.sh
source "$KVM_DIR/verdict.sh"

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

# The Tasks RCU flavors --do-rcutasksflavors builds one at a time.
FLAVORS=(TASKS_RCU TASKS_RUDE_RCU TASKS_TRACE_RCU)
# --guest-cpu-limit: each scale type's parameter for its number of test
# threads, and the tree's file that must define it.
declare -A THREAD_PARAM=([scf]=scftorture.nthreads [refscale]=refscale.nreaders
			 [rcuscale]=rcuscale.nwriters)
declare -A THREAD_FILE=([scf]=kernel/scftorture.c [refscale]=kernel/rcu/refscale.c
			[rcuscale]=kernel/rcu/rcuscale.c)

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
# The kernel's defaults: KASAN yes, KCSAN no; in 6.12 also rcutasksflavors
# and srcu-lockdep yes. *_asked: named on the command line, so refused
# rather than N/A on a tree that cannot run it.
do_kasan=1 do_kcsan="" kcsan_kmake_args=""
do_flavors=1 flavors_asked="" do_lockdep=1 lockdep_asked="" guest_cpus=""
duration=10 results="" kvm_args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--do-all | --doall)
		for t in "${TYPES[@]}"; do do_type[$t]=1; done
		do_kasan=1 do_kcsan=1 do_flavors=1 do_lockdep=1 ;;
	--do-none | --donone)
		for t in "${TYPES[@]}"; do do_type[$t]=""; done
		do_kasan="" do_kcsan="" do_flavors="" flavors_asked="" do_lockdep="" lockdep_asked="" ;;
	--do-kasan) do_kasan=1 ;;
	--do-no-kasan | --no-kasan) do_kasan="" ;;
	--do-kcsan) do_kcsan=1 ;;
	--do-no-kcsan | --no-kcsan) do_kcsan="" ;;
	--do-rcutasksflavors) do_flavors=1 flavors_asked=1 ;;
	--do-no-rcutasksflavors | --no-rcutasksflavors) do_flavors="" flavors_asked="" ;;
	--do-srcu-lockdep) do_lockdep=1 lockdep_asked=1 ;;
	--do-no-srcu-lockdep | --no-srcu-lockdep) do_lockdep="" lockdep_asked="" ;;
	--kcsan-kmake-arg | --kcsan-kmake-args)
		kcsan_kmake_args="${kcsan_kmake_args:+$kcsan_kmake_args }${2?$1 needs a value}"
		shift
		;;
	--guest-cpu-limit | --guest-cpu-lim)
		guest_cpus="${2?$1 needs a value}"
		[[ $guest_cpus =~ ^[1-9][0-9]*$ ]] || bad_usage "bad $1 '$guest_cpus' (want a number of CPUs, at least 1)"
		shift
		;;
	--do-no-* | --no-*)
		t=${1#--do-no-}
		t=$(type_of "${t#--no-}") || bad_usage "unknown option '$1'"
		do_type[$t]=""
		;;
	--do-*) t=$(type_of "${1#--do-}") || bad_usage "unknown option '$1'"; do_type[$t]=1 ;;
	--configs-* | --config-*)
		t=${1#--configs-}
		t=$(type_of "${t#--config-}") || bad_usage "unknown option '$1'"
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
[ "${#chosen[@]}" -gt 0 ] || [ -n "$do_flavors$do_lockdep" ] ||
	bad_usage "no torture type chosen (--do-none without a --do-NAME)"

# flavors_refusal TREE: why TREE cannot build each Tasks RCU flavor alone,
# for an exit 2 or an N/A; nothing, and failure, when it can.
flavors_refusal() {
	local f scen="$1/tools/testing/selftests/rcutorture/configs/rcu"
	for f in "${FLAVORS[@]}"; do
		grep -q -x "config FORCE_$f" "$1/kernel/rcu/Kconfig" 2> /dev/null || {
			echo "$1/kernel/rcu/Kconfig has no FORCE_$f switch to build $f alone (6.1 and 6.12 have them)"
			return 0
		}
	done
	for f in TINY01 TREE04; do
		[ -r "$scen/$f" ] || { echo "the tree has no rcu scenario $f ($scen/$f)"; return 0; }
	done
	return 1
}

# flavor_kconfig TREE FLAVOR: the --kconfig items that build FLAVOR alone:
# forced on and checked on, the other flavors checked off, and off every
# other option the tree's Kconfig files have select a flavor (probes,
# tracers, BPF: found in the tree, as they differ between versions). The
# rcuscale and refscale tests are built in as well, for their use of the
# flavors' interfaces (rcutorture is on in every rcu scenario).
flavor_kconfig() {
	local tree="$1" want="$2" f files sel
	printf '%s\n' CONFIG_RCU_EXPERT=y "CONFIG_FORCE_$want=y" "#CHECK#CONFIG_$want=y" \
		CONFIG_RCU_SCALE_TEST=y CONFIG_RCU_REF_SCALE_TEST=y
	for f in "${FLAVORS[@]}"; do
		[ "$f" = "$want" ] || echo "#CHECK#CONFIG_$f=n"
	done
	# the whole tree: 0.6 s on 6.12 warm, 2 s with the machine busy
	mapfile -t files < <(cd "$tree" && grep -r -l -E --include='Kconfig*' \
		'^[[:space:]]+select (NEED_)?TASKS_(RUDE_|TRACE_)?RCU([[:space:]]|$)' . 2> /dev/null)
	[ "${#files[@]}" -gt 0 ] || return 0
	while read -r sel; do
		[[ $sel == FORCE_TASKS_* ]] || echo "CONFIG_$sel=n"
	done < <(cd "$tree" && awk '
		/^(menu)?config / { sym = $2 }
		/^[ \t]+select (NEED_)?TASKS_(RUDE_|TRACE_)?RCU([ \t]|$)/ { print sym }' "${files[@]}" | sort -u)
}

# The tree decides what of 6.12's additions can run: the one kvm.sh will
# torture, named by --kernel or --kernel-src after "--" (or the newest
# installed). A feature named on the command line that the tree cannot
# run is refused before anything runs; one that is only on by default is
# N/A, with the reason, in the summary.
declare -A na_reason=()
tree=""
if [ -n "$do_flavors$do_lockdep$guest_cpus" ]; then
	tree=$(kvm_args_tree "${kvm_args[@]}") || bad_usage "$tree"
fi
if [ -n "$do_flavors" ] && why=$(flavors_refusal "$tree"); then
	[ -z "$flavors_asked" ] ||
		bad_usage "--do-rcutasksflavors: $why; torture a tree that has them (-- --kernel 6.12) or leave it out (--do-no-rcutasksflavors)"
	na_reason[rcutasksflavors]=$why
fi
if [ -n "$do_lockdep" ] && why=$(srcu_lockdep_refusal "$tree"); then
	[ -z "$lockdep_asked" ] ||
		bad_usage "--do-srcu-lockdep: $why; torture a tree that has it (-- --kernel 6.12) or leave it out (--do-no-srcu-lockdep)"
	na_reason[srcu-lockdep]=$why
fi
if [ -n "$guest_cpus" ]; then
	limited=""
	for t in "${chosen[@]}"; do
		[ -n "${THREAD_PARAM[$t]:-}" ] || continue
		limited=1
		grep -q -E "^torture_param\([a-z ]+, *${THREAD_PARAM[$t]#*.}," "$tree/${THREAD_FILE[$t]}" 2> /dev/null ||
			bad_usage "--guest-cpu-limit: $tree/${THREAD_FILE[$t]} has no ${THREAD_PARAM[$t]#*.} parameter to give ${KERNEL_NAME[$t]} $guest_cpus threads; leave the option out, or --do-no-${KERNEL_NAME[$t]}"
	done
	[ -n "$limited" ] || echo "torture.sh: --guest-cpu-limit: no scale type (scftorture, refscale, rcuscale) runs; it limits nothing"
fi

[ -n "$results" ] || results="$PROJECT_TOP/results/torture-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$results" || die "cannot create results folder '$results'"
results=$(cd "$results" && pwd)

# The passes of one type, as the kernel's torture_set runs them: plain,
# then KASAN, then KCSAN, each a folder name suffix and kvm.sh options.
passes=("")
[ -z "$do_kasan" ] || passes+=(kasan)
[ -z "$do_kcsan" ] || passes+=(kcsan)

# pass_args TYPE PASS: the kvm.sh options a pass adds, one a line: its
# sanitizer's, and --guest-cpu-limit's for a scale type. The limit is a
# boot parameter, not the kernel's CONFIG_NR_CPUS, so no kernel is built
# again for it; kvm.sh sizes QEMU's -smp by nr_cpus= too.
pass_args() {
	case "$2" in
	kasan) echo --kasan ;;
	kcsan)
		echo --kcsan
		[ -z "$kcsan_kmake_args" ] || printf '%s\n' --kmake-arg "$kcsan_kmake_args"
		;;
	esac
	if [ -n "$guest_cpus" ] && [ -n "${THREAD_PARAM[$1]:-}" ]; then
		printf '%s\n' --bootargs "nr_cpus=$guest_cpus ${THREAD_PARAM[$1]}=$guest_cpus"
	fi
}

# refusal_of OUTPUT_FILE: why kvm.sh refused, from its output (its last
# "kvm.sh: " line other than the pointer to --help).
refusal_of() {
	sed -n 's/^kvm\.sh: //p' "$1" | grep -v -x 'see kvm.sh --help' | tail -n 1
}

kvm_out=$(mktemp)
trap 'rm -f "$kvm_out"' EXIT
: > "$results/refused"
: > "$results/na"
start=$SECONDS
status=0
names=()

# run_pass NAME WHAT CMD...: one pass, CMD (a kvm.sh or srcu_lockdep.sh)
# into $results/NAME, its output shown with [NAME] before each line; sets
# rc. WHAT says what it is in the progress line.
run_pass() {
	local name="$1" what="$2"
	shift 2
	names+=("$name")
	printf '[%4ds] torture.sh: %s (%s)\n' "$((SECONDS - start))" "$what" "$results/$name"
	set +e
	"$@" 2>&1 | tee "$kvm_out" | sed "s/^/[$name] /"
	rc=${PIPESTATUS[0]}
	set -e
}

# pass_end NAME: what the exit status of the pass just run means: 2,
# options refused (fatal), 128 and more, interrupted or killed (the
# passes after it are not wanted either), else a failure or not.
pass_end() {
	[ "$rc" -ne 2 ] || die "the options for $1 were refused (see above)"
	[ "$rc" -lt 128 ] || { echo "torture.sh: stopped during $1 (exit $rc)" >&2; exit "$rc"; }
	[ "$rc" -eq 0 ] || status=1
}

# na_pass NAME: a test the tree cannot run, in the summary as N/A.
na_pass() {
	names+=("$1")
	echo "$1: ${na_reason[$1]}" >> "$results/na"
	printf '[%4ds] torture.sh: %s: N/A, %s\n' "$((SECONDS - start))" "$1" "${na_reason[$1]}"
}

# Each Tasks RCU flavor alone, built only, before the rest (as the
# kernel's torture.sh): a build failure shows before hours of boots.
if [ -n "$do_flavors" ] && [ -n "${na_reason[rcutasksflavors]:-}" ]; then
	na_pass rcutasksflavors
elif [ -n "$do_flavors" ]; then
	for f in "${FLAVORS[@]}"; do
		mapfile -t items < <(flavor_kconfig "$tree" "$f")
		run_pass "rcutasksflavors-$f" "$f alone, built only" \
			"$KVM" --torture rcu "${kvm_args[@]}" --buildonly --configs "TINY01 TREE04" \
			--kconfig "${items[*]}" --results "$results/rcutasksflavors-$f"
		pass_end "rcutasksflavors-$f"
	done
fi

# The types, each with its sanitizer passes; srcu-lockdep after scf, where
# the kernel's torture.sh runs it.
for t in rcu lock scf srcu-lockdep refscale rcuscale nolibc; do
	if [ "$t" = srcu-lockdep ]; then
		[ -n "$do_lockdep" ] || continue
		if [ -n "${na_reason[srcu-lockdep]:-}" ]; then
			na_pass srcu-lockdep
			continue
		fi
		run_pass srcu-lockdep "srcu_lockdep.sh" \
			"$KVM_DIR/srcu_lockdep.sh" --results "$results/srcu-lockdep" -- "${kvm_args[@]}"
		pass_end srcu-lockdep
		continue
	fi
	[ -n "${do_type[$t]}" ] || continue
	for pass in "${passes[@]}"; do
		name="$t${pass:+-$pass}"
		args=(--torture "$t" --duration "$duration" --results "$results/$name")
		[ -z "${configs[$t]:-}" ] || args+=(--configs "${configs[$t]}")
		mapfile -t extra < <(pass_args "$t" "$pass")
		run_pass "$name" "${KERNEL_NAME[$t]}${pass:+ with ${pass^^}}" "$KVM" "${args[@]}" "${kvm_args[@]}" "${extra[@]}"
		if [ "$rc" -eq 2 ] && [ -n "$pass" ]; then
			# the options were good for the plain pass: the sanitizer is refused
			echo "$name: $(refusal_of "$kvm_out")" >> "$results/refused"
			continue
		fi
		pass_end "$name"
	done
done

# One table for all: pass (type, with -kasan or -kcsan; or the test),
# scenario, verdict, from each pass's summary.csv.
{
	echo "type,scenario,verdict"
	for name in "${names[@]}"; do
		csv="$results/$name/summary.csv"
		if grep -q "^$name: " "$results/refused"; then
			echo "$name,-,REFUSED"
		elif grep -q "^$name: " "$results/na"; then
			echo "$name,-,N/A"
		elif [ ! -r "$csv" ]; then
			echo "$name,-,NO-SUMMARY"
		else
			paste -d, <(csv_column "$csv" scenario) <(csv_column "$csv" verdict) | sed "s/^/$name,/"
		fi
	done
} > "$results/torture-summary.csv"

echo
printf '%-26s %-14s %s\n' type scenario verdict
tail -n +2 "$results/torture-summary.csv" | while IFS=, read -r t s v; do
	printf '%-26s %-14s %s\n' "$t" "$s" "$v"
done
if [ -s "$results/refused" ]; then
	echo
	echo "refused by kvm.sh:"
	sed 's/^/  /' "$results/refused"
fi
if [ -s "$results/na" ]; then
	echo
	echo "not for this tree:"
	sed 's/^/  /' "$results/na"
fi
# Counted as verdict_kind counts: N/A (the scenario cannot apply to the
# arch, or the test to the tree) apart, the failures, and the rest
# (SUCCESS; BUILT, a build-only pass's). A REFUSED pass is not counted.
declare -A kinds=([ok]=0 [failed]=0 [na]=0)
total=0
while IFS=, read -r _ _ v; do
	[ "$v" != REFUSED ] || continue
	total=$((total + 1))
	k=$(verdict_kind "$v")
	kinds[$k]=$((kinds[$k] + 1))
done < <(tail -n +2 "$results/torture-summary.csv")
ok=${kinds[ok]} na=${kinds[na]}
refused=$(grep -c . "$results/refused" || true)
na_note="" note=""
[ "$na" -eq 0 ] || na_note=", $na N/A"
[ "$refused" -eq 0 ] || note="; $refused sanitizer passes refused"
echo
echo "$ok of $total scenarios succeeded$na_note in $((SECONDS - start))s$note; results: $results"
[ $((ok + na)) -eq "$total" ] || status=1
exit "$status"

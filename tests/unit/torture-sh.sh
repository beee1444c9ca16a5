#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# torture.sh: the kernel's option names choose the torture types, each
# type runs kvm.sh once into its own folder, then again with KASAN (by
# default) and KCSAN (when asked), and one summary covers all. A stand-in
# kvm.sh records its arguments and writes a summary.csv whose verdicts the
# test chooses (lock fails), or refuses --kasan as kvm.sh does on an arch
# without it; then the real kvm.sh with the stub make and QEMU of
# tests/kvm-lib.sh shows the sanitizer options reach the kernel config.
# Then what 6.12's torture.sh adds (--do-rcutasksflavors,
# --do-srcu-lockdep, --guest-cpu-limit, the --no-NAME spellings) and
# srcu_lockdep.sh, on two fake trees: tests/kvm-lib.sh's, which has none
# of what they need (as 6.1 lacks test_srcu_lockdep), and the same with
# tests/fixtures/tree-612 laid over it, which has all of it.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
torture="$TOP/kvm-scripts/torture.sh"
lockdep="$TOP/kvm-scripts/srcu_lockdep.sh"

# The two trees (ksrc: the fake tree, with the stub make and QEMU on PATH
# for the real kvm.sh below), and no tarball to fall back on: a run that
# names no tree must say so, not take this machine's.
source "$TOP/tests/kvm-lib.sh"
kvm_stubs
plain="$ksrc" t612="$tmp/ksrc612"
cp -a "$ksrc" "$t612"
cp -r "$TOP/tests/fixtures/tree-612/." "$t612/"
mkdir -p "$tmp/no-tarballs"
export KERNEL_TARBALL_DIR="$tmp/no-tarballs" NOLIBC_TORTURE_CACHE="$tmp/cache"

cat > "$tmp/kvm.sh" <<'STUB'
#!/bin/bash
# stand-in kvm.sh: records its arguments, writes a summary.csv
set -eu
args="$*" type="" results="" configs="" bootargs="" buildonly=""
while [ $# -gt 0 ]; do
	case "$1" in
	--torture) type="$2"; shift ;;
	--results) results="$2"; shift ;;
	--configs) configs="$2"; shift ;;
	--bootargs) bootargs="$bootargs $2"; shift ;;
	--buildonly) buildonly=1 ;;
	esac
	shift
done
echo "$args" >> "$STUB_LOG"
echo "stand-in kvm.sh $args"
[ "$type" != "${STUB_INTERRUPT_TYPE:-}" ] || exit 130
case " $args " in
*" --kasan "*)
	if [ -n "${STUB_NO_KASAN:-}" ]; then
		echo "kvm.sh: --kasan: Linux 6.1 has no KASAN for i386 (stand-in)" >&2
		echo "kvm.sh: see kvm.sh --help" >&2
		exit 2
	fi ;;
esac
[ -n "$configs" ] || configs="${type^^}01 ${type^^}02"
mkdir -p "$results"
verdict=SUCCESS splats=none
[ "$type" != lock ] || verdict=FAILURE
[ -z "$buildonly" ] || verdict=BUILT
# srcu_lockdep.sh's boots: the console of rcutorture's init for
# test_srcu_lockdep=N, and for a deadlock (N of 1000 and more) lockdep's
# report; STUB_LOCKDEP=blind: never a report, false: always one, hang: a
# deadlock hangs unreported, nothing: the kernel runs no case.
case "$bootargs" in
*rcutorture.test_srcu_lockdep=*)
	n=${bootargs##*rcutorture.test_srcu_lockdep=}
	n=${n%% *}
	mkdir -p "$results/SRCU-P"
	log="$results/SRCU-P/console.log"
	if [ "${STUB_LOCKDEP:-}" = nothing ]; then
		printf '[    1.0] x: test_srcu_lockdep = %05d does nothing.\n' "$n" > "$log"
	else
		printf '[    1.0] x: test_srcu_lockdep = %05d: stand-in\n' "$n" > "$log"
	fi
	report=""
	case "${STUB_LOCKDEP:-}" in
	false) report=1 ;;
	blind | nothing) ;;
	hang) [ "$n" -lt 1000 ] || verdict=HANG ;;
	*) [ "$n" -lt 1000 ] || report=1 ;;
	esac
	if [ -n "$report" ]; then
		echo "[    1.1] WARNING: possible circular locking dependency detected" >> "$log"
		splats=warning=1
	fi ;;
esac
{
	echo "scenario,verdict,build_seconds,boot_seconds,splats"
	# TINY01 on an always-SMP arch is N/A, as kvm.sh says
	for s in $configs; do
		if [ "$s" = TINY01 ] && [[ $args == *"--arch s390x"* ]]; then
			echo "$s,N/A,-,-,-"
		else
			echo "$s,$verdict,1,2,$splats"
		fi
	done
} > "$results/summary.csv"
[ "$verdict" != BUILT ] || exit 0
[ "$verdict" = SUCCESS ]
STUB
chmod +x "$tmp/kvm.sh"
export TORTURE_KVM="$tmp/kvm.sh" STUB_LOG="$tmp/calls"

# 1. Only two types, chosen the kernel's way; options after -- reach kvm.sh.
: > "$tmp/calls"
out=$("$torture" --do-none --do-rcutorture --do-scftorture --configs-rcutorture "TREE01 TINY01" \
	--duration 5s --results "$tmp/r1" -- --arch s390x 2>&1) && rc=0 || rc=$?
t_eq "two good types: exit 0" 0 "$rc"
t_eq "kvm.sh ran once per chosen type, in order" \
	"--torture rcu --duration 5s --results $tmp/r1/rcu --configs TREE01 TINY01 --arch s390x|--torture scf --duration 5s --results $tmp/r1/scf --arch s390x" \
	"$(paste -s -d '|' "$tmp/calls")"
t_eq "one summary of all scenarios" \
	"type,scenario,verdict|rcu,TREE01,SUCCESS|rcu,TINY01,N/A|scf,SCF01,SUCCESS|scf,SCF02,SUCCESS" \
	"$(paste -s -d '|' "$tmp/r1/torture-summary.csv")"
if grep -q '^3 of 4 scenarios succeeded, 1 N/A in' <<< "$out"; then
	t_ok "the last line counts the successes and the N/A, which is no failure"
else
	t_fail "the last line counts the successes" "$(tail -n 1 <<< "$out")"
fi

# passes: the results folder of each kvm.sh call, in order.
passes() {
	sed 's/.*--results [^ ]*\/\([^ /]*\).*/\1/' "$tmp/calls" | paste -s -d ' '
}

# 2. Every type by default, each again with KASAN (the kernel's default);
# one failing type makes the whole run fail. rcutasksflavors and
# srcu-lockdep, on by default too, are N/A on a tree without what they need.
: > "$tmp/calls"
"$torture" --results "$tmp/r2" -- --kernel-src "$plain" > "$tmp/r2.out" 2>&1 && rc=0 || rc=$?
t_eq "a failing type: exit 1" 1 "$rc"
t_eq "every type by default, each then with KASAN" \
	"rcu rcu-kasan lock lock-kasan scf scf-kasan refscale refscale-kasan rcuscale rcuscale-kasan nolibc nolibc-kasan" \
	"$(passes)"
t_eq "a KASAN pass is kvm.sh --kasan" "--torture rcu --duration 10 --results $tmp/r2/rcu-kasan --kernel-src $plain --kasan" \
	"$(sed -n 2p "$tmp/calls")"
t_eq "on by default, N/A on a tree without them: rcutasksflavors and srcu-lockdep" \
	"rcutasksflavors,-,N/A|srcu-lockdep,-,N/A" "$(grep ',N/A$' "$tmp/r2/torture-summary.csv" | paste -s -d '|')"
if grep -q "^  rcutasksflavors: $plain/kernel/rcu/Kconfig has no FORCE_TASKS_RCU switch" "$tmp/r2.out" &&
   grep -q "^  srcu-lockdep: $plain/kernel/rcu/rcutorture.c has no test_srcu_lockdep parameter" "$tmp/r2.out"; then
	t_ok "on by default, N/A: the reasons are shown"
else
	t_fail "on by default, N/A: the reasons are shown" "$(grep -A3 'not for this tree' "$tmp/r2.out")"
fi
t_eq "the failing scenarios are in the summary" "lock,LOCK01,FAILURE|lock,LOCK02,FAILURE" \
	"$(grep '^lock,' "$tmp/r2/torture-summary.csv" | paste -s -d '|')"

# 3. --do-no-NAME leaves one out.
: > "$tmp/calls"
"$torture" --do-no-locktorture --results "$tmp/r3" -- --kernel-src "$plain" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "without the failing type: exit 0" 0 "$rc"
if grep -q -- '--torture lock' "$tmp/calls"; then
	t_fail "--do-no-locktorture" "lock ran"
else
	t_ok "--do-no-locktorture"
fi

# 4. An interrupted kvm.sh (Ctrl-C: exit 130) stops torture.sh there.
: > "$tmp/calls"
STUB_INTERRUPT_TYPE=lock "$torture" --results "$tmp/r4" -- --kernel-src "$plain" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "interrupted: exit 130" 130 "$rc"
t_eq "interrupted: no pass after it ran" "rcu rcu-kasan lock" "$(passes)"

# 5. The sanitizer options, as the kernel's torture.sh spells them.
: > "$tmp/calls"
"$torture" --do-none --do-scftorture --do-kcsan --kcsan-kmake-arg "KCFLAGS=-O1" \
	--results "$tmp/r5" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "--do-none --do-kcsan: plain and KCSAN, no KASAN" "scf scf-kcsan" "$(passes)"
t_eq "--kcsan-kmake-arg reaches the KCSAN pass only" \
	"--torture scf --duration 10 --results $tmp/r5/scf|--torture scf --duration 10 --results $tmp/r5/scf-kcsan --kcsan --kmake-arg KCFLAGS=-O1" \
	"$(paste -s -d '|' "$tmp/calls")"
: > "$tmp/calls"
"$torture" --do-all --do-no-kasan --do-none --do-refscale --do-kasan --do-no-kasan \
	--results "$tmp/r5b" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "later options win (--do-no-kasan last)" "refscale" "$(passes)"
: > "$tmp/calls"
"$torture" --do-all --do-no-locktorture --do-no-scftorture --do-no-refscale --do-no-rcuscale --do-no-nolibc \
	--results "$tmp/r5c" -- --kernel-src "$plain" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "--do-all: KASAN and KCSAN too" "rcu rcu-kasan rcu-kcsan" "$(passes)"
t_eq "--do-all on a tree without rcutasksflavors and srcu-lockdep: N/A, not refused" \
	"0 rcutasksflavors,-,N/A|srcu-lockdep,-,N/A" "$rc $(grep ',N/A$' "$tmp/r5c/torture-summary.csv" | paste -s -d '|')"

# 6. kvm.sh refusing KASAN (an arch without it): REFUSED with its reason,
# the other passes go on, and the run does not fail for it.
: > "$tmp/calls"
out=$(STUB_NO_KASAN=1 "$torture" --do-none --do-rcutorture --do-scftorture --do-kasan \
	--results "$tmp/r6" -- --arch i386 2>&1) && rc=0 || rc=$?
t_eq "refused KASAN: exit 0" 0 "$rc"
t_eq "refused KASAN: the other passes ran" "rcu rcu-kasan scf scf-kasan" "$(passes)"
t_eq "refused KASAN: in the summary" "type,scenario,verdict|rcu,RCU01,SUCCESS|rcu,RCU02,SUCCESS|rcu-kasan,-,REFUSED|scf,SCF01,SUCCESS|scf,SCF02,SUCCESS|scf-kasan,-,REFUSED" \
	"$(paste -s -d '|' "$tmp/r6/torture-summary.csv")"
if grep -q -x '  rcu-kasan: --kasan: Linux 6.1 has no KASAN for i386 (stand-in)' <<< "$out" &&
   grep -q '^4 of 4 scenarios succeeded in [0-9]*s; 2 sanitizer passes refused;' <<< "$out"; then
	t_ok "refused KASAN: the reason and the count are shown"
else
	t_fail "refused KASAN: the reason and the count are shown" "$(tail -n 6 <<< "$out")"
fi

# 7. Bad options exit 2 naming the option.
t_fails "unknown type" "unknown option '--do-foo'" "$torture" --do-foo
t_fails "nothing chosen" "no torture type chosen" "$torture" --do-none
t_fails "configs for the selftest" "--configs-nolibc" "$torture" --configs-nolibc X
"$torture" --do-foo > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "bad option: exit 2" 2 "$rc"

# 8. The real kvm.sh (stub make and QEMU): each pass builds its own
# kernel, the KASAN one with CONFIG_KASAN and 2G, the KCSAN one with
# CONFIG_KCSAN, and all three boot.
source "$TOP/tests/kvm-lib.sh"
kvm_stubs
unset TORTURE_KVM
export NOLIBC_TORTURE_CACHE="$tmp/cache" STUB_CONSOLE="$TOP/tests/fixtures/console/rcu-success.log"
out=$("$torture" --do-none --do-rcutorture --do-kasan --do-kcsan --configs-rcutorture TINY01 \
	--duration 10s --results "$tmp/r8" -- --arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub \
	--accel tcg --cpus 1 2>&1) && rc=0 || rc=$?
t_eq "real kvm.sh: exit 0" 0 "$rc"
t_eq "real kvm.sh: three passes, one summary" \
	"type,scenario,verdict|rcu,TINY01,SUCCESS|rcu-kasan,TINY01,SUCCESS|rcu-kcsan,TINY01,SUCCESS" \
	"$(paste -s -d '|' "$tmp/r8/torture-summary.csv" 2> /dev/null)"
t_eq "real kvm.sh: a kernel per pass" 3 "$(grep -c -x bzImage "$STUB_LOG")"
sanitizers() { grep -o -x -E 'CONFIG_K[AC]SAN=y' "$tmp/r8/$1/kconfig-extra" 2> /dev/null | paste -s -d ' '; }
t_eq "real kvm.sh: the sanitizer of each pass" "|CONFIG_KASAN=y|CONFIG_KCSAN=y" \
	"$(sanitizers rcu)|$(sanitizers rcu-kasan)|$(sanitizers rcu-kcsan)"
if grep -A1 -x -- -m "$tmp/r8/rcu-kasan/TINY01/qemu-cmd.args" 2> /dev/null | grep -q -x 2G; then
	t_ok "real kvm.sh: KASAN boots with 2G"
else
	t_fail "real kvm.sh: KASAN boots with 2G" "$(tail -n 5 <<< "$out")"
fi

# --- what the kernel's 6.12 torture.sh adds, with the stand-in kvm.sh ------------

export TORTURE_KVM="$tmp/kvm.sh" STUB_LOG="$tmp/calls"

# 9. No tree named and no tarball: the tree cannot be known, so nothing
# runs and the message says what to install or give.
t_fails "no tree to read: refused, naming the fix" \
	"no linux-source-X.Y tarball in $tmp/no-tarballs: install it .*or give --kernel-src DIR" "$torture" --results "$tmp/r9"
t_run "no tree to read: nothing created" test ! -e "$tmp/r9"

# 10. Asked for by name on a tree without what they need: refused (exit
# 2) before anything runs, each naming what the tree lacks and the way out.
: > "$tmp/calls"
t_fails "--do-rcutasksflavors on a tree without FORCE_TASKS_*: refused" \
	"--do-rcutasksflavors: $plain/kernel/rcu/Kconfig has no FORCE_TASKS_RCU switch .*--kernel 6.12.*--do-no-rcutasksflavors" \
	"$torture" --do-none --do-rcutasksflavors --results "$tmp/r10" -- --kernel-src "$plain"
t_fails "--do-srcu-lockdep on a tree without test_srcu_lockdep: refused" \
	"--do-srcu-lockdep: $plain/kernel/rcu/rcutorture.c has no test_srcu_lockdep parameter .*--do-no-srcu-lockdep" \
	"$torture" --do-rcutorture --do-srcu-lockdep --results "$tmp/r10" -- --kernel-src "$plain"
"$torture" --do-srcu-lockdep --results "$tmp/r10" -- --kernel-src "$plain" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "refused: exit 2, nothing run or created" "2 0 no" \
	"$rc $(grep -c . "$tmp/calls") $([ -e "$tmp/r10" ] && echo yes || echo no)"
t_fails "--guest-cpu-limit on a tree without nthreads: refused" \
	"--guest-cpu-limit: $plain/kernel/scftorture.c has no nthreads parameter" \
	"$torture" --do-none --do-scftorture --guest-cpu-limit 2 -- --kernel-src "$plain"

# 11. --do-rcutasksflavors on a tree with them: three build-only kvm.sh
# runs of TINY01 and TREE04, before the types, one per flavor: forced on
# and checked on, the other two checked off, and off what the tree's
# Kconfig files have select a flavor (the fixture's STANDIN_PROBES and
# STANDIN_TRACER); the FORCE_ switches themselves are no such selectors.
: > "$tmp/calls"
out=$("$torture" --do-none --do-rcutasksflavors --do-rcutorture --results "$tmp/r11" -- --kernel-src "$t612" 2>&1) &&
	rc=0 || rc=$?
t_eq "rcutasksflavors: exit 0" 0 "$rc"
t_eq "rcutasksflavors: a pass per flavor, first" \
	"rcutasksflavors-TASKS_RCU rcutasksflavors-TASKS_RUDE_RCU rcutasksflavors-TASKS_TRACE_RCU rcu" "$(passes)"
rude=$(sed -n 2p "$tmp/calls")
missing=""
for w in --buildonly "--configs TINY01 TREE04" CONFIG_RCU_EXPERT=y CONFIG_FORCE_TASKS_RUDE_RCU=y \
	"#CHECK#CONFIG_TASKS_RUDE_RCU=y" "#CHECK#CONFIG_TASKS_RCU=n" "#CHECK#CONFIG_TASKS_TRACE_RCU=n" \
	CONFIG_STANDIN_PROBES=n CONFIG_STANDIN_TRACER=n; do
	[[ " $rude " == *" $w "* ]] || missing="$missing '$w'"
done
t_eq "rcutasksflavors: TASKS_RUDE_RCU alone (what kvm.sh is given)" "" "$missing"
if [[ $rude == *CONFIG_FORCE_TASKS_RCU* || $rude == *CONFIG_FORCE_TASKS_TRACE_RCU* ]]; then
	t_fail "rcutasksflavors: the other FORCE_ switches left alone" "$rude"
else
	t_ok "rcutasksflavors: the other FORCE_ switches left alone"
fi
t_eq "rcutasksflavors: built counts as succeeded" \
	"rcutasksflavors-TASKS_RCU,TINY01,BUILT|rcutasksflavors-TASKS_RCU,TREE04,BUILT" \
	"$(grep '^rcutasksflavors-TASKS_RCU,' "$tmp/r11/torture-summary.csv" | paste -s -d '|')"
if grep -q '^8 of 8 scenarios succeeded in' <<< "$out"; then
	t_ok "rcutasksflavors: counted"
else
	t_fail "rcutasksflavors: counted" "$(tail -n 1 <<< "$out")"
fi

# 12. --do-srcu-lockdep on a tree with test_srcu_lockdep: srcu_lockdep.sh
# after scf and before refscale, its cases in the summary.
: > "$tmp/calls"
"$torture" --do-none --do-scftorture --do-refscale --do-srcu-lockdep --do-no-kasan \
	--results "$tmp/r12" -- --kernel-src "$t612" > "$tmp/r12.out" 2>&1 && rc=0 || rc=$?
t_eq "srcu-lockdep: exit 0" 0 "$rc"
t_eq "srcu-lockdep: between scf and refscale" "scf $(printf 'SRCU-P%.0s ' {1..18})refscale" \
	"$(sed -e 's/.*--configs SRCU-P.*/SRCU-P/' -e 's/.*--torture \([a-z]*\) .*/\1/' "$tmp/calls" | paste -s -d ' ')"
t_eq "srcu-lockdep: its cases in the summary" "srcu-lockdep,SRCU-P/0001,SUCCESS|srcu-lockdep,SRCU-P/1023,SUCCESS" \
	"$(grep '^srcu-lockdep,' "$tmp/r12/torture-summary.csv" | sed -n '1p;$p' | paste -s -d '|')"

# 13. --guest-cpu-limit: the scale types get nr_cpus= and their thread
# count, the others nothing; a bad value is refused.
: > "$tmp/calls"
"$torture" --do-none --do-rcutorture --do-scftorture --do-refscale --do-rcuscale --do-no-kasan --guest-cpu-limit 3 \
	--results "$tmp/r13" -- --kernel-src "$t612" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "--guest-cpu-limit: what each type is given" \
	"rcu:|scf:nr_cpus=3 scftorture.nthreads=3|refscale:nr_cpus=3 refscale.nreaders=3|rcuscale:nr_cpus=3 rcuscale.nwriters=3" \
	"$(while read -r line; do
		t=${line#*--torture }
		b=""
		[[ $line != *--bootargs* ]] || b=${line#*--bootargs }
		echo "${t%% *}:$b"
	done < "$tmp/calls" | paste -s -d '|')"
t_fails "--guest-cpu-limit 0" "bad --guest-cpu-limit '0'" "$torture" --guest-cpu-limit 0
t_fails "--guest-cpu-lim not a number" "bad --guest-cpu-lim 'x'" "$torture" --guest-cpu-lim x
out=$("$torture" --do-none --do-rcutorture --guest-cpu-limit 3 --results "$tmp/r13b" -- --kernel-src "$t612" 2>&1) || true
if grep -q 'no scale type .* runs; it limits nothing' <<< "$out"; then
	t_ok "--guest-cpu-limit without a scale type: said"
else
	t_fail "--guest-cpu-limit without a scale type: said" "$(head -n 3 <<< "$out")"
fi

# 14. The spellings 6.12 adds (--no-NAME) and the kernel's --doall,
# --donone, --config-NAME.
: > "$tmp/calls"
"$torture" --doall --no-locktorture --no-scftorture --no-refscale --no-rcuscale --no-nolibc --no-kasan --no-kcsan \
	--no-rcutasksflavors --no-srcu-lockdep --config-rcutorture TREE02 --results "$tmp/r14" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "--no-NAME, --doall, --config-NAME" "0 rcu --configs TREE02" "$rc $(passes) $(grep -o -- '--configs [A-Z0-9]*' "$tmp/calls")"
t_fails "--donone" "no torture type chosen" "$torture" --donone

# --- srcu_lockdep.sh, with the stand-in kvm.sh ---------------------------------

# lockdep_run NAME [VAR=VALUE...] CMD ARGS...: CMD with the VARs set; sets
# rc and out, and logs both.
lockdep_run() {
	local name="$1"
	shift
	: > "$tmp/calls"
	rc=0
	out=$(env "$@" 2>&1) || rc=$?
	printf '%s\n' "--- $name (exit $rc)" "$out"
}

# 15. Every case as it should be: the 18 of the kernel's script, in its
# order, each its own kvm.sh of SRCU-P, the parameter in decimal (0011
# read with base 0 would be octal 9).
lockdep_run good "$lockdep" --results "$tmp/l1" -- --kernel-src "$t612"
t_eq "srcu_lockdep.sh: exit 0" 0 "$rc"
t_eq "srcu_lockdep.sh: the parameters, in order" \
	"1 2 3 11 12 13 21 22 23 1001 1002 1003 1011 1012 1013 1021 1022 1023" \
	"$(sed 's/.*rcutorture.test_srcu_lockdep=\([0-9]*\).*/\1/' "$tmp/calls" | paste -s -d ' ')"
t_eq "srcu_lockdep.sh: each a 5 s boot of SRCU-P" 18 "$(grep -c -- '--duration 5s .*--torture rcu --configs SRCU-P' "$tmp/calls")"
t_eq "srcu_lockdep.sh: a case of each kind in its summary" \
	"SRCU-P/0011,SUCCESS,SUCCESS,none,no deadlock; none reported|SRCU-P/1012,SUCCESS,SUCCESS,warning=1,deadlock reported: WARNING: possible circular locking dependency detected" \
	"$(grep -e '^SRCU-P/0011,' -e '^SRCU-P/1012,' "$tmp/l1/summary.csv" | paste -s -d '|')"
if grep -q "18 of 18 cases as expected; results: $tmp/l1" <<< "$out"; then
	t_ok "srcu_lockdep.sh: counted"
else
	t_fail "srcu_lockdep.sh: counted" "$(tail -n 1 <<< "$out")"
fi
if grep -q '^stand-in kvm.sh .*test_srcu_lockdep=11 ' "$tmp/l1/0011/kvm.sh.out" 2> /dev/null; then
	t_ok "srcu_lockdep.sh: kvm.sh's output kept per case"
else
	t_fail "srcu_lockdep.sh: kvm.sh's output kept per case" "not in $tmp/l1/0011/kvm.sh.out"
fi

# 16. What is not as expected: a deadlock lockdep does not report, a
# report where there is none, a kernel that runs nothing; a hang is a
# deadlock seen.
lockdep_run blind STUB_LOCKDEP=blind "$lockdep" --cases "0012 1012" --results "$tmp/l2" -- --kernel-src "$t612"
t_eq "unreported deadlock: exit 1, that case failed" "1 SRCU-P/0012,SUCCESS|SRCU-P/1012,FAILURE" \
	"$rc $(tail -n +2 "$tmp/l2/summary.csv" | cut -d, -f1,2 | paste -s -d '|')"
if grep -q '1012: FAILURE: deadlock not reported: SUCCESS, splats none' <<< "$out"; then
	t_ok "unreported deadlock: said"
else
	t_fail "unreported deadlock: said" "$out"
fi
lockdep_run false STUB_LOCKDEP=false "$lockdep" --cases "0012 1012" --results "$tmp/l3" -- --kernel-src "$t612"
t_eq "a report without a deadlock: exit 1, that case failed" "1 SRCU-P/0012,FAILURE|SRCU-P/1012,SUCCESS" \
	"$rc $(tail -n +2 "$tmp/l3/summary.csv" | cut -d, -f1,2 | paste -s -d '|')"
lockdep_run hang STUB_LOCKDEP=hang "$lockdep" --cases "0001 1001" --results "$tmp/l4" -- --kernel-src "$t612"
t_eq "a deadlock that hangs: as expected" "0 SRCU-P/1001,SUCCESS,HANG,none,deadlock: the boot hung (HANG)" \
	"$rc $(grep '^SRCU-P/1001,' "$tmp/l4/summary.csv")"
lockdep_run nothing STUB_LOCKDEP=nothing "$lockdep" --cases "0031" --results "$tmp/l5" -- --kernel-src "$t612"
t_eq "a kernel that runs nothing for the case: failed" "1 FAILURE" "$rc $(tail -n 1 "$tmp/l5/summary.csv" | cut -d, -f2)"

# 17. Refusals, before any boot: a tree without test_srcu_lockdep, bad
# cases, what the script chooses itself.
lockdep_run refused "$lockdep" --results "$tmp/l6" -- --kernel-src "$plain"
if [ "$rc" = 2 ] && [ ! -s "$tmp/calls" ] && [ ! -e "$tmp/l6" ] &&
   grep -q "$plain/kernel/rcu/rcutorture.c has no test_srcu_lockdep parameter (Linux 6.12 has it): torture a tree that has it" <<< "$out"; then
	t_ok "srcu_lockdep.sh on a tree without test_srcu_lockdep: refused, nothing run"
else
	t_fail "srcu_lockdep.sh on a tree without test_srcu_lockdep: refused, nothing run" "exit $rc: $out"
fi
t_fails "srcu_lockdep.sh: a case with D 2" "bad case '2011'" "$lockdep" --cases "0011 2011" -- --kernel-src "$t612"
t_fails "srcu_lockdep.sh: a case of kind 04" "bad case '0041'" "$lockdep" --cases 0041 -- --kernel-src "$t612"
t_fails "srcu_lockdep.sh: --configs after --" "--configs after --: srcu_lockdep.sh chooses" \
	"$lockdep" -- --kernel-src "$t612" --configs TREE01
t_fails "srcu_lockdep.sh: --datestamp climbing out" "bad --datestamp '../x'" "$lockdep" --datestamp ../x -- --kernel-src "$t612"

# --- the real kvm.sh (stub make and QEMU) -------------------------------------

unset TORTURE_KVM
kvm_stubs
export STUB_CONSOLE="$TOP/tests/fixtures/console/rcu-success.log"
real=(--arch x86_64 --qemu-cmd qemu-stub --accel tcg --cpus 4)

# 18. srcu_lockdep.sh reads what kvm.sh leaves: a console with lockdep's
# report is a deadlock seen for 1012 and a false report for 0012.
{
	sed -n '1,/Run \/init/p' "$STUB_CONSOLE"
	echo "[    1.000000] rcu_torture_init_srcu_lockdep: test_srcu_lockdep = 01012: stand-in"
	echo "[    1.100000] WARNING: possible circular locking dependency detected"
	sed '1,/Run \/init/d' "$STUB_CONSOLE"
} > "$tmp/lockdep-report.log"
lockdep_run real STUB_CONSOLE="$tmp/lockdep-report.log" "$lockdep" --cases "1012 0012" --results "$tmp/l7" -- \
	--kernel-src "$t612" "${real[@]}"
t_eq "real kvm.sh: the report seen for the deadlock, and as false for the other" \
	"1 SRCU-P/1012,SUCCESS|SRCU-P/0012,FAILURE" "$rc $(tail -n +2 "$tmp/l7/summary.csv" | cut -d, -f1,2 | paste -s -d '|')"
if grep -q -- 'rcutorture.test_srcu_lockdep=1012' "$tmp/l7/1012/SRCU-P/qemu-cmd.args" 2> /dev/null; then
	t_ok "real kvm.sh: the case on the kernel's command line"
else
	t_fail "real kvm.sh: the case on the kernel's command line" "not in $tmp/l7/1012/SRCU-P/qemu-cmd.args"
fi

# 19. rcutasksflavors through the real kvm.sh, with a merge that does the
# fixture Kconfig's selects (the stub make does none): every flavor
# builds alone; then a tree where something else selects TASKS_RCU always,
# where the other two flavors' checks fail.
merge_selects() {
	cat > "$1/scripts/kconfig/merge_config.sh" <<EOF
#!/bin/bash
# merge_config.sh -m -O DIR BASE FRAGMENT: the fragment becomes the .config,
# with each FORCE_ switch's select$2
{
	cat "\$5"
	sed -n 's/^CONFIG_FORCE_\(TASKS_[A-Z_]*\)=y\$/CONFIG_\1=y/p' "\$5"
	${3:-:}
} > "\$4.merged" && mv "\$4.merged" "\$3/.config"
EOF
}
merge_selects "$t612" ""
out=$("$torture" --do-none --do-rcutasksflavors --results "$tmp/r19" -- --kernel-src "$t612" "${real[@]}" 2>&1) && rc=0 || rc=$?
t_eq "real kvm.sh: every flavor builds alone" \
	"0 BUILT BUILT BUILT BUILT BUILT BUILT" "$rc $(tail -n +2 "$tmp/r19/torture-summary.csv" | cut -d, -f3 | paste -s -d ' ')"
t612b="$tmp/ksrc612-leaky"
cp -a "$t612" "$t612b"
merge_selects "$t612b" ", and TASKS_RCU always" "echo CONFIG_TASKS_RCU=y"
out=$("$torture" --do-none --do-rcutasksflavors --results "$tmp/r19b" -- --kernel-src "$t612b" "${real[@]}" 2>&1) && rc=0 || rc=$?
t_eq "real kvm.sh: a flavor that is not alone is a CONFIG-MISMATCH" \
	"1 BUILT BUILT CONFIG-MISMATCH CONFIG-MISMATCH CONFIG-MISMATCH CONFIG-MISMATCH" \
	"$rc $(tail -n +2 "$tmp/r19b/torture-summary.csv" | cut -d, -f3 | paste -s -d ' ')"
if grep -q '^CONFIG_TASKS_RCU wanted n got y' "$tmp/r19b/rcutasksflavors-TASKS_RUDE_RCU/TREE04/ConfigFragment.diags" 2> /dev/null; then
	t_ok "real kvm.sh: the mismatch names the flavor"
else
	t_fail "real kvm.sh: the mismatch names the flavor" \
		"$(cat "$tmp/r19b/rcutasksflavors-TASKS_RUDE_RCU/TREE04/ConfigFragment.diags" 2> /dev/null)"
fi

# 20. --guest-cpu-limit through the real kvm.sh: QEMU's -smp follows it
# (the scenario asks for 4), with no kernel of its own.
out=$("$torture" --do-none --do-scftorture --do-no-kasan --configs-scftorture PREEMPT --guest-cpu-limit 3 \
	--results "$tmp/r20" -- --kernel-src "$t612" "${real[@]}" 2>&1) && rc=0 || rc=$?
t_eq "real kvm.sh: --guest-cpu-limit 3 boots 3 CPUs" "-smp 3" \
	"$(grep -A1 -x -- -smp "$tmp/r20/scf/PREEMPT/qemu-cmd.args" 2> /dev/null | paste -s -d ' ')"
if grep -q 'scftorture.nthreads=3' "$tmp/r20/scf/PREEMPT/qemu-cmd.args" 2> /dev/null; then
	t_ok "real kvm.sh: ... and scftorture 3 threads"
else
	t_fail "real kvm.sh: ... and scftorture 3 threads" "$(tail -n 3 <<< "$out")"
fi

t_done

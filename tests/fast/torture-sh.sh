#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# torture.sh: the kernel's option names choose the torture types, each
# type runs kvm.sh once into its own folder, then again with KASAN (by
# default) and KCSAN (when asked), and one summary covers all. A stand-in
# kvm.sh records its arguments and writes a summary.csv whose verdicts the
# test chooses (lock fails), or refuses --kasan as kvm.sh does on an arch
# without it; then the real kvm.sh with the stub make and QEMU of
# tests/kvm-lib.sh shows the sanitizer options reach the kernel config.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
torture="$TOP/kvm-scripts/torture.sh"

cat > "$tmp/kvm.sh" <<'STUB'
#!/bin/bash
# stand-in kvm.sh: records its arguments, writes a summary.csv
set -eu
args="$*" type="" results="" configs=""
while [ $# -gt 0 ]; do
	case "$1" in
	--torture) type="$2"; shift ;;
	--results) results="$2"; shift ;;
	--configs) configs="$2"; shift ;;
	esac
	shift
done
echo "$args" >> "$STUB_LOG"
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
verdict=SUCCESS
[ "$type" != lock ] || verdict=FAILURE
{
	echo "scenario,verdict,build_seconds,boot_seconds,splats"
	# TINY01 on an always-SMP arch is N/A, as kvm.sh says
	for s in $configs; do
		if [ "$s" = TINY01 ] && [[ $args == *"--arch s390x"* ]]; then
			echo "$s,N/A,-,-,-"
		else
			echo "$s,$verdict,1,2,none"
		fi
	done
} > "$results/summary.csv"
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
# one failing type makes the whole run fail.
: > "$tmp/calls"
"$torture" --results "$tmp/r2" > "$tmp/r2.out" 2>&1 && rc=0 || rc=$?
t_eq "a failing type: exit 1" 1 "$rc"
t_eq "every type by default, each then with KASAN" \
	"rcu rcu-kasan lock lock-kasan scf scf-kasan refscale refscale-kasan rcuscale rcuscale-kasan nolibc nolibc-kasan" \
	"$(passes)"
t_eq "a KASAN pass is kvm.sh --kasan" "--torture rcu --duration 10 --results $tmp/r2/rcu-kasan --kasan" \
	"$(sed -n 2p "$tmp/calls")"
t_eq "the failing scenarios are in the summary" "lock,LOCK01,FAILURE|lock,LOCK02,FAILURE" \
	"$(grep '^lock,' "$tmp/r2/torture-summary.csv" | paste -s -d '|')"

# 3. --do-no-NAME leaves one out.
: > "$tmp/calls"
"$torture" --do-no-locktorture --results "$tmp/r3" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "without the failing type: exit 0" 0 "$rc"
if grep -q -- '--torture lock' "$tmp/calls"; then
	t_fail "--do-no-locktorture" "lock ran"
else
	t_ok "--do-no-locktorture"
fi

# 4. An interrupted kvm.sh (Ctrl-C: exit 130) stops torture.sh there.
: > "$tmp/calls"
STUB_INTERRUPT_TYPE=lock "$torture" --results "$tmp/r4" > /dev/null 2>&1 && rc=0 || rc=$?
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
	--results "$tmp/r5c" > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "--do-all: KASAN and KCSAN too" "rcu rcu-kasan rcu-kcsan" "$(passes)"

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

t_done

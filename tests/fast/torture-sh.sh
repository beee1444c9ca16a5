#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# torture.sh: the kernel's option names choose the torture types, each
# type runs kvm.sh once into its own folder, and one summary covers all.
# A stand-in kvm.sh records its arguments and writes a summary.csv whose
# verdicts the test chooses (lock fails).
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

# 2. Every type by default; one failing type makes the whole run fail.
: > "$tmp/calls"
"$torture" --results "$tmp/r2" > "$tmp/r2.out" 2>&1 && rc=0 || rc=$?
t_eq "a failing type: exit 1" 1 "$rc"
t_eq "every type by default" "rcu lock scf refscale rcuscale nolibc" \
	"$(sed 's/--torture \([a-z]*\) .*/\1/' "$tmp/calls" | paste -s -d ' ')"
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
t_eq "interrupted: no type after it ran" "rcu lock" "$(sed 's/--torture \([a-z]*\) .*/\1/' "$tmp/calls" | paste -s -d ' ')"

# 5. Bad options exit 2 naming the option.
t_fails "unknown type" "unknown option '--do-foo'" "$torture" --do-foo
t_fails "nothing chosen" "no torture type chosen" "$torture" --do-none
t_fails "configs for the selftest" "--configs-nolibc" "$torture" --configs-nolibc X
"$torture" --do-foo > /dev/null 2>&1 && rc=0 || rc=$?
t_eq "bad option: exit 2" 2 "$rc"

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm.sh: bad command lines are refused before anything is built, and the
# --dryrun plan shows what would run; the build key ignores comments.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
# the fake tree and its fixture scenarios (no packaged tree is extracted)
kvm_stubs
tree=(--kernel-src "$ksrc")

refused "unknown torture type" "unknown torture type 'foo' \(known: .*rcu" --torture foo
refused "unknown scenario" "unknown rcu scenario 'TREE99'" --configs "TINY01 TREE99"
refused "malformed repeat count" "bad --configs" --configs "x*TINY01"
refused "duration with a bad unit" "bad --duration '10x'" --duration 10x
refused "fractional duration" "bad --duration '1.5'" --duration 1.5
refused "zero duration" "bad --duration '0'" --duration 0
refused "empty duration" "bad --duration" --duration ""
refused "negative cpus" "bad --cpus" --cpus -1
refused "unknown arch" "unknown arch 'vax'" --arch vax
refused "unknown accelerator" "--accel must be" --accel hyper
refused "malformed --kconfig" "bad --kconfig item 'PREEMPT=y'" --kconfig PREEMPT=y
refused "memory that is no size" "bad --memory 'x'" --memory x
refused "zero memory" "bad --memory '0M'" --memory 0M
refused "memory with a unit QEMU lacks" "bad --memory '512MB'" --memory 512MB
refused "a QEMU that does not exist" "--qemu-cmd .*'/no/such/qemu': no such command" --qemu-cmd /no/such/qemu
refused "a kernel tree that is none" "--kernel-src '/etc' is not a kernel tree" --kernel-src /etc
refused "unknown option" "unknown option '--frobnicate'" --frobnicate
# the kernel: a version no package gives, a path, a tree without scenarios
mkdir -p "$tmp/bare/kernel/rcu"
echo "# bare" > "$tmp/bare/Makefile"
TORTURE_KERNEL_PACKAGES="6.1 6.12" ksrc="" refused "--kernel with no such package" \
	"no package linux-source-5.99 here \(packaged: .*6.1 6.12" --kernel 5.99
ksrc="" refused "--kernel that is a path" "bad --kernel '../x' \(want the version of a linux-source package" --kernel ../x
refused "--kernel-src without rcutorture scenarios" \
	"no rcu scenarios in $tmp/bare/tools/testing/selftests/rcutorture/configs/rcu" --kernel-src "$tmp/bare"
refused "--kernel and --kernel-src together" "give one" --kernel 6.1

t_run "--help works" "$kvm" --help
help=$("$kvm" --help)
for opt in --torture --configs --duration --cpus --memory --kconfig --bootargs --qemu-args \
	   --qemu-cmd --buildonly --dryrun --trust-make --kmake-arg --results --kernel-src --arch --accel; do
	if printf '%s\n' "$help" | grep -q -- "^ *$opt"; then
		t_ok "--help lists $opt"
	else
		t_fail "--help lists $opt" "not in the help text"
	fi
done

plan=$("$kvm" "${tree[@]}" --dryrun --configs "TINY01 TREE01 2*SRCU-N" --duration 2m --cpus 2 2>"$tmp/notes")
notes=$(cat "$tmp/notes")
if [ -e "$tmp/results" ] || [ -e "$tmp/cache" ]; then
	t_fail "dryrun creates nothing" "$(ls -A "$tmp")"
else
	t_ok "dryrun creates no results folder and no cache"
fi
if printf '%s\n' "$plan" | grep -q 'rcutorture.shutdown_secs=120'; then
	t_ok "dryrun: 2m becomes shutdown_secs=120"
else
	t_fail "dryrun shutdown_secs" "$plan"
fi
if printf '%s\n' "$notes" | grep -q 'TREE01: wants 8 CPUs; capped to --cpus 2'; then
	t_ok "dryrun: TREE01 capped to 2 CPUs with a note"
else
	t_fail "dryrun TREE01 cap note" "$notes"
fi
tree01=$(printf '%s\n' "$plan" | awk '/^--- / { s = ($2 == "TREE01") } s && /^qemu:/')
if printf '%s\n' "$tree01" | grep -q -- '-smp 2 ' && ! printf '%s\n' "$tree01" | grep -Eq 'rcu_nocbs=[^ ]*[2-9]'; then
	t_ok "dryrun: TREE01 boots with -smp 2 and no CPU >= 2 in its boot parameters"
else
	t_fail "dryrun TREE01 command" "$tree01"
fi
if printf '%s\n' "$plan" | grep -q -- '--- SRCU-N.2'; then
	t_ok "dryrun: 2*SRCU-N runs twice, the second as SRCU-N.2"
else
	t_fail "dryrun repeat" "$plan"
fi
if printf '%s\n' "$plan" | grep '^qemu:' | grep -v -- '-no-reboot' | grep -q .; then
	t_fail "dryrun: -no-reboot" "a QEMU command lacks -no-reboot"
else
	t_ok "dryrun: every QEMU command has -no-reboot"
fi
batches=$(printf '%s\n' "$plan" | grep -c '^batch ')
t_eq "dryrun: four runs of >= 2 CPUs each make four batches on 2 CPUs" 4 "$batches"

# --torture nolibc: the selftest is the init; no torture parameters, and
# NOLIBC_TEST travels on the kernel command line.
plan=$("$kvm" "${tree[@]}" --dryrun --torture nolibc --arch s390x --bootargs NOLIBC_TEST=syscall 2>&1)
t_eq "dryrun nolibc: default scenario" "batch 1:SELFTEST" "$(printf '%s\n' "$plan" | grep '^batch ')"
if printf '%s\n' "$plan" | grep -q '^fragments: .*configs/base/s390x.config .*configs/nolibc/SELFTEST'; then
	t_ok "dryrun nolibc: s390x base config plus the SELFTEST fragment"
else
	t_fail "dryrun nolibc fragments" "$plan"
fi
qemu=$(printf '%s\n' "$plan" | grep '^qemu:')
if printf '%s\n' "$qemu" | grep -q 'NOLIBC_TEST=syscall' && ! printf '%s\n' "$qemu" | grep -q 'torture\.'; then
	t_ok "dryrun nolibc: NOLIBC_TEST passed, no torture parameters"
else
	t_fail "dryrun nolibc append" "$qemu"
fi

# base/<arch>-smp.config joins only the scenarios that ask for SMP.
plan=$("$kvm" "${tree[@]}" --dryrun --arch mipsel --configs "TREE01 TINY01" 2>&1)
frags=$(printf '%s\n' "$plan" | grep '^fragments: ')
t_eq "dryrun mipsel: SMP additions for TREE01 only" \
	"1 configs/base/mipsel-smp.config" \
	"$(printf '%s\n' "$frags" | grep -c 'base/mipsel-smp.config') $(printf '%s\n' "$frags" |
		grep 'configs/rcu/TREE01' | grep -o 'configs/base/mipsel-smp.config')"

# The build key follows the option lines of the fragments, not their
# comments: rewording a comment must not cost a kernel build. build_key on
# copies of TINY01's own fragments, the arch's base then edited.
source "$TOP/configs/env.sh"
source "$TOP/configs/kernel.sh"
source "$TOP/kvm-scripts/functions.sh"
source "$TOP/kvm-scripts/scenario.sh"
source "$TOP/kvm-scripts/build.sh"
identity=$(build_identity "" x86_64 "" tinyconfig)
mapfile -t real_frags < <(scenario_fragments x86_64 "$ksrc/tools/testing/selftests/rcutorture/configs/rcu" TINY01)
frags=()
mkdir -p "$tmp/frags"
for f in "${real_frags[@]}"; do
	frags+=("$tmp/frags/${#frags[@]}-$(basename "$f")")
	cp "$f" "${frags[-1]}"
done
key1=$(build_key "$identity" "${frags[@]}")
echo "# a reworded comment" >> "${frags[0]}"
key2=$(build_key "$identity" "${frags[@]}")
echo "CONFIG_LOG_BUF_SHIFT=15" >> "${frags[0]}"
key3=$(build_key "$identity" "${frags[@]}")
t_eq "build key: a comment in a fragment leaves it alone" "$key1" "$key2"
if [ "$key3" != "$key1" ]; then
	t_ok "build key: an option in a fragment changes it"
else
	t_fail "build key: an option in a fragment changes it" "still $key1"
fi

# The plan names the build folder a run would use: build_key's, from the
# kernel tree and its identity.
want=$(build_key "$(build_identity "$ksrc" x86_64 "" tinyconfig "$(kernel_tree_id "$ksrc")")" "${real_frags[@]}")
t_eq "dryrun: the build folder carries the build key" "TINY01-$want" \
	"$("$kvm" "${tree[@]}" --dryrun --arch x86_64 --configs TINY01 2>&1 | sed -n 's|^build: make O=<cache>/builds/x86_64/\(TINY01-[0-9a-f]*\) .*|\1|p')"

# Per-kernel facts (configs/kernel-arches.tsv): the tree's Makefile decides
# whose, so one arch gets another answer under 6.1 than under 6.12. Two
# copies of the fake tree whose Makefiles say 6.1.5 and 6.12.5. hppa:
# 6.1's parisc has no clockevents, so TINY01 (NO_HZ_IDLE) is N/A there;
# 6.12's has them. ppc64le: powerpc selects HAVE_ARCH_KCSAN in 6.12 only.
for v in 6.1 6.12; do
	cp -a "$ksrc" "$tmp/ksrc-$v"
	printf '%s\n' "# fake" "VERSION = 6" "PATCHLEVEL = ${v#6.}" "SUBLEVEL = 5" > "$tmp/ksrc-$v/Makefile"
done
plan61=$("$kvm" --kernel-src "$tmp/ksrc-6.1" --arch hppa --configs TINY01 --dryrun 2>&1) || true
plan612=$("$kvm" --kernel-src "$tmp/ksrc-6.12" --arch hppa --configs TINY01 --dryrun 2>&1) || true
t_eq "hppa TINY01 under 6.1: N/A, naming Linux 6.1" \
	"N/A: CONFIG_NO_HZ_IDLE=y, but Linux 6.1 cannot give hppa CONFIG_NO_HZ_IDLE (configs/kernel-arches.tsv kernel_lacks)" \
	"$(grep '^N/A:' <<< "$plan61")"
if ! grep -q '^N/A:' <<< "$plan612" && grep -q '^qemu: ' <<< "$plan612"; then
	t_ok "hppa TINY01 under 6.12: planned to build and boot"
else
	t_fail "hppa TINY01 under 6.12: planned to build and boot" "$(grep -E '^(N/A|qemu):|kvm.sh' <<< "$plan612")"
fi
ksrc="$tmp/ksrc-6.1" refused "--kcsan on ppc64le under 6.1" \
	"^kvm.sh: --kcsan: Linux 6.1 has no KCSAN for ppc64le \(.*\); it has for: .*" --arch ppc64le --kcsan --configs TREE01 --dryrun
rc=0
plan612=$("$kvm" --kernel-src "$tmp/ksrc-6.12" --arch ppc64le --kcsan --configs TREE01 --dryrun 2> /dev/null) || rc=$?
if [ "$rc" -eq 0 ] && grep -q '^qemu: qemu-system-ppc64 ' <<< "$plan612"; then
	t_ok "--kcsan on ppc64le under 6.12: taken (the plan boots TREE01)"
else
	t_fail "--kcsan on ppc64le under 6.12: taken" "exit $rc: $(tail -n 3 <<< "$plan612")"
fi

# Options against modes: every refusal configs/option-modes.tsv holds is
# the one kvm.sh gives for that pair (the words come from the table, the
# pairs and the command lines from here), and a pair the table allows is
# taken.
# mode_args NAME: a command line that gives option or mode NAME.
mode_args() {
	case "$1" in
	--gdb) echo "--gdb --configs TINY01" ;;
	--interactive) echo "--interactive --configs TINY01" ;;
	--jitter) echo "--jitter 1" ;;
	--lava) echo "--lava $tmp/jobs" ;;
	--remote) echo "--remote h1" ;;
	--stage-only) echo "--stage-only $tmp/stage" ;;
	*) echo "$1" ;;
	esac
}
pairs=0
while IFS=$'\t' read -r -a row; do
	[ "${row[0]}" != option ] || { cols=("${row[@]}"); continue; }
	for i in "${!row[@]}"; do
		if [ "$i" -eq 0 ] || [ "${row[i]}" = - ]; then continue; fi
		pairs=$((pairs + 1))
		# shellcheck disable=SC2046 # the command lines are word lists
		refused "${row[0]} with ${cols[i]} is refused" "^kvm.sh: ${row[0]} with ${cols[i]}: ${row[i]//[()]/.}\$" \
			$(mode_args "${row[0]}") $(mode_args "${cols[i]}")
	done
done < <(grep -v '^#' "$TOP/configs/option-modes.tsv")
t_eq "the table holds the refusals kvm.sh had before it (19 pairs and more)" 1 "$([ "$pairs" -ge 19 ] && echo 1)"
refused "--jitter with --buildonly --dryrun: refused before the plan is printed" \
	"^kvm.sh: --jitter with --buildonly: jitter.sh loads this machine" --jitter 1 --buildonly --dryrun
rc=0
"$kvm" --results "$tmp/jitter-tftp" "${tree[@]}" --jitter 1 --boot tftp --dryrun > /dev/null 2>&1 || rc=$?
t_eq "--jitter with --boot tftp (the table allows it): taken" 0 "$rc"

t_done

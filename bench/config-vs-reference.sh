#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Our .config for each scenario against the one the tree's own kvm.sh would
# make: ours is tinyconfig plus our fragments (scenario_fragments), the
# tree's is `make defconfig` plus CFcommon, the scenario and CFcommon.<arch>
# (what its kvm-test-1-run.sh merges). Configure only, nothing compiled:
# about 30 s per scenario.
#
#   bench/config-vs-reference.sh [--kernel X.Y] [--arch A] [--torture T]
#                                [--configs "S..."] [--all]
#
# Prints, per scenario, the options that differ among those RCU or the
# scheduler can tell (the watch list below), and how many other options
# differ (drivers, file systems, build options). --all lists those too.
# Writes results/config-vs-reference-DATE/: table.md, and per scenario both
# .config files and their differences (SCENARIO.diff: CONFIG_X=ours=tree's).
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/kernel.sh
source "$here/../configs/kernel.sh"
# shellcheck source=../configs/arch.sh
source "$here/../configs/arch.sh"
# shellcheck source=../kvm-scripts/functions.sh
source "$here/../kvm-scripts/functions.sh"
# shellcheck source=../kvm-scripts/scenario.sh
source "$here/../kvm-scripts/scenario.sh"
# shellcheck source=../kvm-scripts/cache.sh
source "$here/../kvm-scripts/cache.sh"
# shellcheck source=../kvm-scripts/build.sh
source "$here/../kvm-scripts/build.sh"

# What RCU and the scheduler can tell: the tick and its rate, preemption,
# CPUs and their hotplug, RCU's own options, the debug options that change
# timing or add checks (lockdep, object and list debugging), sanitizers,
# accounting that hooks the tick, and paravirt (steal time, the clock).
watch='^CONFIG_(HZ|HZ_[0-9A-Z_]+|NO_HZ[A-Z_]*|TICK_[A-Z_]+|HIGH_RES_TIMERS|PREEMPT[A-Z_]*|'
watch+='SMP|NR_CPUS|HOTPLUG_CPU|NUMA|SCHED_[A-Z_]+|CPU_ISOLATION|CONTEXT_TRACKING[A-Z_]*|'
watch+='(TREE|TINY)_(S)?RCU|[A-Z_]*RCU[A-Z_]*|TASKS_[A-Z_]+|SRCU|'
watch+='DEBUG_(LOCK|MUTEX|RT_MUTEX|SPINLOCK|ATOMIC|OBJECTS|LIST|PREEMPT|KERNEL|PAGEALLOC|VM)[A-Z_]*|'
watch+='PROVE_[A-Z_]+|LOCKDEP[A-Z_]*|LOCK_STAT|KASAN[A-Z_]*|KCSAN[A-Z_]*|KFENCE[A-Z_]*|'
watch+='(VIRT|TICK|IRQ_TIME)_CPU_ACCOUNTING[A-Z_]*|IRQ_TIME_ACCOUNTING|'
watch+='PARAVIRT[A-Z_]*|KVM_GUEST|HYPERVISOR_GUEST|'
watch+='FTRACE|FUNCTION_TRACER|TRACING|TRACEPOINTS|JUMP_LABEL|KPROBES)='

kernel="" arch=x86_64 torture=rcu configs="" all=""
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel="$2"; shift 2 ;;
	--arch) arch="$2"; shift 2 ;;
	--torture) torture="$2"; shift 2 ;;
	--configs) configs="$2"; shift 2 ;;
	--all) all=1; shift ;;
	-h|--help) sed -n '4,16s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done

arch=$(arch_canonical "$arch") || die "unknown --arch '$arch'"
src=$(kernel_tree "" "$PROJECT_CACHE" "$kernel")
dir=$(scenario_tree_dir "$src" "$torture") || die "$src has no rcutorture configs/$torture"
[ -n "$configs" ] || configs=$(scenario_cflist "$dir" | tr '\n' ' ')
kernel_arch=$(arch_get "$arch" kernel_arch)
cross=$(arch_get "$arch" cross)
[ "$cross" != - ] || cross=""
outdir="$PROJECT_TOP/results/config-vs-reference-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$outdir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ref_make() {
	nice -n 19 make -s -C "$src" ARCH="$kernel_arch" ${cross:+CROSS_COMPILE="$cross"} "$@" > /dev/null
}

# ref_configure O TARGET FRAGMENT...: TARGET, the fragments merged, olddefconfig.
ref_configure() {
	local o="$1" target="$2"
	shift 2
	mkdir -p "$o"
	ref_make O="$o" "$target"
	fragment_to_kconfig "$@" > "$o/fragment"
	(cd "$o" && "$src/scripts/kconfig/merge_config.sh" -m -O "$o" .config fragment) > /dev/null 2>&1
	ref_make O="$o" olddefconfig
}

# normalised DOTCONFIG: CONFIG_X=V a line, sorted, "not set" as =n.
normalised() {
	sed -n -e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p' -e t -e '/^CONFIG_/p' "$1" | LC_ALL=C sort -t= -k1,1
}

{
	echo "linux-source-$(kernel_makefile_version "$src"), $arch, $torture, $(date +%Y-%m-%d):"
	echo "ours (tinyconfig + our fragments) against the tree's kvm.sh (defconfig + its fragments)"
	echo
	echo "| scenario | differs where RCU can tell (ours / tree's) | other options differing |"
	echo "|---|---|---:|"
} > "$outdir/table.md"
for s in $configs; do
	[ -r "$dir/$s" ] || { echo "$s: not in $dir, skipped" >&2; continue; }
	mapfile -t ours < <(scenario_fragments "$arch" "$dir" "$s")
	theirs=()
	[ ! -r "$dir/CFcommon" ] || theirs+=("$dir/CFcommon")
	theirs+=("$dir/$s")
	mapfile -t -O "${#theirs[@]}" theirs < <(scenario_arch_commons "$dir" "$arch")
	# one O= folder per side, so that kconfig's own tools build once
	ref_configure "$work/ours" tinyconfig "${ours[@]}"
	ref_configure "$work/tree" defconfig "${theirs[@]}"
	cp "$work/ours/.config" "$outdir/$s.config.ours"
	cp "$work/tree/.config" "$outdir/$s.config.tree"
	# options on one side only count as n on the other
	LC_ALL=C join -t= -a1 -a2 -e n -o 0,1.2,2.2 <(normalised "$outdir/$s.config.ours") \
		<(normalised "$outdir/$s.config.tree") | awk -F= '$2 != $3' > "$outdir/$s.diff"
	rcu=$(grep -E "$watch" "$outdir/$s.diff" | awk -F= '{ printf "%s%s=%s/%s", sep, $1, $2, $3; sep = " " }')
	other=$(grep -c -v -E "$watch" "$outdir/$s.diff" || true)
	printf '| %s | %s | %s |\n' "$s" "${rcu:-none}" "$other" >> "$outdir/table.md"
	echo "$s: $(grep -c -E "$watch" "$outdir/$s.diff" || true) watched, $other other" >&2
	[ -z "$all" ] || sed "s/^/$s: /" "$outdir/$s.diff"
done
cat "$outdir/table.md"
echo "diffs: $outdir"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Which QEMU CPU model to give a TCG guest: the same kernel (one build,
# reused) booted with each model in turn, and the grace periods per second
# each run's console shows. TCG emulates every model in software, so a
# model with more features (AVX, PCID, x2APIC) can cost or save time in the
# guest's hot paths; the arches.tsv `cpu` column should be the fastest
# model that boots, not habit.
#
#   bench/tcg-cpu.sh [--kernel X.Y] [--arch A] [--configs S] [--duration 1]
#                    [--models "max qemu64 kvm64"]
#
# Defaults: x86_64, TINY01, one minute, the models above plus the table's.
# Writes results/tcg-cpu-DATE/table.md and one kvm.sh results folder per
# model.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/arch.sh
source "$here/../configs/arch.sh"
# shellcheck source=../kvm-scripts/functions.sh
source "$here/../kvm-scripts/functions.sh"

kernel="" arch=x86_64 configs=TINY01 duration=1 models=""
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel="$2"; shift 2 ;;
	--arch) arch="$2"; shift 2 ;;
	--configs) configs="$2"; shift 2 ;;
	--duration) duration="$2"; shift 2 ;;
	--models) models="$2"; shift 2 ;;
	-h|--help) sed -n '4,16s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done
arch=$(arch_canonical "$arch") || die "unknown --arch '$arch'"
table_cpu=$(arch_get "$arch" cpu)
if [ -z "$models" ]; then
	models="${table_cpu:-default}"
	[ "$arch" != x86_64 ] || models="max qemu64 kvm64"
fi
outdir="$PROJECT_TOP/results/tcg-cpu-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$outdir"

{
	echo "$arch, $configs, --duration $duration, TCG, $(nproc) host CPUs, $(date +%Y-%m-%d) (table's model: ${table_cpu:-QEMU default})"
	echo
	echo "| -cpu | verdict | GPs | GP/s |"
	echo "|---|---|---:|---:|"
} > "$outdir/table.md"
for m in $models; do
	args=()
	[ "$m" = default ] || args=(--qemu-args "-cpu $m")
	"$PROJECT_TOP/kvm-scripts/kvm.sh" ${kernel:+--kernel "$kernel"} --arch "$arch" --configs "$configs" \
		--duration "$duration" --accel tcg "${args[@]}" --results "$outdir/$m" > "$outdir/$m.log" 2>&1 || true
	for s in $configs; do
		console="$outdir/$m/$s/console.log"
		verdict=$(head -n 1 "$outdir/$m/$s/verdict" 2> /dev/null || echo none)
		gps=$(console_gp_count "$console" 2> /dev/null || echo -)
		rate=$(console_gp_rate "$console" 2> /dev/null || echo -)
		printf '| %s | %s | %s | %s |\n' "$m" "$verdict" "$gps" "$rate" >> "$outdir/table.md"
	done
	echo "$m done" >&2
done
cat "$outdir/table.md"

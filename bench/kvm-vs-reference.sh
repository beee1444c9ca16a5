#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Times our kvm.sh against the kernel's own rcutorture kvm.sh from the same
# linux-source, on the same machine, in one run: TINY01, --duration 1 (one
# minute), cold (empty build cache) and warm (the same run again), and how
# much each kernel tortured: the grace periods per second its console shows
# (console.sh's console_gp_rate on both consoles).
#
#   bench/kvm-vs-reference.sh [--kernel X.Y] [--duration 1] [--skip-reference]
#                             [--cold-only]
#
# --kernel: linux-source-X.Y (default: the newest installed), for both.
# --cold-only: no warm runs; the reference's warm run rebuilds the whole
# kernel anyway (its configinit.sh runs make clean), about 15 minutes.
# The reference needs gawk (scripts/deps.sh bench installs it),
# builds inside its source tree, so it gets its own extracted copy under the
# cache, and runs under TCG (through a stand-in qemu-system-x86_64, see
# tcg_qemu_dir) unless our probe boot found KVM working. Expect the cold
# reference run to take 15-20 minutes on two cores.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/kernel.sh
source "$here/../configs/kernel.sh"
# shellcheck source=../kvm-scripts/functions.sh
source "$here/../kvm-scripts/functions.sh"

duration=1 skip_reference="" kernel="" cold_only=""
while [ $# -gt 0 ]; do
	case "$1" in
	--kernel) kernel="$2"; shift 2 ;;
	--duration) duration="$2"; shift 2 ;;
	--skip-reference) skip_reference=1; shift ;;
	--cold-only) cold_only=1; shift ;;
	-h|--help) sed -n '4,20s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done

need_cmd gawk gawk
tarball=$(kernel_tarball "$kernel")
[ -n "$tarball" ] || die "no linux-source${kernel:+-$kernel} installed: apt-get install linux-source-${kernel:-6.12}"
kernel=$(basename "$tarball" .tar.xz)
kernel=${kernel#linux-source-}
bench_out="$PROJECT_TOP/results/bench-kvm-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$bench_out"
bench_cache="$PROJECT_CACHE/bench"

# timed NAME CONSOLE CMD...: runs CMD, logs to $bench_out/NAME.log, prints
# seconds, the verdict line it found and the grace periods per second of
# the console CONSOLE ("-" when it shows none); CONSOLE may be a glob,
# expanded after the run.
timed() {
	local name="$1" console="$2" t0 rc=0 secs rate f verdict
	shift 2
	t0=$(date +%s)
	"$@" > "$bench_out/$name.log" 2>&1 || rc=$?
	secs=$(($(date +%s) - t0))
	rate=-
	for f in $console; do
		[ -r "$f" ] && rate=$(console_gp_rate "$f") || rate=-
	done
	# the reference prints no verdict word for a clean run, only its exit
	verdict=$(grep -Eo 'SUCCESS|FAIL[A-Z-]*|HANG|PANIC' "$bench_out/$name.log" | tail -n 1) || true
	printf '%s %d %s %s\n' "$name" "$secs" "${verdict:-exit-$rc}" "$rate"
}

ours() {
	NOLIBC_TORTURE_CACHE="$bench_cache/ours" "$PROJECT_TOP/kvm-scripts/kvm.sh" --kernel "$kernel" \
		--configs TINY01 --duration "$duration" --results "$bench_out/ours-$1"
}

reference_tree() {
	local dest
	dest="$bench_cache/reference/$(basename "$tarball" .tar.xz)"
	if [ ! -e "$dest/.extracted" ]; then
		rm -rf "$dest"
		mkdir -p "$dest"
		tar -xJf "$tarball" -C "$dest" --strip-components=1
		touch "$dest/.extracted"
	fi
	echo "$dest"
}

# tcg_qemu_dir: a folder holding a qemu-system-x86_64 that drops
# -enable-kvm and turns accel=kvm into accel=tcg before running the real
# one. The reference hard-codes both and puts its own "-machine
# q35,accel=kvm" after --qemu-args, so --qemu-args cannot force TCG; and
# it picks console and machine by the binary's name, so the stand-in keeps
# that name and is found first in PATH.
tcg_qemu_dir() {
	local dir="$bench_out/tcg-qemu" real
	real=$(command -v qemu-system-x86_64) || die "apt-get install qemu-system-x86"
	mkdir -p "$dir"
	cat > "$dir/qemu-system-x86_64" <<-EOF
	#!/bin/bash
	# SPDX-License-Identifier: GPL-2.0
	# Written by bench/kvm-vs-reference.sh: the reference kvm.sh under TCG.
	args=()
	for a in "\$@"; do
		[ "\$a" = -enable-kvm ] || args+=("\${a//accel=kvm/accel=tcg}")
	done
	exec "$real" "\${args[@]}"
	EOF
	chmod +x "$dir/qemu-system-x86_64"
	echo "$dir"
}

# reference TREE: the reference kvm.sh, under TCG unless our cold run's
# probe boot proved KVM works (a /dev/kvm that exists may still hang at
# "early console" with nested virtualisation).
reference() {
	local tree="$1" path="$PATH"
	grep -q '\] accelerator: kvm' "$bench_out/ours-cold.log" || path="$(tcg_qemu_dir):$PATH"
	# LC_ALL=C: with no locale installed, perl's "Setting locale failed"
	# lines land in Make.out and the reference counts them as build errors
	# (exit 2 after a good run, 2026-12-07)
	(cd "$tree" && LC_ALL=C PATH="$path" tools/testing/selftests/rcutorture/bin/kvm.sh --configs TINY01 \
		--duration "$duration" --datestamp "bench-$2")
}

rm -rf "$bench_cache/ours"
results=()
results+=("$(timed ours-cold "$bench_out/ours-cold/TINY01/console.log" ours cold)")
[ -n "$cold_only" ] ||
	results+=("$(timed ours-warm "$bench_out/ours-warm/TINY01/console.log" ours warm)")
if [ -z "$skip_reference" ]; then
	tree=$(reference_tree)
	res="$tree/tools/testing/selftests/rcutorture/res"
	rm -rf "$res"
	(cd "$tree" && make mrproper > /dev/null 2>&1) || true
	results+=("$(timed reference-cold "$res/bench-cold/TINY01/console.log" reference "$tree" cold)")
	[ -n "$cold_only" ] ||
		results+=("$(timed reference-warm "$res/bench-warm/TINY01/console.log" reference "$tree" warm)")
fi

echo "linux-source-$kernel, TINY01, --duration $duration, $(nproc) CPUs, $(date +%Y-%m-%d)" | tee "$bench_out/table.txt"
printf '%-16s %8s  %-8s %8s\n' run seconds verdict 'GPs/s' | tee -a "$bench_out/table.txt"
printf '%s\n' "${results[@]}" | awk '{ printf "%-16s %8d  %-8s %8s\n", $1, $2, $3, $4 }' | tee -a "$bench_out/table.txt"
printf '%s\n' "${results[@]}" | awk '
	{ t[$1] = $2 }
	END {
		if (t["reference-cold"] && t["ours-cold"])
			printf "cold: ours is %.1fx faster\n", t["reference-cold"] / t["ours-cold"]
		if (t["reference-warm"] && t["ours-warm"])
			printf "warm: ours is %.1fx faster\n", t["reference-warm"] / t["ours-warm"]
	}' | tee -a "$bench_out/table.txt"
echo "logs: $bench_out"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Times our kvm.sh against the kernel's own rcutorture kvm.sh from the same
# linux-source, on the same machine, in one run: TINY01, --duration 1 (one
# minute), cold (empty build cache) and warm (the same run again).
#
#   bench/kvm-vs-reference.sh [--duration 1] [--skip-reference]
#
# The reference needs gawk (scripts/deps.sh bench installs it),
# builds inside its source tree, so it gets its own extracted copy under the
# cache, and runs under TCG (through a stand-in qemu-system-x86_64, see
# tcg_qemu_dir) unless our probe boot found KVM working. Expect the cold
# reference run to take 15-20 minutes on two cores.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"

duration=1 skip_reference=""
while [ $# -gt 0 ]; do
	case "$1" in
	--duration) duration="$2"; shift 2 ;;
	--skip-reference) skip_reference=1; shift ;;
	-h|--help) sed -n '4,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done

need_cmd gawk gawk
out="$PROJECT_TOP/results/bench-kvm-$(date +%Y.%m.%d-%H.%M.%S)"
mkdir -p "$out"
bench_cache="$PROJECT_CACHE/bench"

# timed NAME CMD...: runs CMD, logs to $out/NAME.log, prints seconds and
# the verdict line it found.
timed() {
	local name="$1" t0 rc=0
	shift
	t0=$(date +%s)
	"$@" > "$out/$name.log" 2>&1 || rc=$?
	printf '%s %d %s\n' "$name" $(($(date +%s) - t0)) "$(grep -Eo 'SUCCESS|FAIL[A-Z-]*|HANG|PANIC' "$out/$name.log" | tail -n 1 || echo "exit $rc")"
}

ours() {
	NOLIBC_TORTURE_CACHE="$bench_cache/ours" "$PROJECT_TOP/kvm-scripts/kvm.sh" \
		--configs TINY01 --duration "$duration" --results "$out/ours-$1"
}

reference_tree() {
	local tarball dest
	tarball=$(find /usr/src -maxdepth 1 -name 'linux-source-*.tar.xz' | sort -V | tail -n 1)
	[ -n "$tarball" ] || die "apt-get install linux-source-6.1"
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
	local dir="$out/tcg-qemu" real
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
	grep -q '\] accelerator: kvm' "$out/ours-cold.log" || path="$(tcg_qemu_dir):$PATH"
	(cd "$tree" && PATH="$path" tools/testing/selftests/rcutorture/bin/kvm.sh --configs TINY01 \
		--duration "$duration")
}

rm -rf "$bench_cache/ours"
results=()
results+=("$(timed ours-cold ours cold)")
results+=("$(timed ours-warm ours warm)")
if [ -z "$skip_reference" ]; then
	tree=$(reference_tree)
	rm -rf "$tree/tools/testing/selftests/rcutorture/res"
	(cd "$tree" && make mrproper > /dev/null 2>&1) || true
	results+=("$(timed reference-cold reference "$tree")")
	results+=("$(timed reference-warm reference "$tree")")
fi

printf '%-16s %8s  %s\n' run seconds verdict | tee "$out/table.txt"
printf '%s\n' "${results[@]}" | awk '{ printf "%-16s %8d  %s\n", $1, $2, $3 }' | tee -a "$out/table.txt"
printf '%s\n' "${results[@]}" | awk '
	{ t[$1] = $2 }
	END {
		if (t["reference-cold"] && t["ours-cold"])
			printf "cold: ours is %.1fx faster\n", t["reference-cold"] / t["ours-cold"]
		if (t["reference-warm"] && t["ours-warm"])
			printf "warm: ours is %.1fx faster\n", t["reference-warm"] / t["ours-warm"]
	}' | tee -a "$out/table.txt"
echo "logs: $out"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The rcutorture init that the tree's own mkinitrd.sh builds, per arch, on
# the pristine linux-source-6.1 and with the patch series applied: bytes,
# the library it was linked with, and whether it keeps W^X: no LOAD
# segment and no stack both writable and executable. Prints a markdown
# table.
#
# Usage: bench/patches-init-sizes.sh [--series DIR] [ARCH...]
#   (default: every arch of configs/arches.tsv with a kernel to boot)
set -eu

top="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=patches/lib.sh
. "$top/patches/lib.sh"

series="$top/patches/linux-6.1"
if [ "${1:-}" = --series ]; then
	series="$2"
	shift 2
fi
arches=("$@")
[ "${#arches[@]}" -gt 0 ] || mapfile -t arches < <(arch_kernel_list)

base=$(base_repo "$(series_tarball "$series")")
work=$(mktemp -d "$PROJECT_CACHE/patches/bench.XXXXXX")
cleanup() {
	drop_worktree "$base" "$work/pristine"
	drop_worktree "$base" "$work/patched"
	rm -rf "$work"
}
trap cleanup EXIT
new_worktree "$base" "$work/pristine"
new_worktree "$base" "$work/patched"
why=$(apply_series "$work/patched" "$series") || die "does not apply: $why"

# init_of TREE ARCH: "BYTES LIBC W^X" for the init the tree's mkinitrd.sh
# builds with ARCH's cross compiler, or "- none -" when it builds none.
init_of() {
	local tree="$1" init="$1/tools/testing/selftests/rcutorture/initrd/init" out libc wx
	rm -rf "$tree/tools/testing/selftests/rcutorture/initrd"
	if ! out=$(cd "$tree" && CROSS_COMPILE="$(arch_get "$2" cross)" \
		tools/testing/selftests/rcutorture/bin/mkinitrd.sh 2>&1) || [ ! -s "$init" ]; then
		echo "- none -"
		return
	fi
	libc=glibc
	if printf '%s\n' "$out" | grep -q 'built with nolibc$' ||
		! strings "$init" | grep -q GLIBC; then
		libc=nolibc
	fi
	wx=yes
	if readelf -lW "$init" | awk '($1 == "LOAD" || $1 == "GNU_STACK") && $(NF - 1) ~ /W/ && $(NF - 1) ~ /E/ { f = 1 } END { exit !f }'; then
		wx=no
	fi
	echo "$(stat -c %s "$init") $libc $wx"
}

echo "| arch | pristine bytes | libc | W^X | patched bytes | libc | W^X |"
echo "|---|---:|---|---|---:|---|---|"
for arch in "${arches[@]}"; do
	command -v "$(arch_cc "$arch")" > /dev/null || {
		echo "| $arch | no $(arch_cc "$arch") | | | | | |"
		continue
	}
	read -r pb pl pr <<< "$(init_of "$work/pristine" "$arch")"
	read -r nb nl nr <<< "$(init_of "$work/patched" "$arch")"
	echo "| $arch | $pb | $pl | $pr | $nb | $nl | $nr |"
done

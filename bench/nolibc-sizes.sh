#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What nolibc's growth cost the smallest programs, per ABI, in this tree
# and in an older commit (a git worktree): the torture init as each
# tree's mkinitrd builds it (stripped, section headers dropped), and a
# puts() and a printf() hello world built from this tree's sources with
# this tree's small-binary.flags against each tree's nolibc (stripped, as
# "make -C nolibc hello-size" does). Prints a markdown table, "before ->
# after" in bytes; "-" where a tree cannot build it.
#
#   bench/nolibc-sizes.sh [--before REV] [--arches "x86_64 i386 ..."]
#
# REV defaults to 1864ca9, the last commit before issue 13's work.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/arch.sh
source "$here/../configs/arch.sh"

before=1864ca9 arches=""
while [ $# -gt 0 ]; do
	case "$1" in
	--before) before="$2"; shift 2 ;;
	--arches) arches="$2"; shift 2 ;;
	-h|--help) sed -n '4,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done
[ -n "$arches" ] || arches=$(arch_nolibc_list | tr '\n' ' ')
git -C "$PROJECT_TOP" rev-parse -q --verify "$before^{commit}" >/dev/null ||
	die "--before $before: no such commit in $PROJECT_TOP"

tmp=$(mktemp -d)
old="$tmp/before"
cleanup() {
	git -C "$PROJECT_TOP" worktree remove --force "$old" 2>/dev/null || true
	rm -rf "$tmp"
}
trap cleanup EXIT
git -C "$PROJECT_TOP" worktree add -q --detach "$old" "$before"

# size_of TREE ARCH PROG: stripped bytes of PROG (a source file of this
# tree) built against TREE's nolibc, or "-" if it does not build.
size_of() {
	local tree="$1" arch="$2" prog="$3" cc out="$tmp/a.out"
	cc=$(arch_cc "$arch")
	# shellcheck disable=SC2046 # flag lists split on purpose
	if $cc $(grep -v '^#' "$PROJECT_TOP/mkinitrd/small-binary.flags") \
		$(arch_get "$arch" cflags) \
		-include "$tree/nolibc/nolibc.h" -o "$out" "$prog" -lgcc \
		>/dev/null 2>&1 &&
	   "$(arch_get "$arch" cross)strip" -s -R .comment "$out" 2>/dev/null; then
		stat -c %s "$out"
	else
		echo -
	fi
}

# init_size TREE ARCH: bytes of the torture init TREE's mkinitrd makes.
init_size() {
	if "$1/mkinitrd/mkinitrd.sh" --arch "$2" --output "$tmp/initrd" >/dev/null 2>&1; then
		stat -c %s "$tmp/initrd/init"
	else
		echo -
	fi
}

echo "| ABI | torture init | puts hello | printf hello |"
echo "|---|---|---|---|"
for arch in $arches; do
	command -v "$(arch_cc "$arch")" >/dev/null || { echo "$arch: no $(arch_cc "$arch"), skipped" >&2; continue; }
	row="| $arch | $(init_size "$old" "$arch") -> $(init_size "$PROJECT_TOP" "$arch")"
	for prog in hello-puts hello-printf; do
		row="$row | $(size_of "$old" "$arch" "$PROJECT_TOP/nolibc/tests/$prog.c")"
		row="$row -> $(size_of "$PROJECT_TOP" "$arch" "$PROJECT_TOP/nolibc/tests/$prog.c")"
	done
	echo "$row |"
done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# A kernel tree to work on the series in: a worktree of the cached pristine
# tree with every patch applied by git am, on a branch of its own. Change
# it with ordinary git (commit --amend, rebase -i pristine), then write the
# series back with patches/regen.sh DIR.
#
# Usage: patches/tree.sh [--series DIR] [--branch NAME] [DIR]
#   DIR defaults to ~/.cache/nolibc-torture/patches/dev-<series name>;
#   NAME to the series name (linux-6.1). Prints DIR.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=patches/lib.sh
. "$here/lib.sh"

series="$here/linux-6.1"
branch=""
dir=""
while [ $# -gt 0 ]; do
	case "$1" in
	--series) series="$2"; shift ;;
	--branch) branch="$2"; shift ;;
	-h | --help) sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	-*) echo "tree.sh: unknown option '$1'" >&2; exit 2 ;;
	*) dir="$1" ;;
	esac
	shift
done
series=$(cd "$series" && pwd)
[ -n "$branch" ] || branch=$(basename "$series")
[ -n "$dir" ] || dir="$PROJECT_CACHE/patches/dev-$(basename "$series")"
[ ! -e "$dir" ] || die "$dir exists; remove it first (git worktree remove) or name another DIR"

series_patches "$series" > /dev/null || exit 2
base=$(base_repo "$(series_tarball "$series")")
if git -C "$base" rev-parse -q --verify "refs/heads/$branch" > /dev/null; then
	die "branch $branch exists in $base; pass --branch NAME, or delete it: git -C $base branch -D $branch"
fi
pgit "$base" worktree add -q -b "$branch" "$dir" pristine
why=$(apply_series "$dir" "$series") || die "does not apply: $why"
echo "$dir"

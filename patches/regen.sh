#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Write the series back from a kernel tree: every commit from the pristine
# tag to HEAD of TREE becomes a numbered patch (git format-patch), the
# series file lists them in order, and the cover letter is regenerated with
# a fresh shortlog and diffstat, keeping its subject and text.
#
# Usage: patches/regen.sh [--series DIR] TREE
# Patches carry a zero commit id and no signature, so a regenerated series
# differs from the old one only where the patches changed.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=patches/lib.sh
. "$here/lib.sh"

series="$here/linux-6.1"
tree=""
while [ $# -gt 0 ]; do
	case "$1" in
	--series) series="$2"; shift ;;
	-h | --help) sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
	-*) echo "regen.sh: unknown option '$1'" >&2; exit 2 ;;
	*) tree="$1" ;;
	esac
	shift
done
[ -n "$tree" ] || { echo "regen.sh: which tree? usage: regen.sh TREE" >&2; exit 2; }
git -C "$tree" rev-parse -q --verify pristine > /dev/null ||
	die "$tree has no 'pristine' tag: make it with patches/tree.sh"
mkdir -p "$series"
cover="$series/0000-cover-letter.patch"

# The cover letter's subject and text (everything between its headers and
# the shortlog) survive regeneration.
subject="*** SUBJECT HERE ***"
blurb=$(mktemp)
trap 'rm -f "$blurb"' EXIT
echo "*** BLURB HERE ***" > "$blurb"
if [ -r "$cover" ]; then
	subject=$(sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p' "$cover")
	awk -v who="$PATCHES_GIT_NAME" '
		!body && /^$/ { body = 1; next }
		body && index($0, who " (") == 1 { exit }
		body { line[++n] = $0; if ($0 != "") last = n }
		END { for (i = 1; i <= last; i++) print line[i] }' "$cover" > "$blurb"
fi

new=$(mktemp -d)
trap 'rm -rf "$blurb" "$new"' EXIT
pgit "$tree" format-patch -q --cover-letter --zero-commit --no-signature \
	-o "$new" pristine..HEAD
awk -v subject="$subject" -v blurbfile="$blurb" '
	/^Subject: / { sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
	/^\*\*\* BLURB HERE \*\*\*$/ {
		while ((getline line < blurbfile) > 0)
			print line
		next
	}
	{ print }' "$new/0000-cover-letter.patch" > "$new/cover"
mv "$new/cover" "$new/0000-cover-letter.patch"

rm -f "$series"/[0-9][0-9][0-9][0-9]-*.patch
cp "$new"/*.patch "$series/"
{
	echo "# quilt order; 0000-cover-letter.patch is the cover letter, not a patch"
	for patch in "$series"/[0-9][0-9][0-9][0-9]-*.patch; do
		case "$patch" in */0000-cover-letter.patch) continue ;; esac
		basename "$patch"
	done
} > "$series/series"
echo "regen.sh: $(grep -c '^0' "$series/series") patches written to $series"

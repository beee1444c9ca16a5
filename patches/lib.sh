# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for the kernel patch series: the cached pristine tree as a git
# repository, worktrees of it, applying and checkpatching one patch, and
# building and running the tree's own nolibc selftest for one arch. Source
# it; it defines functions only. They take arguments and print results;
# errors go to stderr as one line and the function returns 1.

PATCHES_LIB_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=/dev/null
. "$PATCHES_LIB_DIR/../configs/env.sh"
# shellcheck source=/dev/null
. "$PATCHES_LIB_DIR/../configs/arch.sh"

# The identity of every commit the scripts make (the base commit, git am).
PATCHES_GIT_NAME="nolibc-torture"
PATCHES_GIT_EMAIL="nolibc-torture@nolibc-torture.invalid"

# pgit DIR ARGS...: git in DIR with the project's identity.
pgit() {
	local dir="$1"
	shift
	git -C "$dir" -c user.name="$PATCHES_GIT_NAME" -c user.email="$PATCHES_GIT_EMAIL" \
		-c advice.detachedHead=false "$@"
}

# series_tarball SERIES_DIR: the linux-source tarball a series applies to:
# patches/linux-6.1 goes with /usr/src/linux-source-6.1.tar.xz.
series_tarball() {
	local version tarball
	version=$(basename "$1")
	version=${version#linux-}
	tarball="/usr/src/linux-source-$version.tar.xz"
	if [ ! -r "$tarball" ]; then
		echo "series_tarball: no $tarball: apt-get install linux-source-$version" >&2
		return 1
	fi
	echo "$tarball"
}

# series_patches SERIES_DIR: the patch files in quilt order (the series
# file), one path per line. Fails when the file names a missing patch.
series_patches() {
	local dir="$1" name
	if [ ! -r "$dir/series" ]; then
		echo "series_patches: no series file in $dir" >&2
		return 1
	fi
	while read -r name; do
		case "$name" in '' | '#'*) continue ;; esac
		if [ ! -r "$dir/$name" ]; then
			echo "series_patches: $dir/series names $name, which is missing" >&2
			return 1
		fi
		echo "$dir/$name"
	done < "$dir/series"
}

# base_repo TARBALL: the cached git repository of the pristine tree, tag
# "pristine", made once per tarball (about 30 s: extract, then one commit
# of every file; the tarball's .gitignore ignores dot files, hence add -f).
# A lock makes two first runs at once wait for each other.
base_repo() {
	local tarball="$1" dest
	dest="$PROJECT_CACHE/patches/base-$(basename "$tarball" .tar.xz)"
	mkdir -p "$PROJECT_CACHE/patches"
	(
		flock 9
		[ -e "$dest/.git/nolibc-torture-base" ] && exit 0
		echo "# extracting $tarball into $dest (once)" >&2
		rm -rf "$dest.tmp"
		mkdir -p "$dest.tmp"
		tar -xJf "$tarball" -C "$dest.tmp" --strip-components=1 &&
			pgit "$dest.tmp" init -q &&
			pgit "$dest.tmp" add -f -A . &&
			pgit "$dest.tmp" commit -q -m "$(basename "$tarball") (pristine)" &&
			pgit "$dest.tmp" tag pristine || exit 1
		touch "$dest.tmp/.git/nolibc-torture-base"
		rm -rf "$dest"
		mv "$dest.tmp" "$dest"
	) 9> "$PROJECT_CACHE/patches/.base.lock" || {
		echo "base_repo: could not make a git tree of $tarball" >&2
		return 1
	}
	echo "$dest"
}

# new_worktree BASE DIR [COMMIT]: a detached worktree of BASE at COMMIT
# (default: the pristine tag) in DIR.
new_worktree() {
	pgit "$1" worktree add -q --detach "$2" "${3:-pristine}" || {
		echo "new_worktree: git worktree add $2 failed" >&2
		return 1
	}
}

# drop_worktree BASE DIR: remove a worktree made by new_worktree.
drop_worktree() {
	pgit "$1" worktree remove --force "$2" 2> /dev/null || rm -rf "$2"
	pgit "$1" worktree prune
}

# apply_patch TREE PATCH: git am one patch onto TREE. On failure, prints
# the first line git am gave as the reason and leaves TREE as it was.
apply_patch() {
	local out
	if out=$(pgit "$1" am -q --keep-cr "$2" 2>&1); then
		return 0
	fi
	pgit "$1" am --abort > /dev/null 2>&1 || true
	printf '%s\n' "$out" | grep -m 1 -E 'error|fail|corrupt|does not' ||
		printf '%s\n' "$out" | head -n 1
	return 1
}

# apply_series TREE SERIES_DIR: git am every patch of the series in order.
# On failure, prints "PATCH: reason" for the first that does not apply.
apply_series() {
	local patches patch why
	patches=$(series_patches "$2") || {
		echo "$2/series names a missing patch"
		return 1
	}
	while read -r patch; do
		why=$(apply_patch "$1" "$patch") || {
			echo "$(basename "$patch"): $why"
			return 1
		}
	done <<< "$patches"
}

# patch_subject PATCH: the patch's subject, unfolded, without "[PATCH n/m]".
patch_subject() {
	awk '/^$/ { exit }
		/^Subject: / { s = $0; on = 1; next }
		on && /^[ \t]/ { s = s $0; next }
		{ on = 0 }
		END { sub(/^Subject: *(\[[^]]*\] *)?/, "", s); print s }' "$1"
}

# checkpatch_counts LOG: "E W C" (errors, warnings, checks) from the total
# line of a checkpatch.pl log; fails when the log has none (it crashed).
checkpatch_counts() {
	sed -n 's/^total: \([0-9]*\) errors, \([0-9]*\) warnings, \([0-9]*\) checks.*/\1 \2 \3/p' "$1" |
		grep . || return 1
}

# checkpatch_first LOG: the first ERROR or WARNING line of a checkpatch log.
checkpatch_first() {
	grep -m 1 -E '^(ERROR|WARNING):' "$1" || true
}

# selftest_arch ARCH: the kernel ARCH the selftest Makefile knows ARCH by.
# Its tables say "x86" for x86_64 (what scripts/subarch.include gives);
# every other arch uses the kernel's name from configs/arches.tsv.
selftest_arch() {
	local karch
	karch=$(arch_get "$1" kernel_arch) || return 1
	[ "$karch" = x86_64 ] && karch=x86
	echo "$karch"
}

# selftest_make_args ARCH: the make arguments that build the selftest for
# ARCH: ARCH= and, for a cross arch, CROSS_COMPILE=.
selftest_make_args() {
	local karch cross
	karch=$(selftest_arch "$1") || return 1
	cross=$(arch_get "$1" cross) || return 1
	echo "ARCH=$karch${cross:+ CROSS_COMPILE=$cross}"
}

# tree_nolibc_has ARCH TREE: true when TREE's nolibc supports ARCH, asked
# of its arch.h: does ARCH's compiler find an arch file through it?
tree_nolibc_has() {
	local cc
	cc=$(arch_cc "$1") || return 1
	# shellcheck disable=SC2046 # cflags are words
	printf '#include "arch.h"\n#ifdef my_syscall0\nyes\n#endif\n' |
		"$cc" $(arch_get "$1" cflags) -E -I "$2/tools/include/nolibc" -xc - 2> /dev/null |
		grep -qx yes
}

# selftest_build TREE ARCH LOG: build the tree's nolibc-test for ARCH from
# clean (so no sysroot of another arch or patch is reused).
selftest_build() {
	local dir="$1/tools/testing/selftests/nolibc" args
	args=$(selftest_make_args "$2") || return 1
	# shellcheck disable=SC2086 # make arguments are words
	{
		make -C "$dir" $args clean &&
			make -C "$dir" $args nolibc-test
	} > "$3" 2>&1
}

# selftest_run TREE ARCH OUT: run the nolibc-test selftest_build made, under
# ARCH's qemu-user (natively on the host arch), with an empty pipe on stdin
# as every tree's run gets: the lseek and TIOCINQ tests read fd 0 and
# expect a pipe or a tty there. Its output goes to OUT. The
# selftest's own exit status says whether any test failed, so it is not
# this function's: the summary is read from OUT.
selftest_run() {
	local bin="$1/tools/testing/selftests/nolibc/nolibc-test" qemu
	qemu=$(arch_get "$2" qemu_user) || return 1
	[ "$2" = "$(arch_host)" ] && qemu=""
	: | (cd "$(dirname "$bin")" && timeout 120 ${qemu:+"$qemu"} ./nolibc-test) \
		> "$3" 2>&1 || true
}

# selftest_counts OUT: "PASSED FAILED" from a selftest output; fails when
# the run did not reach its final count (it crashed or hung).
selftest_counts() {
	grep -q '^Total number of errors:' "$1" || return 1
	echo "$(grep -c '\[OK\]$' "$1") $(grep -c '\[FAIL\]$' "$1")"
}

# selftest_failures OUT: the names of the failed tests, one per line:
# "<number> <name> = ... [FAIL]" gives <name>.
selftest_failures() {
	awk '/\[FAIL\]$/ { print $2 }' "$1" | sort -u
}

# kconfig_words FRAGMENT: the option lines of a config fragment as one line
# of words, as the tree's kvm.sh --kconfig takes them.
kconfig_words() {
	grep -E '^CONFIG_[A-Za-z0-9_]+=' "$1" | tr '\n' ' ' | sed 's/ $//'
}

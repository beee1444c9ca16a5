# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Which kernel tree a run tortures, and what it is: Debian's linux-source
# packages (several can be installed side by side: 6.1 and 6.12 on Debian
# 12), or a tree of the user's (--kernel-src). Source it; it defines
# functions only. KERNEL_TARBALL_DIR (default /usr/src) is where the
# packages put their tarballs; the tests point it at fake ones.

# kernel_installed: the versions (X.Y) of the installed linux-source
# tarballs, oldest first.
kernel_installed() {
	local f
	for f in "${KERNEL_TARBALL_DIR:-/usr/src}"/linux-source-*.tar.xz; do
		[ -e "$f" ] || continue
		f=${f##*/linux-source-}
		echo "${f%.tar.xz}"
	done | sort -V
}

# kernel_tarball [VERSION]: the tarball of linux-source-VERSION, or of the
# newest installed one; nothing when there is none.
kernel_tarball() {
	local v="${1:-$(kernel_installed | tail -n 1)}"
	local f="${KERNEL_TARBALL_DIR:-/usr/src}/linux-source-$v.tar.xz"
	[ -z "$v" ] || [ ! -e "$f" ] || echo "$f"
}

# kernel_version_ok VERSION: true for what --kernel takes, X.Y: a
# linux-source package's version, never a path.
kernel_version_ok() {
	[[ $1 =~ ^[0-9]+\.[0-9]+$ ]]
}

# kernel_packaged: the versions of the linux-source-X.Y packages apt knows
# (installed or not), oldest first. TORTURE_KERNEL_PACKAGES (a list) stands
# in for apt in the tests.
kernel_packaged() {
	{
		if [ -n "${TORTURE_KERNEL_PACKAGES+set}" ]; then
			local -a pkgs
			read -r -a pkgs <<< "$TORTURE_KERNEL_PACKAGES"
			[ "${#pkgs[@]}" -eq 0 ] || printf '%s\n' "${pkgs[@]}"
		elif command -v apt-cache > /dev/null; then
			apt-cache pkgnames linux-source- 2> /dev/null |
				sed -n 's/^linux-source-\([0-9]*\.[0-9]*\)$/\1/p'
		fi
		kernel_installed
	} | sort -V -u
}

# kernel_package_version VERSION: the Debian version of the installed
# linux-source-VERSION package (e.g. 6.12.118-1~deb12u1); "unknown" when
# dpkg does not know it (a tarball put there by hand).
kernel_package_version() {
	dpkg-query -W -f='${Version}' "linux-source-$1" 2> /dev/null || echo unknown
}

# kernel_makefile_version TREE: the version the tree's top Makefile gives
# (VERSION.PATCHLEVEL.SUBLEVEL and EXTRAVERSION), e.g. 6.12.118.
kernel_makefile_version() {
	awk -F' *= *' '
		$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } $1 == "EXTRAVERSION" { e = $2 }
		/^NAME/ { exit }
		END { if (v != "") printf "%s.%s%s%s\n", v, p, (s != "" ? "." s : ""), e }' "$1/Makefile"
}

# kernel_tree_id TREE [PACKAGE_VERSION]: one line that changes when the
# tree's sources do, for the build key. A packaged tree (PACKAGE_VERSION
# given): the package version. A git tree: "git", `git describe --dirty`
# and a hash of its diff against HEAD and of its untracked files' names
# (a new file changes no diff). Any other tree: a hash of every file's
# path, size and modification time (1 s for a 6.12 tree, warm; hashing
# the contents took 45 s, measured 2026-12-07), skipping what an in-tree
# build writes.
kernel_tree_id() {
	local tree="$1"
	if [ -n "${2:-}" ]; then
		echo "package $2"
	elif git -C "$tree" rev-parse --is-inside-work-tree > /dev/null 2>&1 &&
	     [ "$(git -C "$tree" rev-parse --show-toplevel)" = "$(cd "$tree" && pwd -P)" ]; then
		echo "git $(git -C "$tree" describe --always --dirty --abbrev=12)" \
			"$({ git -C "$tree" diff HEAD; git -C "$tree" ls-files --others --exclude-standard; } |
			   sha256sum | cut -c1-16)"
	else
		echo "files $(cd "$tree" && find . \( -name '*.o' -o -name '.*.cmd' -o -name .git \) -prune -o \
			-type f -printf '%p %s %T@\n' | LC_ALL=C sort | sha256sum | cut -c1-16)"
	fi
}

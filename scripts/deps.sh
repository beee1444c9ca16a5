#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages the project needs, from the lists in
# scripts/packages/<group>.txt. As root it runs apt-get for what is missing;
# otherwise it prints the exact apt-get line and fails.
#
#   deps.sh [GROUP...]     (default: base; groups: the files in scripts/packages/)
#   deps.sh --packages PKG...   those packages (kvm.sh --kernel VERSION asks
#                          for linux-source-VERSION this way)
set -eu

here="$(cd "$(dirname "$0")" && pwd)"

# wanted GROUP...: package names from the group lists.
wanted() {
	local group
	for group in "$@"; do
		[ -r "$here/packages/$group.txt" ] || {
			echo "deps.sh: no package group '$group' (see $here/packages/)" >&2
			return 1
		}
		grep -v '^#' "$here/packages/$group.txt"
	done
}

# missing PKG...: those not installed.
missing() {
	local pkg
	for pkg in "$@"; do
		dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q '^install ok installed' ||
			echo "$pkg"
	done
}

main() {
	local groups=("$@") pkgs todo
	if [ "${1:-}" = --packages ]; then
		shift
		pkgs="$*"
	else
		[ "${#groups[@]}" -gt 0 ] || groups=(base)
		pkgs=$(wanted "${groups[@]}")
	fi
	# shellcheck disable=SC2086 # one word per package
	todo=$(missing $pkgs | tr '\n' ' ')
	[ -n "${todo// /}" ] || return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps.sh: missing packages; as root run: apt-get install -y --no-install-recommends $todo" >&2
		return 1
	fi
	echo "deps.sh: installing $todo" >&2
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086 # one word per package
	if ! apt-get install -y -q --no-install-recommends $todo >&2; then
		apt-get update -q >&2
		apt-get install -y -q --no-install-recommends $todo >&2
	fi
}

main "$@"

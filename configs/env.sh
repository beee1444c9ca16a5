# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Where the project keeps things outside the repository. Source it.
# NOLIBC_TORTURE_CACHE overrides the cache folder (kernel sources, kernel
# builds, host tools); it must survive between runs to make them quick.

# shellcheck disable=SC2034 # used by the scripts that source this
PROJECT_TOP="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck disable=SC2034 # used by the scripts that source this
PROJECT_CACHE="${NOLIBC_TORTURE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/nolibc-torture}"

# die MESSAGE...: one line to stderr, prefixed with the script's name.
die() {
	echo "$(basename "$0"): $*" >&2
	exit 1
}

# need_cmd CMD PACKAGE: fail with the apt line that provides CMD.
need_cmd() {
	command -v "$1" >/dev/null 2>&1 ||
		die "$1 not found; install it: apt-get install $2"
}

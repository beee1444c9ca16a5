#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's kvm-remote.sh, spelled as there: build here, boot on other
# machines over ssh. A front for kvm.sh --remote and kvm-again.sh --remote,
# which do the work (kvm-scripts/remote.sh).
#
# Usage: kvm-remote.sh "HOSTS" [kvm.sh options]
#        kvm-remote.sh "HOSTS" OLD_RESULTS [kvm-again.sh options]
#   The first form builds and boots a new run, the second boots the
#   kernels of an earlier run again. HOSTS: ssh destinations ([user@]host)
#   separated by blanks or commas. See kvm-scripts/README.md for what the
#   hosts need.
#
# Exit status: that of kvm.sh or kvm-again.sh; 2 for bad usage.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
usage() {
	sed -n '/^# Usage:/,/^# Exit status/p' "$0" | sed 's/^# \{0,1\}//'
	exit "$1"
}
[ $# -gt 0 ] || usage 2
case "$1" in -h|--help) usage 0 ;; esac
hosts="$1"
shift
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
	old="$1"
	shift
	exec "$here/kvm-again.sh" "$old" --remote "$hosts" "$@"
fi
exec "$here/kvm.sh" --remote "$hosts" "$@"

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm.sh --remote end to end: a real TINY01 kernel built here and booted by
# the real QEMU on a "remote host" (an sshd in a network namespace with a
# tmpfs of its own, tests/remote-lib.sh); its console comes back and is
# judged here. The kernel build is cached in ~/.cache/nolibc-torture, as
# for tests/system/kvm-x86_64.sh.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
source "$TOP/tests/remote-lib.sh"
export PARALLEL_HOME="$tmp/parallel-home"

if [ "$(arch_host)" != x86_64 ]; then
	t_skip "kvm.sh --remote end to end" "this test is for x86_64 hosts; this is $(uname -m)"
	exit 0
fi
why=$(remote_hosts_unusable)
[ -n "$why" ] || command -v parallel > /dev/null || why="no GNU parallel: scripts/deps.sh remote"
if [ -n "$why" ]; then
	t_skip "kvm.sh --remote end to end" "$why"
	exit 0
fi

REMOTE_NETNS=() REMOTE_SSHD_PIDS=()
trap 'remote_hosts_down; rm -rf "$tmp"' EXIT
remote_hosts_up "$tmp/hosts" ns1 || { t_fail "an sshd host in a namespace" "could not start it"; exit 1; }
export TORTURE_REMOTE_DIR="$tmp/hosts/fs"

run_kvm real --configs TINY01 --duration 10s --remote ns1
t_eq "remote TINY01: exit 0" 0 "$rc"
t_eq "remote TINY01: verdict" SUCCESS "$(head -n 1 "$tmp/real/TINY01/verdict" 2> /dev/null)"
t_eq "remote TINY01: booted on ns1" ns1 "$(cat "$tmp/real/TINY01/remote-host" 2> /dev/null)"
if grep -q 'End of test: SUCCESS' "$tmp/real/TINY01/console.log" 2> /dev/null; then
	t_ok "remote TINY01: the console came back"
else
	t_fail "remote TINY01: the console came back" "no End of test line"
fi
t_eq "remote TINY01: nothing left on the host" "" \
	"$($REMOTE_SSH ns1 "find '$tmp/hosts/fs' -mindepth 1" 2>&1)"

t_done

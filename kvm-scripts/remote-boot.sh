#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Runs on a remote host (kvm.sh --remote, remote.sh): boots one batch of
# runs at once and packs their consoles for the trip back. GNU parallel
# puts it, boot.sh and BATCH.tar in one folder on the host and runs it
# there; it needs bash, tar, setsid and QEMU, nothing of the project else.
#
# Usage: remote-boot.sh BATCH.tar LIMIT
#   BATCH.tar holds BATCH/RUN/qemu-cmd.args (one argument per line, paths
#   relative to this folder) and the files they name. Each guest runs
#   until it powers off or panics, or for LIMIT seconds (then RUN/killed).
#   BATCH.out.tar gets, per run: console.log, qemu-exit or killed,
#   boot-seconds and remote-host (this host's name in the --remote list).
#
# Exit status: 0 when every boot ran (whatever the guests did), 1 when
# the batch could not be unpacked or packed, 143 when stopped.
set -eu

cd "$(dirname "$0")"
# shellcheck source=boot.sh
source ./boot.sh

tarball="$1" limit="$2"
batch=$(basename "$tarball" .tar)
tar -xf "$tarball"

declare -A pids=() starts=()

# The guests end with this script, however it ends. Each QEMU is in a
# session of its own (setsid, as boot_qemu starts it), out of reach of
# GNU parallel's remote wrapper, which on a lost ssh connection sends this
# job's process group TERM and then KILL 350 ms later: on a loaded host
# that KILL can come before bash has run a TERM trap, and a guest would
# run on until its limit. So a guard in a session of its own reads a pipe
# that only this script holds open: "start PID" and "end PID" lines, then
# end of file when this script is gone, by exit or by KILL. It then stops
# the guests still listed: TERM to each group, KILL to what is left after
# up to 5 s.
guard() {
	local verb pid end
	local -A live=()
	cd /
	while read -r verb pid; do
		case "$verb" in
		start) live[$pid]=1 ;;
		end) unset "live[$pid]" ;;
		esac
	done
	[ "${#live[@]}" -gt 0 ] || exit 0
	for pid in "${!live[@]}"; do
		kill -TERM -- "-$pid" 2> /dev/null || true
	done
	end=$((SECONDS + 5))
	while [ "$SECONDS" -lt "$end" ]; do
		for pid in "${!live[@]}"; do
			kill -0 -- "-$pid" 2> /dev/null || unset "live[$pid]"
		done
		[ "${#live[@]}" -gt 0 ] || exit 0
		sleep 0.1
	done
	for pid in "${!live[@]}"; do
		kill -KILL -- "-$pid" 2> /dev/null || true
	done
}
exec {guard_fd}> >(exec setsid bash -c "$(declare -f guard); guard" > /dev/null 2>&1)

# guest_start RUN_DIR: boot_qemu's start of RUN_DIR's QEMU (its pid in
# $!), with the guard told of it by the guest's own process before it
# becomes QEMU: a TERM between the fork and a line written here would
# leave a guest the guard never heard of. The guest does not hold the
# guard's pipe open.
guest_start() {
	local -a argv
	mapfile -t argv < "$1/qemu-cmd.args"
	rm -f "$1/qemu-exit" "$1/killed"
	(echo "start $BASHPID" >&"$guard_fd" && exec setsid "${argv[@]}" {guard_fd}>&-) \
		> "$1/console.log" 2>&1 < /dev/null &
}

# stop_all: TERM, INT or HUP (GNU parallel's wrapper, when the ssh
# connection went); the guard stops the guests once this script is gone.
stop_all() {
	rm -rf "$batch"
	exit 143
}
trap stop_all TERM INT HUP

for dir in "$batch"/*/; do
	run=$(basename "$dir")
	guest_start "$batch/$run"
	pids[$run]=$!
	starts[$run]=$SECONDS
	echo "${PARALLEL_SSHLOGIN:-$(hostname)}" > "$batch/$run/remote-host"
	echo "$run: booting on ${PARALLEL_SSHLOGIN:-$(hostname)} (-smp $(boot_cpus "$batch/$run"))"
done
while [ "${#pids[@]}" -gt 0 ]; do
	for run in "${!pids[@]}"; do
		if boot_done "$batch/$run" "${pids[$run]}" $((SECONDS - starts[$run])) "$limit"; then
			echo $((SECONDS - starts[$run])) > "$batch/$run/boot-seconds"
			echo "end ${pids[$run]}" >&"$guard_fd"
			echo "$run: ended after $(cat "$batch/$run/boot-seconds")s"
			unset "pids[$run]"
		fi
	done
	# in the background: a TERM runs the trap at once, not after the sleep
	[ "${#pids[@]}" -eq 0 ] || { sleep 0.5 & wait "$!"; }
done
trap - TERM INT HUP
# only what the verdict needs goes back, not the kernels
find "$batch" -type f \( -name console.log -o -name qemu-exit -o -name killed \
	-o -name boot-seconds -o -name remote-host \) | tar -cf "$batch.out.tar" -T -
rm -rf "$batch"

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
# stop_all: the guests of this batch end with it. GNU parallel's wrapper
# sends TERM when the run here is interrupted (the ssh connection went),
# and KILL a few hundred milliseconds later, so every QEMU group gets its
# TERM at once, without stop_group's pause.
stop_all() {
	local run
	for run in "${!pids[@]}"; do
		kill -TERM -- "-${pids[$run]}" 2> /dev/null || true
	done
	rm -rf "$batch"
	exit 143
}
trap stop_all TERM INT HUP

for dir in "$batch"/*/; do
	run=$(basename "$dir")
	boot_qemu "$batch/$run"
	pids[$run]=$!
	starts[$run]=$SECONDS
	echo "${PARALLEL_SSHLOGIN:-$(hostname)}" > "$batch/$run/remote-host"
	echo "$run: booting on ${PARALLEL_SSHLOGIN:-$(hostname)} (-smp $(boot_cpus "$batch/$run"))"
done
while [ "${#pids[@]}" -gt 0 ]; do
	for run in "${!pids[@]}"; do
		if boot_done "$batch/$run" "${pids[$run]}" $((SECONDS - starts[$run])) "$limit"; then
			echo $((SECONDS - starts[$run])) > "$batch/$run/boot-seconds"
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

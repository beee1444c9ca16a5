#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side jitter for torture runs (kvm.sh --jitter): N processes that
# each, until killed, sleep a random time up to SLEEP_MS and then spin on a
# CPU for a random time up to SPIN_MS, so that the vCPU threads of the
# guests are preempted at unpredictable moments, as on a busy host. That
# is where a missing barrier or an unsafe assumption about timing shows.
#
#   jitter.sh N [SLEEP_MS [SPIN_MS]]      (N < 0: one process per host CPU)
#
# Runs in the foreground until killed (kvm.sh starts it in its own process
# group and stops the group); prints one line saying what it runs.
set -eu

n="${1:?usage: jitter.sh N [SLEEP_MS [SPIN_MS]]}" sleep_ms="${2:-1000}" spin_ms="${3:-1000}"
[ "$n" -ge 0 ] || n=$(nproc)
[ "$sleep_ms" -gt 0 ] || sleep_ms=1
[ "$spin_ms" -gt 0 ] || spin_ms=1

# one_jitter: the loop of one process. Bash's EPOCHREALTIME keeps the spin
# free of forks, so it loads the CPU and not the process table.
one_jitter() {
	local end now
	while :; do
		sleep "$(printf '0.%03d' $((RANDOM % sleep_ms % 1000)))"
		[ "$sleep_ms" -lt 1000 ] || sleep $((RANDOM % (sleep_ms / 1000 + 1)))
		now=${EPOCHREALTIME/./}
		end=$((now + (RANDOM % spin_ms + 1) * 1000))
		while [ "${EPOCHREALTIME/./}" -lt "$end" ]; do :; done
	done
}

echo "jitter.sh: $n processes, sleep up to ${sleep_ms} ms, spin up to ${spin_ms} ms"
for _ in $(seq "$n"); do
	one_jitter &
done
wait

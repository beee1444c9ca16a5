#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host-side jitter for torture runs (kvm.sh --jitter): N processes that
# each, until killed, sleep a random time below SLEEP_US microseconds and
# then spin on a CPU for a random time below SPIN_US, so that the vCPU
# threads of the guests are preempted at unpredictable moments, as on a
# busy host. That is where a missing barrier or an unsafe assumption about
# timing shows. The units are the kernel's jitter.sh's.
#
#   jitter.sh N [SLEEP_US [SPIN_US]]    (defaults 1000000 and 1000000;
#                                       N < 0: one process per host CPU)
#
# Runs in the foreground until killed (kvm.sh starts it in its own process
# group and stops the group); prints one line saying what it runs.
set -eu

n="${1:?usage: jitter.sh N [SLEEP_US [SPIN_US]]}" sleep_us="${2:-1000000}" spin_us="${3:-1000000}"
[ "$n" -ge 0 ] || n=$(nproc)
[ "$sleep_us" -gt 0 ] || sleep_us=1
[ "$spin_us" -gt 0 ] || spin_us=1

# below MAX: a random number from 0 to MAX - 1 ($RANDOM has 15 bits)
below() {
	echo $(( (RANDOM * 32768 + RANDOM) % $1 ))
}

# one_jitter: the loop of one process. Bash's EPOCHREALTIME keeps the spin
# free of forks, so it loads the CPU and not the process table.
one_jitter() {
	local t end
	while :; do
		t=$(below "$sleep_us")
		sleep "$((t / 1000000)).$(printf '%06d' $((t % 1000000)))"
		end=$(( ${EPOCHREALTIME/./} + $(below "$spin_us") ))
		while [ "${EPOCHREALTIME/./}" -lt "$end" ]; do :; done
	done
}

echo "jitter.sh: $n processes, sleep below ${sleep_us} us, spin below ${spin_us} us"
for _ in $(seq "$n"); do
	one_jitter &
done
wait

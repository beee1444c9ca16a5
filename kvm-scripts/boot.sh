# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# One guest boot, from the command kvm.sh stored for it: start QEMU, know
# when the guest is done, stop it. kvm.sh and kvm-again.sh use it, as the
# kernel's kvm-test-1-run-qemu.sh serves its kvm.sh and kvm-again.sh.
# Source it; it defines functions only. The functions must run in the
# shell that starts QEMU (they wait for it), so they are not called inside
# $(...).

# boot_qemu RUN_DIR: starts the command of RUN_DIR/qemu-cmd.args (one
# argument per line) in the background, in its own process group, its
# console into RUN_DIR/console.log. Its pid is in $! afterwards.
boot_qemu() {
	local -a argv
	mapfile -t argv < "$1/qemu-cmd.args"
	rm -f "$1/qemu-exit" "$1/killed"
	setsid "${argv[@]}" > "$1/console.log" 2>&1 < /dev/null &
}

# boot_done RUN_DIR PID SECONDS_RUN LIMIT: true once the guest is done.
# QEMU that ended by itself leaves its exit status in RUN_DIR/qemu-exit (it
# tells a QEMU that never started from a guest that ended). QEMU is stopped
# on a power-off line (it keeps running after "reboot: Power down" on
# machines without ACPI) or a panic, and after LIMIT seconds, which
# RUN_DIR/killed records.
boot_done() {
	local dir="$1" pid="$2" ran="$3" limit="$4" status=0
	if ! kill -0 "$pid" 2> /dev/null; then
		wait "$pid" 2> /dev/null || status=$?
		echo "$status" > "$dir/qemu-exit"
		return 0
	fi
	if grep -qE 'reboot: (Power down|System halted)|Kernel panic - not syncing' "$dir/console.log"; then
		sleep 1
		stop_group "$pid"
		return 0
	fi
	if [ "$ran" -ge "$limit" ]; then
		echo "still running after ${limit}s; stopped by kvm.sh" > "$dir/killed"
		stop_group "$pid"
		return 0
	fi
	return 1
}

# stop_group PID: ends a process group started with setsid.
stop_group() {
	kill -TERM -- "-$1" 2> /dev/null || true
	sleep 0.5
	kill -KILL -- "-$1" 2> /dev/null || true
	wait "$1" 2> /dev/null || true
}

# boot_cpus RUN_DIR: the -smp count of the stored command (1 without).
boot_cpus() {
	local n
	n=$(grep -A1 -x -- -smp "$1/qemu-cmd.args" 2> /dev/null | sed -n 2p | cut -d, -f1)
	echo "${n:-1}"
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Guest boots, the part the kernel's runner keeps in kvm-test-1-run.sh and
# kvm-test-1-run-qemu.sh: the QEMU command of a scenario, and running it:
# start QEMU, know when the guest is done, stop it. kvm.sh, kvm-again.sh
# and remote-boot.sh (on each --remote host, with this file beside it) use
# it. Source it; it defines functions and the boots' state below.
# boot_append, boot_qemu_cmd and boot_write_cmd take arguments and print or
# write their result (tests/unit/kvm-build.sh); the QEMU command needs
# functions.sh. The functions that start QEMU must run in the shell that
# waits for it, so they are not called inside $(...); the last ones run
# kvm.sh's boots from its run plan (PLAN, plan.sh).

# The boots' state: each running QEMU's pid and start time by run name
# (the interrupt handler stops them), the accelerator the first boot chose,
# and the background jobs beside the boots.
declare -gA qemu_pids=() boot_starts=()
accel_used="" jitter_pid="" build_pid=""

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

# --- the QEMU command ---------------------------------------------------------

# boot_append ARCH NCPU PARAMS: the kernel command line of a boot: the
# arch's console, panic=-1, then PARAMS (the torture's, the scenario's and
# the user's: scenario_boot_params) with the CPUs beyond NCPU taken out
# (cap_boot_cpus, whose notes go to stderr), single-spaced.
boot_append() {
	local boot append
	boot=$(cap_boot_cpus "$3" "$2")
	append="$(identify_qemu_append "$1") panic=-1 $boot"
	# shellcheck disable=SC2086 # squeeze the spaces between words
	printf '%s ' $append | sed 's/ $//'
}

# boot_qemu_cmd QEMU ARCH ACCEL NCPU MEMORY QEMU_ARGS: the QEMU command up to
# what it boots, one argument per line: QEMU, the arch table's arguments for
# ACCEL (tcg or kvm) with NCPU CPUs and QEMU_ARGS, MEMORY, no display, and
# no reboot (a guest that reboots has ended).
boot_qemu_cmd() {
	local args
	args=$(identify_qemu_args "$2" "$3")
	args=$(specify_qemu_cpus "$2" "$args $6" "$4")
	printf '%s\n' "$1"
	# shellcheck disable=SC2086 # word lists from the tables
	printf '%s\n' $args
	printf '%s\n' -m "$5" -nographic -no-reboot
}

# scenario_qemu_cmd RUN_NAME IMAGE INITRD ACCEL: the QEMU command line for a
# run, one argument per line (so it can be stored and replayed exactly);
# with --boot tftp, netboot.sh's command that runs it.
scenario_qemu_cmd() {
	local run="$1" image="$2" initrd="$3" scenario want ncpu append dotconfig merged
	scenario=$(scenario_of "$run")
	want=$(scenario_want_cpus "${PLAN[config_dir]}" "$scenario" "${PLAN[cpus]}" "${PLAN[bootargs_extra]}")
	ncpu=$want
	if [ "$ncpu" -gt "${PLAN[cpus]}" ]; then
		say "$run: wants $want CPUs; capped to --cpus ${PLAN[cpus]}" >&2
		ncpu=${PLAN[cpus]}
	fi
	# the built kernel's .config; before the build (--dryrun), what its
	# fragments ask for
	dotconfig="${PLAN[results]}/$run/.config" merged=""
	if [ ! -r "$dotconfig" ]; then
		merged=$(mktemp)
		# shellcheck disable=SC2046 # one fragment per line
		fragments_merged $(run_fragments "$scenario") > "$merged"
		dotconfig=$merged
	fi
	append=$(boot_append "${PLAN[arch]}" "$ncpu" \
		"$(scenario_boot_params "${PLAN[config_dir]}" "$scenario" "${PLAN[duration]}" "$dotconfig" "${PLAN[bootargs_extra]}")" \
		2> >(sed "s/^/[    ] $run: /" >&2))
	[ -z "$merged" ] || rm -f "$merged"
	if [ "${PLAN[boot_mode]}" = tftp ]; then
		# netboot.sh stages kernel, initrd and parameters for TFTP and
		# runs the QEMU command that follows "--" with a network boot.
		printf '%s\n' "$(dirname "${BASH_SOURCE[0]}")/netboot.sh" --arch "${PLAN[arch]}" --tftp-server "${PLAN[tftp_server]}" \
			--image "$image" --initrd "$initrd" --append "$append"
		if [ -n "${PLAN[stage_only]}" ]; then
			printf '%s\n' --stage-only --dir "${PLAN[stage_only]}/$run" --
		else
			printf '%s\n' --dir "${PLAN[results]}/$run/netboot" --
		fi
	fi
	boot_qemu_cmd "${PLAN[qemu_cmd]:-$(arch_get "${PLAN[arch]}" qemu_system)}" "${PLAN[arch]}" "$4" "$ncpu" "${PLAN[memory]}" "${PLAN[qemu_args_extra]}"
	[ "${PLAN[boot_mode]}" = tftp ] || printf '%s\n' -kernel "$image"
	[ "${PLAN[boot_mode]}" = tftp ] || [ -n "${PLAN[no_initrd]}" ] || printf '%s\n' -initrd "$initrd"
	[ "${PLAN[boot_mode]}" = tftp ] || printf '%s\n' -append "$append"
}

# boot_write_cmd RUN_DIR ARG...: stores a run's QEMU command: one argument a
# line in RUN_DIR/qemu-cmd.args (what boot_qemu runs) and as qemu-cmd, a
# script that re-runs the boot.
boot_write_cmd() {
	local dir="$1"
	shift
	printf '%s\n' "$@" > "$dir/qemu-cmd.args"
	{
		echo '#!/bin/sh'
		echo "# SPDX-License-Identifier: GPL-2.0"
		echo "# Re-run this scenario's boot; the console goes to stdout."
		printf '%q ' "$@"
		echo
	} > "$dir/qemu-cmd"
	chmod +x "$dir/qemu-cmd"
}

# --- the boots of a kvm.sh run ------------------------------------------------

# jitter_start "N [SLEEP [SPIN]]" LOG: jitter.sh (--jitter) in the
# background, in its own process group, its pid in $! afterwards.
jitter_start() {
	# shellcheck disable=SC2086 # N [SLEEP [SPIN]] as words
	setsid "$(dirname "${BASH_SOURCE[0]}")/jitter.sh" $1 > "$2" 2>&1 < /dev/null &
}

# boot_start RUN_NAME: QEMU in the background (boot_qemu) until the guest
# powers off or panics, or the time runs out. Sets its qemu_pids and
# boot_starts.
boot_start() {
	local run="$1" rundir="${PLAN[results]}/$1"
	boot_qemu "$rundir"
	qemu_pids["$run"]=$!
	boot_starts["$run"]=$SECONDS
	say "$run: booting ($(basename "$(head -n 1 "$rundir/qemu-cmd.args")") ${accel_used}, -smp $(boot_cpus "$rundir"); console: $rundir/console.log)"
}

# watch_batch RUN_NAME...: waits for every running boot of a batch, judging
# each as soon as it ends (boot_done), and unsets their qemu_pids.
watch_batch() {
	local run pending=() next
	for run in "$@"; do
		[ -z "${qemu_pids[$run]:-}" ] || pending+=("$run")
	done
	while [ "${#pending[@]}" -gt 0 ]; do
		next=()
		for run in "${pending[@]}"; do
			if boot_done "${PLAN[results]}/$run" "${qemu_pids[$run]}" $((SECONDS - boot_starts["$run"])) $((PLAN["duration"] + PLAN["grace"])); then
				judge_boot "${PLAN[results]}/$run" "${PLAN[torture]}" "${boot_starts[$run]}"
				unset "qemu_pids[$run]"
				say "$run: $(head -n 1 "${PLAN[results]}/$run/verdict") after $(cat "${PLAN[results]}/$run/boot-seconds")s ($(sed -n 2p "${PLAN[results]}/$run/verdict" | cut -c1-90))"
			else
				next+=("$run")
			fi
		done
		pending=("${next[@]}")
		[ "${#pending[@]}" -eq 0 ] || sleep 0.5
	done
}

# boot_foreground RUN_NAME [GDB_PORT]: --gdb and --interactive: one boot
# with its console shown here as well as in console.log, then judged. For
# --interactive QEMU runs in the foreground on the terminal kvm.sh started
# on (fd 3); otherwise it is started and watched as every boot is
# (boot_start, watch_batch). With GDB_PORT, first the gdb command that
# attaches to QEMU's stub there. Reads kvm.sh's results, torture, arch and
# interactive (and what boot_start and watch_batch read); sets its
# boot_starts and, while QEMU runs, its qemu_pids.
boot_foreground() {
	local run="$1" port="${2:-}" rundir="${PLAN[results]}/$1" gdb_cmd=gdb tail_pid
	local -a cmd
	if [ -n "$port" ]; then
		[ "${PLAN[arch]}" = "$(arch_host 2> /dev/null)" ] || gdb_cmd="gdb-multiarch"
		say "$run: QEMU waits for gdb on port $port; attach from another terminal with:"
		echo "    $gdb_cmd $(cat "$rundir/build-dir")/vmlinux -ex 'target remote :$port' -ex continue"
	fi
	if [ -z "${PLAN[interactive]}" ]; then
		# Watched like any boot, so that the run ends when the guest
		# powers off (QEMU without ACPI would wait on, and the grace of
		# a --gdb run is a year). To look at a panic in gdb, break on
		# panic: with panic=-1 and -no-reboot QEMU ends at once.
		# console.log is there before tail looks, which would otherwise
		# give up on it.
		: > "$rundir/console.log"
		boot_start "$run"
		tail -n +1 -f --pid="${qemu_pids[$run]}" "$rundir/console.log" &
		tail_pid=$!
		watch_batch "$run"
		wait "$tail_pid" || true
		return 0
	fi
	mapfile -t cmd < "$rundir/qemu-cmd.args"
	boot_starts["$run"]=$SECONDS
	say "$run: console here and in $rundir/console.log (Ctrl-A X quits QEMU)"
	"${cmd[@]}" <&3 2>&1 | tee "$rundir/console.log" || true
	judge_boot "$rundir" "${PLAN[torture]}" "${boot_starts[$run]}"
	say "$run: $(head -n 1 "$rundir/verdict") after $(cat "$rundir/boot-seconds")s"
}

# boot_local: kvm.sh's boots on this machine, a batch at a time: the
# accelerator chosen with the first kernel (accel.sh), each run's command
# stored and started, and the batch watched to its end. With pipelined
# builds the next batch's kernels build meanwhile at nice 19 (build.sh).
boot_local() {
	local i batch run port image
	local -a batches cmd runs
	accel_used=""
	[ "${PLAN[boot_mode]}" = kernel ] || say "boot: over TFTP, ${PLAN[tftp_server]} server (kvm-scripts/netboot.sh)"
	if [ -n "${PLAN[jitter]}" ]; then
		jitter_start "${PLAN[jitter]}" "${PLAN[results]}/jitter.log"
		jitter_pid=$!
		say "host jitter: ${PLAN[jitter]} (kvm-scripts/jitter.sh; log: ${PLAN[results]}/jitter.log)"
	fi
	exec 3<&0
	mapfile -t runs < <(plan_list run_names)
	mapfile -t batches < <(plan_batches "${PLAN[cpus]}" "${PLAN[config_dir]}" "${PLAN[bootargs_extra]}" "${runs[@]}")
	# shellcheck disable=SC2086 # a batch is a word list
	[ -z "${PLAN[pipelined]}" ] || build_runs ${batches[0]}
	for i in "${!batches[@]}"; do
		batch=${batches[i]}
		for run in $batch; do
			image=$(run_image "$run")
			[ -n "$image" ] || continue
			[ -n "$accel_used" ] || {
				accel_used=$(choose_accel "${PLAN[accel]}" "${PLAN[arch]}" "${PLAN[qemu_cmd]:-$(arch_get "${PLAN[arch]}" qemu_system)}" \
					"$image" "${PLAN[initrd]}")
				say "accelerator: $accel_used$([ "${PLAN[accel]}" = auto ] && echo " (auto: KVM is used only when a probe boot gets the kernel to start /init with it)")"
			}
			mapfile -t cmd < <(scenario_qemu_cmd "$run" "$image" "${PLAN[initrd]}" "$accel_used")
			port=""
			if [ -n "${PLAN[gdb]}" ]; then
				# Chosen as late as can be, just before QEMU takes it.
				port=$(gdb_free_port 1234 "${PLAN[gdb_claims]}" $$) || exit 1
				cmd+=(-gdb "tcp::$port")
			fi
			boot_write_cmd "${PLAN[results]}/$run" "${cmd[@]}"
			if [ -n "${PLAN[gdb]}${PLAN[interactive]}" ]; then
				boot_foreground "$run" "$port"
				gdb_release_ports "${PLAN[gdb_claims]}" $$
			else
				boot_start "$run"
			fi
		done
		if [ -n "${PLAN[pipelined]}" ] && [ $((i + 1)) -lt "${#batches[@]}" ]; then
			# shellcheck disable=SC2086 # a batch is a word list
			(kmake_niceness=19 build_runs ${batches[i + 1]}) &
			build_pid=$!
		fi
		# shellcheck disable=SC2086 # a batch is a word list
		watch_batch $batch
		if [ -n "$build_pid" ]; then
			wait "$build_pid" || true
			build_pid=""
		fi
	done
	[ -z "$jitter_pid" ] || stop_group "$jitter_pid"
	jitter_pid=""
}

# boot_stage: --stage-only: netboot.sh writes each built run's TFTP tree
# and server configuration instead of booting it.
boot_stage() {
	local run image
	local -a cmd
	for run in ${PLAN[run_names]}; do
		image=$(run_image "$run")
		[ -n "$image" ] || continue
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "$image" "${PLAN[initrd]}" tcg)
		"${cmd[@]}" || die "staging $run for network boot failed"
		verdict_write "${PLAN[results]}/$run" STAGED "TFTP tree in ${PLAN[stage_only]}/$run/tftp"
	done
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Guest boots, the part the kernel's runner keeps in kvm-test-1-run.sh and
# kvm-test-1-run-qemu.sh: the QEMU command of a scenario, and running it:
# start QEMU, know when the guest is done, stop it. kvm.sh, kvm-again.sh
# and remote-boot.sh (on each --remote host, with this file beside it) use
# it. Source it; it defines functions only. boot_append, boot_qemu_cmd and
# boot_write_cmd take arguments and print or write their result
# (tests/unit/kvm-build.sh); the QEMU command needs functions.sh. The
# functions that start QEMU must run in the shell that waits for it, so
# they are not called inside $(...); the last ones run kvm.sh's boots and
# say which of its variables they read.

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
# Reads kvm.sh's options: config_dir, cpus, arch, duration,
# bootargs_extra, qemu_cmd, qemu_args_extra, memory, boot_mode,
# tftp_server, stage_only, no_initrd and results.
# shellcheck disable=SC2154
scenario_qemu_cmd() {
	local run="$1" image="$2" initrd="$3" scenario want ncpu append dotconfig merged
	scenario=$(scenario_of "$run")
	want=$(scenario_want_cpus "$config_dir" "$scenario" "$cpus" "$bootargs_extra")
	ncpu=$want
	if [ "$ncpu" -gt "$cpus" ]; then
		say "$run: wants $want CPUs; capped to --cpus $cpus" >&2
		ncpu=$cpus
	fi
	# the built kernel's .config; before the build (--dryrun), what its
	# fragments ask for
	dotconfig="$results/$run/.config" merged=""
	if [ ! -r "$dotconfig" ]; then
		merged=$(mktemp)
		# shellcheck disable=SC2046 # one fragment per line
		fragments_merged $(run_fragments "$scenario") > "$merged"
		dotconfig=$merged
	fi
	append=$(boot_append "$arch" "$ncpu" \
		"$(scenario_boot_params "$config_dir" "$scenario" "$duration" "$dotconfig" "$bootargs_extra")" \
		2> >(sed "s/^/[    ] $run: /" >&2))
	[ -z "$merged" ] || rm -f "$merged"
	if [ "$boot_mode" = tftp ]; then
		# netboot.sh stages kernel, initrd and parameters for TFTP and
		# runs the QEMU command that follows "--" with a network boot.
		printf '%s\n' "$(dirname "${BASH_SOURCE[0]}")/netboot.sh" --arch "$arch" --tftp-server "$tftp_server" \
			--image "$image" --initrd "$initrd" --append "$append"
		if [ -n "$stage_only" ]; then
			printf '%s\n' --stage-only --dir "$stage_only/$run" --
		else
			printf '%s\n' --dir "$results/$run/netboot" --
		fi
	fi
	boot_qemu_cmd "${qemu_cmd:-$(arch_get "$arch" qemu_system)}" "$arch" "$4" "$ncpu" "$memory" "$qemu_args_extra"
	[ "$boot_mode" = tftp ] || printf '%s\n' -kernel "$image"
	[ "$boot_mode" = tftp ] || [ -n "$no_initrd" ] || printf '%s\n' -initrd "$initrd"
	[ "$boot_mode" = tftp ] || printf '%s\n' -append "$append"
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
# powers off or panics, or the time runs out.
# Reads kvm.sh's results and accel_used; sets its qemu_pids and boot_starts.
# shellcheck disable=SC2154
boot_start() {
	local run="$1" rundir="$results/$1"
	boot_qemu "$rundir"
	qemu_pids["$run"]=$!
	boot_starts["$run"]=$SECONDS
	say "$run: booting ($(basename "$(head -n 1 "$rundir/qemu-cmd.args")") ${accel_used}, -smp $(boot_cpus "$rundir"); console: $rundir/console.log)"
}

# watch_batch RUN_NAME...: waits for every running boot of a batch, judging
# each as soon as it ends (boot_done).
# Reads kvm.sh's results, torture, duration, grace, qemu_pids and
# boot_starts; unsets the qemu_pids of the runs that ended.
# shellcheck disable=SC2154
watch_batch() {
	local run pending=() next
	for run in "$@"; do
		[ -z "${qemu_pids[$run]:-}" ] || pending+=("$run")
	done
	while [ "${#pending[@]}" -gt 0 ]; do
		next=()
		for run in "${pending[@]}"; do
			if boot_done "$results/$run" "${qemu_pids[$run]}" $((SECONDS - boot_starts["$run"])) $((duration + grace)); then
				judge_boot "$results/$run" "$torture" "${boot_starts[$run]}"
				unset "qemu_pids[$run]"
				say "$run: $(head -n 1 "$results/$run/verdict") after $(cat "$results/$run/boot-seconds")s ($(sed -n 2p "$results/$run/verdict" | cut -c1-90))"
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
# shellcheck disable=SC2154
boot_foreground() {
	local run="$1" port="${2:-}" rundir="$results/$1" gdb_cmd=gdb tail_pid
	local -a cmd
	if [ -n "$port" ]; then
		[ "$arch" = "$(arch_host 2> /dev/null)" ] || gdb_cmd="gdb-multiarch"
		say "$run: QEMU waits for gdb on port $port; attach from another terminal with:"
		echo "    $gdb_cmd $(cat "$rundir/build-dir")/vmlinux -ex 'target remote :$port' -ex continue"
	fi
	if [ -z "$interactive" ]; then
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
	judge_boot "$rundir" "$torture" "${boot_starts[$run]}"
	say "$run: $(head -n 1 "$rundir/verdict") after $(cat "$rundir/boot-seconds")s"
}

# boot_local: kvm.sh's boots on this machine, a batch at a time: the
# accelerator chosen with the first kernel (accel.sh), each run's command
# stored and started, and the batch watched to its end. With pipelined
# builds the next batch's kernels build meanwhile at nice 19 (build.sh).
# Reads kvm.sh's options (accel, arch, qemu_cmd, boot_mode, tftp_server,
# jitter, gdb, gdb_claims, interactive, cpus, config_dir), its run
# (results, initrd, run_names, pipelined, images) and sets its accel_used,
# jitter_pid and build_pid.
# shellcheck disable=SC2154
boot_local() {
	local i batch run port
	local -a batches cmd
	accel_used=""
	[ "$boot_mode" = kernel ] || say "boot: over TFTP, $tftp_server server (kvm-scripts/netboot.sh)"
	if [ -n "$jitter" ]; then
		jitter_start "$jitter" "$results/jitter.log"
		jitter_pid=$!
		say "host jitter: $jitter (kvm-scripts/jitter.sh; log: $results/jitter.log)"
	fi
	exec 3<&0
	mapfile -t batches < <(plan_batches "$cpus" "$config_dir" "$bootargs_extra" "${run_names[@]}")
	# shellcheck disable=SC2086 # a batch is a word list
	[ -z "$pipelined" ] || build_runs ${batches[0]}
	for i in "${!batches[@]}"; do
		batch=${batches[i]}
		# shellcheck disable=SC2086
		[ -z "$pipelined" ] || load_images $batch
		for run in $batch; do
			[ -n "${images[$run]:-}" ] || continue
			[ -n "$accel_used" ] || {
				accel_used=$(choose_accel "$accel" "$arch" "${qemu_cmd:-$(arch_get "$arch" qemu_system)}" \
					"${images[$run]}" "$initrd")
				say "accelerator: $accel_used$([ "$accel" = auto ] && echo " (auto: KVM is used only when a probe boot gets the kernel to start /init with it)")"
			}
			mapfile -t cmd < <(scenario_qemu_cmd "$run" "${images[$run]}" "$initrd" "$accel_used")
			port=""
			if [ -n "$gdb" ]; then
				# Chosen as late as can be, just before QEMU takes it.
				port=$(gdb_free_port 1234 "$gdb_claims" $$) || exit 1
				cmd+=(-gdb "tcp::$port")
			fi
			boot_write_cmd "$results/$run" "${cmd[@]}"
			if [ -n "$gdb$interactive" ]; then
				boot_foreground "$run" "$port"
				gdb_release_ports "$gdb_claims" $$
			else
				boot_start "$run"
			fi
		done
		if [ -n "$pipelined" ] && [ $((i + 1)) -lt "${#batches[@]}" ]; then
			# shellcheck disable=SC2086
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
# Reads kvm.sh's run_names, images, initrd, results and stage_only.
# shellcheck disable=SC2154
boot_stage() {
	local run
	local -a cmd
	for run in "${run_names[@]}"; do
		[ -n "${images[$run]:-}" ] || continue
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "${images[$run]}" "$initrd" tcg)
		"${cmd[@]}" || die "staging $run for network boot failed"
		verdict_write "$results/$run" STAGED "TFTP tree in $stage_only/$run/tftp"
	done
}

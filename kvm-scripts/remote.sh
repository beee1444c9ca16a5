# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Boots on other machines (kvm.sh --remote "HOST..."): the kernels are
# built here, each batch of boots is packed into a tar file with its
# kernels, initrds and QEMU commands, and GNU parallel hands the batches to
# the hosts over ssh, one batch per host at a time (--transferfile),
# runs remote-boot.sh on them (--basefile, with boot.sh) and brings each
# batch's consoles back (--return), leaving nothing behind (--cleanup).
# The verdicts are made here, from the consoles, as for a local run.
# Source this file; it defines functions only.
#
# What a remote host needs: an ssh login without a password prompt (a key,
# BatchMode), and bash, perl (GNU parallel runs its jobs through it),
# rsync (its file transfers), tar, setsid (util-linux) and the arch's QEMU;
# /dev/kvm for --accel kvm. remote_check asks every host for them first.

# remote_ssh: the ssh command for the hosts: $PARALLEL_SSH when set (as
# GNU parallel itself reads it), else ssh that never prompts and gives up
# on a silent host after 10 seconds.
remote_ssh() {
	echo "${PARALLEL_SSH:-ssh -o BatchMode=yes -o ConnectTimeout=10}"
}

# remote_hosts LIST: the hosts of a --remote list (blanks or commas
# between them), one a line; fails with the reason when the list is empty
# or a name could not be an ssh destination.
remote_hosts() {
	local h list
	read -r -a list <<< "${1//,/ }"
	[ "${#list[@]}" -gt 0 ] || { echo "no host in '$1'"; return 1; }
	for h in "${list[@]}"; do
		if ! [[ $h =~ ^[A-Za-z0-9_][A-Za-z0-9_.@:%-]*$ ]]; then
			echo "bad host name '$h' (want [user@]host)"
			return 1
		fi
	done
	printf '%s\n' "${list[@]}"
}

# remote_sq WORD: WORD in single quotes for a POSIX shell.
remote_sq() {
	printf "'%s'" "${1//\'/\'\\\'\'}"
}

# remote_probe_cmd QEMU KVM: the shell command each host runs to say what
# it lacks: "missing WHAT" lines, then "probe-end CPUS". KVM is 1 when the
# boots will ask for /dev/kvm.
remote_probe_cmd() {
	local c cmd=""
	for c in bash perl rsync tar setsid "$1"; do
		cmd="${cmd}command -v $(remote_sq "$c") > /dev/null 2>&1 || echo missing $(remote_sq "$c"); "
	done
	[ "$2" != 1 ] || cmd="${cmd}[ -r /dev/kvm ] && [ -w /dev/kvm ] || echo missing /dev/kvm; "
	echo "${cmd}echo probe-end \$(getconf _NPROCESSORS_ONLN)"
}

# remote_probe_report PROBE_OUTPUT HOST...: from the output of the probe
# on every host (GNU parallel --tag lines "HOST<TAB>LINE"), one line per
# host that cannot take boots: "HOST: unreachable (WHY)" or "HOST: lacks
# A, B"; fails when there is any. Prints "HOST: N CPUs" otherwise.
remote_probe_report() {
	local out="$1" host lines why missing bad=0
	shift
	for host in "$@"; do
		lines=$(awk -F '\t' -v h="$host" '$1 == h { sub(/^[^\t]*\t/, ""); print }' <<< "$out")
		if ! grep -q '^probe-end' <<< "$lines"; then
			why=$(grep -v '^$' <<< "$lines" | tail -n 1)
			echo "$host: unreachable (${why:-no answer over ssh})"
			bad=1
			continue
		fi
		missing=$(sed -n 's/^missing //p' <<< "$lines" | paste -s -d ',' | sed 's/,/, /g')
		if [ -n "$missing" ]; then
			echo "$host: lacks $missing"
			bad=1
		else
			echo "$host: $(sed -n 's/^probe-end //p' <<< "$lines") CPUs"
		fi
	done
	[ "$bad" -eq 0 ]
}

# remote_check QEMU KVM HOST...: asks every host at once (GNU parallel
# --nonall) whether it can take boots: remote_probe_report's lines.
remote_check() {
	local qemu="$1" kvm="$2" out
	shift 2
	out=$(parallel --will-cite --ssh "$(remote_ssh)" --nonall --tag \
		--sshlogin "$(printf '%s,' "$@" | sed 's/,$//')" \
		"$(remote_probe_cmd "$qemu" "$kvm")" 2>&1 < /dev/null) || true
	remote_probe_report "$out" "$@"
}

# remote_ready QEMU QEMU_PKG KVM HOST...: whether a run can boot on the
# HOSTS: GNU parallel and rsync here, then remote_check. Prints the hosts'
# CPU counts when so; otherwise one line per problem ("host H: ...") and
# what a host needs, and fails.
remote_ready() {
	local qemu="$1" pkg="$2" kvm="$3" c report
	shift 3
	for c in parallel rsync; do
		command -v "$c" > /dev/null || { echo "this machine lacks $c: apt-get install $c (or scripts/deps.sh remote)"; return 1; }
	done
	if ! report=$(remote_check "$qemu" "$kvm" "$@"); then
		grep -v ': [0-9]* CPUs$' <<< "$report" | sed 's/^/host /'
		echo "the hosts need an ssh login without prompts, bash, perl, rsync, tar, setsid and $qemu ($pkg)$([ "$kvm" != 1 ] || echo ", and /dev/kvm for --accel kvm") (kvm-scripts/README.md)"
		return 1
	fi
	echo "$report"
}

# remote_stage RESULTS BATCH RUN...: RESULTS/remote/BATCH.tar, what a host
# needs to boot the runs of one batch: BATCH/RUN/qemu-cmd.args, the run's
# stored command with its -kernel and -initrd pointing at the copies of
# those files beside it (BATCH/RUN/...), relative to the folder the host
# unpacks it in.
remote_stage() {
	local results="$1" batch="$2" run dir f opt
	shift 2
	mkdir -p "$results/remote/$batch"
	for run in "$@"; do
		dir="$results/remote/$batch/$run"
		mkdir -p "$dir"
		cp "$results/$run/qemu-cmd.args" "$dir/local.args"
		for opt in -kernel -initrd; do
			f=$(grep -A1 -x -F -- "$opt" "$dir/local.args" | sed -n 2p)
			[ -n "$f" ] || continue
			cp "$f" "$dir/$(basename "$f")" || return 1
			REMOTE_OPT="$opt" REMOTE_FILE="$batch/$run/$(basename "$f")" awk '
				prev == ENVIRON["REMOTE_OPT"] { $0 = ENVIRON["REMOTE_FILE"] }
				{ print; prev = $0 }' "$dir/local.args" > "$dir/local.args.new"
			mv "$dir/local.args.new" "$dir/local.args"
		done
		mv "$dir/local.args" "$dir/qemu-cmd.args"
	done
	tar -cf "$results/remote/$batch.tar" -C "$results/remote" "$batch"
	rm -rf "${results:?}/remote/$batch"
}

# remote_start RESULTS LIMIT HOSTS BATCH...: GNU parallel in the
# background, in its own process group (its pid in $!), running each
# staged batch on one of HOSTS (a comma list) with remote-boot.sh,
# at most one batch per host at a time, a failed batch tried again (on
# another host when there is one: a host that went away) as many times as
# there are hosts; each batch's results come back as
# RESULTS/remote/BATCH.out.tar. Its output goes to RESULTS/remote/parallel.log,
# one "BATCH<TAB>line" per line as the hosts say it, and its job log to
# RESULTS/remote/joblog.
remote_start() {
	local results="$1" limit="$2" h logins="" base list
	read -r -a list <<< "${3//,/ }"
	shift 3
	cp "$KVM_DIR/remote-boot.sh" "$KVM_DIR/boot.sh" "$results/remote/"
	for h in "${list[@]}"; do
		logins="$logins${logins:+,}1/$h"
	done
	# One folder per run on each host, so runs from two machines (or two
	# runs here) keep apart; --cleanup empties it and removes it.
	base="${TORTURE_REMOTE_DIR:-/tmp}/nolibc-torture.$(hostname -s 2> /dev/null || echo here).$$.$(date +%s)"
	# The log exists before the caller's first look at it: the background
	# job opens its redirection only once it runs, and a loaded machine
	# ran the caller's read first (kvm.sh then died under set -e, leaving
	# no verdict).
	: > "$results/remote/parallel.log"
	(cd "$results/remote" && exec setsid parallel --will-cite --ssh "$(remote_ssh)" \
		--sshlogin "$logins" --workdir "$base" \
		--basefile remote-boot.sh --basefile boot.sh \
		--transferfile '{}.tar' --return '{}.out.tar' --cleanup \
		--retries "${#list[@]}" --line-buffer --tag --joblog joblog \
		bash remote-boot.sh '{}.tar' "$limit" ::: "$@") >> "$results/remote/parallel.log" 2>&1 < /dev/null &
}

# remote_collect RESULTS BATCH: copies what a batch's host wrote for each
# run (console.log, qemu-exit or killed, boot-seconds, remote-host) from
# RESULTS/remote/BATCH.out.tar into RESULTS/RUN/ and prints the runs.
# Fails when the batch did not come back.
remote_collect() {
	local results="$1" batch="$2" dir run
	[ -s "$results/remote/$batch.out.tar" ] || return 1
	tar -xf "$results/remote/$batch.out.tar" -C "$results/remote" || return 1
	for dir in "$results/remote/$batch"/*/; do
		[ -d "$dir" ] || continue
		run=$(basename "$dir")
		[ -d "$results/$run" ] || continue
		cp "$dir"/* "$results/$run/"
		echo "$run"
	done
	rm -rf "${results:?}/remote/$batch" "$results/remote/$batch.out.tar" "$results/remote/$batch.tar"
}

# remote_pid: GNU parallel while remote_boot_batches runs it, for the
# interrupt handler of the script that sourced this file to stop
# (remote_stop).
remote_pid=""

# remote_session_pids SID: the processes of session SID, from /proc.
remote_session_pids() {
	local f stat sid
	for f in /proc/[0-9]*/stat; do
		read -r stat 2> /dev/null < "$f" || continue
		# after the command name: state, ppid, pgrp, session
		read -r _ _ _ sid _ <<< "${stat##*) }"
		[ "$sid" != "$1" ] || { f=${f#/proc/}; echo "${f%/stat}"; }
	done
}

# remote_stop: for the interrupt handler of the script that sourced this
# file, while remote_pid is set: ends GNU parallel and its ssh clients
# (the end of its session), whose closed connections stop the guests on
# the hosts (remote-boot.sh). The ssh clients are in process groups of
# their own, out of reach of stop_group; left to parallel to pass the TERM
# on, they stay connected when stop_group's KILL, 0.5 s after its TERM,
# comes first, as it can on a loaded machine (with parallel held stopped
# over it, the guest ran on to its limit, 77 s more). So every process of
# the session gets the TERM, parallel has up to 10 s to exit (it ignores
# TERM before its first job starts), and what is left of the session is
# KILLed.
remote_stop() {
	local pid end=$((SECONDS + 10))
	for pid in $(remote_session_pids "$remote_pid"); do
		kill -TERM "$pid" 2> /dev/null || true
	done
	while kill -0 "$remote_pid" 2> /dev/null && [ "$SECONDS" -lt "$end" ]; do
		sleep 0.1
	done
	for pid in $(remote_session_pids "$remote_pid"); do
		kill -KILL "$pid" 2> /dev/null || true
	done
	wait "$remote_pid" 2> /dev/null || true
	remote_pid=""
}

# remote_boot_batches RESULTS TORTURE LIMIT HOSTS BATCH...: boots each
# BATCH (a list of runs, each with RESULTS/RUN/qemu-cmd.args) on the
# HOSTS (one a line) and judges each run here (run_judge) as soon as its
# batch is back, saying so with the caller's say. Runs whose batch never
# came back are REMOTE-FAILED.
remote_boot_batches() {
	local results="$1" torture="$2" limit="$3" hosts="$4" batch run name n=0 shown=0 total alive status=0
	local -a names=()
	declare -A batch_of=() waiting=()
	shift 4
	for batch in "$@"; do
		n=$((n + 1))
		name="batch-$n"
		# shellcheck disable=SC2086 # a batch is a word list
		remote_stage "$results" "$name" $batch || die "cannot pack $name for the remote hosts"
		names+=("$name")
		waiting[$name]=1
		for run in $batch; do
			batch_of[$run]=$name
		done
	done
	say "remote: ${#names[@]} batch(es) on $(paste -s -d ' ' <<< "$hosts") (GNU parallel; log: $results/remote/parallel.log)"
	remote_start "$results" "$limit" "$(paste -s -d , <<< "$hosts")" "${names[@]}"
	remote_pid=$!
	while :; do
		alive=1
		kill -0 "$remote_pid" 2> /dev/null || alive=0
		# what the hosts said since the last look, whole lines only
		total=$(wc -l < "$results/remote/parallel.log")
		if [ "$total" -gt "$shown" ]; then
			sed -n "$((shown + 1)),${total}p" "$results/remote/parallel.log" |
				while IFS= read -r line; do say "remote: ${line/$'\t'/: }"; done
			shown=$total
		fi
		for name in "${!waiting[@]}"; do
			[ -e "$results/remote/$name.out.tar" ] || continue
			unset "waiting[$name]"
			for run in $(remote_collect "$results" "$name"); do
				if [ ! -e "$results/$run/console.log" ]; then
					verdict_write "$results/$run" REMOTE-FAILED "$name came back from $(cat "$results/$run/remote-host" 2> /dev/null || echo '?') without $run's console"
					say "$run: REMOTE-FAILED (no console in $name)"
					continue
				fi
				run_judge "$results/$run" "$torture" > /dev/null
				say "$run: $(head -n 1 "$results/$run/verdict") after $(cat "$results/$run/boot-seconds" 2> /dev/null || echo '?')s on $(cat "$results/$run/remote-host" 2> /dev/null || echo '?') ($(sed -n 2p "$results/$run/verdict" | cut -c1-90))"
			done
		done
		[ "$alive" -eq 1 ] || break
		sleep 1
	done
	wait "$remote_pid" || status=$?
	remote_pid=""
	for run in "${!batch_of[@]}"; do
		[ ! -e "$results/$run/verdict" ] || continue
		verdict_write "$results/$run" REMOTE-FAILED "${batch_of[$run]} did not come back from the remote hosts (GNU parallel exit $status; see remote/parallel.log and remote/joblog)"
		say "$run: REMOTE-FAILED (${batch_of[$run]}: no console came back)"
	done
}

# remote_boot: kvm.sh --remote once the kernels are built: each batch's
# QEMU commands written as for a local boot, then remote_boot_batches;
# from the run plan (PLAN, plan.sh) and the built images (run_image).
remote_boot() {
	local batch run line image acc=tcg
	local -a batches=() cmd runs
	# The probe boot of --accel auto would test this machine, not them.
	[ "${PLAN[accel]}" != kvm ] || acc=kvm
	say "accelerator: $acc on the remote hosts$([ "${PLAN[accel]}" = auto ] && echo " (--accel auto does not probe them; --accel kvm uses their KVM)")"
	mapfile -t runs < <(plan_list run_names)
	while read -r batch; do
		line=""
		for run in $batch; do
			image=$(run_image "$run")
			[ -n "$image" ] || continue
			mapfile -t cmd < <(scenario_qemu_cmd "$run" "$image" "${PLAN[initrd]}" "$acc")
			boot_write_cmd "${PLAN[results]}/$run" "${cmd[@]}"
			line="$line $run"
		done
		[ -z "$line" ] || batches+=("$line")
	done < <(plan_batches "${PLAN[cpus]}" "${PLAN[config_dir]}" "${PLAN[bootargs_extra]}" "${runs[@]}")
	[ "${#batches[@]}" -eq 0 ] ||
		remote_boot_batches "${PLAN[results]}" "${PLAN[torture]}" $((PLAN["duration"] + PLAN["grace"])) \
			"$(plan_list remote_hosts)" "${batches[@]}"
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The plan of a kvm.sh run: the result folder names of a scenario list,
# the batches of boots that fit the CPUs, and --dryrun's print-out of it
# all. Source it; it defines functions only. Needs functions.sh, build.sh
# and boot.sh.

# scenario_of RUN_NAME: the scenario a result folder ran.
scenario_of() {
	echo "${1%.[0-9]*}"
}

# plan_run_names SCENARIO...: the result folder of each, one a line, in
# order: a repeated scenario gets .2, .3..., as in the kernel's kvm.sh.
plan_run_names() {
	local s
	local -A seen=()
	for s in "$@"; do
		seen[$s]=$(( ${seen[$s]:-0} + 1 ))
		if [ "${seen[$s]}" -gt 1 ]; then
			echo "$s.${seen[$s]}"
		else
			echo "$s"
		fi
	done
}

# plan_na ARCH CONFIG_DIR KCONFIG_EXTRA RUN...: the runs whose scenarios
# cannot apply to ARCH (scenario_na_reason, from CONFIG_DIR's CFcommon, the
# scenario and the --kconfig options KCONFIG_EXTRA), one "RUN<tab>why"
# line each. They build and boot nothing and are no failure.
plan_na() {
	local arch="$1" dir="$2" extra="$3" run reason
	local -a frags
	shift 3
	for run in "$@"; do
		frags=("$dir/$(scenario_of "$run")")
		[ ! -r "$dir/CFcommon" ] || frags=("$dir/CFcommon" "${frags[@]}")
		# shellcheck disable=SC2086 # one option per word
		if reason=$(scenario_na_reason "$arch" "${frags[@]}" <(printf '%s\n' $extra)); then
			printf '%s\t%s\n' "$run" "$reason"
		fi
	done
}

# plan_batches CPUS CONFIG_DIR RUN...: groups of runs whose CPU counts (from
# their scenarios in CONFIG_DIR, capped to CPUS) fit in CPUS together, one
# batch per line, each name after a blank; first fit in the given order.
plan_batches() {
	local cpus="$1" dir="$2" run want used=0 batch=""
	shift 2
	for run in "$@"; do
		want=$(scenario_cpus "$dir/$(scenario_of "$run")" 2>/dev/null) || want=1
		[ "$want" -le "$cpus" ] || want=$cpus
		if [ -n "$batch" ] && [ $((used + want)) -gt "$cpus" ]; then
			echo "$batch"
			batch="" used=0
		fi
		batch="$batch $run"
		used=$((used + want))
	done
	[ -z "$batch" ] || echo "$batch"
}

# dry_run: --dryrun: the batches, and for each run its fragments, build
# folder and QEMU command (or why it is N/A).
# Reads kvm.sh's options (torture, arch, duration, cpus, accel, kernel_src,
# kmake_args, defconfig, results, remote_set, remote_hosts), run_names and
# na_reasons.
# shellcheck disable=SC2154
dry_run() {
	local run scenario batch n=0 identity
	local -a cmd
	echo "torture: $torture   arch: $arch   duration: ${duration}s   cpus: $cpus   accel: $accel"
	echo "kernel source: ${kernel_src:-Debian linux-source (extracted into $PROJECT_CACHE/src)}"
	echo "results: $results"
	[ -z "$remote_set" ] || echo "remote hosts: $(paste -s -d ' ' <<< "$remote_hosts") (a batch per host at a time)"
	while read -r batch; do
		n=$((n + 1))
		echo "batch $n:$batch"
	done < <(plan_batches "$cpus" "$config_dir" "${run_names[@]}")
	identity=$(build_identity "$(kernel_src_dir "$kernel_src" "$PROJECT_CACHE")" "$arch" "$kmake_args" "$defconfig" 2> /dev/null)
	for run in "${run_names[@]}"; do
		scenario=$(scenario_of "$run")
		echo "--- $run"
		if [ -n "${na_reasons[$run]:-}" ]; then
			echo "N/A: ${na_reasons[$run]}"
			continue
		fi
		echo "fragments: $(run_fragments "$scenario" | tr '\n' ' ')"
		# shellcheck disable=SC2046 # one fragment per line
		echo "build: make O=<cache>/builds/$arch/$scenario-$(build_key "$identity" $(run_fragments "$scenario" 2> /dev/null) 2> /dev/null) tinyconfig + fragments, then $(basename "$(identify_boot_image "$arch")")"
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "<image>" "<initrd>" "${accel/auto/tcg}")
		printf 'qemu: '
		printf '%q ' "${cmd[@]}"
		echo
	done
}

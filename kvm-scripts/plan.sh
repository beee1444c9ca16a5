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
# cannot apply to ARCH (scenario_na_reason, from the scenario's fragments
# without the base and the --kconfig options KCONFIG_EXTRA), one
# "RUN<tab>why" line each. They build and boot nothing and are no failure.
plan_na() {
	local arch="$1" dir="$2" extra="$3" run reason
	local -a frags
	shift 3
	for run in "$@"; do
		mapfile -t frags < <(scenario_fragments "$arch" "$dir" "$(scenario_of "$run")" |
			grep -v "^$PROJECT_TOP/configs/base/")
		# shellcheck disable=SC2086 # one option per word
		if reason=$(scenario_na_reason "$arch" "${frags[@]}" <(printf '%s\n' $extra)); then
			printf '%s\t%s\n' "$run" "$reason"
		fi
	done
}

# plan_batches CPUS CONFIG_DIR BOOTARGS RUN...: groups of runs whose CPU
# counts (scenario_want_cpus, capped to CPUS) fit in CPUS together, one
# batch per line, each name after a blank; first fit in the given order.
plan_batches() {
	local cpus="$1" dir="$2" bootargs="$3" run want used=0 batch=""
	shift 3
	for run in "$@"; do
		want=$(scenario_want_cpus "$dir" "$(scenario_of "$run")" "$cpus" "$bootargs")
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

# plan_sources FILE...: each option line of the fragments with the file it
# came from, "  CONFIG_X=y  FILE", in merge order (a later line wins), then
# their #CHECK# lines as "  check CONFIG_X=y  FILE".
plan_sources() {
	local f
	for f in "$@"; do
		grep -E '^CONFIG_[A-Za-z0-9_]+=' "$f" | sed "s|^|  |; s|\$|  $f|" || true
	done
	for f in "$@"; do
		scenario_checks "$f" | sed "s|^|  check |; s|\$|  $f|" || true
	done
}

# plan_boot_sources DIR SCENARIO ARCH BOOTARGS ARGS: each word of the
# kernel command line ARGS with where it came from: the arch table's
# console words and kvm.sh's panic=-1, a .boot file, --bootargs, or else
# the torture's own parameters: the tree's ver_functions.sh (for a type of
# ours, configs/tortures.tsv).
plan_boot_sources() {
	local dir="$1" scenario="$2" w f torture_from
	local -A origin=()
	for w in $(identify_qemu_append "$3"); do origin[$w]="configs/arches.tsv ($3)"; done
	origin[panic=-1]="kvm.sh"
	while read -r f; do
		for w in $(scenario_boot_args "$f"); do origin[$w]=$f; done
	done < <(scenario_boot_files "$dir" "$scenario")
	for w in $4; do origin[$w]="--bootargs"; done
	torture_from="$PROJECT_TOP/configs/tortures.tsv"
	[ ! -r "$dir/ver_functions.sh" ] || torture_from="$dir/ver_functions.sh"
	for w in $5; do
		echo "  $w  ${origin[$w]:-$torture_from}"
	done
}

# dry_run: --dryrun: the kernel, the batches, and for each run every config
# line and boot argument with the file it came from, the build folder and
# the QEMU command (or why it is N/A).
# Reads kvm.sh's options (torture, arch, duration, cpus, accel, kernel_src,
# kernel_name, identity, bootargs_extra, results, remote_set,
# remote_hosts), config_dir, run_names and na_reasons.
# shellcheck disable=SC2154
dry_run() {
	local run scenario batch n=0 append
	local -a cmd frags
	echo "torture: $torture   arch: $arch   duration: ${duration}s   cpus: $cpus   accel: $accel"
	echo "kernel: $kernel_name"
	echo "kernel tree: $kernel_src"
	echo "scenarios from: $config_dir"
	echo "results: $results"
	[ -z "$remote_set" ] || echo "remote hosts: $(paste -s -d ' ' <<< "$remote_hosts") (a batch per host at a time)"
	while read -r batch; do
		n=$((n + 1))
		echo "batch $n:$batch"
	done < <(plan_batches "$cpus" "$config_dir" "$bootargs_extra" "${run_names[@]}")
	for run in "${run_names[@]}"; do
		scenario=$(scenario_of "$run")
		echo "--- $run"
		if [ -n "${na_reasons[$run]:-}" ]; then
			echo "N/A: ${na_reasons[$run]}"
			continue
		fi
		mapfile -t frags < <(run_fragments "$scenario")
		echo "fragments: ${frags[*]}"
		echo "config lines (a later one wins):"
		plan_sources "${frags[@]}"
		echo "build: make O=<cache>/builds/$arch/$scenario-$(build_key "$identity" "${frags[@]}" 2> /dev/null) tinyconfig + fragments, then $(basename "$(identify_boot_image "$arch")")"
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "<image>" "<initrd>" "${accel/auto/tcg}")
		append=$(printf '%s\n' "${cmd[@]}" | grep -A1 -x -- -append | sed -n 2p)
		echo "boot arguments:"
		plan_boot_sources "$config_dir" "$scenario" "$arch" "$bootargs_extra" "$append"
		printf 'qemu: '
		printf '%q ' "${cmd[@]}"
		echo
	done
}

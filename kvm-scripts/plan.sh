# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The plan of a kvm.sh run: its options and decisions (PLAN, kept in
# RESULTS/plan), the result folder names of a scenario list, the batches
# of boots that fit the CPUs, and --dryrun's print-out of it all. Source
# it; it defines PLAN and functions. Needs functions.sh, build.sh and
# boot.sh.

# PLAN[KEY]: what kvm.sh decided from its options, one value per key (the
# keys are plan_keys'). kvm.sh fills it once its options are checked and
# writes it into RESULTS/plan before anything is built; the build, boot,
# LAVA and remote steps read it from here, never kvm.sh's own variables,
# and kvm-again.sh and kvm-recheck.sh read the file back. Under set -u, a
# key that was never set stops the run at its first use.
declare -gA PLAN=()

# plan_keys: every key of a plan, one a line: the "plan:" comments below,
# read once when this file is sourced.
mapfile -t plan_key_list < <(sed -n 's/^#  *plan: \([a-z_]*\) .*/\1/p' "${BASH_SOURCE[0]}")
plan_keys() {
	printf '%s\n' "${plan_key_list[@]}"
}
# plan: torture        the torture type (configs/tortures.tsv)
# plan: arch           the target arch (a row of configs/arches.tsv)
# plan: kernel_arch    the kernel's ARCH= for it
# plan: cross          its CROSS_COMPILE prefix (empty on the host's arch)
# plan: duration       seconds each scenario runs
# plan: grace          seconds a guest may run past the duration
# plan: cpus           host CPUs the boots may take at once
# plan: host_cpus      make -j for the kernel builds
# plan: memory         guest memory, as QEMU's -m takes it
# plan: accel          auto, kvm or tcg, as asked
# plan: kernel_src     the kernel tree
# plan: kernel_name    the kernel as every run names it (version and source)
# plan: identity       the tree's identity in the build key (build_identity)
# plan: config_dir     the scenario folder of the tree (or of configs/)
# plan: defconfig      the make target the config starts from
# plan: kmake_args     extra arguments for the kernel's make
# plan: kconfig_extra  --kconfig items, space-separated
# plan: bootargs_extra --bootargs and what options add to it
# plan: qemu_args_extra --qemu-args and what options add to it
# plan: qemu_cmd       --qemu-cmd (empty: the arch table's QEMU)
# plan: boot_mode      kernel or tftp
# plan: tftp_server    builtin or real
# plan: stage_only     --stage-only folder, or empty
# plan: no_initrd      1 for --no-initrd
# plan: jitter         --jitter's "N [SLEEP [SPIN]]", or empty
# plan: gdb            1 for --gdb
# plan: gdb_claims     the file of gdb port claims, for --gdb
# plan: interactive    1 for --interactive
# plan: buildonly      1 for --buildonly
# plan: independent    1 for --independent-builds
# plan: trust_make     1 when make runs even on a cached build
# plan: pipelined      1 when the next batch builds while one boots
# plan: lava_dir       where LAVA jobs go, or empty
# plan: lava_device    qemu or tftp
# plan: lava_device_type LAVA device type of a tftp job
# plan: lava_url       where the LAVA artifacts are served (empty: file://)
# plan: lava_local     1 for --lava-local
# plan: lava_submit    --lava-submit's RPC2 URL, or empty
# plan: lava_http_addr --lava-http-addr
# plan: remote_hosts   --remote's hosts, space-separated, or empty
# plan: results        the results folder
# plan: initrd         the initrd every boot takes
# plan: runs           the run names as listed (summaries keep this order)
# plan: run_names      the runs to build and boot, in build order

# plan_file: where plan_save wrote PLAN, which plan_set then keeps current.
plan_file=""

# plan_set KEY VALUE: one key of PLAN, refused (exit 1) when KEY is not
# one of plan_keys; the saved plan follows.
plan_set() {
	[[ " ${plan_key_list[*]} " == *" $1 "* ]] || die "plan_set: '$1' is no key of the plan (plan.sh lists them)"
	PLAN[$1]=$2
	[ -z "$plan_file" ] || plan_save "$plan_file"
}

# plan_save FILE: PLAN as key=value lines, sorted by key, through a
# temporary file so that a reader never sees half a plan; plan_set keeps
# FILE current from then on. A value's backslashes and newlines (the
# tree's identity has several lines) are written as \\ and \n.
plan_save() {
	local k v
	for k in "${!PLAN[@]}"; do
		v=${PLAN[$k]//\\/\\\\}
		printf '%s=%s\n' "$k" "${v//$'\n'/\\n}"
	done | LC_ALL=C sort > "$1.tmp"
	mv "$1.tmp" "$1"
	plan_file=$1
}

# plan_load FILE: PLAN from a file plan_save wrote.
plan_load() {
	local line v
	[ -r "$1" ] || die "no run plan $1 (kvm.sh writes one into each results folder since 2026-12-08)"
	PLAN=()
	while IFS= read -r line; do
		v=${line#*=}
		v=${v//\\\\/$'\x01'}
		v=${v//\\n/$'\n'}
		PLAN[${line%%=*}]=${v//$'\x01'/\\}
	done < "$1"
}

# plan_list KEY: a space-separated PLAN value, one word a line (for mapfile).
plan_list() {
	local w
	for w in ${PLAN[$1]}; do
		echo "$w"
	done
}

# plan_refusal "|OPTION|...|" "|MODE|...|": why configs/option-modes.tsv
# refuses the first OPTION given with a MODE on ("OPTION with MODE: why"),
# or fails when every pair goes together. Both lists are "|"-separated,
# spelt as the table's rows and columns.
plan_refusal() {
	awk -F'\t' -v opts="$1" -v modes="$2" '
		/^#/ { next }
		!cols { for (i = 2; i <= NF; i++) mode[i] = $i; cols = NF; next }
		index(opts, "|" $1 "|") {
			for (i = 2; i <= cols; i++)
				if ($i != "-" && index(modes, "|" mode[i] "|")) {
					print $1 " with " mode[i] ": " $i
					found = 1
					exit
				}
		}
		END { exit !found }' "$PROJECT_TOP/configs/option-modes.tsv"
}

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
# the QEMU command (or why it is N/A); all from the run plan.
dry_run() {
	local run scenario batch n=0 append reason
	local -a cmd frags runs
	local -A na=()
	mapfile -t runs < <(plan_list runs)
	while IFS=$'\t' read -r run reason; do
		na[$run]=$reason
	done < <(plan_na "${PLAN[arch]}" "${PLAN[config_dir]}" "${PLAN[kconfig_extra]}" "${runs[@]}")
	echo "torture: ${PLAN[torture]}   arch: ${PLAN[arch]}   duration: ${PLAN[duration]}s   cpus: ${PLAN[cpus]}   accel: ${PLAN[accel]}"
	echo "kernel: ${PLAN[kernel_name]}"
	echo "kernel tree: ${PLAN[kernel_src]}"
	echo "scenarios from: ${PLAN[config_dir]}"
	echo "results: ${PLAN[results]}"
	[ -z "${PLAN[remote_hosts]}" ] || echo "remote hosts: ${PLAN[remote_hosts]} (a batch per host at a time)"
	while read -r batch; do
		n=$((n + 1))
		echo "batch $n:$batch"
	done < <(plan_batches "${PLAN[cpus]}" "${PLAN[config_dir]}" "${PLAN[bootargs_extra]}" "${runs[@]}")
	for run in "${runs[@]}"; do
		scenario=$(scenario_of "$run")
		echo "--- $run"
		if [ -n "${na[$run]:-}" ]; then
			echo "N/A: ${na[$run]}"
			continue
		fi
		mapfile -t frags < <(run_fragments "$scenario")
		echo "fragments: ${frags[*]}"
		echo "config lines (a later one wins):"
		plan_sources "${frags[@]}"
		echo "build: make O=<cache>/builds/${PLAN[arch]}/$scenario-$(build_key "${PLAN[identity]}" "${frags[@]}" 2> /dev/null) tinyconfig + fragments, then $(basename "$(identify_boot_image "${PLAN[arch]}")")"
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "<image>" "<initrd>" "${PLAN[accel]/auto/tcg}")
		append=$(printf '%s\n' "${cmd[@]}" | grep -A1 -x -- -append | sed -n 2p)
		echo "boot arguments:"
		plan_boot_sources "${PLAN[config_dir]}" "$scenario" "${PLAN[arch]}" "${PLAN[bootargs_extra]}" "$append"
		printf 'qemu: '
		printf '%q ' "${cmd[@]}"
		echo
	done
}

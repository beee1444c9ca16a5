# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Scenarios come from the kernel tree being tortured, as the tree's own
# kvm.sh reads them: tools/testing/selftests/rcutorture/configs/TYPE/ holds
# CFLIST, CFcommon, CFcommon.<uname -m> (6.12), one fragment per scenario
# with its #CHECK# lines, NAME.boot and ver_functions.sh. Our configs/TYPE/
# adds only what our small base kernels need on top (CFcommon) and, per
# scenario, an override whose every line says why; a type no tree has
# (nolibc) lives whole in configs/TYPE/. A "scenario folder" below is the
# tree's folder of the type, or ours for such a type. Source it; it
# defines functions only. Needs configs/env.sh, configs/arch.sh and
# functions.sh.

# scenario_tree_dir TREE TYPE: the tree's folder of TYPE's scenarios;
# nothing (and failure) when the tree has none.
scenario_tree_dir() {
	local dir="$1/tools/testing/selftests/rcutorture/configs/$2"
	[ -r "$dir/CFLIST" ] || return 1
	echo "$dir"
}

# scenario_folder TREE TYPE: where TYPE's scenarios come from: the tree's
# folder, else ours when the type is one of ours alone (configs/TYPE/
# with a CFLIST); failure when neither has it.
scenario_folder() {
	scenario_tree_dir "$1" "$2" && return 0
	[ -r "$PROJECT_TOP/configs/$2/CFLIST" ] || return 1
	echo "$PROJECT_TOP/configs/$2"
}

# scenario_ours DIR: our additions to the scenario folder DIR of a tree
# (configs/TYPE); nothing when DIR is ours already or we add nothing.
scenario_ours() {
	local ours
	ours="$PROJECT_TOP/configs/$(basename "$1")"
	[ "$ours" != "$1" ] && [ -d "$ours" ] && echo "$ours"
	return 0
}

# scenario_cflist DIR: the scenarios DIR runs when none are named.
scenario_cflist() {
	grep -v -e '^#' -e '^[[:space:]]*$' "$1/CFLIST"
}

# scenario_names DIR: every scenario DIR has, CFLIST or not (BUSTED, TREE10).
scenario_names() {
	local f n
	for f in "$1"/*; do
		n=${f##*/}
		case "$n" in CFLIST | CFcommon* | *.boot | *.sh) continue ;; esac
		[ -f "$f" ] && is_scenario_name "$n" && echo "$n"
	done
	return 0
}

# scenario_arch_commons DIR ARCH: the tree's CFcommon.NAME files for ARCH,
# NAME being our arch name or one of its aliases: the tree's kvm.sh takes
# the host's `uname -m`, which is one of them (CFcommon.i686 for i386).
scenario_arch_commons() {
	local name aliases
	aliases=$(arch_get "$2" aliases)
	for name in "$2" ${aliases//,/ }; do
		[ ! -r "$1/CFcommon.$name" ] || echo "$1/CFcommon.$name"
	done
}

# scenario_common: the fragment every kernel starts from, whatever the arch:
# what the tree's defconfig-based kernel has and tinyconfig drops, where
# RCU or the scheduler can tell. Asked for, never asserted: an arch that
# cannot have one of its options (hppa 6.1 has no HIGH_RES_TIMERS) goes on
# without it, as the arch's defconfig would.
scenario_common() {
	echo "$PROJECT_TOP/configs/base/common.config"
}

# scenario_asserted FILE...: those of the fragments whose every option must
# hold in the .config (all but scenario_common's).
scenario_asserted() {
	local f common
	common=$(scenario_common)
	for f; do
		[ "$f" = "$common" ] || echo "$f"
	done
}

# scenario_fragments ARCH DIR SCENARIO [EXTRA]: the fragment files a
# scenario is made of, one a line, in merge order (later wins), as the
# tree's kvm-test-1-run.sh orders them on top of our base: scenario_common,
# the arch's base,
# its SMP additions when the rest asks for CONFIG_SMP=y (base/ARCH-smp.config,
# for arches like malta whose SMP is a board option that would make every
# kernel SMP if it were in the base), DIR's CFcommon and ours, the scenario
# and our override of it, EXTRA (--kconfig, --kasan...) when given, then
# the tree's CFcommon.ARCH (6.12 puts it after the user's options).
scenario_fragments() {
	local arch="$1" dir="$2" ours rest=() smp_config="$PROJECT_TOP/configs/base/$1-smp.config"
	ours=$(scenario_ours "$dir")
	[ ! -r "$dir/CFcommon" ] || rest+=("$dir/CFcommon")
	[ -z "$ours" ] || [ ! -r "$ours/CFcommon" ] || rest+=("$ours/CFcommon")
	rest+=("$dir/$3")
	[ -z "$ours" ] || [ ! -r "$ours/$3" ] || rest+=("$ours/$3")
	[ -z "${4:-}" ] || rest+=("$4")
	mapfile -t -O "${#rest[@]}" rest < <(scenario_arch_commons "$dir" "$arch")
	scenario_common
	echo "$PROJECT_TOP/configs/base/$arch.config"
	if [ -r "$smp_config" ] && [ "$(config_value CONFIG_SMP "${rest[@]}")" = y ]; then
		echo "$smp_config"
	fi
	printf '%s\n' "${rest[@]}"
}

# scenario_checks FILE...: the #CHECK# lines of the fragments as fragment
# lines: what the result must hold without the scenario setting it
# (CONFIG_TINY_RCU=y follows from the rest).
scenario_checks() {
	sed -n 's/^#CHECK#\(CONFIG_[A-Za-z0-9_]*=\)/\1/p' "$@"
}

# scenario_checks_as_tree TREE: the #CHECK# options on stdin that TREE's own
# configcheck.sh would check. 6.1's turns a "#CHECK#CONFIG_X=n" into a
# pattern that matches nothing, so only its "=y" (and value) lines count
# there; 6.12's checks both (test_kconfig_disabled). That matters: 6.1's
# TASKS03 says "#CHECK#CONFIG_RCU_EXPERT=n" and also CONFIG_RCU_EXPERT=y,
# which the tree's kvm.sh never noticed and 6.12 dropped. A tree without
# a configcheck.sh (our own scenario folders) keeps every line.
scenario_checks_as_tree() {
	local check="$1/tools/testing/selftests/rcutorture/bin/configcheck.sh"
	if [ -r "$check" ] && ! grep -q 'test_kconfig_disabled' "$check"; then
		grep -v '=n$' || true
	else
		cat
	fi
}

# scenario_boot_files DIR SCENARIO: the scenario's .boot file and ours.
scenario_boot_files() {
	local ours
	ours=$(scenario_ours "$1")
	[ ! -r "$1/$2.boot" ] || echo "$1/$2.boot"
	[ -z "$ours" ] || [ ! -r "$ours/$2.boot" ] || echo "$ours/$2.boot"
}

# scenario_boot_line DIR SCENARIO: the parameters of its .boot files as one
# line (comment lines dropped, as the tree's configfrag_boot_params does).
scenario_boot_line() {
	local f line=""
	while read -r f; do
		line="$line $(scenario_boot_args "$f")"
	done < <(scenario_boot_files "$1" "$2")
	# shellcheck disable=SC2086 # squeeze the spaces between words
	echo $line
}

# scenario_want_cpus DIR SCENARIO HOST_CPUS [BOOTARGS]: how many CPUs the
# scenario wants, as the tree's kvm.sh counts them: CONFIG_NR_CPUS of its
# fragments (1 with CONFIG_SMP=n; HOST_CPUS for CONFIG_SMP=y without a
# count, as TREE01 with MAXSMP), lowered by nr_cpus= and maxcpus= in its
# .boot files and BOOTARGS.
scenario_want_cpus() {
	local dir="$1" scenario="$2" host="$3" n ours words w
	local -a frags=()
	ours=$(scenario_ours "$dir")
	[ ! -r "$dir/CFcommon" ] || frags+=("$dir/CFcommon")
	frags+=("$dir/$scenario")
	[ -z "$ours" ] || [ ! -r "$ours/$scenario" ] || frags+=("$ours/$scenario")
	n=$(scenario_cpus "${frags[@]}" 2> /dev/null) || n=$host
	read -r -a words <<< "$(scenario_boot_line "$dir" "$scenario") ${4:-}"
	for w in "${words[@]}"; do
		case "$w" in
		nr_cpus=[0-9]* | maxcpus=[0-9]*)
			w=${w#*=}
			is_positive_int "$w" && [ "$w" -lt "$n" ] && n=$w ;;
		esac
	done
	echo "$n"
}

# scenario_boot_params DIR SCENARIO SECONDS DOTCONFIG BOOTARGS: the kernel
# parameters of the torture for a run of SECONDS. With the tree's
# ver_functions.sh, the tree's own composition: configfrag_boot_params
# joins the scenario's .boot line and the user's (our .boot override, then
# BOOTARGS), per_version_boot_params adds the torture's parameters for
# the kernel configured as DOTCONFIG (its .config; for --dryrun the merged
# fragments), each in the tree's order (6.12 puts the .boot line and the
# user's last, 6.1 first). That runs in a subshell with the tree's
# bin/functions.sh, whose helpers share names with ours, and without our
# set -eu, which the tree's scripts are not written for. Without a
# ver_functions.sh (a type of ours alone): the torture table's run
# parameters (configs/tortures.tsv), the .boot line, BOOTARGS.
scenario_boot_params() {
	local dir="$1" scenario="$2" seconds="$3" dotconfig="$4" ours user bin="$1/../../bin"
	ours=$(scenario_ours "$dir")
	user=$5
	[ -z "$ours" ] || [ ! -r "$ours/$scenario.boot" ] || user="$(scenario_boot_args "$ours/$scenario.boot") $user"
	if [ ! -r "$dir/ver_functions.sh" ] || [ ! -r "$bin/functions.sh" ]; then
		local -a words
		read -r -a words <<< "$(torture_run_params "$(basename "$dir")" "$seconds") $(scenario_boot_line "$dir" "$scenario") $5"
		echo "${words[*]}"
		return 0
	fi
	(
		set +eu
		# shellcheck disable=SC1091 # the tree's own scripts
		. "$bin/functions.sh" && . "$dir/ver_functions.sh" &&
			per_version_boot_params "$(configfrag_boot_params "$user" "$dir/$scenario")" \
				"$dotconfig" "$seconds"
	) 2> /dev/null
}

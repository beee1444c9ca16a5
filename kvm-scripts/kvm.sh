#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build torture-test kernels and boot them in QEMU with our nolibc initrd,
# then say how each scenario went. Works like the kernel's
# tools/testing/selftests/rcutorture/bin/kvm.sh for the options that matter.
#
# Usage: kvm.sh [options]
#   --torture TYPE      rcu (default), lock, scf, refscale, rcuscale; or
#                       nolibc: the nolibc selftest as PID 1 (scenario
#                       SELFTEST; --bootargs NOLIBC_TEST=... selects tests)
#   --configs "LIST"    scenarios, e.g. "TREE01 TINY01 2*SRCU-N"
#                       (default: the CFLIST of the tree's
#                       tools/testing/selftests/rcutorture/configs/TYPE/)
#   --duration D        run time: N minutes, or Ns, Nm, Nh, Nd (default 10)
#   --cpus N            host CPUs to use; scenarios wanting more are capped
#                       (default: all, `nproc`)
#   --memory SIZE       guest memory (default 512M)
#   --kconfig "OPTS"    extra CONFIG_X=y options for every scenario;
#                       #CHECK#CONFIG_X=y only asserts it in the result
#   --bootargs "ARGS"   extra kernel parameters
#   --qemu-args "ARGS"  extra QEMU arguments
#   --qemu-cmd CMD      QEMU binary to run (default: from the arch table)
#   --buildonly         build the kernels, boot nothing (also --build-only)
#   --dryrun            print the plan and commands; build and boot nothing
#   --trust-make        run make even when a cached build looks current
#   --independent-builds  build each scenario in its own cold tree (the
#                       default shares one tree per arch, rebuilt
#                       incrementally, and builds the next batch's kernels
#                       while the current batch boots; share.sh)
#   --kmake-arg "ARGS"  extra arguments for the kernel's make
#   --results DIR       results folder (default results/YYYY.MM.DD-HH.MM.SS)
#   --kernel VERSION    torture Debian's linux-source-VERSION (e.g. 6.1, 6.12),
#                       installed first when missing (as root); default: the
#                       newest installed. Every run names its kernel.
#   --kernel-src DIR    a kernel tree of your own instead (with its
#                       tools/testing/selftests/rcutorture/configs)
#   --arch ARCH         target arch (default: this machine's)
#   --accel MODE        auto (default), kvm or tcg
#   --boot MODE         kernel (default): QEMU's -kernel and -initrd; tftp:
#                       the firmware fetches both over TFTP (netboot.sh)
#   --tftp-server KIND  for --boot tftp: builtin (default, QEMU's own TFTP)
#                       or real (dnsmasq in a private network namespace; root)
#   --stage-only DIR    build, then write a TFTP tree and server configuration
#                       per scenario into DIR for a real machine; boot nothing
#   --lava DIR          build, then write a LAVA job per scenario into DIR,
#                       with its kernel and initrd; boot nothing here
#   --lava-device KIND  qemu (default): the job boots in the dispatcher's
#                       QEMU; tftp: a board fetches kernel and initrd over TFTP
#   --lava-device-type NAME  LAVA device type of a tftp job (default: x86
#                       for x86 arches; needed for others)
#   --lava-artifacts-url URL  where DIR is served (default: file://DIR)
#   --lava-local        run the qemu jobs here with Debian's lava-run and
#                       judge their consoles (DIR defaults to RESULTS/lava)
#   --lava-submit URL   submit the jobs to a LAVA server (its RPC2 URL, with
#                       user:token), wait, fetch the logs and judge them
#   --lava-http-addr ADDR  for --lava-submit without --lava-artifacts-url:
#                       the address DIR is served on, which the dispatcher
#                       must reach (default: this machine's first address,
#                       hostname -I; TORTURE_LAVA_HTTP_ADDR)
#   --remote "HOSTS"    build here, boot on these machines over ssh (GNU
#                       parallel; a batch per host at a time), bring the
#                       consoles back and judge them here; see
#                       kvm-scripts/README.md for what the hosts need
#   --allcpus           use every host CPU (the default here)
#   --bootimage PATH    boot image inside the build tree (default: the arch
#                       table's, e.g. arch/x86/boot/bzImage)
#   --datestamp NAME    results folder name under results/ (or under the
#                       --results folder) instead of the date
#   --defconfig TARGET  the make target the config starts from (default
#                       tinyconfig; e.g. defconfig, or a *_defconfig)
#   --gdb               one scenario, debug info, nokaslr, QEMU's gdb stub
#                       (-S, port 1234 or the next free): prints the gdb
#                       command that attaches
#   --interactive       one scenario, its console on this terminal
#   --debug-info        build with debug info (DWARF, the toolchain's
#                       default) and boot with nokaslr, so that traces and
#                       vmlinux decode; refused on a tree whose
#                       lib/Kconfig.debug lacks DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT
#   --kasan             build with KASAN (the memory error detector) where
#                       the tree has it for the arch
#                       (configs/kernel-arches.tsv); 2G of memory unless
#                       --memory says otherwise
#   --kcsan             build with KCSAN (the data race detector), likewise
#   --jitter "N [SLEEP [SPIN]]"  N host processes (negative: one per CPU)
#                       that sleep below SLEEP and spin below SPIN
#                       microseconds in turn (default 1000000 each) while
#                       the guests run
#   --mac ADDR          give the guest a NIC with this MAC address
#   --no-initrd         boot without our initrd (the kernel brings its own
#                       init: CONFIG_INITRAMFS_SOURCE or --bootargs init=)
#   --shutdown-grace N  seconds a guest may run past --duration before it
#                       is a HANG (default 90; TORTURE_SHUTDOWN_GRACE)
#   Also accepted, as the kernel's kvm.sh spells them: --bootarg,
#   --kconfigs, --kmake-args, --qemu-arg.
#   -h, --help          this text
#
# Environment: TORTURE_QEMU_CMD, TORTURE_BOOT_IMAGE, TORTURE_KMAKE_ARG,
# TORTURE_QEMU_ARG, TORTURE_BOOTARGS, TORTURE_SHUTDOWN_GRACE (seconds QEMU
# may run past the duration before the run is called a HANG; default 90),
# NOLIBC_TORTURE_CACHE (cache folder, default ~/.cache/nolibc-torture),
# TORTURE_CCACHE=1 (compile through ccache; helps only when one config is
# rebuilt in a new build folder, and costs ~20% on a cold build),
# PARALLEL_SSH (the ssh command for --remote), TORTURE_REMOTE_DIR (where
# --remote works on the hosts, default /tmp), TORTURE_LAVA_HTTP_ADDR.
#
# Exit status: 0 when every scenario succeeded, 1 otherwise, 2 for bad
# options, 130 when interrupted.
set -eu

KVM_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$KVM_DIR/../configs/env.sh"
# shellcheck source=../configs/kernel.sh
source "$KVM_DIR/../configs/kernel.sh"
# shellcheck source=functions.sh
source "$KVM_DIR/functions.sh"
# shellcheck source=lava.sh
source "$KVM_DIR/lava.sh"
# shellcheck source=cache.sh
source "$KVM_DIR/cache.sh"
# shellcheck source=scenario.sh
source "$KVM_DIR/scenario.sh"
# shellcheck source=build.sh
source "$KVM_DIR/build.sh"
# shellcheck source=boot.sh
source "$KVM_DIR/boot.sh"
# shellcheck source=plan.sh
source "$KVM_DIR/plan.sh"
# shellcheck source=accel.sh
source "$KVM_DIR/accel.sh"
# shellcheck source=summary.sh
source "$KVM_DIR/summary.sh"
# shellcheck source=share.sh
source "$KVM_DIR/share.sh"
# shellcheck source=plot.sh
source "$KVM_DIR/plot.sh"
# shellcheck source=remote.sh
source "$KVM_DIR/remote.sh"

usage() {
	sed -n '/^# Usage:/,/^# Exit status/p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

bad_usage() {
	echo "kvm.sh: $*" >&2
	echo "kvm.sh: see kvm.sh --help" >&2
	exit 2
}

# All that follows is the body of main, called on the last line: bash reads
# a script as it runs it, so kvm.sh rewritten in place during a run (an
# editor saving over it) would have the run go on with the new text from
# its old offset; a function is read whole before it runs. Not indented,
# to keep the history readable. The run's arrays are declared -g, so they
# stay globals as they were. The exit after main makes shellcheck take the
# functions reached only through a trap or cache_with_lock for
# unreachable (SC2317).
# shellcheck disable=SC2317 # functions reached only through a trap or cache_with_lock
main() {

# --- options -----------------------------------------------------------------

torture=rcu configs="" duration_arg=10 cpus="" memory=512M kconfig_extra=""
bootargs_extra="${TORTURE_BOOTARGS:-}" qemu_args_extra="${TORTURE_QEMU_ARG:-}"
qemu_cmd="${TORTURE_QEMU_CMD:-}" buildonly="" dryrun="" trust_make="" independent=""
kmake_args="${TORTURE_KMAKE_ARG:-}" results="" kernel_src="" kernel_version="" arch="" accel=auto
grace="${TORTURE_SHUTDOWN_GRACE:-90}" boot_mode=kernel tftp_server=builtin stage_only=""
lava_dir="" lava_device=qemu lava_device_type="" lava_url="" lava_local="" lava_submit=""
lava_http_addr="${TORTURE_LAVA_HTTP_ADDR:-}" lava_http_addr_set=""
defconfig=tinyconfig datestamp="" bootimage="" gdb="" interactive="" jitter="" mac="" no_initrd=""
kasan="" kcsan="" memory_set="" remote="" remote_set="" remote_hosts=""
debug_info="" gdb_claims=""

while [ $# -gt 0 ]; do
	case "$1" in
	--torture) torture="${2?--torture needs a value}"; shift ;;
	--configs|--config) configs="${2?--configs needs a value}"; shift ;;
	--duration) duration_arg="${2?--duration needs a value}"; shift ;;
	--cpus) cpus="${2?--cpus needs a value}"; shift ;;
	--memory) memory="${2?--memory needs a value}"; memory_set=1; shift ;;
	--kconfig|--kconfigs) kconfig_extra="$kconfig_extra ${2?--kconfig needs a value}"; shift ;;
	--bootargs|--bootarg) bootargs_extra="$bootargs_extra ${2?--bootargs needs a value}"; shift ;;
	--qemu-args|--qemu-arg) qemu_args_extra="$qemu_args_extra ${2?--qemu-args needs a value}"; shift ;;
	--qemu-cmd) qemu_cmd="${2?--qemu-cmd needs a value}"; shift ;;
	--buildonly|--build-only) buildonly=1 ;;
	--dryrun) dryrun=1 ;;
	--trust-make) trust_make=1 ;;
	--independent-builds) independent=1 ;;
	--kmake-arg|--kmake-args) kmake_args="$kmake_args ${2?--kmake-arg needs a value}"; shift ;;
	--results) results="${2?--results needs a value}"; shift ;;
	--kernel-src) kernel_src="${2?--kernel-src needs a value}"; shift ;;
	--kernel) kernel_version="${2?--kernel needs a value}"; shift ;;
	--arch) arch="${2?--arch needs a value}"; shift ;;
	--accel) accel="${2?--accel needs a value}"; shift ;;
	--boot) boot_mode="${2?--boot needs a value}"; shift ;;
	--tftp-server) tftp_server="${2?--tftp-server needs a value}"; shift ;;
	--stage-only) stage_only="${2?--stage-only needs a value}"; shift ;;
	--lava) lava_dir="${2?--lava needs a value}"; shift ;;
	--lava-device) lava_device="${2?--lava-device needs a value}"; shift ;;
	--lava-device-type) lava_device_type="${2?--lava-device-type needs a value}"; shift ;;
	--lava-artifacts-url) lava_url="${2?--lava-artifacts-url needs a value}"; shift ;;
	--lava-local) lava_local=1 ;;
	--lava-submit) lava_submit="${2?--lava-submit needs a value}"; shift ;;
	--lava-http-addr) lava_http_addr="${2?--lava-http-addr needs a value}"; lava_http_addr_set=1; shift ;;
	--allcpus) cpus=$(nproc) ;;
	--bootimage) bootimage="${2?--bootimage needs a value}"; shift ;;
	--datestamp) datestamp="${2?--datestamp needs a value}"; shift ;;
	--defconfig) defconfig="${2?--defconfig needs a value}"; shift ;;
	--gdb) gdb=1 ;;
	--interactive) interactive=1 ;;
	--debug-info|--debuginfo) debug_info=1 ;;
	--jitter) jitter="${2?--jitter needs a value}"; shift ;;
	--mac) mac="${2?--mac needs a value}"; shift ;;
	--no-initrd) no_initrd=1 ;;
	--kasan) kasan=1 ;;
	--kcsan) kcsan=1 ;;
	--shutdown-grace) grace="${2?--shutdown-grace needs a value}"; shift ;;
	--remote) remote="${2?--remote needs a value}"; remote_set=1; shift ;;
	-h|--help) usage 0 ;;
	*) bad_usage "unknown option '$1'" ;;
	esac
	shift
done

# --- validation: everything the user typed is checked before any build ------

torture_get "$torture" torture > /dev/null 2>&1 ||
	bad_usage "unknown torture type '$torture' (known: $(torture_list | tr '\n' ' '))"
duration=$(parse_duration "$duration_arg") || bad_usage "bad --duration '$duration_arg'"
host_cpus=$(nproc)
[ -n "$cpus" ] || cpus=$host_cpus
is_positive_int "$cpus" || bad_usage "bad --cpus '$cpus'"
[ -n "$arch" ] || arch=$(arch_host) || bad_usage "this machine's arch '$(uname -m)' is not in configs/arches.tsv"
canonical=$(arch_canonical "$arch") || bad_usage "unknown arch '$arch' (known: $(arch_kernel_list | tr '\n' ' '))"
arch="$canonical"
[ -n "$(arch_get "$arch" qemu_system)" ] ||
	bad_usage "$arch is a library-only row of configs/arches.tsv (kernels: $(arch_kernel_list | tr '\n' ' '))"
case "$accel" in auto|kvm|tcg) ;; *) bad_usage "--accel must be auto, kvm or tcg" ;; esac
is_memory_size "$memory" || bad_usage "bad --memory '$memory' (want N MiB, or N with a k, M, G or T suffix)"
if [ -n "$qemu_cmd" ] && [ -z "$remote_set" ] && ! command -v "$qemu_cmd" > /dev/null; then
	bad_usage "--qemu-cmd (or TORTURE_QEMU_CMD) '$qemu_cmd': no such command"
fi
[ -z "$results" ] || [ -d "$results" ] || [ ! -e "$results" ] || bad_usage "--results '$results' is not a folder"
case "$boot_mode" in kernel|tftp) ;; *) bad_usage "--boot must be kernel or tftp" ;; esac
case "$tftp_server" in builtin|real) ;; *) bad_usage "--tftp-server must be builtin or real" ;; esac
[ -z "$stage_only" ] || boot_mode=tftp
if [ "$boot_mode" = tftp ] && [ -z "$(arch_get "$arch" netboot)" ]; then
	bad_usage "no network boot for $arch yet (configs/arches.tsv column netboot; see kvm-scripts/README.md)"
fi
if [ "$boot_mode" = tftp ] && [ "$tftp_server" = real ] && [ -z "$stage_only" ] && [ "$(id -u)" -ne 0 ]; then
	bad_usage "--tftp-server real needs root (network namespace and tap device); builtin does not"
fi
is_positive_int "$grace" || bad_usage "bad --shutdown-grace (or TORTURE_SHUTDOWN_GRACE) '$grace' (want seconds, at least 1)"
[[ -z $datestamp || ( $datestamp =~ ^[A-Za-z0-9._/-]+$ && ! $datestamp =~ (^|/)\.\.(/|$) && $datestamp != /* ) ]] ||
	bad_usage "bad --datestamp '$datestamp' (want a relative folder name: letters, digits, . _ - /)"
# only the targets that write a config unasked (config, menuconfig and
# oldconfig would wait for answers)
[[ $defconfig =~ ^(tinyconfig|allnoconfig|allyesconfig|allmodconfig|alldefconfig|[A-Za-z0-9_.-]*defconfig)$ ]] ||
	bad_usage "bad --defconfig '$defconfig' (want tinyconfig, all*config, defconfig or a *_defconfig)"
if [ -n "$bootimage" ]; then
	[[ $bootimage =~ ^[A-Za-z0-9][A-Za-z0-9_./-]*$ && $bootimage != *..* ]] ||
		bad_usage "bad --bootimage '$bootimage' (want a path inside the build tree, e.g. arch/x86/boot/bzImage)"
	export TORTURE_BOOT_IMAGE="$bootimage"
fi
[[ -z $jitter || $jitter =~ ^-?[0-9]+( +[0-9]+){0,2}\ *$ ]] ||
	bad_usage "bad --jitter '$jitter' (want \"N [SLEEP_US [SPIN_US]]\")"
[[ -z $mac || $mac =~ ^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$ ]] ||
	bad_usage "bad --mac '$mac' (want six hex bytes, e.g. 52:54:00:12:34:56)"
# Which options go with which modes: configs/option-modes.tsv.
given="|" modes="|"
[ -z "$buildonly" ] || modes+="--buildonly|"
[ -z "$stage_only" ] || modes+="--stage-only|"
[ "$boot_mode" != tftp ] || modes+="--boot tftp|"
[ -z "$lava_dir$lava_local$lava_submit" ] || { given+="--lava|"; modes+="--lava|"; }
[ -z "$remote_set" ] || { given+="--remote|"; modes+="--remote|"; }
[ -z "$gdb" ] || { given+="--gdb|"; modes+="--gdb|"; }
[ -z "$interactive" ] || { given+="--interactive|"; modes+="--interactive|"; }
[ -z "$jitter" ] || given+="--jitter|"
[ -z "$no_initrd" ] || given+="--no-initrd|"
why=$(plan_refusal "$given" "$modes") && bad_usage "$why"
[ -z "$interactive" ] || [ -t 0 ] || [ -n "$gdb" ] || bad_usage "--interactive needs a terminal on stdin"
[ -z "$no_initrd" ] || [ "$torture" != nolibc ] || bad_usage "--no-initrd with --torture nolibc: the selftest is the initrd"
for opt in $kconfig_extra; do
	[[ $opt =~ ^(#CHECK#)?CONFIG_[A-Za-z0-9_]+=.+$ ]] ||
		bad_usage "bad --kconfig item '$opt' (want CONFIG_X=value, or #CHECK#CONFIG_X=value to assert it only)"
	# A check changes no build, so it is not in the build key: a cached
	# kernel of the same key would be reused unchecked. Configure again.
	if [[ $opt == '#CHECK#'* ]]; then
		trust_make=1
	fi
done
# (not for TORTURE_LAVA_HTTP_ADDR: a setting kept in the environment is
# for the runs that serve artifacts and does not spoil the others)
if [ -n "$lava_http_addr_set" ] && { [ -z "$lava_submit" ] || [ -n "$lava_url" ]; }; then
	bad_usage "--lava-http-addr names where --lava-submit serves the kernel and initrd: it needs --lava-submit and no --lava-artifacts-url"
fi
if [ -n "$lava_dir$lava_local$lava_submit" ]; then
	why=$(lava_option_error "$lava_device" "$arch" "$lava_device_type" "$lava_url" "$lava_local" "$lava_submit" "$lava_http_addr") ||
		bad_usage "$why"
fi

if [ -n "$remote_set" ]; then
	remote_hosts=$(remote_hosts "$remote") || bad_usage "--remote: $remote_hosts"
fi

# Last, as it may extract a tree (once per machine): the kernel, whose
# tree holds the scenarios.
[ -z "$kernel_src" ] || [ -z "$kernel_version" ] || bad_usage "--kernel and --kernel-src name two trees; give one"
if [ -n "$kernel_src" ]; then
	if [ ! -f "$kernel_src/Makefile" ] || [ ! -d "$kernel_src/kernel/rcu" ]; then
		bad_usage "--kernel-src '$kernel_src' is not a kernel tree (no Makefile and kernel/rcu/)"
	fi
	kernel_src=$(cd "$kernel_src" && pwd)
elif [ -n "$kernel_version" ]; then
	why=$(kernel_refusal "$kernel_version") && bad_usage "$why"
	[ -n "$(kernel_tarball "$kernel_version")" ] || kernel_install "$kernel_version" ||
		bad_usage "--kernel $kernel_version: linux-source-$kernel_version is not installed and could not be (see above)"
fi
kernel_src=$(kernel_tree "$kernel_src" "$PROJECT_CACHE" "$kernel_version")
# what every run says of its kernel (RESULTS/kernel, the first line, the
# summary) and the tree's identity in the build key
kernel_info=$(kernel_describe "$kernel_src" "$(kernel_tarball_of "$kernel_src" "$PROJECT_CACHE")")
kernel_name="$(sed -n 's/^version=//p' <<< "$kernel_info") ($(sed -n 's/^source=//p' <<< "$kernel_info"))"
# the per-kernel arch facts (configs/kernel-arches.tsv) of this tree, for
# the --kasan/--kcsan refusals and the N/A scenarios below
ARCH_KERNEL=$(sed -n 's/^version=//p' <<< "$kernel_info")
identity=$(build_identity "$kernel_src" "$arch" "$kmake_args" "$defconfig" "$(sed -n 's/^id=//p' <<< "$kernel_info")" 2> /dev/null)
config_dir=$(scenario_folder "$kernel_src" "$torture") ||
	bad_usage "no $torture scenarios in $kernel_src/tools/testing/selftests/rcutorture/configs/$torture (nor configs/$torture here)"
[ -n "$configs" ] || configs=$(scenario_cflist "$config_dir" | tr '\n' ' ')
# shellcheck disable=SC2086 # one word per list item
scenarios=$(expand_config_list $configs) || bad_usage "bad --configs '$configs'"
for s in $scenarios; do
	scenario_names "$config_dir" | grep -qx -- "$s" ||
		bad_usage "unknown $torture scenario '$s' in $config_dir (known: $(scenario_names "$config_dir" | tr '\n' ' '))"
done
if [ -n "$gdb$interactive" ]; then
	# shellcheck disable=SC2086 # one word per scenario
	set -- $scenarios
	[ $# -eq 1 ] || bad_usage "--gdb and --interactive take one scenario, not $# ($scenarios)"
fi

if [ -n "$gdb" ]; then
	kconfig_extra="$kconfig_extra CONFIG_DEBUG_INFO_NONE=n CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y"
	bootargs_extra="$bootargs_extra nokaslr"
	# -S: stopped at the first instruction; the stub's port is chosen
	# at boot (boot_local), so that two --gdb runs can live side by side.
	qemu_args_extra="$qemu_args_extra -S"
	grace=$((365 * 86400))
	# each run's claim on its port, shared by every run on this cache
	gdb_claims="$PROJECT_CACHE/gdb-ports"
fi
# --debug-info (the kernel's 6.12 kvm.sh): --gdb's debug info and nokaslr
# without its stopped QEMU. The Kconfig choice it sets came in Linux 5.18;
# a tree without it would end in a CONFIG-MISMATCH after a build.
if [ -n "$debug_info" ] && [ -z "$gdb" ]; then
	grep -q '^config DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT$' "$kernel_src/lib/Kconfig.debug" 2> /dev/null ||
		bad_usage "--debug-info: $kernel_src/lib/Kconfig.debug has no DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT choice (Linux 5.18 added it); use --kconfig \"CONFIG_DEBUG_INFO=y\" --bootargs nokaslr on this tree"
	kconfig_extra="$kconfig_extra CONFIG_DEBUG_INFO_NONE=n CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y"
	bootargs_extra="$bootargs_extra nokaslr"
fi
[ -z "$mac" ] || qemu_args_extra="$qemu_args_extra -nic user,mac=$mac"
if [ -n "$kasan$kcsan" ]; then
	why=$(sanitizer_refusal "$arch" "$(arch_cc "$arch")" "$kasan" "$kcsan") || bad_usage "$why"
	kconfig_extra="$kconfig_extra $(sanitizer_kconfig "$arch" "$kasan" "$kcsan")"
	# KASAN's shadow takes an eighth of memory, and its quarantine more
	[ -z "$kasan" ] || [ -n "$memory_set" ] || memory=2G
fi

kernel_arch=$(arch_get "$arch" kernel_arch)
cross=$(arch_get "$arch" cross)
base_config="$PROJECT_TOP/configs/base/$arch.config"
[ -r "$base_config" ] || die "no base config for $arch ($base_config)"

# --- progress and bookkeeping ------------------------------------------------

start_time=$SECONDS

# say MESSAGE: a progress line with the time since kvm.sh started.
say() {
	printf '[%4ds] %s\n' "$((SECONDS - start_time))" "$*"
}

if [ -n "$datestamp" ]; then
	results="${results:-$PROJECT_TOP/results}/$datestamp"
elif [ -z "$results" ]; then
	results="$PROJECT_TOP/results/$(date +%Y.%m.%d-%H.%M.%S)"
fi
if [ -n "$lava_local$lava_submit" ] && [ -z "$lava_dir" ]; then
	lava_dir="$results/lava"
fi
initrd="$results/initrd/initrd.cpio"
# Plain boots here build as they go: the next batch's kernels while the
# current batch boots. Everything else builds every kernel first.
pipelined=""
if [ -z "$independent$buildonly$stage_only$lava_dir$gdb$interactive$remote_set" ] && [ "$boot_mode" = kernel ]; then
	pipelined=1
fi

# Scenario result folders (plan.sh). listed_runs keeps the order the user
# gave, which the summaries keep; run_names may be reordered for shared
# builds (build_order).
# shellcheck disable=SC2086 # one word per scenario
mapfile -t run_names < <(plan_run_names $scenarios)
listed_runs=("${run_names[@]}")

# Scenarios that cannot apply to the arch (e.g. a uniprocessor scenario on
# an always-SMP arch) are N/A, known from the arch table (plan_na).
# applicable: the other runs.
declare -gA na_reasons=()
declare -ga applicable=()
while IFS=$'\t' read -r run reason; do
	na_reasons[$run]=$reason
done < <(plan_na "$arch" "$config_dir" "$kconfig_extra" "${run_names[@]}")
for run in "${run_names[@]}"; do
	[ -n "${na_reasons[$run]:-}" ] || applicable+=("$run")
done

# The run plan (plan.sh): from here on the build, boot, LAVA and remote
# steps read PLAN, not these variables.
remote_hosts=$(paste -s -d ' ' <<< "$remote_hosts")
while read -r key; do
	case "$key" in
	runs) plan_set runs "${listed_runs[*]}" ;;
	run_names) plan_set run_names "${applicable[*]}" ;;
	*) plan_set "$key" "${!key}" ;;
	esac
done < <(plan_keys)

# ccache (TORTURE_CCACHE=1); the pids the interrupt handler stops are the
# build and boot steps' own (build.sh, boot.sh, lava.sh, remote.sh).
[ "${TORTURE_CCACHE:-0}" != 1 ] || build_use_ccache "$PROJECT_CACHE"

# --- interrupts --------------------------------------------------------------

on_interrupt() {
	local run
	trap - INT TERM
	echo
	say "interrupted: stopping QEMU and make; partial results kept"
	[ -z "$make_pid" ] || stop_group "$make_pid"
	if [ -n "$build_pid" ]; then
		kill "$build_pid" 2> /dev/null || true
		[ ! -r "$results/make.pid" ] || stop_group "$(cat "$results/make.pid")"
	fi
	[ -z "$remote_pid" ] || remote_stop
	[ -z "$jitter_pid" ] || stop_group "$jitter_pid"
	lava_http_stop
	for run in "${!qemu_pids[@]}"; do
		stop_group "${qemu_pids[$run]}"
	done
	[ -z "$gdb" ] || gdb_release_ports "$gdb_claims" $$
	for run in "${run_names[@]}"; do
		[ -d "$results/$run" ] || continue
		# a LAVA job that was running when the run was interrupted is no
		# written job ready for a server, whatever its verdict file says
		if [ ! -e "$results/$run/verdict" ] || [ -n "${qemu_pids[$run]:-}" ] ||
		   { [ -n "$lava_local$lava_submit" ] && [ "$(head -n 1 "$results/$run/verdict")" = LAVA-JOB ]; }; then
			verdict_write "$results/$run" INTERRUPTED "kvm.sh was interrupted"
		fi
	done
	touch "$results/INTERRUPTED"
	summary_write "$results" "${listed_runs[@]}" || true
	plot_run "$results" "$results/summary.svg" "$torture" "${listed_runs[@]}"
	exit 130
}

# --- main --------------------------------------------------------------------

if [ -n "$dryrun" ]; then
	dry_run
	exit 0
fi

# a run of N/A scenarios only needs none of the tools
if [ "${#applicable[@]}" -gt 0 ]; then
	build_need_tools "$arch"
	[ -n "$buildonly$remote_set" ] || need_cmd "${qemu_cmd:-$(arch_get "$arch" qemu_system)}" "$(arch_get "$arch" qemu_pkg)"
fi
if [ "${#applicable[@]}" -gt 0 ] && [ -n "$remote_set" ]; then
	# Every host is asked first, so a typo or a host without QEMU costs
	# no build.
	# shellcheck disable=SC2086 # one host per word
	remote_report=$(remote_ready "${qemu_cmd:-$(arch_get "$arch" qemu_system)}" "$(arch_get "$arch" qemu_pkg)" \
		"$([ "$accel" != kvm ] || echo 1)" $remote_hosts) || {
		printf '%s\n' "$remote_report" | sed 's/^/kvm.sh: --remote: /' >&2
		exit 2
	}
fi
if [ "${#applicable[@]}" -gt 0 ] && [ "$boot_mode" = tftp ] && [ -z "$stage_only" ] && [ -z "$buildonly" ]; then
	[ -d /usr/lib/ipxe/qemu ] || die "no iPXE boot ROMs for QEMU; install them: apt-get install ipxe-qemu"
	[ "$tftp_server" = builtin ] || need_cmd dnsmasq dnsmasq-base
fi

mkdir -p "$results" || die "cannot create results folder '$results'"
results=$(cd "$results" && pwd)
plan_set results "$results"
initrd="$results/initrd/initrd.cpio"
plan_set initrd "$initrd"
if [ -n "$stage_only" ]; then
	mkdir -p "$stage_only" || die "cannot create --stage-only folder '$stage_only'"
	stage_only=$(cd "$stage_only" && pwd)
	plan_set stage_only "$stage_only"
fi
# kept with the results, written before anything is built
plan_save "$results/plan"
trap on_interrupt INT TERM
[ -z "$remote_set" ] || say "remote hosts: $(paste -s -d ';' <<< "$remote_report" | sed 's/;/; /g')"
# What kvm-recheck.sh needs to judge the folder again: the torture type
# and the run names in order.
echo "$torture" > "$results/torture"
printf '%s\n' "${listed_runs[@]}" > "$results/runs"
echo "$kernel_info" > "$results/kernel"
say "torture $torture on $arch, kernel $kernel_name, ${duration}s per scenario, scenarios: ${run_names[*]}; results in $results"
for run in "${run_names[@]}"; do
	[ -n "${na_reasons[$run]:-}" ] || continue
	mkdir -p "$results/$run"
	verdict_write "$results/$run" N/A "${na_reasons[$run]}"
	say "$run: N/A, nothing built: ${na_reasons[$run]}"
done
if [ "${#applicable[@]}" -eq 0 ]; then
	trap - INT TERM
	summary_write "$results" "${listed_runs[@]}"
	exit
fi
# shellcheck disable=SC2086 # one option per word
[ -z "$kconfig_extra" ] || printf '%s\n' $kconfig_extra > "$results/kconfig-extra"

build_initrd "$torture" "$arch" "$results"
say "initrd: $(stat -c %s "$initrd") bytes, init $(stat -c %s "$results/initrd/init") bytes, $(cat "$results/initrd/libc")"

# From here on run_names holds the runs to build and boot (not the N/A
# ones), in build order.
mapfile -t run_names < <(build_order "${applicable[@]}")
plan_set run_names "${run_names[*]}"
[ "${run_names[*]}" = "${applicable[*]}" ] ||
	say "build order (each step a small rebuild of one shared tree): ${run_names[*]}"

if [ -z "$pipelined" ]; then
	build_runs "${run_names[@]}"
	if [ -n "$buildonly" ]; then
		for run in "${run_names[@]}"; do
			[ -z "$(run_image "$run")" ] || verdict_write "$results/$run" BUILT "--buildonly"
		done
	fi
fi

if [ -n "$lava_dir" ]; then
	lava_boot
elif [ -n "$stage_only" ]; then
	boot_stage
elif [ -n "$remote_set" ]; then
	remote_boot
elif [ -z "$buildonly" ]; then
	boot_local
fi

trap - INT TERM
status=0
summary_write "$results" "${listed_runs[@]}" || status=$?
plot_run "$results" "$results/summary.svg" "$torture" "${listed_runs[@]}"
# 0 when every run succeeded, else 1 (summary_write gives the verdicts' own
# exit status, verdict_exit; the usage above promises 0, 1, 2 or 130)
[ "$status" -eq 0 ]
}

# exit on the same line: after main, bash would read on in a file that may
# have changed meanwhile.
main "$@"; exit

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
#                       (default: configs/TYPE/CFLIST)
#   --duration D        run time: N minutes, or Ns, Nm, Nh, Nd (default 10)
#   --cpus N            host CPUs to use; scenarios wanting more are capped
#                       (default: all, `nproc`)
#   --memory SIZE       guest memory (default 512M)
#   --kconfig "OPTS"    extra CONFIG_X=y options for every scenario
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
#   --kernel-src DIR    kernel tree (default: Debian's linux-source, extracted
#                       once into the cache)
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
#                       (-s -S): prints the gdb command that attaches
#   --interactive       one scenario, its console on this terminal
#   --kasan             build with KASAN (the memory error detector) where
#                       the arch has it (configs/arches.tsv); 2G of memory
#                       unless --memory says otherwise
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
# --remote works on the hosts, default /tmp).
#
# Exit status: 0 when every scenario succeeded, 1 otherwise, 2 for bad
# options, 130 when interrupted.
set -eu

KVM_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$KVM_DIR/../configs/env.sh"
# shellcheck source=functions.sh
source "$KVM_DIR/functions.sh"
# shellcheck source=lava.sh
source "$KVM_DIR/lava.sh"
# shellcheck source=cache.sh
source "$KVM_DIR/cache.sh"
# shellcheck source=boot.sh
source "$KVM_DIR/boot.sh"
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
# shellcheck disable=SC2317
main() {

# --- options -----------------------------------------------------------------

torture=rcu configs="" duration_arg=10 cpus="" memory=512M kconfig_extra=""
bootargs_extra="${TORTURE_BOOTARGS:-}" qemu_args_extra="${TORTURE_QEMU_ARG:-}"
qemu_cmd="${TORTURE_QEMU_CMD:-}" buildonly="" dryrun="" trust_make="" independent=""
kmake_args="${TORTURE_KMAKE_ARG:-}" results="" kernel_src="" arch="" accel=auto
grace="${TORTURE_SHUTDOWN_GRACE:-90}" boot_mode=kernel tftp_server=builtin stage_only=""
lava_dir="" lava_device=qemu lava_device_type="" lava_url="" lava_local="" lava_submit=""
defconfig=tinyconfig datestamp="" bootimage="" gdb="" interactive="" jitter="" mac="" no_initrd=""
kasan="" kcsan="" memory_set="" remote="" remote_set=""

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
	--allcpus) cpus=$(nproc) ;;
	--bootimage) bootimage="${2?--bootimage needs a value}"; shift ;;
	--datestamp) datestamp="${2?--datestamp needs a value}"; shift ;;
	--defconfig) defconfig="${2?--defconfig needs a value}"; shift ;;
	--gdb) gdb=1 ;;
	--interactive) interactive=1 ;;
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

config_dir="$PROJECT_TOP/configs/$torture"
torture_get "$torture" torture > /dev/null 2>&1 ||
	bad_usage "unknown torture type '$torture' (known: $(torture_list | tr '\n' ' '))"
[ -r "$config_dir/CFLIST" ] || bad_usage "torture type '$torture' has no configs/$torture/CFLIST"
duration=$(parse_duration "$duration_arg") || bad_usage "bad --duration '$duration_arg'"
[ -n "$configs" ] || configs=$(grep -v '^#' "$config_dir/CFLIST" | tr '\n' ' ')
# shellcheck disable=SC2086 # one word per list item
scenarios=$(expand_config_list $configs) || bad_usage "bad --configs '$configs'"
for s in $scenarios; do
	[ -r "$config_dir/$s" ] ||
		bad_usage "unknown $torture scenario '$s' (known: $(grep -v '^#' "$config_dir/CFLIST" | tr '\n' ' '))"
done
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
if [ -n "$kernel_src" ] && { [ ! -f "$kernel_src/Makefile" ] || [ ! -d "$kernel_src/kernel/rcu" ]; }; then
	bad_usage "--kernel-src '$kernel_src' is not a kernel tree (no Makefile and kernel/rcu/)"
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
if [ -n "$gdb$interactive" ]; then
	# shellcheck disable=SC2086 # one word per scenario
	set -- $scenarios
	[ $# -eq 1 ] || bad_usage "--gdb and --interactive take one scenario, not $# ($scenarios)"
	if [ -n "$buildonly$stage_only$lava_dir$lava_local$lava_submit" ] || [ "$boot_mode" != kernel ]; then
		bad_usage "--gdb and --interactive boot here: not with --buildonly, --stage-only, --lava or --boot tftp"
	fi
	[ -t 0 ] || [ -n "$gdb" ] || bad_usage "--interactive needs a terminal on stdin"
fi
if [ -n "$no_initrd" ]; then
	[ "$torture" != nolibc ] || bad_usage "--no-initrd with --torture nolibc: the selftest is the initrd"
	if [ -n "$lava_dir$lava_local$lava_submit" ] || [ "$boot_mode" != kernel ]; then
		bad_usage "--no-initrd: LAVA jobs and TFTP boots carry our initrd"
	fi
fi
for opt in $kconfig_extra; do
	[[ $opt =~ ^CONFIG_[A-Za-z0-9_]+=.+$ ]] || bad_usage "bad --kconfig item '$opt' (want CONFIG_X=value)"
done
if [ -n "$lava_dir$lava_local$lava_submit" ]; then
	if [ -n "$stage_only$buildonly" ] || [ "$boot_mode" != kernel ]; then
		bad_usage "--lava excludes --stage-only, --buildonly and --boot tftp (a LAVA job boots by itself)"
	fi
	why=$(lava_option_error "$lava_device" "$arch" "$lava_device_type" "$lava_url" "$lava_local" "$lava_submit") ||
		bad_usage "$why"
fi

if [ -n "$remote_set" ]; then
	remote_hosts=$(remote_hosts "$remote") || bad_usage "--remote: $remote_hosts"
	if [ -n "$buildonly$stage_only$lava_dir$lava_local$lava_submit$gdb$interactive$jitter" ] || [ "$boot_mode" != kernel ]; then
		bad_usage "--remote boots elsewhere: not with --buildonly, --stage-only, --lava*, --gdb, --interactive, --jitter or --boot tftp"
	fi
fi

if [ -n "$gdb" ]; then
	kconfig_extra="$kconfig_extra CONFIG_DEBUG_INFO_NONE=n CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y"
	bootargs_extra="$bootargs_extra nokaslr"
	qemu_args_extra="$qemu_args_extra -s -S"
	grace=$((365 * 86400))
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

# Scenario result folders: a repeated scenario gets .2, .3... like the reference.
declare -gA seen_count=()
declare -ga run_names=()
for s in $scenarios; do
	seen_count[$s]=$(( ${seen_count[$s]:-0} + 1 ))
	if [ "${seen_count[$s]}" -gt 1 ]; then
		run_names+=("$s.${seen_count[$s]}")
	else
		run_names+=("$s")
	fi
done
# The order the user gave, which the summaries keep; run_names may be
# reordered for shared builds (build_order).
listed_runs=("${run_names[@]}")

# scenario_of RUN_NAME: the scenario a result folder ran.
scenario_of() {
	echo "${1%.[0-9]*}"
}

# Scenarios that cannot apply to the arch (e.g. a uniprocessor scenario on
# an always-SMP arch) are N/A, known from the arch table: they build and
# boot nothing and are no failure. applicable: the other runs.
declare -gA na_reasons=()
declare -ga applicable=()
for run in "${run_names[@]}"; do
	s=$(scenario_of "$run")
	na_frags=("$config_dir/$s")
	[ ! -r "$config_dir/CFcommon" ] || na_frags=("$config_dir/CFcommon" "${na_frags[@]}")
	# shellcheck disable=SC2086 # one option per word
	if reason=$(scenario_na_reason "$arch" "${na_frags[@]}" <(printf '%s\n' $kconfig_extra)); then
		na_reasons[$run]=$reason
	else
		applicable+=("$run")
	fi
done

# --- kernel source -----------------------------------------------------------

# prepare_kernel_src: sets kernel_src, extracting Debian's linux-source once.
prepare_kernel_src() {
	local tarball dest
	if [ -n "$kernel_src" ]; then
		if [ ! -f "$kernel_src/Makefile" ] || [ ! -d "$kernel_src/kernel/rcu" ]; then
			die "--kernel-src '$kernel_src' is not a kernel tree"
		fi
		kernel_src=$(cd "$kernel_src" && pwd)
		return 0
	fi
	tarball=$(find /usr/src -maxdepth 1 -name 'linux-source-*.tar.xz' 2>/dev/null | sort -V | tail -n 1)
	[ -n "$tarball" ] || die "no kernel source: apt-get install linux-source-6.1 (or pass --kernel-src DIR)"
	dest="$PROJECT_CACHE/src/$(basename "$tarball" .tar.xz)"
	[ -e "$dest/.extracted" ] || say "kernel source: $tarball into $dest (once; other runs wait for it)"
	cache_extract_tarball "$tarball" "$dest" || die "cannot extract $tarball"
	kernel_src="$dest"
}

# --- builds ------------------------------------------------------------------

# scenario_fragments SCENARIO: the fragment files a scenario is made of, in
# merge order (later wins): base, the arch's SMP additions when the rest
# asks for CONFIG_SMP=y (base/<arch>-smp.config, for arches like malta whose
# SMP is a board option that would make every kernel SMP if it were in the
# base), CFcommon, the scenario, --kconfig.
scenario_fragments() {
	local rest=() smp_config="$PROJECT_TOP/configs/base/$arch-smp.config"

	[ -r "$config_dir/CFcommon" ] && rest+=("$config_dir/CFcommon")
	rest+=("$config_dir/$1")
	[ -z "$kconfig_extra" ] || rest+=("$results/kconfig-extra")
	echo "$base_config"
	if [ -r "$smp_config" ] && [ "$(config_value CONFIG_SMP "${rest[@]}")" = y ]; then
		echo "$smp_config"
	fi
	printf '%s\n' "${rest[@]}"
}

# build_key SCENARIO: names a build by everything that goes into it: the
# option lines of its fragments in merge order, not their comments, so a
# reworded comment does not cost a rebuild.
build_key() {
	{
		build_identity
		# shellcheck disable=SC2046 # one fragment per line
		fragment_to_kconfig $(scenario_fragments "$1")
	} | sha256sum | cut -c1-16
}

# build_identity: what goes into every build besides the fragments: the
# tree, arch, make arguments, --defconfig and the compiler. Builds that
# share it can share one object tree (share.sh).
build_identity() {
	# --defconfig only when not the default: keys of existing tinyconfig
	# builds stay as they were
	echo "$kernel_src $arch $kmake_args${defconfig/#tinyconfig/}"
	"${cross}gcc" --version | head -n 1
}

# build_dir SCENARIO: the cached out-of-tree build folder.
build_dir() {
	echo "$PROJECT_CACHE/builds/$arch/$1-$(build_key "$1")"
}

# cc_launcher: "ccache " only when TORTURE_CCACHE=1. Off by default: a
# build folder is already reused whole while its inputs are unchanged, and
# two scenarios' configs differ in include/generated/autoconf.h, which every
# object includes, so ccache mostly misses; a miss costs about 20% more
# compiler time (measured on kernel/fork.c, mm/filemap.c, fs/namei.c). It
# pays off only when the same config is rebuilt in a new folder. Set once
# at start-up: an export made inside "$(...)" would be lost with its subshell.
cc_launcher=""
if [ "${TORTURE_CCACHE:-0}" = 1 ]; then
	command -v ccache > /dev/null || die "TORTURE_CCACHE=1 but ccache is not installed: apt-get install ccache"
	export CCACHE_DIR="$PROJECT_CACHE/ccache" CCACHE_BASEDIR="$PROJECT_CACHE" CCACHE_NOHASHDIR=1
	cc_launcher="ccache "
fi

# kmake ARGS...: the kernel's make for the target arch, in its own process
# group so an interrupt can stop it whole. Output goes to $make_log.
make_pid=""
kmake() {
	local -a extra=()
	read -r -a extra <<< "$kmake_args"
	setsid nice -n "$kmake_niceness" make -C "$kernel_src" ARCH="$kernel_arch" \
		${cross:+CROSS_COMPILE="$cross"} CC="$cc_launcher${cross}gcc" "${extra[@]}" "$@" \
		>> "$make_log" 2>&1 &
	make_pid=$!
	# for an interrupt that comes while a background build runs (the
	# pid is then in a subshell's variable, not the main shell's)
	echo "$make_pid" > "$results/make.pid"
	local rc=0
	wait "$make_pid" || rc=$?
	make_pid=""
	rm -f "$results/make.pid"
	return "$rc"
}
# The builds of the next batch run while the current batch boots; they get
# what CPU the guests leave (nice 19), so that a guest starved by make
# does not report an RCU CPU stall that is the host's doing.
kmake_niceness=0 build_pid=""

# configure RUN_DIR BUILD_DIR SCENARIO: .config from --defconfig's target
# (tinyconfig) plus the fragments; fails with CONFIG-MISMATCH when an
# option did not stick.
configure() {
	local rundir="$1" bdir="$2" scenario="$3" frags
	# shellcheck disable=SC2046
	frags=$(scenario_fragments "$scenario" | tr '\n' ' ')
	kmake O="$bdir" "$defconfig" || return 1
	# shellcheck disable=SC2086
	fragment_to_kconfig $frags > "$bdir/nolibc-torture.fragment"
	(cd "$bdir" && "$kernel_src/scripts/kconfig/merge_config.sh" -m -O "$bdir" \
		"$bdir/.config" "$bdir/nolibc-torture.fragment") >> "$make_log" 2>&1 || return 1
	kmake O="$bdir" olddefconfig || return 1
	cp "$bdir/.config" "$rundir/.config"
	# shellcheck disable=SC2086
	if ! config_mismatches "$bdir/.config" $frags > "$rundir/ConfigFragment.diags"; then
		return 2
	fi
	return 0
}

# build_scenario RUN_NAME: builds (or reuses) the kernel; sets image_path.
# Records BUILD-FAILED or CONFIG-MISMATCH in the run folder on failure.
# Another run building or checking the same folder is waited for (the
# lock BUILD_DIR.lock), so two runs never run make in one folder.
image_path=""
build_scenario() {
	local bdir
	bdir=$(build_dir "$(scenario_of "$1")")
	echo "$bdir" > "$results/$1/build-dir"
	cache_with_lock "$bdir.lock" "the $arch $(scenario_of "$1") kernel in $bdir" \
		build_scenario_locked "$1" "$bdir"
}

# build_scenario_locked RUN_NAME BUILD_DIR: build_scenario under its lock.
# The folder's stamp .built is removed before make touches anything and
# written last, so a build cut off half-way is never reused. By default the
# kernel is built in the arch's shared tree (share.sh), under that tree's
# own lock, and copied out into BUILD_DIR; with --independent-builds,
# BUILD_DIR is its own tree.
build_scenario_locked() {
	local run="$1" bdir="$2" rundir image_rel t0 tree
	rundir="$results/$run"
	image_rel=$(identify_boot_image "$arch")
	make_log="$rundir/Make.out"
	: > "$make_log"
	t0=$SECONDS
	if [ -e "$bdir/.built" ] && [ -e "$bdir/$image_rel" ] && [ -z "$trust_make" ]; then
		say "$run: reusing kernel $bdir"
		cp "$bdir/.config" "$rundir/.config"
		cp "$bdir/Make.out" "$make_log" 2>/dev/null || true
		echo 0 > "$rundir/build-seconds"
		image_path="$bdir/$image_rel"
		return 0
	fi
	mkdir -p "$bdir"
	rm -f "$bdir/.built"
	if [ -n "$independent" ]; then
		build_in_tree "$run" "$bdir" "$image_rel" || return 1
		cp "$make_log" "$bdir/Make.out"
		date '+%Y-%m-%d %H:%M:%S' > "$bdir/.built"
	else
		tree=$(share_tree_dir "$PROJECT_CACHE" "$arch" "$(build_identity)")
		cache_with_lock "$tree.lock" "the shared $arch build tree $tree" \
			build_in_tree "$run" "$tree" "$image_rel" || return 1
		cp "$make_log" "$tree/Make.out"
		if ! share_publish "$tree" "$bdir" "$image_rel" 2>> "$make_log"; then
			set_verdict "$run" BUILD-FAILED "copying the kernel out of $tree failed, see Make.out"
			return 1
		fi
	fi
	echo $((SECONDS - t0)) > "$rundir/build-seconds"
	say "$run: built in $((SECONDS - t0))s"
	image_path="$bdir/$image_rel"
}

# build_in_tree RUN_NAME TREE IMAGE_REL: configures TREE for the run's
# scenario and makes its boot image; on failure records BUILD-FAILED or
# CONFIG-MISMATCH in the run folder.
build_in_tree() {
	local run="$1" tree="$2" image_rel="$3" rc=0
	mkdir -p "$tree"
	say "$run: configuring in $tree"
	configure "$results/$run" "$tree" "$(scenario_of "$run")" || rc=$?
	if [ "$rc" -eq 2 ]; then
		set_verdict "$run" CONFIG-MISMATCH "options that did not stick: $(tr '\n' ';' < "$results/$run/ConfigFragment.diags")"
		say "$run: CONFIG-MISMATCH:"
		sed 's/^/        /' "$results/$run/ConfigFragment.diags"
		return 1
	elif [ "$rc" -ne 0 ]; then
		set_verdict "$run" BUILD-FAILED "configuration failed, see Make.out"
		show_make_tail "$run"
		return 1
	fi
	say "$run: building $(basename "$image_rel") with -j$host_cpus (log: $make_log)"
	if ! kmake O="$tree" -j"$host_cpus" "$(basename "$image_rel")"; then
		set_verdict "$run" BUILD-FAILED "make failed, see Make.out"
		show_make_tail "$run"
		return 1
	fi
	[ -e "$tree/$image_rel" ] || { set_verdict "$run" BUILD-FAILED "no $tree/$image_rel after make"; return 1; }
}

# show_make_tail RUN_NAME: the first error lines of Make.out (with -j they
# are rarely at the end) and its last lines.
show_make_tail() {
	local log="$results/$1/Make.out"
	say "$1: BUILD-FAILED; first errors in $log:"
	grep -E -m 10 '(error|Error|fatal):' "$log" | sed 's/^/        /' || true
	say "$1: last lines of $log:"
	tail -n 8 "$log" | sed 's/^/        /'
}

# --- accelerator -------------------------------------------------------------

# The choice and its probe boot are in accel.sh (choose_accel).

# --- boots -------------------------------------------------------------------

# torture_params: the run-length parameters for the torture type, from
# configs/tortures.tsv.
torture_params() {
	torture_run_params "$torture" "$duration"
}

# scenario_qemu_cmd RUN_NAME IMAGE INITRD ACCEL: the QEMU command line for a
# run, one argument per line (so it can be stored and replayed exactly).
scenario_qemu_cmd() {
	local run="$1" image="$2" initrd="$3" acc="$4" scenario want ncpu qemu args append boot
	scenario=$(scenario_of "$run")
	want=$(scenario_cpus "$config_dir/$scenario" 2>/dev/null) || want=1
	ncpu=$want
	if [ "$ncpu" -gt "$cpus" ]; then
		say "$run: wants $want CPUs; capped to --cpus $cpus" >&2
		ncpu=$cpus
	fi
	qemu=${qemu_cmd:-$(arch_get "$arch" qemu_system)}
	args=$(identify_qemu_args "$arch" "$acc")
	args=$(specify_qemu_cpus "$arch" "$args $qemu_args_extra" "$ncpu")
	boot="$(scenario_boot_args "$config_dir/$scenario.boot") $bootargs_extra"
	boot=$(cap_boot_cpus "$boot" "$ncpu" 2> >(sed "s/^/[    ] $run: /" >&2))
	append="$(identify_qemu_append "$arch") $(torture_params) panic=-1 $boot"
	# shellcheck disable=SC2086 # squeeze the spaces between words
	append=$(printf '%s ' $append | sed 's/ $//')
	if [ "$boot_mode" = tftp ]; then
		# netboot.sh stages kernel, initrd and parameters for TFTP and
		# runs the QEMU command that follows "--" with a network boot.
		printf '%s\n' "$KVM_DIR/netboot.sh" --arch "$arch" --tftp-server "$tftp_server" \
			--image "$image" --initrd "$initrd" --append "$append"
		if [ -n "$stage_only" ]; then
			printf '%s\n' --stage-only --dir "$stage_only/$run" --
		else
			printf '%s\n' --dir "$results/$run/netboot" --
		fi
	fi
	printf '%s\n' "$qemu"
	# shellcheck disable=SC2086 # word lists from the tables
	printf '%s\n' $args
	printf '%s\n' -m "$memory" -nographic -no-reboot
	[ "$boot_mode" = tftp ] || printf '%s\n' -kernel "$image"
	[ "$boot_mode" = tftp ] || [ -n "$no_initrd" ] || printf '%s\n' -initrd "$initrd"
	[ "$boot_mode" = tftp ] || printf '%s\n' -append "$append"
}

# write_qemu_cmd RUN_NAME: qemu-cmd, a script that re-runs the boot.
write_qemu_cmd() {
	local rundir="$results/$1"
	{
		echo '#!/bin/sh'
		echo "# SPDX-License-Identifier: GPL-2.0"
		echo "# Re-run this scenario's boot; the console goes to stdout."
		printf '%q ' "${cmd[@]}"
		echo
	} > "$rundir/qemu-cmd"
	chmod +x "$rundir/qemu-cmd"
}

# boot_foreground RUN_NAME: --gdb and --interactive: QEMU in the
# foreground (for --interactive with this terminal as its console),
# copied into console.log, then judged.
boot_foreground() {
	local run="$1" rundir="$results/$1" gdb_cmd=gdb
	boot_starts[$run]=$SECONDS
	if [ -n "$gdb" ]; then
		[ "$arch" = "$(arch_host 2> /dev/null)" ] || gdb_cmd="gdb-multiarch"
		say "$run: QEMU waits for gdb; attach from another terminal with:"
		echo "    $gdb_cmd $(cat "$rundir/build-dir")/vmlinux -ex 'target remote :1234' -ex continue"
	fi
	say "$run: console here and in $rundir/console.log (Ctrl-A X quits QEMU)"
	if [ -n "$interactive" ]; then
		# the terminal kvm.sh started on (fd 3), not the batch loop's pipe
		"${cmd[@]}" <&3 2>&1 | tee "$rundir/console.log" || true
	else
		"${cmd[@]}" < /dev/null 2>&1 | tee "$rundir/console.log" || true
	fi
	judge "$run"
	say "$run: $(head -n 1 "$rundir/verdict") after $(cat "$rundir/boot-seconds")s"
}

# jitter_start, jitter_stop: jitter.sh in its own process group while the
# guests run (--jitter).
jitter_pid=""
jitter_start() {
	# shellcheck disable=SC2086 # N [SLEEP [SPIN]] as words
	setsid "$KVM_DIR/jitter.sh" $jitter > "$results/jitter.log" 2>&1 < /dev/null &
	jitter_pid=$!
	say "host jitter: $jitter (kvm-scripts/jitter.sh; log: $results/jitter.log)"
}
jitter_stop() {
	[ -z "$jitter_pid" ] || stop_group "$jitter_pid"
	jitter_pid=""
}

# lava_http_stop: ends the LAVA artifact server (lava_serve_artifacts), if
# one runs. Defined here, before anything can be interrupted.
lava_http_pid=""
lava_http_stop() {
	[ -z "$lava_http_pid" ] || kill "$lava_http_pid" 2> /dev/null || true
	lava_http_pid=""
}

# boot_start RUN_NAME: QEMU in the background (boot.sh) until the guest
# powers off or panics, or the time runs out.
declare -gA qemu_pids=() boot_starts=()
boot_start() {
	local run="$1" rundir="$results/$1"
	boot_qemu "$rundir"
	qemu_pids[$run]=$!
	boot_starts[$run]=$SECONDS
	say "$run: booting ($(basename "${cmd[0]}") ${accel_used}, -smp $(boot_cpus "$rundir"); console: $rundir/console.log)"
}

# boot_finished RUN_NAME: true once the guest is done (boot.sh: boot_done).
boot_finished() {
	boot_done "$results/$1" "${qemu_pids[$1]}" $((SECONDS - boot_starts[$1])) $((duration + grace))
}

# watch_batch RUN_NAME...: waits for every running boot of a batch, judging
# each as soon as it ends.
watch_batch() {
	local run pending=() next
	for run in "$@"; do
		[ -z "${qemu_pids[$run]:-}" ] || pending+=("$run")
	done
	while [ "${#pending[@]}" -gt 0 ]; do
		next=()
		for run in "${pending[@]}"; do
			if boot_finished "$run"; then
				judge "$run"
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

# --- verdicts ----------------------------------------------------------------

# set_verdict RUN_NAME VERDICT REASON
set_verdict() {
	printf '%s\n%s\n' "$2" "$3" > "$results/$1/verdict"
}

# judge RUN_NAME: verdict from the console, plus splat counts and the work
# done, all in console.summary.
judge() {
	local run="$1" rundir="$results/$1"
	run_judge "$rundir" "$torture" > /dev/null
	echo $((SECONDS - boot_starts[$run])) > "$rundir/boot-seconds"
}

# The table and summary files: summary.sh (summary_write); the picture:
# plot.sh (plot_run).

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
	[ -z "$remote_pid" ] || stop_group "$remote_pid"
	jitter_stop
	lava_http_stop
	for run in "${!qemu_pids[@]}"; do
		stop_group "${qemu_pids[$run]}"
	done
	for run in "${run_names[@]}"; do
		[ -d "$results/$run" ] || continue
		# a LAVA job that was running when the run was interrupted is no
		# written job ready for a server, whatever its verdict file says
		if [ ! -e "$results/$run/verdict" ] || [ -n "${qemu_pids[$run]:-}" ] ||
		   { [ -n "$lava_local$lava_submit" ] && [ "$(head -n 1 "$results/$run/verdict")" = LAVA-JOB ]; }; then
			set_verdict "$run" INTERRUPTED "kvm.sh was interrupted"
		fi
	done
	touch "$results/INTERRUPTED"
	summary_write "$results" "${listed_runs[@]}" || true
	plot_run "$results" "$results/summary.svg" "$torture" "${listed_runs[@]}"
	exit 130
}

# --- plan --------------------------------------------------------------------

# plan_batches: groups of runs whose CPU counts fit in --cpus together,
# one batch per line, first fit in the given order.
plan_batches() {
	local run want used=0 batch=""
	for run in "${run_names[@]}"; do
		want=$(scenario_cpus "$config_dir/$(scenario_of "$run")" 2>/dev/null) || want=1
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

dry_run() {
	local run scenario batch n=0
	echo "torture: $torture   arch: $arch   duration: ${duration}s   cpus: $cpus   accel: $accel"
	echo "kernel source: ${kernel_src:-Debian linux-source (extracted into $PROJECT_CACHE/src)}"
	echo "results: $results"
	[ -z "$remote_set" ] || echo "remote hosts: $(paste -s -d ' ' <<< "$remote_hosts") (a batch per host at a time)"
	while read -r batch; do
		n=$((n + 1))
		echo "batch $n:$batch"
	done < <(plan_batches)
	for run in "${run_names[@]}"; do
		scenario=$(scenario_of "$run")
		echo "--- $run"
		if [ -n "${na_reasons[$run]:-}" ]; then
			echo "N/A: ${na_reasons[$run]}"
			continue
		fi
		echo "fragments: $(scenario_fragments "$scenario" | tr '\n' ' ')"
		echo "build: make O=<cache>/builds/$arch/$scenario-$(build_key "$scenario" 2> /dev/null) tinyconfig + fragments, then $(basename "$(identify_boot_image "$arch")")"
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "<image>" "<initrd>" "${accel/auto/tcg}")
		printf 'qemu: '
		printf '%q ' "${cmd[@]}"
		echo
	done
}

# --- main --------------------------------------------------------------------

if [ -n "$dryrun" ]; then
	dry_run
	exit 0
fi

# a run of N/A scenarios only needs none of the tools
if [ "${#applicable[@]}" -gt 0 ]; then
	need_cmd make make
	need_cmd "${cross}gcc" "$(arch_get "$arch" cc_pkg)"
	need_cmd flex flex
	need_cmd bison bison
	need_cmd bc bc
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
if [ -n "$stage_only" ]; then
	mkdir -p "$stage_only" || die "cannot create --stage-only folder '$stage_only'"
	stage_only=$(cd "$stage_only" && pwd)
fi
trap on_interrupt INT TERM
[ -z "$remote_set" ] || say "remote hosts: $(paste -s -d ';' <<< "$remote_report" | sed 's/;/; /g')"
# What kvm-recheck.sh needs to judge the folder again: the torture type
# and the run names in order.
echo "$torture" > "$results/torture"
printf '%s\n' "${listed_runs[@]}" > "$results/runs"
say "torture $torture on $arch, ${duration}s per scenario, scenarios: ${run_names[*]}; results in $results"
for run in "${run_names[@]}"; do
	[ -n "${na_reasons[$run]:-}" ] || continue
	mkdir -p "$results/$run"
	set_verdict "$run" N/A "${na_reasons[$run]}"
	say "$run: N/A, nothing built: ${na_reasons[$run]}"
done
if [ "${#applicable[@]}" -eq 0 ]; then
	trap - INT TERM
	summary_write "$results" "${listed_runs[@]}"
	exit
fi
prepare_kernel_src
# shellcheck disable=SC2086 # one option per word
[ -z "$kconfig_extra" ] || printf '%s\n' $kconfig_extra > "$results/kconfig-extra"

# build_initrd: $results/initrd from the torture init, or for --torture
# nolibc from the selftest, built for the arch by nolibc's own Makefile.
build_initrd() {
	local log="$results/initrd.log" selftest="$results/selftest"
	local -a init_opt=()
	if [ "$torture" = nolibc ]; then
		say "building the nolibc selftest for $arch"
		make -s -C "$PROJECT_TOP/nolibc" nolibc-test ARCH="$arch" OPT=-Os \
			OUTPUT="$selftest" > "$log" 2>&1 ||
			{ cat "$log" >&2; die "building the nolibc selftest for $arch failed"; }
		init_opt=(--init-binary "$(ls "$selftest"/*/nolibc-test)")
	fi
	say "building the initrd"
	"$PROJECT_TOP/mkinitrd/mkinitrd.sh" --arch "$arch" --output "$results/initrd" \
		"${init_opt[@]}" >> "$log" 2>&1 ||
		{ cat "$log" >&2; die "initrd build failed"; }
}

build_initrd
initrd="$results/initrd/initrd.cpio"
say "initrd: $(stat -c %s "$initrd") bytes, init $(stat -c %s "$results/initrd/init") bytes, $(cat "$results/initrd/libc")"

# build_order RUN...: with shared builds, the runs in the order that keeps
# each incremental rebuild small (share.sh: share_order); else as given.
build_order() {
	local run sets="$results/config-sets"
	if [ -n "$independent" ] || [ "$#" -lt 2 ]; then
		printf '%s\n' "$@"
		return 0
	fi
	mkdir -p "$sets"
	for run in "$@"; do
		# shellcheck disable=SC2046 # one fragment per line
		share_config_set $(scenario_fragments "$(scenario_of "$run")") > "$sets/$run"
	done
	share_order "$sets" "$@"
}

# build_runs RUN...: builds each run's kernel, writing its path into
# RUN/image-path, so that a build run in a background subshell hands its
# result to the main shell (build_pid).
build_runs() {
	local run
	for run in "$@"; do
		mkdir -p "$results/$run"
		! build_scenario "$run" || echo "$image_path" > "$results/$run/image-path"
	done
}

# load_images RUN...: images[RUN] from what build_runs wrote.
load_images() {
	local run
	for run in "$@"; do
		[ ! -r "$results/$run/image-path" ] || images[$run]=$(cat "$results/$run/image-path")
	done
}

# From here on run_names holds the runs to build and boot (not the N/A
# ones), in build order.
mapfile -t run_names < <(build_order "${applicable[@]}")
[ "${run_names[*]}" = "${applicable[*]}" ] ||
	say "build order (each step a small rebuild of one shared tree): ${run_names[*]}"

# Plain boots here build as they go: the next batch's kernels while the
# current batch boots. Everything else builds every kernel first.
pipelined=""
if [ -z "$independent$buildonly$stage_only$lava_dir$gdb$interactive$remote_set" ] && [ "$boot_mode" = kernel ]; then
	pipelined=1
fi
declare -gA images=()
if [ -z "$pipelined" ]; then
	build_runs "${run_names[@]}"
	# shellcheck disable=SC2068 # names without blanks
	load_images ${run_names[@]}
	if [ -n "$buildonly" ]; then
		for run in "${!images[@]}"; do
			set_verdict "$run" BUILT "--buildonly"
		done
	fi
fi

# --- remote hosts (--remote) -------------------------------------------------

# remote_boot: every built run booted on the --remote hosts: each
# batch's QEMU commands written as for a local boot, then remote_boot_batches
# (remote.sh) stages them, hands them out and judges each as it comes back.
remote_boot() {
	local batch run line acc=tcg
	local -a batches=()
	# The probe boot of --accel auto would test this machine, not them.
	[ "$accel" != kvm ] || acc=kvm
	say "accelerator: $acc on the remote hosts$([ "$accel" = auto ] && echo " (--accel auto does not probe them; --accel kvm uses their KVM)")"
	while read -r batch; do
		line=""
		for run in $batch; do
			[ -n "${images[$run]:-}" ] || continue
			mapfile -t cmd < <(scenario_qemu_cmd "$run" "${images[$run]}" "$initrd" "$acc")
			printf '%s\n' "${cmd[@]}" > "$results/$run/qemu-cmd.args"
			write_qemu_cmd "$run"
			line="$line $run"
		done
		[ -z "$line" ] || batches+=("$line")
	done < <(plan_batches)
	[ "${#batches[@]}" -eq 0 ] ||
		remote_boot_batches "$results" "$torture" $((duration + grace)) "$remote_hosts" "${batches[@]}"
}

# --- LAVA --------------------------------------------------------------------

# lava_write_jobs: one LAVA job per built scenario in $lava_dir/RUN/job.yaml,
# its kernel beside it and the initrd once in $lava_dir; for qemu jobs also
# device.yaml, the device configuration lava-run boots it with. The job
# boots exactly the QEMU command a local run would (qemu-cmd.args).
lava_write_jobs() {
	local run dir base url minutes acc=tcg
	[ "$accel" != kvm ] || acc=kvm
	url="${lava_url:-file://$lava_dir}"
	url="${url%/}"
	# the job's timeouts: the run, the grace a local run gives, a minute
	minutes=$(( (duration + grace + 59) / 60 + 1 ))
	cp "$initrd" "$lava_dir/initrd.cpio"
	[ "$lava_device" != qemu ] || lava_device_dictionary "$acc" > "$lava_dir/qemu-device.jinja2"
	for run in "${run_names[@]}"; do
		[ -n "${images[$run]:-}" ] || continue
		dir="$lava_dir/$run"
		mkdir -p "$dir"
		base=$(basename "${images[$run]}")
		cp "${images[$run]}" "$dir/$base"
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "$dir/$base" "$lava_dir/initrd.cpio" "$acc")
		printf '%s\n' "${cmd[@]}" > "$results/$run/qemu-cmd.args"
		if [ "$lava_device" = qemu ]; then
			lava_job_qemu "$run" "$arch" "$torture" "$minutes" "$url/$run/$base" \
				"$url/initrd.cpio" "$results/$run/qemu-cmd.args" > "$dir/job.yaml"
			lava_device_qemu "$dir/job.yaml" "$acc" "$qemu_cmd" > "$dir/device.yaml"
		else
			lava_job_tftp "$run" "$arch" "$torture" "$minutes" "$url/$run/$base" \
				"$url/initrd.cpio" "$(lava_qemu_get "$results/$run/qemu-cmd.args" append)" \
				"${lava_device_type:-x86}" > "$dir/job.yaml"
		fi
		set_verdict "$run" LAVA-JOB "$dir/job.yaml"
	done
	say "LAVA jobs ($lava_device) in $lava_dir, artifacts at $url"
}

# lava_judge RUN_NAME: our verdict from the console LAVA logged, and LAVA's
# own results for the run beside it.
lava_judge() {
	local run="$1"
	judge "$run"
	say "$run: $(head -n 1 "$results/$run/verdict") after $(cat "$results/$run/boot-seconds")s; LAVA: $(grep -v -- '-work ' "$results/$run/lava-results" 2> /dev/null | awk '{ printf "%s%s %s %s", sep, $1, $2, $3; sep = "; " }')"
}

# lava_boot_local: every job through Debian's lava-run, a batch at a time.
lava_boot_local() {
	local batch run
	say "LAVA: running the jobs here with lava-run"
	while read -r batch; do
		for run in $batch; do
			[ -n "${images[$run]:-}" ] || continue
			boot_starts[$run]=$SECONDS
			say "$run: LAVA job $lava_dir/$run/job.yaml (lava-run; log: $results/$run/lava.log)"
			setsid "$KVM_DIR/lava.sh" run-local "$lava_dir/$run/job.yaml" \
				"$lava_dir/$run/device.yaml" "$results/$run" > /dev/null 2>&1 < /dev/null &
			qemu_pids[$run]=$!
		done
		for run in $batch; do
			[ -n "${qemu_pids[$run]:-}" ] || continue
			wait "${qemu_pids[$run]}" || true
			unset "qemu_pids[$run]"
			lava_judge "$run"
		done
	done < <(plan_batches)
}

# lava_serve_artifacts: a local HTTP server for $lava_dir while the run
# lasts (for --lava-submit without --lava-artifacts-url); sets lava_url.
lava_serve_artifacts() {
	local port_file="$results/lava-http.port" host
	python3 - "$lava_dir" "$port_file" > "$results/lava-http.log" 2>&1 <<-'EOF' &
	import functools, http.server, sys
	handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
	srv = http.server.ThreadingHTTPServer(("", 0), handler)
	open(sys.argv[2], "w").write("%d\n" % srv.server_address[1])
	srv.serve_forever()
	EOF
	lava_http_pid=$!
	for _ in $(seq 50); do [ -s "$port_file" ] && break; sleep 0.1; done
	[ -s "$port_file" ] || die "the local HTTP server for the LAVA artifacts did not start (see $results/lava-http.log)"
	host=$(hostname -I 2> /dev/null | awk '{ print $1 }')
	lava_url="http://${host:-127.0.0.1}:$(cat "$port_file")"
	say "LAVA artifacts served from $lava_dir at $lava_url while the run lasts"
}

# lava_boot_submit: submits every job to the --lava-submit server, waits
# for each, fetches its log and judges its console.
lava_boot_submit() {
	local run id
	declare -A ids=()
	for run in "${run_names[@]}"; do
		[ -n "${images[$run]:-}" ] || continue
		id=$(lava_cli "$lava_submit" jobs submit "$lava_dir/$run/job.yaml") || true
		if ! [[ $id =~ ^[0-9.]+$ ]]; then
			set_verdict "$run" LAVA-REFUSED "the server did not take $lava_dir/$run/job.yaml: $id"
			say "$run: LAVA-REFUSED: $id"
			continue
		fi
		ids[$run]=$id
		boot_starts[$run]=$SECONDS
		echo "$id" > "$results/$run/lava-job-id"
		say "$run: LAVA job $id submitted to $(lava_url_redacted "$lava_submit")"
	done
	for run in "${run_names[@]}"; do
		[ -n "${ids[$run]:-}" ] || continue
		# a job that never gets a device must not hold the run forever
		lava_cli "$lava_submit" jobs wait --timeout $(( (duration + grace) * 2 + 3600 )) "${ids[$run]}" > /dev/null || true
		lava_cli "$lava_submit" jobs logs --raw "${ids[$run]}" > "$results/$run/lava.yaml" || true
		lava_log_from_yaml "$results/$run/lava.yaml" > "$results/$run/lava.log" 2> /dev/null || true
		lava_console "$results/$run/lava.log" > "$results/$run/console.log"
		lava_results "$results/$run/lava.log" > "$results/$run/lava-results"
		lava_judge "$run"
	done
}

if [ -n "$lava_dir" ]; then
	mkdir -p "$lava_dir" || die "cannot create --lava folder '$lava_dir'"
	lava_dir=$(cd "$lava_dir" && pwd)
	[ -z "$lava_submit" ] || [ -n "$lava_url" ] || lava_serve_artifacts
	lava_write_jobs
	if [ -n "$lava_local" ]; then
		lava_boot_local
	elif [ -n "$lava_submit" ]; then
		lava_boot_submit
	fi
	lava_http_stop
elif [ -n "$stage_only" ]; then
	for run in "${run_names[@]}"; do
		[ -n "${images[$run]:-}" ] || continue
		mapfile -t cmd < <(scenario_qemu_cmd "$run" "${images[$run]}" "$initrd" tcg)
		"${cmd[@]}" || die "staging $run for network boot failed"
		set_verdict "$run" STAGED "TFTP tree in $stage_only/$run/tftp"
	done
elif [ -n "$remote_set" ]; then
	remote_boot
elif [ -z "$buildonly" ]; then
	accel_used=""
	[ "$boot_mode" = kernel ] || say "boot: over TFTP, $tftp_server server (kvm-scripts/netboot.sh)"
	[ -z "$jitter" ] || jitter_start
	exec 3<&0
	mapfile -t batches < <(plan_batches)
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
			printf '%s\n' "${cmd[@]}" > "$results/$run/qemu-cmd.args"
			write_qemu_cmd "$run"
			if [ -n "$gdb$interactive" ]; then
				boot_foreground "$run"
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
	jitter_stop
fi

trap - INT TERM
status=0
summary_write "$results" "${listed_runs[@]}" || status=$?
plot_run "$results" "$results/summary.svg" "$torture" "${listed_runs[@]}"
# the exit status is summary_write's (0 or 1)
[ "$status" -eq 0 ]
}

# exit on the same line: after main, bash would read on in a file that may
# have changed meanwhile.
main "$@"; exit

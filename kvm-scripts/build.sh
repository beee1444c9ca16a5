# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Kernel builds for kvm.sh, the part the kernel's runner keeps in
# kvm-build.sh: the source tree, the fragments a scenario's config is made
# of, the key that names a build, make, the folder lock and the copy out of
# the shared tree (share.sh). Source it; it defines functions only. Needs
# functions.sh, cache.sh and share.sh.
#
# The first functions take arguments and print results (tests call them:
# tests/unit/kvm-build.sh). The build steps after them are the run itself:
# they read the run plan (PLAN, plan.sh), print progress with kvm.sh's say
# and record failures with verdict_write (verdict.sh).

# The build steps' own state: make's pid (for the interrupt handler), its
# log and nice level (19 for a build beside boots), the compiler launcher
# (build_use_ccache), and the image the last build_scenario made.
make_pid="" make_log="" kmake_niceness=0 cc_launcher="" image_path=""

# kernel_src_dir KERNEL_SRC CACHE [TARBALL]: where the kernel tree is or
# will be, without extracting anything: KERNEL_SRC as an absolute path, or
# the CACHE folder that TARBALL (default kernel_tarball's) extracts into.
# Prints nothing when there is neither. The build key starts from this
# path, so --dryrun names the build folder that the real run will use.
kernel_src_dir() {
	local tarball="${3-$(kernel_tarball)}"
	if [ -n "$1" ]; then
		(cd "$1" 2> /dev/null && pwd) || true
		return 0
	fi
	[ -z "$tarball" ] || echo "$2/src/$(basename "$tarball" .tar.xz)"
}

# kernel_tree KERNEL_SRC CACHE [VERSION]: the kernel tree to build from (as
# kernel_src_dir), checked, and without KERNEL_SRC linux-source-VERSION's
# tarball (default: the newest installed) extracted into CACHE/src, again
# when the package changed (a note on stderr when that is to do).
kernel_tree() {
	local src="$1" cache="$2" tarball dest
	if [ -n "$src" ]; then
		if [ ! -f "$src/Makefile" ] || [ ! -d "$src/kernel/rcu" ]; then
			die "--kernel-src '$src' is not a kernel tree"
		fi
		kernel_src_dir "$src" "$cache"
		return 0
	fi
	tarball=$(kernel_tarball "${3:-}")
	[ -n "$tarball" ] ||
		die "no kernel source: apt-get install linux-source-${3:-6.12} (or pass --kernel VERSION or --kernel-src DIR)"
	dest=$(kernel_src_dir "" "$cache" "$tarball")
	cache_extracted "$tarball" "$dest" ||
		say "kernel source: $tarball into $dest (once; other runs wait for it)" >&2
	cache_extract_tarball "$tarball" "$dest" >&2 || die "cannot extract $tarball"
	echo "$dest"
}

# kernel_refusal VERSION: why --kernel VERSION cannot be had, for an exit
# 2; nothing, and failure, when it is installed or apt has its package.
kernel_refusal() {
	if ! kernel_version_ok "$1"; then
		echo "bad --kernel '$1' (want the version of a linux-source package, e.g. 6.12; installed: $(kernel_installed | paste -s -d ' '))"
		return 0
	fi
	[ -z "$(kernel_tarball "$1")" ] || return 1
	! kernel_packaged | grep -qxF -- "$1" || return 1
	echo "--kernel $1: no package linux-source-$1 here (packaged: $(kernel_packaged | paste -s -d ' '))"
}

# kernel_install VERSION: installs linux-source-VERSION as the README's
# set-up does (scripts/deps.sh: as root; otherwise it prints the apt-get
# line and fails).
kernel_install() {
	"$PROJECT_TOP/scripts/deps.sh" --packages "linux-source-$1"
}

# kernel_describe TREE [TARBALL]: what a run says of its kernel, as
# key=value lines: version (the tree's Makefile), source (the Debian
# package with its version and tarball, or the folder), tree (the folder
# built from) and id (kernel_tree_id, for the build key).
kernel_describe() {
	local tree="$1" tarball="${2:-}" pkg pkgver
	echo "version=$(kernel_makefile_version "$tree")"
	if [ -n "$tarball" ]; then
		pkg=$(basename "$tarball" .tar.xz)
		pkgver=$(kernel_package_version "${pkg#linux-source-}")
		echo "source=$pkg $pkgver ($tarball)"
		echo "tree=$tree"
		echo "id=$(kernel_tree_id "$tree" "$pkgver $(stat -c '%s %Y' "$tarball")")"
	else
		echo "source=$tree"
		echo "tree=$tree"
		echo "id=$(kernel_tree_id "$tree")"
	fi
}

# kernel_tarball_of TREE CACHE: the tarball TREE was extracted from when it
# is one of the cache's packaged trees; nothing otherwise.
kernel_tarball_of() {
	local v
	case "$1" in
	"$2/src/linux-source-"*)
		v=${1#"$2/src/linux-source-"}
		! kernel_version_ok "$v" || kernel_tarball "$v" ;;
	esac
	return 0
}

# build_identity KERNEL_SRC ARCH KMAKE_ARGS DEFCONFIG [TREE_ID]: what goes
# into every build besides the fragments: tree, arch, make arguments and
# --defconfig, then the compiler's version, then what the tree holds
# (TREE_ID: kernel_describe's id; a package upgrade or a git tree moved to
# another commit gives a new key, not a stale kernel). Builds that share it
# can share one object tree (share.sh).
build_identity() {
	# --defconfig only when not the default: keys of existing tinyconfig
	# builds stay as they were
	echo "$1 $2 $3${4/#tinyconfig/}"
	"$(arch_get "$2" cross)gcc" --version | head -n 1
	[ -z "${5:-}" ] || echo "$5"
}

# build_key IDENTITY FRAGMENT...: 16 hex digits naming a build by all that
# goes into it: IDENTITY (build_identity) and the option lines of the
# fragments in merge order, not their comments, so that a reworded comment
# does not cost a rebuild.
build_key() {
	{
		printf '%s\n' "$1"
		shift
		fragment_to_kconfig "$@"
	} | sha256sum | cut -c1-16
}

# build_dir CACHE ARCH SCENARIO KEY: the cached out-of-tree build folder.
build_dir() {
	echo "$1/builds/$2/$3-$4"
}

# build_use_ccache CACHE: compile through ccache, its files in CACHE
# (TORTURE_CCACHE=1; kvm.sh then puts "ccache " before the compiler). Off
# by default: a build folder is already reused whole while its inputs are
# unchanged, and two scenarios' configs differ in
# include/generated/autoconf.h, which every object includes, so ccache
# mostly misses; a miss costs about 20% more compiler time (measured on
# kernel/fork.c, mm/filemap.c, fs/namei.c). It pays off only when the same
# config is rebuilt in a new folder. Not to be called in $(...): its
# exports would be lost with the subshell.
build_use_ccache() {
	command -v ccache > /dev/null || die "TORTURE_CCACHE=1 but ccache is not installed: apt-get install ccache"
	export CCACHE_DIR="$1/ccache" CCACHE_BASEDIR="$1" CCACHE_NOHASHDIR=1
	cc_launcher="ccache "
}

# build_need_tools ARCH: fails, with the apt-get line, unless make, the
# ARCH cross compiler and the kernel build's flex, bison and bc are here.
build_need_tools() {
	need_cmd make make
	need_cmd "$(arch_get "$1" cross)gcc" "$(arch_get "$1" cc_pkg)"
	need_cmd flex flex
	need_cmd bison bison
	need_cmd bc bc
}

# build_initrd TORTURE ARCH RESULTS: RESULTS/initrd from the torture init,
# or for --torture nolibc from the selftest, built for ARCH by nolibc's own
# Makefile; their output in RESULTS/initrd.log.
build_initrd() {
	local torture="$1" arch="$2" results="$3" log="$3/initrd.log" selftest="$3/selftest"
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

# show_make_tail RUN_NAME LOG: the first error lines of the make log (with
# -j they are rarely at the end) and its last lines.
show_make_tail() {
	say "$1: BUILD-FAILED; first errors in $2:"
	grep -E -m 10 '(error|Error|fatal):' "$2" | sed 's/^/        /' || true
	say "$1: last lines of $2:"
	tail -n 8 "$2" | sed 's/^/        /'
}

# --- the build steps of a run --------------------------------------------------

# run_fragments SCENARIO: scenario_fragments for this run.
run_fragments() {
	scenario_fragments "${PLAN[arch]}" "${PLAN[config_dir]}" "$1" ${PLAN[kconfig_extra]:+"${PLAN[results]}/kconfig-extra"}
}

# kmake ARGS...: the kernel's make for the target arch, in its own process
# group so that an interrupt can stop it whole, its pid in make_pid and
# RESULTS/make.pid while it runs. Output goes to $make_log.
kmake() {
	local -a extra=()
	read -r -a extra <<< "${PLAN[kmake_args]}"
	setsid nice -n "$kmake_niceness" make -C "${PLAN[kernel_src]}" ARCH="${PLAN[kernel_arch]}" \
		${PLAN[cross]:+CROSS_COMPILE="${PLAN[cross]}"} CC="$cc_launcher${PLAN[cross]}gcc" "${extra[@]}" "$@" \
		>> "$make_log" 2>&1 &
	make_pid=$!
	# for an interrupt that comes while a background build runs (the
	# pid is then in a subshell's variable, not the main shell's)
	echo "$make_pid" > "${PLAN[results]}/make.pid"
	local rc=0
	wait "$make_pid" || rc=$?
	make_pid=""
	rm -f "${PLAN[results]}/make.pid"
	return "$rc"
}

# configure RUN_DIR BUILD_DIR FRAGMENT...: .config from --defconfig's
# target (tinyconfig) plus the fragments; returns 2 (CONFIG-MISMATCH) when
# an option did not stick, with the list in RUN_DIR/ConfigFragment.diags.
configure() {
	local rundir="$1" bdir="$2" asserted
	shift 2
	kmake O="$bdir" "${PLAN[defconfig]}" || return 1
	fragment_to_kconfig "$@" > "$bdir/nolibc-torture.fragment"
	(cd "$bdir" && "${PLAN[kernel_src]}/scripts/kconfig/merge_config.sh" -m -O "$bdir" \
		"$bdir/.config" "$bdir/nolibc-torture.fragment") >> "$make_log" 2>&1 || return 1
	kmake O="$bdir" olddefconfig || return 1
	cp "$bdir/.config" "$rundir/.config"
	# the scenario's #CHECK# lines are asserted as the tree's configcheck.sh does
	scenario_checks "$@" | scenario_checks_as_tree "${PLAN[kernel_src]}" > "$rundir/ConfigFragment.checks"
	mapfile -t asserted < <(scenario_asserted "$@")
	config_mismatches "$bdir/.config" "${asserted[@]}" "$rundir/ConfigFragment.checks" > "$rundir/ConfigFragment.diags" &&
		return 0
	config_foreign_ok "$rundir"
}

# config_foreign_ok RUN_DIR: after a mismatch, whether every option in
# RUN_DIR/ConfigFragment.diags is one only other arches define
# (kconfig_foreign): those are moved to ConfigFragment.foreign, a note and
# no failure (returns 0); anything else left returns 2 (CONFIG-MISMATCH).
config_foreign_ok() {
	local diags="$1/ConfigFragment.diags" foreign
	# shellcheck disable=SC2046 # one option per word
	foreign=$(kconfig_foreign "${PLAN[kernel_src]}" "${PLAN[kernel_arch]}" $(cut -d' ' -f1 "$diags"))
	[ -n "$foreign" ] || return 2
	grep -F -w -f <(printf '%s\n' "$foreign") "$diags" | sed 's/$/ (only other arches define it)/' \
		> "$1/ConfigFragment.foreign"
	grep -v -F -w -f <(printf '%s\n' "$foreign") "$diags" > "$diags.tmp" || true
	mv "$diags.tmp" "$diags"
	[ -s "$diags" ] && return 2
	return 0
}

# build_scenario RUN_NAME: builds (or reuses) the kernel; sets image_path.
# Records BUILD-FAILED or CONFIG-MISMATCH in the run folder on failure.
# Another run building or checking the same folder is waited for (the
# lock BUILD_DIR.lock), so two runs never run make in one folder.
build_scenario() {
	local scenario bdir
	scenario=$(scenario_of "$1")
	# shellcheck disable=SC2046 # one fragment per line
	bdir=$(build_dir "$PROJECT_CACHE" "${PLAN[arch]}" "$scenario" "$(build_key "${PLAN[identity]}" $(run_fragments "$scenario"))")
	echo "$bdir" > "${PLAN[results]}/$1/build-dir"
	cache_with_lock "$bdir.lock" "the ${PLAN[arch]} $scenario kernel in $bdir" \
		build_scenario_locked "$1" "$bdir"
}

# build_scenario_locked RUN_NAME BUILD_DIR: build_scenario under its lock.
# The folder's stamp .built is removed before make touches anything and
# written last, so a build cut off half-way is never reused. By default the
# kernel is built in the arch's shared tree (share.sh), under that tree's
# own lock, and copied out into BUILD_DIR; with --independent-builds,
# BUILD_DIR is its own tree. Sets make_log and image_path.
build_scenario_locked() {
	local run="$1" bdir="$2" rundir image_rel t0 tree
	rundir="${PLAN[results]}/$run"
	image_rel=$(identify_boot_image "${PLAN[arch]}")
	make_log="$rundir/Make.out"
	: > "$make_log"
	t0=$SECONDS
	if [ -e "$bdir/.built" ] && [ -e "$bdir/$image_rel" ] && [ -z "${PLAN[trust_make]}" ]; then
		say "$run: reusing kernel $bdir"
		cp "$bdir/.config" "$rundir/.config"
		cp "$bdir/Make.out" "$make_log" 2>/dev/null || true
		echo 0 > "$rundir/build-seconds"
		build_take_image "$rundir" "$bdir/$image_rel"
		return
	fi
	mkdir -p "$bdir"
	rm -f "$bdir/.built"
	if [ -n "${PLAN[independent]}" ]; then
		build_in_tree "$run" "$bdir" "$image_rel" || return 1
		cp "$make_log" "$bdir/Make.out"
		date '+%Y-%m-%d %H:%M:%S' > "$bdir/.built"
	else
		tree=$(share_tree_dir "$PROJECT_CACHE" "${PLAN[arch]}" "${PLAN[identity]}")
		cache_with_lock "$tree.lock" "the shared ${PLAN[arch]} build tree $tree" \
			build_in_tree "$run" "$tree" "$image_rel" || return 1
		cp "$make_log" "$tree/Make.out"
		if ! share_publish "$tree" "$bdir" "$image_rel" 2>> "$make_log"; then
			verdict_write "$rundir" BUILD-FAILED "copying the kernel out of $tree failed, see Make.out"
			return 1
		fi
	fi
	echo $((SECONDS - t0)) > "$rundir/build-seconds"
	say "$run: built in $((SECONDS - t0))s"
	build_take_image "$rundir" "$bdir/$image_rel"
}

# build_take_image RUN_DIR IMAGE: copies the cached IMAGE into RUN_DIR,
# still under the build folder's lock, and sets image_path to the copy.
# The run boots its own copy, as the kernel's kvm-test-1-run.sh does: a
# --trust-make run rebuilding the same cached kernel meanwhile cannot
# change it under QEMU, and kvm-again.sh boots exactly this kernel again.
build_take_image() {
	local copy
	copy="$1/$(basename "$2")"
	if ! cp "$2" "$copy"; then
		verdict_write "$1" BUILD-FAILED "copying $2 into the run folder failed"
		return 1
	fi
	image_path="$copy"
}

# build_in_tree RUN_NAME TREE IMAGE_REL: configures TREE for the run's
# scenario and makes its boot image; on failure records BUILD-FAILED or
# CONFIG-MISMATCH in the run folder.
build_in_tree() {
	local run="$1" tree="$2" image_rel="$3" rundir="${PLAN[results]}/$1" rc=0
	mkdir -p "$tree"
	say "$run: configuring in $tree"
	# shellcheck disable=SC2046 # one fragment per line
	configure "$rundir" "$tree" $(run_fragments "$(scenario_of "$run")") || rc=$?
	if [ "$rc" -eq 2 ]; then
		verdict_write "$rundir" CONFIG-MISMATCH "options that did not stick: $(tr '\n' ';' < "$rundir/ConfigFragment.diags")"
		say "$run: CONFIG-MISMATCH:"
		sed 's/^/        /' "$rundir/ConfigFragment.diags"
		return 1
	elif [ "$rc" -ne 0 ]; then
		verdict_write "$rundir" BUILD-FAILED "configuration failed, see Make.out"
		show_make_tail "$run" "$rundir/Make.out"
		return 1
	fi
	say "$run: building $(basename "$image_rel") with -j${PLAN[host_cpus]} (log: $make_log)"
	if ! kmake O="$tree" -j"${PLAN[host_cpus]}" "$(basename "$image_rel")"; then
		verdict_write "$rundir" BUILD-FAILED "make failed, see Make.out"
		show_make_tail "$run" "$rundir/Make.out"
		return 1
	fi
	[ -e "$tree/$image_rel" ] || { verdict_write "$rundir" BUILD-FAILED "no $tree/$image_rel after make"; return 1; }
}

# build_order RUN...: with shared builds, the runs in the order that keeps
# each incremental rebuild small (share.sh: share_order); else as given.
build_order() {
	local run sets="${PLAN[results]}/config-sets"
	if [ -n "${PLAN[independent]}" ] || [ "$#" -lt 2 ]; then
		printf '%s\n' "$@"
		return 0
	fi
	mkdir -p "$sets"
	for run in "$@"; do
		# shellcheck disable=SC2046 # one fragment per line
		share_config_set $(run_fragments "$(scenario_of "$run")") > "$sets/$run"
	done
	share_order "$sets" "$@"
}

# build_runs RUN...: builds each run's kernel, writing its path into
# RUN/image-path, so that a build run in a background subshell hands its
# result to the main shell (build_pid).
build_runs() {
	local run
	for run in "$@"; do
		mkdir -p "${PLAN[results]}/$run"
		! build_scenario "$run" || echo "$image_path" > "${PLAN[results]}/$run/image-path"
	done
}

# run_image RUN: the kernel image build_runs made for RUN (its copy in the
# run folder), or nothing when the build failed or has not ended.
run_image() {
	[ ! -r "${PLAN[results]}/$1/image-path" ] || cat "${PLAN[results]}/$1/image-path"
}

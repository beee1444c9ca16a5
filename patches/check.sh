#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check the kernel patch series on a pristine tree, as a maintainer would
# before taking it: apply, checkpatch, bisect-build, selftest against the
# pristine tree, and boot rcutorture kernels with the tree's own kvm.sh.
#
# Usage: patches/check.sh [options]
#   --fast           only apply, checkpatch and the x86_64 selftest build
#                    after each patch (the part make check runs)
#   --series DIR     the series (default patches/linux-6.1)
#   --results DIR    where logs go (default results/patches/<date>)
#   --duration MIN   minutes per boot of the tree's kvm.sh (default 1)
#   --keep           keep the kernel worktrees even when every check passed
#   -h, --help       this text
#
# Each check prints one line, "ok - NAME" or "not ok - NAME: why"; a
# failure names the patch and its first error. The last line is
# "N passed, N failed". Progress lines start with "#". The trees live in
# ~/.cache/nolibc-torture/patches/runs/ and stay there when a check fails
# (or on Ctrl-C), so nothing is lost; logs are in the results folder.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=patches/lib.sh
. "$here/lib.sh"

series="$here/linux-6.1"
results=""
fast=""
keep=""
duration=1

usage() {
	sed -n '3,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p}' "$0"
}

bad_usage() {
	echo "check.sh: $*" >&2
	echo "check.sh: see check.sh --help" >&2
	exit 2
}

while [ $# -gt 0 ]; do
	case "$1" in
	--fast) fast=1 ;;
	--keep) keep=1 ;;
	--series | --results | --duration)
		[ $# -ge 2 ] || bad_usage "$1 needs an argument"
		case "$1" in
		--series) series="$2" ;;
		--results) results="$2" ;;
		--duration) duration="$2" ;;
		esac
		shift
		;;
	-h | --help) usage; exit 0 ;;
	*) bad_usage "unknown option '$1'" ;;
	esac
	shift
done
[[ $duration =~ ^[1-9][0-9]{0,3}$ ]] || bad_usage "--duration takes whole minutes, not '$duration'"
series=$(cd "$series" 2> /dev/null && pwd) || bad_usage "no series folder '$series'"
patches=()
mapfile -t patches < <(series_patches "$series") || true
[ "${#patches[@]}" -gt 0 ] || bad_usage "no patches in $series/series"
tarball=$(series_tarball "$series") || exit 2
need_cmd git git
need_cmd perl perl
need_cmd flock util-linux
if [ -z "$fast" ]; then
	need_cmd gawk gawk	# the tree's rcutorture scripts break under mawk
	need_cmd qemu-system-s390x qemu-system-misc
	need_cmd s390x-linux-gnu-gcc gcc-s390x-linux-gnu
fi

start_time=$SECONDS
stamp=$(date +%Y.%m.%d-%H.%M.%S)
[ -n "$results" ] || results="$PROJECT_TOP/results/patches/$stamp"
mkdir -p "$results"
results=$(cd "$results" && pwd)
passed=0
failed=0

note() {
	printf '# [%4ds] %s\n' "$((SECONDS - start_time))" "$*"
}

ck_ok() {
	echo "ok - $1"
	passed=$((passed + 1))
}

ck_fail() {
	echo "not ok - $1: $2"
	failed=$((failed + 1))
}

base=$(base_repo "$tarball") || exit 1
run_dir="$PROJECT_CACHE/patches/runs/$stamp-$$"
tree="$run_dir/x86_64"
mkdir -p "$run_dir"

finish() {
	echo "$passed passed, $failed failed"
	if [ "$failed" -eq 0 ] && [ -z "$keep" ]; then
		drop_worktree "$base" "$tree"
		[ ! -d "$run_dir/s390x" ] || drop_worktree "$base" "$run_dir/s390x"
		rmdir "$run_dir" 2> /dev/null || true
	else
		note "trees kept in $run_dir (remove with: git -C $base worktree remove --force DIR)"
	fi
	note "logs in $results"
	[ "$failed" -eq 0 ]
}

interrupted() {
	trap - INT TERM
	ck_fail "check.sh" "interrupted"
	finish || true
	exit 130
}
trap interrupted INT TERM

note "series $series (${#patches[@]} patches) on $tarball"
new_worktree "$base" "$tree" || exit 1

# --- the pristine tree's selftest, to compare with ---------------------------

# Arches whose selftest runs under qemu-user on both trees (full mode): the
# seven the series is checked on; s390x only exists once it is patched.
selftest_arches=(x86_64 i386 aarch64 arm riscv64 mipsel s390x)

# selftest_pass TREE ARCH LABEL: build and run; prints "P F" (passed,
# failed), "crashed" or "build-failed".
selftest_pass() {
	local out="$results/selftest-$2-$3.out"
	if ! selftest_build "$1" "$2" "$results/selftest-$2-$3.build.log"; then
		echo "build-failed"
		return 0
	fi
	selftest_run "$1" "$2" "$out"
	selftest_counts "$out" || echo crashed
}

declare -A pristine_result
if [ -z "$fast" ]; then
	note "pristine selftest under qemu-user: ${selftest_arches[*]}"
	for arch in "${selftest_arches[@]}"; do
		if tree_nolibc_has "$arch" "$tree"; then
			pristine_result[$arch]=$(selftest_pass "$tree" "$arch" pristine)
		else
			pristine_result[$arch]="unsupported"
		fi
	done
	make -C "$tree/tools/testing/selftests/nolibc" clean > /dev/null 2>&1 || true
fi

# --- apply, checkpatch and build each patch ----------------------------------

# Checkpatch exceptions: a patch's subject, the message types it may give,
# and why they cannot be avoided there.
checkpatch_exceptions() {
	cat << 'EOF'
tools/nolibc: add support for s390x|FILE_PATH_CHANGES|a new file under tools/include/nolibc/ is covered by the NOLIBC entry of MAINTAINERS
tools/nolibc: start programs through one C function on every arch|FILE_PATH_CHANGES|the same, for crt.h
tools/nolibc: add sigaction(), signal() and the sigset functions|NEW_TYPEDEFS|sigset_t is a POSIX type name, as the tree's fd_set and time_t are typedefs
tools/nolibc: add clock_gettime() and nanosleep(), use time64 syscalls|NEW_TYPEDEFS|clockid_t is a POSIX type name
selftests/nolibc: test sigaction(), signal() and the sigset functions|VOLATILE|C wants the globals a signal handler writes volatile
EOF
}

# checkpatch_ignore PATCH: the --ignore option for PATCH's exceptions.
checkpatch_ignore() {
	local subject types
	subject=$(patch_subject "$1")
	types=$(checkpatch_exceptions | awk -F'|' -v s="$subject" '$1 == s { print $2 }')
	[ -z "$types" ] || echo "--ignore $types"
}

bisect_arches=(x86_64)
[ -n "$fast" ] || bisect_arches+=(s390x)
applied=0
for patch in "${patches[@]}"; do
	name=$(basename "$patch")
	if why=$(apply_patch "$tree" "$patch"); then
		ck_ok "apply $name"
		applied=$((applied + 1))
	else
		ck_fail "apply $name" "${why:-git am failed}"
		note "stopping at the first patch that does not apply"
		finish
		exit 1
	fi
	log="$results/checkpatch-$name.log"
	# shellcheck disable=SC2046 # the ignore option is words
	# /usr/bin first: checkpatch runs spdxcheck.py with python3, which
	# needs Debian's python3-ply and python3-git, not another python.
	(cd "$tree" && PATH="/usr/bin:$PATH" ./scripts/checkpatch.pl --strict --show-types --color=never \
		$(checkpatch_ignore "$patch") "$patch") > "$log" 2>&1 || true
	if ! counts=$(checkpatch_counts "$log"); then
		ck_fail "checkpatch $name" "no summary line; see $log"
	else
		read -r e w c <<< "$counts"
		if [ "$e" -eq 0 ] && [ "$w" -eq 0 ]; then
			ck_ok "checkpatch $name ($c checks)"
		else
			ck_fail "checkpatch $name" "$e errors, $w warnings: $(checkpatch_first "$log")"
		fi
	fi
	for arch in "${bisect_arches[@]}"; do
		tree_nolibc_has "$arch" "$tree" || continue
		log="$results/build-$name-$arch.log"
		if selftest_build "$tree" "$arch" "$log"; then
			ck_ok "selftest builds for $arch after $name"
		else
			ck_fail "selftest builds for $arch after $name" \
				"$(grep -m 1 -E 'error|Error' "$log" || tail -n 1 "$log")"
		fi
	done
done

# fmt_result RESULT: "P passed, F failed" for "P F"; other results as they are.
fmt_result() {
	if [[ $1 =~ ^([0-9]+)\ ([0-9]+)$ ]]; then
		echo "${BASH_REMATCH[1]} passed, ${BASH_REMATCH[2]} failed"
	else
		echo "$1"
	fi
}

# baseline_failures ARCH: the tests that failed on the pristine tree for
# ARCH; where it gave no names (the arch is unsupported, or the test
# crashed), those of the host arch: they fail for reasons of this machine
# (stdin, /proc), not of the arch.
baseline_failures() {
	local arch="$1"
	[[ ${pristine_result[$arch]} =~ ^[0-9]+\ [0-9]+$ ]] || arch=$(arch_host)
	[[ ${pristine_result[$arch]} =~ ^[0-9]+\ [0-9]+$ ]] || return 0
	selftest_failures "$results/selftest-$arch-pristine.out"
}

# selftest_compare ARCH RESULT: one check line comparing the patched run
# with the pristine one: no test may fail that did not fail there.
selftest_compare() {
	local arch="$1" res="$2" pres="${pristine_result[$1]}" label extra
	local out="$results/selftest-$arch-patched.out"
	label="selftest $arch under qemu-user: patched $(fmt_result "$res"); pristine $(fmt_result "$pres")"
	[[ $pres =~ ^[0-9]+\ [0-9]+$ ]] || label="$label (compared with $(arch_host)'s pristine failures)"
	if ! [[ $res =~ ^[0-9]+\ [0-9]+$ ]]; then
		ck_fail "$label" "see $out"
		return
	fi
	extra=$(comm -23 <(selftest_failures "$out") <(baseline_failures "$arch") | tr '\n' ' ')
	if [ -z "$extra" ]; then
		ck_ok "$label"
	else
		ck_fail "$label" "fails beyond pristine: $extra"
	fi
}

if [ -n "$fast" ]; then
	finish
	exit
fi

# --- the patched tree's selftest ---------------------------------------------

note "patched selftest under qemu-user: ${selftest_arches[*]}"
for arch in "${selftest_arches[@]}"; do
	if ! tree_nolibc_has "$arch" "$tree"; then
		ck_fail "selftest $arch under qemu-user" "the patched nolibc does not support $arch"
		continue
	fi
	selftest_compare "$arch" "$(selftest_pass "$tree" "$arch" patched)"
done

# The series' run-user target: the selftest under qemu-user by make alone,
# with the same stdin as selftest_run; it must run the test to its end and
# see the same failures as the run above.
nolibc_dir="$tree/tools/testing/selftests/nolibc"
for arch in x86_64 s390x; do
	log="$results/run-user-$arch.log"
	make -C "$nolibc_dir" clean > /dev/null 2>&1 || true
	# shellcheck disable=SC2046 # make arguments are words
	: | make -C "$nolibc_dir" $(selftest_make_args "$arch") run-user > "$log" 2>&1 || true
	cp "$nolibc_dir/run.out" "$results/run-user-$arch.out" 2> /dev/null || true
	if ! selftest_counts "$results/run-user-$arch.out" > /dev/null 2>&1; then
		ck_fail "make run-user on $arch" "the test did not run to its end: $(tail -n 1 "$log")"
	elif ! diff -q <(selftest_failures "$results/run-user-$arch.out") \
		<(selftest_failures "$results/selftest-$arch-patched.out") > /dev/null; then
		ck_fail "make run-user on $arch" "other failures than the direct run; see $log"
	else
		ck_ok "make run-user on $arch: $(fmt_result "$(selftest_counts "$results/run-user-$arch.out")"), the same failures as above"
	fi
done
make -C "$nolibc_dir" clean > /dev/null 2>&1 || true

# --- boots ---------------------------------------------------------------------

# The project's own kvm.sh must still build the patched tree out of tree,
# which needs a clean source tree: the selftest builds left generated
# headers behind.
make -C "$tree" mrproper > /dev/null 2>&1
note "our kvm.sh --kernel-src on the patched tree: TINY01 on x86_64"
if "$PROJECT_TOP/kvm-scripts/kvm.sh" --kernel-src "$tree" --configs TINY01 --duration 30s \
	--results "$results/our-kvm" > "$results/our-kvm.log" 2>&1; then
	ck_ok "our kvm.sh --kernel-src <patched tree>: TINY01 $(awk -F, '$1 == "TINY01" { print $2 ", build " $3 " s, boot " $4 " s" }' "$results/our-kvm/summary.csv")"
else
	ck_fail "our kvm.sh --kernel-src <patched tree>: TINY01" "$(tail -n 3 "$results/our-kvm.log" | tr '\n' ' ')"
fi

# tree_kvm ARCH TREE SCENARIO: the tree's own kvm.sh on a small kernel:
# tinyconfig plus configs/base/ARCH.config (the options proven to boot here)
# instead of defconfig, which costs 20+ minutes per arch on two cores; plus
# DEBUG_KERNEL, which RCU_TORTURE_TEST depends on and defconfig brings. A
# kernel of another arch gets ARCH and CROSS_COMPILE through --kmake-arg.
tree_kvm() {
	local arch="$1" dir="$2" scenario="$3" log="$results/tree-kvm-$1.log"
	local kmake=() init made rc=0
	if [ "$arch" != "$(arch_host)" ]; then
		kmake=(--kmake-arg "ARCH=$(arch_get "$arch" kernel_arch) CROSS_COMPILE=$(arch_get "$arch" cross)")
	fi
	note "the tree's kvm.sh: $scenario on $arch (build and boot; minutes)"
	(
		cd "$dir" &&
			tools/testing/selftests/rcutorture/bin/kvm.sh --torture rcu --configs "$scenario" \
				--duration "$duration" --cpus 2 --defconfig tinyconfig "${kmake[@]}" \
				--kconfig "$(kconfig_words "$PROJECT_TOP/configs/base/$arch.config") CONFIG_DEBUG_KERNEL=y"
	) > "$log" 2>&1 || rc=$?
	init="$dir/tools/testing/selftests/rcutorture/initrd/init"
	cp -r "$dir/tools/testing/selftests/rcutorture/res" "$results/tree-kvm-$arch-res" 2> /dev/null || true
	made=$(grep -m 1 -o '[0-9]* bytes, built with nolibc$' "$log" || true)
	if [ -n "$made" ] && [ -s "$init" ]; then
		ck_ok "tree's mkinitrd.sh built the $arch init with nolibc: $(stat -c %s "$init") bytes"
	else
		ck_fail "tree's mkinitrd.sh built the $arch init with nolibc" \
			"$(grep -m 1 'initrd:' "$log" || echo "no mkinitrd line; see $log")"
	fi
	if [ "$rc" -ne 0 ]; then
		ck_fail "tree's kvm.sh: $scenario on $arch" "exit status $rc; see $log"
	elif grep -q 'End of test: SUCCESS' "$results/tree-kvm-$arch-res"/*/"$scenario"/console.log 2> /dev/null; then
		ck_ok "tree's kvm.sh: $scenario on $arch SUCCESS, $(grep -m 1 -o "^$scenario -* [0-9]* GPs ([0-9.]*/s)" "$log" |
			sed 's/ -* / /') ($(grep -m 1 -o 'QEMU accelerator: .*' "$log" || true))"
	else
		ck_fail "tree's kvm.sh: $scenario on $arch" "no 'End of test: SUCCESS'; see $log"
	fi
}

tree_kvm x86_64 "$tree" TINY01
new_worktree "$base" "$run_dir/s390x" "$(git -C "$tree" rev-parse HEAD)"
# s390 kernels are always SMP, so TINY01 cannot apply; SRCU-N is the
# cheapest SMP scenario (no lockdep, PREEMPT_NONE, 4 CPUs capped to 2).
tree_kvm s390x "$run_dir/s390x" SRCU-N

note "done in $((SECONDS - start_time)) s"
finish

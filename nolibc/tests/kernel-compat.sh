#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Programs written for the kernel's nolibc, built unchanged against ours:
# the kernel tree's tools/testing/selftests/nolibc/nolibc-test.c, with the
# other sources its Makefile builds into nolibc-test (6.12's
# nolibc-test-linkage.c, a second object file sharing errno and constructors)
# and its -std= (6.12's -std=c89), and the rcutorture init (the init.c
# heredoc of .../rcutorture/bin/mkinitrd.sh).
# Each cell is one ABI, compiler, way and -O level; a way is "include"
# (-include nolibc.h) or "sysroot" (-nostdinc -I<headers_install>/include).
# nolibc-test passes a cell when every test it fails also fails when the
# same source is built against the toolchain's glibc and run on the same
# machine (qemu-user for foreign ABIs), compared test by test (category and
# number). A run that ends before its "Total number of errors" line is redone
# ten tests at a time, then one at a time, and a crash counts as that test's
# failure: glibc's build crashes on 32-bit ABIs, whose glibc
# gettimeofday(NULL, NULL) faults, and both crash qemu-sparc32plus 7.2 in
# 6.12's mmap_munmap_good (an assertion in its page_set_flags). A nolibc
# cell that passed that way is marked "*" in the table, with the tests that
# crashed listed below it; a run that hangs (120 s) fails its cell. A cell
# is marked "*" too when it fails a test that glibc's build skips, excused
# because both builds fail another test checking the same fact (same_fact
# below: m68k's auxv_addr).
# The init passes when it is still running after 1.5 seconds.
# It is built as mkinitrd.sh builds it, with gcc only: clang rejects 6.1's
# "int main(int argc, int argv[])" whatever the libc, and at -O1 and up
# turns 6.12's printf("...\n") into a call to an external puts(), which
# neither the kernel's nolibc nor ours (static functions) defines.
# Prints one table headed by the tree's name and version (each cell "ok" or
# what broke), exits 1 unless all pass.
# An ABI where glibc's static hello world does not run (alpha under
# qemu-user 7.2) has nothing to compare with and is listed as skipped.
#
#   kernel-compat.sh --src KERNEL_TREE [--arches "A B"] [--compilers "gcc clang"]
#                    [--clang-arches "A B"] [--olevels "O0 Os"]
#                    [--ways "include sysroot"] [--output DIR] [--jobs N]
#                    [--olevel-per-abi [--olevel-turn N]]
#
# --olevel-per-abi builds each ABI at one of --olevels, taken in turn from
# one ABI to the next, instead of at all of them: the cross tier's half of
# the matrix, with every level still met somewhere. The first ABI takes
# level N (counted from 0, default 0), so runs on two trees with N 0 and 1
# meet every ABI at both levels of "O0 Os".
# --clang-arches limits clang to those ABIs (default: every ABI whose
# no_clang column in configs/arches.tsv is "-"). Cell results are in
# DIR/cells/ARCH.CC.WAY.OLEVEL.res (and .note for a "*"), with the logs
# beside them.
# shellcheck disable=SC2317 # the functions run through spawn
set -eu

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
nolibc="$(dirname "$here")"
# shellcheck source=../../configs/arch.sh
source "$nolibc/../configs/arch.sh"

src="" arches="" compilers="gcc clang" clang_arches="-" olevels="O0 O1 O2 O3 Os"
ways="include sysroot" output="$nolibc/../build/nolibc/kernel-compat" jobs=2
per_abi="" turn=0
while [ $# -gt 0 ]; do
	case "$1" in
	--src) src="$2"; shift 2 ;;
	--arches) arches="$2"; shift 2 ;;
	--compilers) compilers="$2"; shift 2 ;;
	--clang-arches) clang_arches="$2"; shift 2 ;;
	--olevels) olevels="$2"; shift 2 ;;
	--ways) ways="$2"; shift 2 ;;
	--output) output="$2"; shift 2 ;;
	--jobs) jobs="$2"; shift 2 ;;
	--olevel-per-abi) per_abi=1; shift ;;
	--olevel-turn) turn="$2"; shift 2 ;;
	-h|--help) sed -n '4,48s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "kernel-compat.sh: unknown option '$1'" >&2; exit 2 ;;
	esac
done
test_dir="$src/tools/testing/selftests/nolibc"
mkinitrd_sh="$src/tools/testing/selftests/rcutorture/bin/mkinitrd.sh"
if [ -z "$src" ] || [ ! -f "$test_dir/nolibc-test.c" ] || [ ! -f "$mkinitrd_sh" ]; then
	echo "kernel-compat.sh: no kernel tree with the nolibc selftest at '$src'" >&2
	exit 2
fi
[[ "$turn" =~ ^[0-9]+$ ]] || { echo "kernel-compat.sh: --olevel-turn takes a number" >&2; exit 2; }
# The tree, as the table names it: its folder and the version its Makefile says.
tree_name="$(basename "$src") ($(awk -F' *= *' '$1 ~ /^(VERSION|PATCHLEVEL|SUBLEVEL)$/ { v = v (v == "" ? "" : ".") $2 }
	/^EXTRAVERSION/ { print v $2; exit }' "$src/Makefile"))"
[ -n "$arches" ] || arches=$(arch_nolibc_list | tr '\n' ' ')
mkdir -p "$output"
output=$(cd "$output" && pwd)
rm -rf "$output/cells" "$output/ref" "$output/src"
mkdir -p "$output/cells" "$output/ref" "$output/src"

# The programs, copied out of the tree (which is only read). The selftest's
# sources are the .c prerequisites of its Makefile's nolibc-test rules, its
# headers every .h beside them (6.12's "nolibc-test-linkage.h", included
# with quotes).
test_srcs=$(sed -n 's/^nolibc-test:\(.*\)/\1/p' "$test_dir/Makefile" | tr ' ' '\n' |
	grep '^[a-z0-9_-]*\.c$' | sort -u | tr '\n' ' ' | sed 's/ $//')
if [[ " $test_srcs " != *" nolibc-test.c "* ]]; then
	echo "kernel-compat.sh: $test_dir/Makefile has no nolibc-test rule naming nolibc-test.c" >&2
	exit 2
fi
for f in $test_srcs; do
	cp "$test_dir/$f" "$output/src/"
done
for f in "$test_dir"/*.h; do
	[ ! -e "$f" ] || cp "$f" "$output/src/"
done
# the language the tree builds its selftest in (6.12: -std=c89; 6.1: none)
test_std=$(grep -o -e '-std=[a-z0-9]*' "$test_dir/Makefile" | head -n 1 || true)
sed -n "/^cat > init.c << '___EOF___'\$/,/^___EOF___\$/p" "$mkinitrd_sh" |
	sed '1d;$d' > "$output/src/init.c"
if ! grep -q 'gettimeofday' "$output/src/init.c"; then
	echo "kernel-compat.sh: no init.c heredoc in $mkinitrd_sh" >&2
	exit 2
fi
# the selftest's categories, from its table of test names
categories=$(sed -n 's/.*{ *\.name *= *"\([a-z0-9_]*\)",.*/\1/p' "$output/src/nolibc-test.c")

have() { command -v "$1" > /dev/null 2>&1; }

# The same fixed environment for every run, nolibc's and glibc's.
run_prog() {
	local qemu="$1"
	shift
	# shellcheck disable=SC2086 # no qemu-user (empty) runs it natively
	env -i TERM=linux PATH=/usr/bin:/bin timeout 120 $qemu "$@" < /dev/null
}

# The tests a log reports as failed, as "category:number name", one a line.
failed_tests() {
	awk '/^Running test /{ c = $3; gsub("\047", "", c) }
	     /^[0-9]+ .*\[FAIL\]/{ print c ":" $1 " " $2 }' "$1" | sort -u
}

# cc_of ARCH COMPILER: the compiler command line for the ABI.
cc_of() {
	local cross
	cross=$(arch_get "$1" cross)
	if [ "$2" = clang ]; then
		echo "clang --target=${cross:+${cross%-}}$([ -n "$cross" ] || gcc -dumpmachine)"
	else
		echo "${cross}gcc"
	fi
}

# reference ARCH: nolibc-test.c against the toolchain's glibc. It includes
# <sys/io.h> for x86's ioperm(), which glibc has on x86 only: elsewhere an
# empty one stands in (the source itself calls ioperm on x86_64 only).
reference() {
	local arch="$1" dir="$output/ref/$1" qemu
	qemu=$(arch_get "$arch" qemu_user)
	mkdir -p "$dir/include/sys"
	: > "$dir/include/sys/io.h"
	# shellcheck disable=SC2046,SC2086 # word lists
	if ! (cd "$output/src" && $(cc_of "$arch" gcc) $(arch_get "$arch" cflags) -O2 $test_std \
		-static -w -idirafter "$dir/include" -o "$dir/nolibc-test" \
		$test_srcs) > "$dir/build.log" 2>&1; then
		echo BUILD-FAIL > "$dir/res"
		return 0
	fi
	run_prog "$qemu" "$dir/nolibc-test" > "$dir/run.log" 2>&1 || true
	if ! grep -q '^Total number of errors' "$dir/run.log"; then
		one_by_one "$qemu" "$dir/nolibc-test" > "$dir/run.log"
	fi
	echo ok > "$dir/res"
}

# one_by_one QEMU BIN: the run of a program that crashed part way, redone
# ten tests at a time, and one at a time where those ten crashed: a test
# whose run ends before the "Total" line crashed, which counts as its
# failure (printed "N name(crashed)", the name as far as the program wrote
# it before the crash: nolibc's output is unbuffered, glibc's is lost). A
# range printing no test ends a category; so do ten crashes in a row (a
# program that cannot run at all would otherwise never end).
one_by_one() {
	local qemu="$1" bin="$2" cat i j out crashes

	for cat in $categories; do
		echo "Running test '$cat'"
		for ((i = 0; ; i += 10)); do
			out=$(run_prog "$qemu" "$bin" "$cat:$i-$((i + 9))" 2>&1) || true
			if grep -q '^Total number of errors' <<< "$out"; then
				# only the range's numbers: 6.12's "protection"
				# prints its test 0 whatever the range
				out=$(awk -v lo="$i" '/^[0-9]+ / && $1 >= lo && $1 < lo + 10' <<< "$out")
				[ -n "$out" ] || break
				echo "$out"
				continue
			fi
			crashes=0
			for ((j = i; j < i + 10; j++)); do
				out=$(run_prog "$qemu" "$bin" "$cat:$j" 2> /dev/null) || true
				if grep -q '^Total number of errors' <<< "$out"; then
					grep "^$j " <<< "$out" || true
					continue
				fi
				echo "$j $(sed -n "s/^$j \([a-z0-9_]*\).*/\1/p" <<< "$out")(crashed) [FAIL]"
				crashes=$((crashes + 1))
			done
			if [ "$crashes" -eq 10 ]; then
				echo "$i-$((i + 9)) ten-crashes,rest-of-$cat-not-run [FAIL]"
				break
			fi
		done
	done
	echo "Total number of errors: (one by one)"
}

# cell ARCH CC WAY OLEVEL: builds both programs, runs them, writes .res.
cell() {
	local arch="$1" cc="$2" way="$3" olevel="$4" qemu flags name init rc=0
	name="$arch.$cc.$way.$olevel"
	local dir="$output/cells/$name" res="$output/cells/$name.res"
	qemu=$(arch_get "$arch" qemu_user)
	flags="-$olevel -nostdlib -static -fno-stack-protector -fno-asynchronous-unwind-tables"
	flags="$flags $(arch_get "$arch" cflags)"
	if [ "$way" = include ]; then
		flags="$flags -include $nolibc/nolibc.h"
	else
		flags="$flags -nostdinc -I$output/sysroot-$arch/include"
	fi
	mkdir -p "$dir"
	init=yes
	[ "$cc" = gcc ] || init=""
	# shellcheck disable=SC2046,SC2086 # word lists
	if ! (cd "$output/src" && $(cc_of "$arch" "$cc") $flags $test_std -w \
		-o "$dir/nolibc-test" $test_srcs -lgcc) > "$dir/nolibc-test.build.log" 2>&1; then
		echo "BUILD-FAIL(nolibc-test)" > "$res"
		return 0
	fi
	# shellcheck disable=SC2046,SC2086 # word lists
	if [ -n "$init" ] && ! $(cc_of "$arch" "$cc") $flags -w -o "$dir/init" \
		"$output/src/init.c" -lgcc > "$dir/init.build.log" 2>&1; then
		echo "BUILD-FAIL(init)" > "$res"
		return 0
	fi
	run_prog "$qemu" "$dir/nolibc-test" > "$dir/run.log" 2>&1 || rc=$?
	if ! grep -q '^Total number of errors' "$dir/run.log"; then
		if [ "$rc" -eq 124 ]; then
			echo "RUN-FAIL(hung)" > "$res"
			return 0
		fi
		# crashed part way: test by test, as glibc's build would be,
		# each crash that test's failure (compared below)
		mv "$dir/run.log" "$dir/run.whole.log"
		one_by_one "$qemu" "$dir/nolibc-test" > "$dir/run.log"
	fi
	rc=0
	# the init sleeps 1 s and spins 1 ms, forever: alive after 1.5 s
	if [ -z "$init" ]; then
		echo checked > "$res"
		return 0
	fi
	# shellcheck disable=SC2086 # no qemu-user (empty) runs it natively
	timeout 1.5 $qemu "$dir/init" < /dev/null > "$dir/init.log" 2>&1 || rc=$?
	if [ "$rc" -ne 124 ]; then
		echo "INIT-DIED($rc)" > "$res"
		return 0
	fi
	echo checked > "$res"
}

# Runs "$@" in the background, at most $jobs at a time.
running=0
spawn() {
	if [ "$running" -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	"$@" &
	running=$((running + 1))
}

# Which ABIs can run at all, and where clang can build for them.
run_arches="" clang_ok="" skipped=""
probe="$output/probe"
mkdir -p "$probe"
for arch in $arches; do
	arch=$(arch_canonical "$arch")
	cc=$(arch_cc "$arch")
	qemu=$(arch_get "$arch" qemu_user)
	if ! have "$cc" || { [ -n "$qemu" ] && ! have "$qemu"; }; then
		skipped="$skipped  $arch: needs $cc and ${qemu:-nothing else}"$'\n'
		continue
	fi
	# a native row (x32) needs a host kernel that runs its binaries
	# shellcheck disable=SC2046 # word list
	if [ -z "$qemu" ] && ! { "$cc" $(arch_get "$arch" cflags) -nostdlib -static \
		-include "$nolibc/nolibc.h" -o "$probe/$arch-gcc" "$here/hello-puts.c" -lgcc \
		> "$probe/$arch-gcc.log" 2>&1 && run_prog "" "$probe/$arch-gcc" > /dev/null 2>&1; }; then
		skipped="$skipped  $arch: this machine cannot run $arch binaries, and qemu-user has no $arch"$'\n'
		continue
	fi
	# the comparison needs glibc's static programs to run there: under
	# qemu-alpha 7.2 a static glibc hello world segfaults, and the one by
	# one rerun of a reference that prints no test would never end
	# shellcheck disable=SC2046 # word lists
	if ! $(cc_of "$arch" gcc) $(arch_get "$arch" cflags) -O2 -static -o "$probe/$arch-glibc" \
		"$here/hello-puts.c" > "$probe/$arch-glibc.log" 2>&1 ||
		! run_prog "$qemu" "$probe/$arch-glibc" > /dev/null 2>&1; then
		skipped="$skipped  $arch: glibc's static hello-puts does not build or run (${qemu:-natively}): no reference to compare with"$'\n'
		continue
	fi
	run_arches="$run_arches $arch"
	case " $compilers " in *" clang "*) ;; *) continue ;; esac
	if [ "$clang_arches" != - ] && [[ " $clang_arches " != *" $arch "* ]]; then
		continue
	fi
	why=$(arch_clang_why "$arch")
	if [ -n "$why" ]; then
		skipped="$skipped  $arch clang: $why"$'\n'
	else
		clang_ok="$clang_ok $arch"
	fi
done

# Sysroots first (the kernel's "make headers", cached per kernel arch).
if [[ " $ways " == *" sysroot "* ]]; then
	for arch in $run_arches; do
		spawn make -s --no-print-directory -C "$nolibc" headers_install ARCH="$arch" \
			KERNEL_SRC="$src" OUTPUT="$output/sysroot-$arch" > "$output/sysroot-$arch.log" 2>&1
	done
	wait
	running=0
fi
read -r -a levels <<< "$olevels"
for arch in $run_arches; do
	spawn reference "$arch"
	arch_olevels=$olevels
	if [ -n "$per_abi" ]; then
		arch_olevels=${levels[turn % ${#levels[@]}]}
		turn=$((turn + 1))
	fi
	for cc in $compilers; do
		[ "$cc" = gcc ] || [[ " $clang_ok " == *" $arch "* ]] || continue
		for way in $ways; do
			for olevel in $arch_olevels; do
				spawn cell "$arch" "$cc" "$way" "$olevel"
			done
		done
	done
done
wait

# Tests that glibc's build skips (they read nolibc's _auxv) but that check
# a fact another test checks with glibc too, as "test=other": a nolibc
# failure of the first is excused where both builds fail the other. Both
# auxv_addr and argv_addr want the stack above the program break, which
# qemu-m68k 7.2 puts below it (the stack near 0x40800000, static m68k
# programs linked at 0x80000000), so glibc fails argv_addr there too.
same_fact="auxv_addr=argv_addr"

# Compare each run with glibc's on the same ABI: no test may fail that
# passes there.
for res in "$output"/cells/*.res; do
	[ -e "$res" ] || continue
	[ "$(cat "$res")" = checked ] || continue
	name=$(basename "$res" .res)
	arch=${name%%.*}
	ref="$output/ref/$arch"
	if [ "$(cat "$ref/res")" != ok ]; then
		echo "NO-GLIBC-REF" > "$res"
		continue
	fi
	ours=$(failed_tests "${res%.res}/run.log")
	theirs=$(failed_tests "$ref/run.log")
	extra="" excused=""
	for t in $(join -v1 <(echo "$ours") <(echo "$theirs" | cut -d' ' -f1) | cut -d' ' -f2); do
		other=""
		for pair in $same_fact; do
			[ "${pair%%=*}" != "$t" ] || other=${pair#*=}
		done
		if [ -n "$other" ] && grep -q " $other\$" <<< "$ours" &&
			grep -q " $other\$" <<< "$theirs"; then
			excused="$excused, $t (as $other, failed by both)"
		else
			extra="$extra $t"
		fi
	done
	if [ -n "$extra" ]; then
		echo "FAILS:${extra# }" > "$res"
		continue
	fi
	ok=$(grep -c '\[OK\]' "${res%.res}/run.log" || true)
	echo "ok $ok/$(grep -c '\[OK\]' "$ref/run.log" || true)" > "$res"
	note=""
	[ -z "$excused" ] || note="failed, excused:${excused#,}"
	# passed test by test: say which tests crashed (with glibc too)
	if [ -e "${res%.res}/run.whole.log" ]; then
		note="${note:+$note; }run test by test after a crash; crashed, as with glibc:$(echo "$ours" |
			sed -n 's/^\([^ ]*\) \(.*\)(crashed)$/ \1 \2/p' | tr '\n' ',' | sed 's/,$//')"
	fi
	[ -z "$note" ] || echo "$note" > "${res%.res}.note"
done

# The table: one row per ABI, compiler and way, one column per -O level;
# "ok" cells show the tests passed by nolibc / by glibc.
rc=0 cells=0 notes=""
echo "$tree_name: nolibc-test ($test_srcs${test_std:+, $test_std}) + init"
printf '%-28s' "ABI compiler way"
for olevel in $olevels; do printf ' %-10s' "-$olevel"; done
printf '\n'
for arch in $run_arches; do
	for cc in $compilers; do
		for way in $ways; do
			compgen -G "$output/cells/$arch.$cc.$way.*.res" > /dev/null || continue
			printf '%-28s' "$arch $cc $way"
			for olevel in $olevels; do
				# not built (--olevel-per-abi): "-", not a cell
				if [ ! -e "$output/cells/$arch.$cc.$way.$olevel.res" ]; then
					printf ' %-10s' -
					continue
				fi
				value=$(cat "$output/cells/$arch.$cc.$way.$olevel.res")
				cells=$((cells + 1))
				[ "${value%% *}" = ok ] || rc=1
				note="$output/cells/$arch.$cc.$way.$olevel.note"
				if [ -e "$note" ]; then
					notes="$notes* $arch $cc $way -$olevel: $(cat "$note")"$'\n'
					value="$value*"
				fi
				printf ' %-10s' "${value#ok }"
			done
			printf '\n'
		done
	done
done
printf '%s' "$notes"
for arch in $run_arches; do
	printf 'glibc %s: %s tests passed, failed: %s\n' "$arch" \
		"$(grep -c '\[OK\]' "$output/ref/$arch/run.log" 2>/dev/null)" \
		"$(failed_tests "$output/ref/$arch/run.log" 2>/dev/null | cut -d' ' -f2 | tr '\n' ' ')"
done
if [[ " $compilers " == *" clang "* ]]; then
	skipped="$skipped  the init with clang: mkinitrd.sh builds it with gcc only"$'\n'
fi
if [ -n "$skipped" ]; then
	printf 'skipped:\n%s' "$skipped"
fi
if [ "$cells" -eq 0 ]; then
	echo "kernel-compat.sh: no cell could run" >&2
	rc=1
fi
exit "$rc"

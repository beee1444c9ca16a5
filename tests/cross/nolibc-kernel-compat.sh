#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Programs written for the kernel's nolibc build unchanged against ours and
# pass what they pass with glibc, for every linux-source installed (6.1 and
# 6.12 on Debian 12): each tree's nolibc selftest
# (tools/testing/selftests/nolibc/nolibc-test.c, with 6.12's
# nolibc-test-linkage.c) and rcutorture init, on every ABI with gcc, clang
# on x86_64, each both with -include nolibc.h and through the sysroot with
# -nostdinc, one check per cell naming the tree
# (nolibc/tests/kernel-compat.sh says what a cell checks). Each ABI at one
# level, -O0 and -Os in turn (--olevel-per-abi): 44 cells per tree instead
# of 88, and the next tree starts on the other level, so that with two trees
# every ABI meets both. A tree not yet extracted is extracted into the cache
# (make -C nolibc kernel-tree); skips when no linux-source is installed. The
# whole matrix (clang on every ABI, -O0..-Os) is
# "make -C nolibc test-kernel-compat".
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

t_tmpdir
work="$T_TMP"

mk() {
	make -s --no-print-directory -C "$TOP/nolibc" "$@"
}

read -r -a kernels <<< "$(mk print-kernels)"
if [ "${#kernels[@]}" -eq 0 ]; then
	t_skip "nolibc kernel compat" \
		"no /usr/src/linux-source-*.tar.xz: apt-get install linux-source-6.1 linux-source-6.12"
	t_done
	exit
fi

turn=0
for kernel in "${kernels[@]}"; do
	tree="linux-source-$kernel"
	if ! out=$(mk kernel-tree KERNEL="$kernel" 2>&1); then
		t_fail "$tree: kernel tree" "$(echo "$out" | tail -n 3 | tr '\n' ' ')"
		continue
	fi
	read -r ksrc _ <<< "$(mk print-kernel-src KERNEL="$kernel")"
	out_dir="$work/$tree"
	table=$(bash "$TOP/nolibc/tests/kernel-compat.sh" --src "$ksrc" \
		--olevels "O0 Os" --olevel-per-abi --olevel-turn "$turn" \
		--compilers "gcc clang" --clang-arches x86_64 --output "$out_dir" 2>&1) || true
	turn=$((turn + 1))
	echo "$table"

	t_skips_of "$tree nolibc kernel compat" "$table"

	cells=0
	for res in "$out_dir"/cells/*.res; do
		[ -e "$res" ] || break
		cells=$((cells + 1))
		IFS=. read -r arch cc way olevel <<< "$(basename "$res" .res)"
		name="$tree nolibc-test + init: $arch $cc $way -$olevel"
		value=$(cat "$res")
		dir="${res%.res}"
		case "$value" in
		ok*)
			note=""
			[ ! -e "${res%.res}.note" ] || note="; $(cat "${res%.res}.note")"
			t_ok "$name (${value#ok } tests passed, nolibc/glibc$note)" ;;
		NO-GLIBC-REF)
			t_skip "$name" "no glibc build to compare with: $(grep -m1 error \
				"$out_dir/ref/$arch/build.log" 2>/dev/null) (scripts/deps.sh cross)" ;;
		BUILD-FAIL*)
			t_fail "$name" "$value: $(grep -h -m3 -E 'error|undefined' "$dir"/*.build.log | tr '\n' ' ')" ;;
		*)
			t_fail "$name" "$value: $(grep -m3 '\[FAIL\]' "$dir/run.log" 2>/dev/null | tr -s ' ' | tr '\n' ';')" ;;
		esac
	done
	[ "$cells" -gt 0 ] || t_fail "$tree nolibc kernel compat" "no cell ran: $(echo "$table" | tail -n 5)"
	for olevel in O0 Os; do
		if compgen -G "$out_dir/cells/*.$olevel.res" > /dev/null; then
			t_ok "$tree nolibc-test + init: some ABI at -$olevel"
		else
			t_fail "$tree nolibc-test + init: some ABI at -$olevel" "no cell at -$olevel"
		fi
	done
done

t_done

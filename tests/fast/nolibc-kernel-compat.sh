#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Programs written for the kernel's nolibc build unchanged against ours and
# pass what they pass with glibc: the cached kernel tree's nolibc selftest
# (tools/testing/selftests/nolibc/nolibc-test.c) and the rcutorture init,
# on every ABI with gcc, clang on x86_64, each both with -include nolibc.h
# and through the sysroot with -nostdinc, one check per cell
# (nolibc/tests/kernel-compat.sh says what a cell checks). Each ABI at one
# level, -O0 and -Os in turn (--olevel-per-abi): 44 cells instead of 88,
# and both levels still met. Skips when no kernel tree is extracted. The whole matrix (clang on every ABI,
# -O0..-Os) is "make -C nolibc test-kernel-compat".
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

t_tmpdir
work="$T_TMP"

read -r ksrc _ <<< "$(make -s --no-print-directory -C "$TOP/nolibc" print-kernel-src)"
if [ ! -f "$ksrc/tools/testing/selftests/nolibc/nolibc-test.c" ]; then
	t_skip "nolibc kernel compat" \
		"no kernel tree extracted at $ksrc (make -C nolibc headers_install extracts one)"
	t_done
	exit
fi

table=$(bash "$TOP/nolibc/tests/kernel-compat.sh" --src "$ksrc" --olevels "O0 Os" --olevel-per-abi \
	--compilers "gcc clang" --clang-arches x86_64 --output "$work" 2>&1) || true
echo "$table"

t_skips_of "nolibc kernel compat" "$table"

cells=0
for res in "$work"/cells/*.res; do
	[ -e "$res" ] || break
	cells=$((cells + 1))
	IFS=. read -r arch cc way olevel <<< "$(basename "$res" .res)"
	name="kernel nolibc-test + init: $arch $cc $way -$olevel"
	value=$(cat "$res")
	dir="${res%.res}"
	case "$value" in
	ok*)
		t_ok "$name (${value#ok } tests passed, nolibc/glibc)" ;;
	NO-GLIBC-REF)
		t_skip "$name" "no glibc build to compare with: $(grep -m1 error \
			"$work/ref/$arch/build.log" 2>/dev/null) (scripts/deps.sh cross)" ;;
	BUILD-FAIL*)
		t_fail "$name" "$value: $(grep -h -m3 -E 'error|undefined' "$dir"/*.build.log | tr '\n' ' ')" ;;
	*)
		t_fail "$name" "$value: $(grep -m3 '\[FAIL\]' "$dir/run.log" 2>/dev/null | tr -s ' ' | tr '\n' ';')" ;;
	esac
done
[ "$cells" -gt 0 ] || t_fail "nolibc kernel compat" "no cell ran: $(echo "$table" | tail -n 5)"
for olevel in O0 Os; do
	if compgen -G "$work/cells/*.$olevel.res" > /dev/null; then
		t_ok "kernel nolibc-test + init: some ABI at -$olevel"
	else
		t_fail "kernel nolibc-test + init: some ABI at -$olevel" "no cell at -$olevel"
	fi
done

t_done

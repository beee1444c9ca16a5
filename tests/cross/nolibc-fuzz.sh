#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# nolibc against glibc, differential fuzzing (nolibc/tests/fuzz.sh): 10^4
# seeded cases per function on x86_64, and on i386 under qemu-user (long is
# 32 bits there) when its cross compiler, glibc and qemu are installed. One
# check per function and ABI. The seed is fixed so a failure reproduces;
# NOLIBC_FUZZ_SEED=N tries another one.
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

t_tmpdir
seed="${NOLIBC_FUZZ_SEED:-20261205}"
count=10000
echo "seed $seed, $count cases per function;" \
	"rerun: make -C nolibc fuzz ARCH=<arch> SEED=$seed N=$count [FUNCS=...]"

have() { command -v "$1" > /dev/null 2>&1; }
arches="x86_64"
if have i686-linux-gnu-gcc && have qemu-i386-static && [ -f /usr/i686-linux-gnu/lib/libc.a ]; then
	arches="$arches i386"
else
	t_skip "fuzz i386" "needs i686-linux-gnu-gcc, libc6-dev-i386-cross and qemu-i386-static"
fi

for arch in $arches; do
	rc=0
	out=$(nice -n 10 bash "$TOP/nolibc/tests/fuzz.sh" --arch "$arch" --seed "$seed" \
		--count "$count" --output "$T_TMP/$arch" 2>&1) || rc=$?
	echo "$out"
	if [ "$rc" -gt 1 ] || ! echo "$out" | grep -q '^fuzz: '; then
		t_fail "fuzz $arch" "fuzz.sh exited $rc: $(echo "$out" | tail -n 5 | tr '\n' ' ')"
		continue
	fi
	while read -r _ a f cases mism _; do
		mism=${mism#mismatches=}
		if [ "$mism" = 0 ]; then
			t_ok "fuzz $a $f: ${cases#cases=} cases match glibc"
		else
			t_fail "fuzz $a $f" "$mism of ${cases#cases=} cases differ from glibc, first: $(
				echo "$out" | sed -n "/^fuzz: $a $f /,/replay/p" | sed -n 's/^  first mismatch: //p')"
		fi
	done < <(echo "$out" | grep '^fuzz: ')
done
t_done

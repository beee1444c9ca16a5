#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Why sh4 has no row in configs/arches.tsv, kept checked: Debian's
# gcc-12-sh4-linux-gnu (12.2.0-13cross1) deletes the load and the test in
# front of a conditional branch at -O1 and above (its sh_treg_combine pass
# reads a bool predicate as an int; nolibc/README.md, "sh4"). One
# function, int f(int *p) { return *p ? 5 : 9; }, is built at each level
# and called from a -O0 nolibc program under qemu-sh4-static:
#  - right at -O0, wrong (and without its tst) at -O1 and -Os: the known
#    state, each check ok;
#  - right at -O1 or -Os: the compiler was fixed, the check fails so that
#    the row gets added (configs/README.md says how);
#  - a row for sh4 while the compiler is still wrong fails too.
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
source "$TOP/configs/arch.sh"

cc=sh4-linux-gnu-gcc
if ! command -v "$cc" > /dev/null; then
	t_skip "sh4 gcc" "no $cc (package gcc-sh4-linux-gnu, scripts/packages/cross.txt)"
	exit 0
fi
if ! command -v qemu-sh4-static > /dev/null; then
	t_skip "sh4 gcc" "no qemu-sh4-static (package qemu-user-static)"
	exit 0
fi
if [ ! -e /usr/sh4-linux-gnu/include/asm/unistd.h ]; then
	t_skip "sh4 gcc" "no sh4 UAPI headers (package linux-libc-dev-sh4-cross)"
	exit 0
fi

t_tmpdir
cat > "$T_TMP/f.c" <<'EOF'
int f(int *p) { return *p ? 5 : 9; }
EOF
cat > "$T_TMP/main.c" <<'EOF'
int f(int *p);
int main(void)
{
	int zero = 0, one = 1;

	return (f(&zero) != 9) | (f(&one) != 5) << 1;
}
EOF

# verdict OLEVEL: "right", "wrong" or "build failed: ...".
verdict() {
	local o="$1" out
	if ! out=$("$cc" "$o" -c "$T_TMP/f.c" -o "$T_TMP/f$o.o" 2>&1) ||
		! out=$("$cc" -O0 -nostdlib -static -fno-stack-protector \
			-include "$TOP/nolibc/nolibc.h" "$T_TMP/main.c" "$T_TMP/f$o.o" \
			-lgcc -o "$T_TMP/t$o" 2>&1); then
		echo "build failed: $(printf '%s' "$out" | tail -n 2 | tr '\n' ' ')"
	elif qemu-sh4-static "$T_TMP/t$o"; then
		echo right
	else
		echo wrong
	fi
}

# tests OLEVEL: how many tst/cmp instructions f has.
tests() {
	sh4-linux-gnu-objdump -d "$T_TMP/f$1.o" | grep -cE '[[:space:]](tst|cmp/)' || true
}

v=$(verdict -O0)
t_eq "sh4 gcc -O0: f right" right "$v"

wrong=0
for o in -O1 -Os; do
	v=$(verdict "$o")
	case "$v" in
	wrong)
		wrong=$((wrong + 1))
		t_eq "sh4 gcc $o: f still loses its test (why sh4 has no row)" 0 "$(tests "$o")" ;;
	right)
		t_fail "sh4 gcc $o: f still loses its test (why sh4 has no row)" \
			"$cc now gets f right at $o: the sh4 row can be added (configs/README.md, nolibc/README.md)" ;;
	*)
		t_fail "sh4 gcc $o" "$v" ;;
	esac
done

if [ "$wrong" -gt 0 ] && arch_get sh4 arch > /dev/null 2>&1; then
	t_fail "sh4 not a row while its gcc is wrong" "configs/arches.tsv has an sh4 row"
else
	t_ok "sh4 not a row while its gcc is wrong"
fi
t_done

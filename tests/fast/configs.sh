#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Checks the files under configs/ and the fixture tree's scenarios: every
# scenario a CFLIST names has a fragment, fragments hold only option lines
# and comments, .boot files hold one line of parameters, an override of a
# tree's scenario says why, and every arch of the table has a base config.
# (Whether the options stick after olddefconfig needs a kernel tree; that is
# checked where kernels are configured.)
set -eu

# shellcheck source=/dev/null
. "$(dirname "$0")/../lib.sh"
# shellcheck source=/dev/null
. "$TOP/kvm-scripts/functions.sh"

CFG="$TOP/configs"
TORTURES="rcu lock scf refscale rcuscale nolibc"
OPTION_LINE='^CONFIG_[A-Za-z0-9_]+=(y|n|-?[0-9]+|0x[0-9a-fA-F]+|"[^"]*")$'
SPDX='# SPDX-License-Identifier: GPL-2.0'

# bad_lines FILE: lines that are neither comments, blank, nor option lines.
bad_lines() {
	grep -v -E -e '^#' -e '^$' -e "$OPTION_LINE" -- "$1" || true
}

# repeated_options FILE: options set more than once in FILE.
repeated_options() {
	grep -E -o '^CONFIG_[A-Za-z0-9_]+=' -- "$1" | sort | uniq -d | tr -d '=' | tr '\n' ' '
}

# cflist_names FILE: scenario names in a CFLIST.
cflist_names() {
	grep -v -e '^#' -e '^[[:space:]]*$' -- "$1"
}

# check_option_file NAME FILE: SPDX first line, only option lines, no repeats.
check_option_file() {
	local bad rep
	t_eq "$1: SPDX first line" "$SPDX" "$(head -n 1 "$2")"
	bad=$(bad_lines "$2")
	if [ -z "$bad" ]; then t_ok "$1: only option lines"; else t_fail "$1: only option lines" "$(head -n 1 <<< "$bad")"; fi
	rep=$(repeated_options "$2")
	t_eq "$1: no option set twice" "" "$rep"
}

# check_boot_file NAME FILE: SPDX line plus exactly one line of parameters.
check_boot_file() {
	t_eq "$1: SPDX first line" "$SPDX" "$(head -n 1 "$2")"
	t_eq "$1: one parameter line" 1 "$(grep -c -v -e '^#' -e '^[[:space:]]*$' -- "$2" || true)"
	t_run "$1: belongs to a fragment" test -f "${2%.boot}"
}

# check_scenario_folder NAME DIR: a folder of whole scenarios (ours for
# nolibc, the fixture tree's for the tests): CFLIST names fragments,
# fragments and .boot files well formed, each CPU count known.
check_scenario_folder() {
	local label="$1" dir="$2" file name
	t_eq "$label/CFLIST: SPDX first line" "$SPDX" "$(head -n 1 "$dir/CFLIST")"
	t_run "$label/CFLIST: not empty" test -n "$(cflist_names "$dir/CFLIST")"
	for name in $(cflist_names "$dir/CFLIST"); do
		t_run "$label/CFLIST names $name, which has a fragment" test -f "$dir/$name"
	done
	for file in "$dir"/*; do
		name=$(basename "$file")
		case "$name" in
		CFLIST) ;;
		CFcommon) check_option_file "$label/CFcommon" "$file" ;;
		*.boot) check_boot_file "$label/$name" "$file" ;;
		*)
			check_option_file "$label/$name" "$file"
			t_run "$label/$name: CPU count known" scenario_cpus "$file"
			;;
		esac
	done
}

# Our configs/TYPE: CFcommon, what our base needs for every scenario of
# the type; for a type the trees have, nothing else but overrides of a
# tree's scenario, each option line with a comment above it saying why.
for torture in $TORTURES; do
	dir="$CFG/$torture"
	t_run "$torture: CFcommon exists" test -f "$dir/CFcommon"
	check_option_file "$torture/CFcommon" "$dir/CFcommon"
	if [ -f "$dir/CFLIST" ]; then
		check_scenario_folder "$torture" "$dir"
		continue
	fi
	for file in "$dir"/*; do
		name=$(basename "$file")
		case "$name" in
		CFcommon) ;;
		*.boot) check_boot_file "$torture/$name (override)" "$file" ;;
		*)
			check_option_file "$torture/$name (override)" "$file"
			t_eq "$torture/$name (override): a reason above each option" "" \
				"$(awk '/^CONFIG_/ && prev !~ /^#/ { print FILENAME ":" FNR } { prev = $0 }' "$file")"
			;;
		esac
	done
done
FIXTURE="$TOP/tests/fixtures/tree/tools/testing/selftests/rcutorture/configs"
for torture in rcu lock scf refscale rcuscale; do
	check_scenario_folder "fixture $torture" "$FIXTURE/$torture"
done

for arch in $(arch_kernel_list); do
	if [ -f "$CFG/base/$arch.config" ]; then
		check_option_file "base/$arch.config" "$CFG/base/$arch.config"
	else
		t_fail "base/$arch.config" "missing for an arch of arches.tsv"
	fi
done
# Every row of arches.tsv has every column of configs/arch.sh: a short row
# would read its missing columns as "-" without a word.
short=$(awk -F'\t' -v n="${#ARCH_COLUMNS[@]}" '!/^#/ && NF && NF != n { printf "%s (%d) ", $1, NF }' \
	"$CFG/arches.tsv")
if [ -z "$short" ]; then
	t_ok "arches.tsv: every row has the ${#ARCH_COLUMNS[@]} columns of configs/arch.sh"
else
	t_fail "arches.tsv: every row has the ${#ARCH_COLUMNS[@]} columns of configs/arch.sh" "rows with other counts: $short"
fi

# arch_clang_why: the table's reason where it gives one, a missing clang
# next, and nothing where clang can build (a stub clang stands in for it).
t_tmpdir
mkdir -p "$T_TMP/bin" "$T_TMP/noclang"
ln -s "$(command -v awk)" "$(command -v grep)" "$T_TMP/noclang/"
printf '#!/bin/sh\nexit 0\n' > "$T_TMP/bin/clang"
chmod +x "$T_TMP/bin/clang"
m68k_why=$(arch_get m68k no_clang)
t_eq "arch_clang_why m68k: the table's reason" "$m68k_why (configs/arches.tsv no_clang)" \
	"$(PATH="$T_TMP/bin:$PATH" arch_clang_why m68k)"
t_eq "arch_clang_why x86_64 with clang: nothing" "" "$(PATH="$T_TMP/bin:$PATH" arch_clang_why x86_64)"
t_eq "arch_clang_why x86_64 without clang: says so" "no clang (apt-get install clang)" \
	"$(PATH="$T_TMP/noclang" arch_clang_why x86_64)"
t_run "arch_clang_why fails for an unknown arch" eval '! arch_clang_why vax 2> /dev/null'

# SMP additions (merged only when a scenario asks for CONFIG_SMP=y) belong
# to an arch of the table and are well-formed like any fragment.
for file in "$CFG"/base/*-smp.config; do
	[ -e "$file" ] || continue
	name=$(basename "$file")
	t_run "$name names an arch of arches.tsv" arch_get "${name%-smp.config}" machine
	check_option_file "base/$name" "$file"
done

# kernel_smp: what can never stick is N/A before any build, so the column
# must say what Linux 6.1's Kconfig says. Checked against the extracted
# source when it is there (kvm.sh extracts it on its first build).
ksrc=$(ls -d "${NOLIBC_TORTURE_CACHE:-$HOME/.cache/nolibc-torture}"/src/linux-source-6.1 2> /dev/null || true)
[ -e "$ksrc/.extracted" ] || ksrc=""
for arch in $(arch_list); do
	smp=$(arch_get "$arch" kernel_smp)
	case "$smp" in
	always | never | "") t_ok "$arch: kernel_smp '${smp:--}' is always, never or -" ;;
	*) t_fail "$arch: kernel_smp" "'$smp' is not always, never or -" ;;
	esac
	[ -n "$(arch_get "$arch" qemu_system)" ] || continue
	if [ -z "$ksrc" ]; then
		t_skip "$arch: kernel_smp matches the Kconfig" "no extracted linux-source-6.1 in the cache"
		continue
	fi
	kind=$(kconfig_smp_kind "$ksrc" "$(arch_get "$arch" kernel_arch)")
	# "select": some platform of the arch forces SMP, the row's machine decides
	case "${smp:--}/$kind" in
	always/always | always/select | never/never | -/either | -/select)
		t_ok "$arch: kernel_smp '${smp:--}' matches the Kconfig ($kind)" ;;
	*) t_fail "$arch: kernel_smp matches the Kconfig" "the row says '${smp:--}', the Kconfig '$kind'" ;;
	esac
done
t_eq "TINY01 is N/A on s390x, with the reason" \
	"CONFIG_SMP=n, but every Linux 6.1 s390x kernel is SMP (configs/arches.tsv kernel_smp=always)" \
	"$(scenario_na_reason s390x "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01")"
t_fails "TREE01 applies to s390x" "^$" scenario_na_reason s390x "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TREE01"
t_fails "TINY01 applies to riscv64" "^$" scenario_na_reason riscv64 "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01"

t_eq "TINY01 is N/A on hppa (kernel_lacks), with the reason" \
	"CONFIG_NO_HZ_IDLE=y, but Linux 6.1 cannot give hppa CONFIG_NO_HZ_IDLE (configs/arches.tsv kernel_lacks)" \
	"$(scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01")"
# --kconfig arrives as a pipe, which can be read only once
t_fails "TINY01 with --kconfig CONFIG_NO_HZ_IDLE=n (a pipe) applies to hppa" "^$" \
	scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01" <(echo CONFIG_NO_HZ_IDLE=n)
t_fails "SRCU-N applies to hppa" "^$" scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/SRCU-N"
t_eq "TREE01 is N/A on alpha (no preemption)" \
	"CONFIG_PREEMPT=y, but Linux 6.1 cannot give alpha CONFIG_PREEMPT (configs/arches.tsv kernel_lacks)" \
	"$(scenario_na_reason alpha "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TREE01")"

# kernel_lacks against the Kconfig: each symbol exists in the tree, x86_64
# can have it, and the row's arch cannot (allnoconfig with SMP, EXPERT,
# DEBUG_KERNEL and the symbol asked for). The x86_64 half keeps the check
# from passing because of a dependency the fragment forgot.
# kconfig_gives ARCH SYM: true when allnoconfig with SYM=y keeps it.
kconfig_gives() {
	local arch="$1" sym="$2" karch cross out frag
	karch=$(arch_get "$arch" kernel_arch) && cross=$(arch_get "$arch" cross) || return 2
	out="$kcfg_tmp/$arch"
	frag="$kcfg_tmp/$arch-$sym.frag"
	printf 'CONFIG_SMP=y\nCONFIG_EXPERT=y\nCONFIG_DEBUG_KERNEL=y\nCONFIG_%s=y\n' "$sym" > "$frag"
	make -s -C "$ksrc" O="$out" ARCH="$karch" CROSS_COMPILE="$cross" \
		KCONFIG_ALLCONFIG="$frag" allnoconfig > "$out.log" 2>&1 || return 2
	grep -qx "CONFIG_$sym=y" "$out/.config"
}
kcfg_tmp=$(t_tmpdir)
declare -A x86_gives=()
for arch in $(arch_list); do
	lacks=$(arch_get "$arch" kernel_lacks)
	[ -n "$lacks" ] || continue
	if [ -z "$ksrc" ]; then
		t_skip "$arch: kernel_lacks $lacks matches the Kconfig" "no extracted linux-source-6.1 in the cache"
		continue
	fi
	if ! command -v "$(arch_get "$arch" cross)gcc" > /dev/null; then
		t_skip "$arch: kernel_lacks $lacks matches the Kconfig" "no $(arch_get "$arch" cross)gcc (package $(arch_get "$arch" cc_pkg))"
		continue
	fi
	for sym in ${lacks//,/ }; do
		if ! grep -rqsx "config $sym" --include='Kconfig*' "$ksrc/kernel" "$ksrc/lib" "$ksrc/arch"; then
			t_fail "$arch: kernel_lacks $sym" "no 'config $sym' in the 6.1 tree (a typo?)"
			continue
		fi
		if [ -z "${x86_gives[$sym]:-}" ]; then
			x86_gives[$sym]=0
			kconfig_gives x86_64 "$sym" || x86_gives[$sym]=$?
		fi
		x86=${x86_gives[$sym]} got=0
		kconfig_gives "$arch" "$sym" || got=$?
		case "$x86/$got" in
		0/1) t_ok "$arch: Linux 6.1 cannot give CONFIG_$sym (x86_64 can)" ;;
		0/0) t_fail "$arch: Linux 6.1 cannot give CONFIG_$sym" "allnoconfig with it keeps CONFIG_$sym=y: drop it from kernel_lacks" ;;
		1/*) t_fail "$arch: Linux 6.1 cannot give CONFIG_$sym" "x86_64 cannot either: the fragment misses a dependency" ;;
		*) t_fail "$arch: Linux 6.1 cannot give CONFIG_$sym" "make allnoconfig failed: $(tail -3 "$kcfg_tmp/"*.log | tr '\n' ' ')" ;;
		esac
	done
done

t_done

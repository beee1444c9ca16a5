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

# configs/kernel-arches.tsv: the facts that differ by kernel, a row per
# kernel arch of arches.tsv and kernel listed, each with every column.
KTABLE="$CFG/kernel-arches.tsv"
short=$(awk -F'\t' -v n="${#ARCH_KERNEL_COLUMNS[@]}" '!/^#/ && NF && NF != n { printf "%s %s (%d) ", $1, $2, NF }' "$KTABLE")
t_eq "kernel-arches.tsv: every row has the ${#ARCH_KERNEL_COLUMNS[@]} columns of configs/arch.sh" "" "$short"
kernels=$(grep -v '^#' "$KTABLE" | cut -f2 | sort -V -u)
t_eq "kernel-arches.tsv: every kernel is X.Y" "" "$(grep -v -x -E '[0-9]+\.[0-9]+' <<< "$kernels" || true)"
for k in $kernels; do
	t_eq "kernel-arches.tsv $k: one row for each kernel arch of arches.tsv" \
		"$(arch_kernel_list | sort | paste -s -d ' ')" \
		"$(awk -F'\t' -v k="$k" '!/^#/ && $2 == k { print $1 }' "$KTABLE" | sort | paste -s -d ' ')"
done
bad=$(awk -F'\t' '!/^#/ && NF {
	if ($3 != "yes" && $3 != "-") printf "%s %s kasan=%s ", $1, $2, $3
	if ($4 != "yes" && $4 != "-") printf "%s %s kcsan=%s ", $1, $2, $4
	if ($5 != "always" && $5 != "never" && $5 != "-") printf "%s %s kernel_smp=%s ", $1, $2, $5
	if ($6 != "-" && $6 !~ /^[A-Z0-9_]+(,[A-Z0-9_]+)*$/) printf "%s %s kernel_lacks=%s ", $1, $2, $6 }' "$KTABLE")
t_eq "kernel-arches.tsv: kasan and kcsan yes or -, kernel_smp always, never or -, kernel_lacks symbols" "" "$bad"

# Which row a tree's version picks, on a table of two kernels: its own,
# else the latest before it (compared as numbers: 6.2 is before 6.12),
# the newest for a newer tree or none given, the oldest for an older one.
printf 'x\t6.1\tyes\t-\t-\tHZ_PERIODIC\nx\t6.12\t-\tyes\talways\t-\n' > "$T_TMP/kernel-arches.tsv"
for pair in 6.1.192:6.1 6.12.118:6.12 6.12:6.12 6.2:6.1 6.9-rc1:6.1 6.11.3:6.1 6.99.1:6.12 7.0:6.12 5.10.3:6.1 :6.12; do
	t_eq "arch_kernel_facts: a '${pair%:*}' tree takes the ${pair#*:} row" "${pair#*:}" \
		"$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" arch_kernel_facts x "${pair%:*}")"
done
ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" t_fails "arch_kernel_facts: refuses what is no version" \
	"is no kernel version" arch_kernel_facts x linux
ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" t_fails "arch_kernel_facts: an arch without rows, named" \
	"no row for arch 'vax'" arch_kernel_facts vax 6.1
t_eq "arch_kernel_get: by the KERNEL given" "yes - HZ_PERIODIC|- yes -" \
	"$(for k in 6.1.192 6.12.118; do
		for f in kasan kcsan kernel_lacks; do
			printf '%s ' "$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" arch_kernel_get x "$f" "$k" | sed 's/^$/-/')"
		done | sed 's/ $//'
		printf '|'
	done | sed 's/|$//')"
t_eq "arch_kernel_get: by ARCH_KERNEL when no KERNEL is given" "always|" \
	"$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" ARCH_KERNEL=6.12.5 arch_kernel_get x kernel_smp)|$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" ARCH_KERNEL=6.1 arch_kernel_get x kernel_smp)"
t_eq "arch_kernel_stand_in: nothing for a tree with its own row" "" \
	"$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" arch_kernel_stand_in x 6.12.118)"
t_eq "arch_kernel_stand_in: a newer tree" "; no row for 6.99: 6.12, the latest before it, stands in for this 6.99.1 tree" \
	"$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" arch_kernel_stand_in x 6.99.1)"
t_eq "arch_kernel_stand_in: an older tree" "; no row for 5.10: 6.1, the oldest, stands in for this 5.10.3 tree" \
	"$(ARCH_KERNEL_TABLE="$T_TMP/kernel-arches.tsv" arch_kernel_stand_in x 5.10.3)"

# The rows against the Kconfig of their tree, where it is extracted
# (kvm.sh extracts a tree on its first build). kernel_smp: what can never
# stick is N/A before any build, so the column must say what the Kconfig
# says (kconfig_smp_kind; "select": some platform of the arch forces SMP,
# the row's machine decides, either way: pseries forces it, malta with a
# MIPS64r2 CPU cannot have it). kasan, kcsan: "yes" where the arch's Kconfig
# selects HAVE_ARCH_KASAN (KCSAN) at all, "-" where it does not select it
# unconditionally (a conditional select: the row's machine decides).
# kconfig_select_kind SRC SRCARCH SYMBOL: how arch/SRCARCH selects SYMBOL:
# "always", "if" (only under a condition) or "none".
kconfig_select_kind() {
	local lines
	lines=$(grep -rhE --include='Kconfig*' "^[[:space:]]+select $3([[:space:]]|\$)" "$1/arch/$2" || true)
	if [ -z "$lines" ]; then
		echo none
	elif grep -qvE "[[:space:]]if[[:space:]]" <<< "$lines"; then
		echo always
	else
		echo if
	fi
}
for k in $kernels; do
	ksrc=$(t_extracted_tree "$k")
	for arch in $(arch_kernel_list); do
		smp=$(arch_kernel_get "$arch" kernel_smp "$k")
		if [ -z "$ksrc" ]; then
			t_skip "$arch $k: kernel_smp, kasan, kcsan match the Kconfig" "no extracted linux-source-$k in the cache"
			continue
		fi
		karch=$(arch_get "$arch" kernel_arch)
		kind=$(kconfig_smp_kind "$ksrc" "$karch")
		case "${smp:--}/$kind" in
		always/always | always/select | never/never | never/select | -/either | -/select)
			t_ok "$arch $k: kernel_smp '${smp:--}' matches the Kconfig ($kind)" ;;
		*) t_fail "$arch $k: kernel_smp matches the Kconfig" "the row says '${smp:--}', the Kconfig '$kind'" ;;
		esac
		for f in kasan kcsan; do
			have=$(arch_kernel_get "$arch" "$f" "$k")
			kind=$(kconfig_select_kind "$ksrc" "$(kernel_srcarch "$karch")" "HAVE_ARCH_${f^^}")
			case "${have:--}/$kind" in
			yes/always | yes/if | -/if | -/none) t_ok "$arch $k: $f '${have:--}' matches the Kconfig ($kind)" ;;
			*) t_fail "$arch $k: $f matches the Kconfig" "the row says '${have:--}', the Kconfig selects HAVE_ARCH_${f^^}: $kind" ;;
			esac
		done
	done
done

t_eq "TINY01 is N/A on s390x, with the reason" \
	"CONFIG_SMP=n, but every Linux 6.1 s390x kernel is SMP (configs/kernel-arches.tsv kernel_smp=always)" \
	"$(ARCH_KERNEL=6.1.192 scenario_na_reason s390x "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01")"
t_fails "TREE01 applies to s390x" "^$" scenario_na_reason s390x "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TREE01"
t_fails "TINY01 applies to riscv64" "^$" scenario_na_reason riscv64 "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01"

t_eq "TINY01 is N/A on hppa under 6.1 (kernel_lacks), with the reason" \
	"CONFIG_NO_HZ_IDLE=y, but Linux 6.1 cannot give hppa CONFIG_NO_HZ_IDLE (configs/kernel-arches.tsv kernel_lacks)" \
	"$(ARCH_KERNEL=6.1.192 scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01")"
# --kconfig arrives as a pipe, which can be read only once
ARCH_KERNEL=6.1.192 t_fails "TINY01 with --kconfig CONFIG_NO_HZ_IDLE=n (a pipe) applies to hppa under 6.1" "^$" \
	scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01" <(echo CONFIG_NO_HZ_IDLE=n)
t_fails "SRCU-N applies to hppa" "^$" scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/SRCU-N"
t_eq "TREE01 is N/A on alpha (no preemption)" \
	"CONFIG_PREEMPT=y, but Linux 6.1 cannot give alpha CONFIG_PREEMPT (configs/kernel-arches.tsv kernel_lacks)" \
	"$(ARCH_KERNEL=6.1.192 scenario_na_reason alpha "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TREE01")"

# The same arch, another answer under another kernel, where the facts
# differ: parisc has clockevents since 6.12 (TINY01's NO_HZ_IDLE), powerpc
# selects HAVE_ARCH_KCSAN since 6.12 (no-such-gcc: the table alone, not
# the compiler, is asked).
ARCH_KERNEL=6.12.118 t_fails "TINY01 applies to hppa under 6.12" "^$" \
	scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01"
t_eq "TREE04 is N/A on hppa under 6.12 still (NO_HZ_FULL), naming Linux 6.12" \
	"CONFIG_NO_HZ_FULL=y, but Linux 6.12 cannot give hppa CONFIG_NO_HZ_FULL (configs/kernel-arches.tsv kernel_lacks)" \
	"$(ARCH_KERNEL=6.12.118 scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TREE04")"
t_eq "TINY01 is N/A on hppa under a 6.11 tree: 6.1's facts, the latest before it, saying so" \
	"CONFIG_NO_HZ_IDLE=y, but Linux 6.1 cannot give hppa CONFIG_NO_HZ_IDLE (configs/kernel-arches.tsv kernel_lacks; no row for 6.11: 6.1, the latest before it, stands in for this 6.11.2 tree)" \
	"$(ARCH_KERNEL=6.11.2 scenario_na_reason hppa "$FIXTURE/rcu/CFcommon" "$FIXTURE/rcu/TINY01")"
t_eq "--kcsan on ppc64le under 6.1: refused, naming Linux 6.1" \
	"--kcsan: Linux 6.1 has no KCSAN for ppc64le (its Kconfig does not select HAVE_ARCH_KCSAN; configs/kernel-arches.tsv); it has for: x86_64 aarch64 s390x mips64el" \
	"$(ARCH_KERNEL=6.1.192 sanitizer_refusal ppc64le no-such-gcc "" 1)"
t_eq "--kcsan on ppc64le under 6.12: taken" "" "$(ARCH_KERNEL=6.12.118 sanitizer_refusal ppc64le no-such-gcc "" 1)"
ARCH_KERNEL=6.99.1 t_fails "--kcsan on mips under a newer tree: refused, naming 6.12, whose facts stand in" \
	"^--kcsan: Linux 6.12 has no KCSAN for mips .*; no row for 6.99: 6.12, the latest before it, stands in for this 6.99.1 tree\\); it has for: .*ppc64le" \
	sanitizer_refusal mips no-such-gcc "" 1

t_done

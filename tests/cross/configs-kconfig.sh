#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel_lacks column of configs/kernel-arches.tsv against the Kconfig
# of each installed tree, by a real allnoconfig per arch with its cross
# compiler (the column's format and the greps of the Kconfig are in
# tests/unit/configs.sh). A tree kvm.sh has not extracted yet, or an arch
# whose cross gcc is missing, is a skip that says so.
set -eu

# shellcheck source=/dev/null
. "$(dirname "$0")/../lib.sh"
# shellcheck source=/dev/null
. "$TOP/kvm-scripts/functions.sh"

CFG="$TOP/configs"
kernels=$(grep -v '^#' "$CFG/kernel-arches.tsv" | cut -f2 | sort -V -u)

# kernel_lacks against the Kconfig of each row's tree: each symbol exists
# there, x86_64 can have it, and the row's arch cannot (allnoconfig with the
# arch's base config, which picks the row's machine, SMP, EXPERT,
# DEBUG_KERNEL and the symbol asked for); and a symbol the arch lacks under
# one kernel but not under another must be there in the other. The x86_64
# half keeps the check from passing because of a dependency the fragment
# forgot.
# kconfig_gives K ARCH SYM: true when K's allnoconfig with SYM=y keeps it.
kconfig_gives() {
	local k="$1" arch="$2" sym="$3" karch cross out frag src
	local -a base=("$CFG/base/$arch.config")
	src=$(t_extracted_tree "$k")
	karch=$(arch_get "$arch" kernel_arch) && cross=$(arch_get "$arch" cross) || return 2
	out="$kcfg_tmp/$k/$arch"
	frag="$out-$sym.frag"
	mkdir -p "$kcfg_tmp/$k"
	[ ! -e "$CFG/base/$arch-smp.config" ] || base+=("$CFG/base/$arch-smp.config")
	printf 'CONFIG_SMP=y\nCONFIG_EXPERT=y\nCONFIG_DEBUG_KERNEL=y\nCONFIG_%s=y\n' "$sym" > "$frag.in"
	fragments_merged "${base[@]}" "$frag.in" > "$frag"
	make -s -C "$src" O="$out" ARCH="$karch" CROSS_COMPILE="$cross" \
		KCONFIG_ALLCONFIG="$frag" allnoconfig > "$out.log" 2>&1 || return 2
	grep -qx "CONFIG_$sym=y" "$out/.config"
}
t_tmpdir
kcfg_tmp=$T_TMP
declare -A x86_gives=()
for arch in $(arch_kernel_list); do
	# every symbol the arch lacks under some kernel
	all=$(for k in $kernels; do arch_kernel_get "$arch" kernel_lacks "$k" | tr ',' '\n'; done | sort -u | grep . || true)
	[ -n "$all" ] || continue
	for k in $kernels; do
		ksrc=$(t_extracted_tree "$k")
		lacks=",$(arch_kernel_get "$arch" kernel_lacks "$k"),"
		if [ -z "$ksrc" ]; then
			t_skip "$arch $k: kernel_lacks matches the Kconfig" "no extracted linux-source-$k in the cache"
			continue
		fi
		if ! command -v "$(arch_get "$arch" cross)gcc" > /dev/null; then
			t_skip "$arch $k: kernel_lacks matches the Kconfig" "no $(arch_get "$arch" cross)gcc (package $(arch_get "$arch" cc_pkg))"
			continue
		fi
		for sym in $all; do
			if ! grep -rqsx "config $sym" --include='Kconfig*' "$ksrc/kernel" "$ksrc/lib" "$ksrc/arch"; then
				t_fail "$arch $k: kernel_lacks $sym" "no 'config $sym' in the $k tree (a typo?)"
				continue
			fi
			if [ -z "${x86_gives[$k/$sym]:-}" ]; then
				x86_gives[$k/$sym]=0
				kconfig_gives "$k" x86_64 "$sym" || x86_gives[$k/$sym]=$?
			fi
			x86=${x86_gives[$k/$sym]} got=0
			kconfig_gives "$k" "$arch" "$sym" || got=$?
			case "$x86/$got/$lacks" in
			0/1/*",$sym,"*) t_ok "$arch: Linux $k cannot give CONFIG_$sym (x86_64 can)" ;;
			0/0/*",$sym,"*) t_fail "$arch: Linux $k cannot give CONFIG_$sym" "allnoconfig with it keeps CONFIG_$sym=y: drop it from its $k row" ;;
			0/0/*) t_ok "$arch: Linux $k gives CONFIG_$sym (not in its $k row)" ;;
			0/1/*) t_fail "$arch: Linux $k gives CONFIG_$sym" "allnoconfig with it drops CONFIG_$sym: add it to the kernel_lacks of its $k row" ;;
			1/*) t_fail "$arch: Linux $k, CONFIG_$sym" "x86_64 cannot have it either: the fragment misses a dependency" ;;
			*) t_fail "$arch: Linux $k, CONFIG_$sym" "make allnoconfig failed: $(tail -3 "$kcfg_tmp/$k/"*.log | tr '\n' ' ')" ;;
			esac
		done
	done
done

t_done

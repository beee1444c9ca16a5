#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Scenarios read from the tree being tortured (kvm-scripts/scenario.sh)
# and the kernel a run picks (configs/kernel.sh, build.sh's kernel_*), on
# small fake trees made here: CFcommon.ARCH chosen by arch, .boot lines,
# #CHECK# lines, a ver_functions.sh calling a helper of the tree's
# bin/functions.sh, options only another arch defines; the tree's identity
# in the build key (an edited scenario, an edited source file, a git
# commit); --kernel refused for what no package gives. Expected values
# are written by hand.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/configs/env.sh"
source "$TOP/configs/kernel.sh"
source "$TOP/kvm-scripts/functions.sh"
source "$TOP/kvm-scripts/scenario.sh"
source "$TOP/kvm-scripts/cache.sh"
source "$TOP/kvm-scripts/share.sh"
source "$TOP/kvm-scripts/build.sh"
# shellcheck source=../../kvm-scripts/plan.sh
source "$TOP/kvm-scripts/plan.sh"
lines() { tr '\n' ' ' | sed 's/ $//'; }

# The fake tree: an rcu folder as 6.12 lays it out, and bin/functions.sh.
tree="$tmp/tree"
rt="$tree/tools/testing/selftests/rcutorture"
d="$rt/configs/rcu"
mkdir -p "$d" "$rt/bin" "$tree/kernel/rcu" "$tree/arch/x86" "$tree/arch/s390" "$tree/init"
printf '%s\n' "VERSION = 6" "PATCHLEVEL = 12" "SUBLEVEL = 3" "EXTRAVERSION =" "NAME = Baby Opossum Posse" \
	> "$tree/Makefile"
printf '%s\n' A B > "$d/CFLIST"
printf '%s\n' CONFIG_COMMON=y > "$d/CFcommon"
printf '%s\n' CONFIG_X86_ONLY=y > "$d/CFcommon.x86_64"
printf '%s\n' CONFIG_I686_ONLY=y > "$d/CFcommon.i686"
printf '%s\n' CONFIG_SMP=y CONFIG_NR_CPUS=4 '#CHECK#CONFIG_DERIVED=y' '#CHECK#CONFIG_GONE=n' > "$d/A"
printf '%s\n' '# a comment' 'a.b=1 nr_cpus=3' > "$d/A.boot"
printf '%s\n' CONFIG_SMP=n > "$d/B"
printf '%s\n' CONFIG_SMP=y CONFIG_MAXSMP=y > "$d/HOSTWIDE"
cat > "$d/ver_functions.sh" <<'EOF'
# a tree's per-version parameters: a helper of bin/functions.sh, then the
# .boot and the user's words last, as 6.12 orders them
per_version_boot_params () {
	echo `tree_helper "$2"` t.shutdown_secs=$3 $1
}
EOF
cat > "$rt/bin/functions.sh" <<'EOF'
# the .boot file's words before the user's, as 6.12 joins them
configfrag_boot_params () {
	echo `grep -v '^#' "$2.boot" 2> /dev/null` $1
}
tree_helper () {
	grep -q '^CONFIG_HOTPLUG_CPU=y$' "$1" && echo t.onoff=1
	echo t.helper=1
}
# the tree has helpers of our names too
identify_qemu_append () {
	echo TREE-IDENTIFY
}
EOF
printf '%s\n' 'config MAXSMP' '	bool "x86 only"' 'config PARAVIRT' '	bool "x86"' > "$tree/arch/x86/Kconfig"
printf '%s\n' 'config S390_ONLY' '	bool "s390"' > "$tree/arch/s390/Kconfig"
printf '%s\n' 'config SMP' '	bool "everywhere"' > "$tree/init/Kconfig"

# 1. Where the scenarios come from.
t_eq "scenario_folder: the tree's folder of the type" "$d" "$(scenario_folder "$tree" rcu)"
t_eq "scenario_folder: a type of ours alone (nolibc) from configs/" "$TOP/configs/nolibc" \
	"$(scenario_folder "$tree" nolibc)"
t_fails "scenario_folder: a type neither has" "" scenario_folder "$tree" lock
t_eq "scenario_ours: configs/TYPE beside a tree's folder" "$TOP/configs/rcu" "$(scenario_ours "$d")"
t_eq "scenario_ours: nothing beside our own folder" "" "$(scenario_ours "$TOP/configs/nolibc")"
t_eq "scenario_cflist: the tree's CFLIST" "A B" "$(scenario_cflist "$d" | lines)"
t_eq "scenario_names: every scenario, not CFcommon*, .boot or .sh" "A B HOSTWIDE" "$(scenario_names "$d" | lines)"

# 2. Fragments: CFcommon.ARCH by our arch name or an alias, after --kconfig.
printf '%s\n' CONFIG_EXTRA=y > "$tmp/extra"
t_eq "scenario_arch_commons: x86_64" "$d/CFcommon.x86_64" "$(scenario_arch_commons "$d" x86_64)"
t_eq "scenario_arch_commons: i386 takes CFcommon.i686 (uname -m)" "$d/CFcommon.i686" \
	"$(scenario_arch_commons "$d" i386)"
t_eq "scenario_arch_commons: none for s390x" "" "$(scenario_arch_commons "$d" s390x)"
t_eq "scenario_fragments: x86_64, CFcommon.x86_64 last" \
	"$TOP/configs/base/common.config $TOP/configs/base/x86_64.config $d/CFcommon $TOP/configs/rcu/CFcommon $d/A $tmp/extra $d/CFcommon.x86_64" \
	"$(scenario_fragments x86_64 "$d" A "$tmp/extra" | lines)"
t_eq "scenario_fragments: s390x has no CFcommon.ARCH" \
	"$TOP/configs/base/common.config $TOP/configs/base/s390x.config $d/CFcommon $TOP/configs/rcu/CFcommon $d/A" \
	"$(scenario_fragments s390x "$d" A | lines)"
t_eq "scenario_asserted: every fragment but the common one" "$TOP/configs/base/x86_64.config $d/A" \
	"$(scenario_asserted "$(scenario_common)" "$TOP/configs/base/x86_64.config" "$d/A" | lines)"
t_eq "scenario_checks: #CHECK# lines as options" "CONFIG_DERIVED=y CONFIG_GONE=n" \
	"$(scenario_checks "$d/CFcommon" "$d/A" | lines)"
mkdir -p "$tmp/cc61/tools/testing/selftests/rcutorture/bin" "$tmp/cc612/tools/testing/selftests/rcutorture/bin"
echo 'grep -q CONFIG_X .config' > "$tmp/cc61/tools/testing/selftests/rcutorture/bin/configcheck.sh"
echo 'test_kconfig_disabled () { :; }' > "$tmp/cc612/tools/testing/selftests/rcutorture/bin/configcheck.sh"
t_eq "scenario_checks_as_tree: 6.1's configcheck never checks =n" "CONFIG_DERIVED=y" \
	"$(scenario_checks "$d/CFcommon" "$d/A" | scenario_checks_as_tree "$tmp/cc61" | lines)"
t_eq "scenario_checks_as_tree: 6.12's checks =n too" "CONFIG_DERIVED=y CONFIG_GONE=n" \
	"$(scenario_checks "$d/CFcommon" "$d/A" | scenario_checks_as_tree "$tmp/cc612" | lines)"
t_eq "scenario_checks_as_tree: no configcheck.sh keeps all" "CONFIG_DERIVED=y CONFIG_GONE=n" \
	"$(scenario_checks "$d/CFcommon" "$d/A" | scenario_checks_as_tree "$tmp/none" | lines)"
t_eq "fragment_to_kconfig: a #CHECK# line sets nothing" "CONFIG_SMP=y CONFIG_NR_CPUS=4" \
	"$(fragment_to_kconfig "$d/A" | lines)"

# 3. CPUs: CONFIG_NR_CPUS, lowered by nr_cpus=/maxcpus= of .boot and user;
# CONFIG_SMP=y without a count takes what the host gives.
t_eq "scenario_want_cpus: NR_CPUS 4, .boot nr_cpus=3" 3 "$(scenario_want_cpus "$d" A 8)"
t_eq "scenario_want_cpus: the user's maxcpus=2 lowers it" 2 "$(scenario_want_cpus "$d" A 8 "maxcpus=2")"
t_eq "scenario_want_cpus: SMP=n is 1" 1 "$(scenario_want_cpus "$d" B 8)"
t_eq "scenario_want_cpus: SMP=y without NR_CPUS is the host's" 6 "$(scenario_want_cpus "$d" HOSTWIDE 6)"

# 4. Boot parameters through the tree's ver_functions.sh and functions.sh,
# in a subshell: our helpers keep their meaning.
printf '%s\n' CONFIG_HOTPLUG_CPU=y > "$tmp/hotplug.config"
t_eq "scenario_boot_params: the tree's composition, .boot then user last" \
	"t.onoff=1 t.helper=1 t.shutdown_secs=60 a.b=1 nr_cpus=3 u=1" \
	"$(scenario_boot_params "$d" A 60 "$tmp/hotplug.config" "u=1")"
t_eq "scenario_boot_params: the helper reads the .config" "t.helper=1 t.shutdown_secs=30" \
	"$(scenario_boot_params "$d" B 30 /dev/null "")"
t_eq "scenario_boot_params: our identify_qemu_append is still ours" "console=ttyS0 earlyprintk=serial" \
	"$(scenario_boot_params "$d" B 30 /dev/null "" > /dev/null; identify_qemu_append x86_64)"
t_eq "scenario_boot_params: a type of ours, the torture table's parameters" "NOLIBC_TEST=x" \
	"$(scenario_boot_params "$TOP/configs/nolibc" SELFTEST 60 /dev/null "NOLIBC_TEST=x")"

# 5. Options that only another arch's Kconfig defines; a missing one is no
# such option.
t_eq "kconfig_foreign: x86's MAXSMP and PARAVIRT on s390" "CONFIG_MAXSMP CONFIG_PARAVIRT" \
	"$(kconfig_foreign "$tree" s390 CONFIG_MAXSMP CONFIG_PARAVIRT CONFIG_SMP CONFIG_S390_ONLY CONFIG_NOWHERE | lines)"
t_eq "kconfig_foreign: none on x86_64" "" "$(kconfig_foreign "$tree" x86_64 CONFIG_MAXSMP CONFIG_SMP)"
mkdir -p "$tmp/run"
# the run plan (plan.sh) names the tree and its ARCH
PLAN[kernel_src]=$tree PLAN[kernel_arch]=s390
printf '%s\n' "CONFIG_MAXSMP wanted y got n" > "$tmp/run/ConfigFragment.diags"
rc=0
config_foreign_ok "$tmp/run" || rc=$?
t_eq "config_foreign_ok: only a foreign option is no mismatch" 0 "$rc"
t_eq "config_foreign_ok: the note" "CONFIG_MAXSMP wanted y got n (only other arches define it)" \
	"$(cat "$tmp/run/ConfigFragment.foreign")"
printf '%s\n' "CONFIG_MAXSMP wanted y got n" "CONFIG_NOWHERE wanted y got n" > "$tmp/run/ConfigFragment.diags"
rc=0
config_foreign_ok "$tmp/run" || rc=$?
t_eq "config_foreign_ok: another mismatch is still one" "2 CONFIG_NOWHERE wanted y got n" \
	"$rc $(cat "$tmp/run/ConfigFragment.diags")"

# 6. The build key knows the tree: an edited scenario changes the
# fragments' lines, an edited source file the tree's identity.
id1=$(kernel_tree_id "$tree")
key1=$(build_key "$(build_identity "$tree" x86_64 "" tinyconfig "$id1")" "$d/CFcommon" "$d/A")
echo CONFIG_MORE=y >> "$d/A"
key2=$(build_key "$(build_identity "$tree" x86_64 "" tinyconfig "$id1")" "$d/CFcommon" "$d/A")
if [ "$key1" != "$key2" ]; then
	t_ok "build key: an edited scenario gives a new key"
else
	t_fail "build key: an edited scenario gives a new key" "both $key1"
fi
echo "int x;" > "$tree/kernel/rcu/tree.c"
id2=$(kernel_tree_id "$tree")
if [ "$id1" != "$id2" ]; then
	t_ok "kernel_tree_id: an edited source file gives a new identity"
else
	t_fail "kernel_tree_id: an edited source file gives a new identity" "both $id1"
fi
t_eq "kernel_tree_id: the same tree twice, the same identity" "$id2" "$(kernel_tree_id "$tree")"
t_eq "kernel_tree_id: a packaged tree is its package version" "package 6.12.3-1" "$(kernel_tree_id "$tree" 6.12.3-1)"
if command -v git > /dev/null; then
	git -C "$tree" init -q && git -C "$tree" add -A &&
		git -C "$tree" -c user.name=t -c user.email=t@t commit -q -m one
	g1=$(kernel_tree_id "$tree")
	echo "int y;" >> "$tree/kernel/rcu/tree.c"
	g2=$(kernel_tree_id "$tree")
	echo "int z;" >> "$tree/kernel/rcu/tree.c"
	if [ "$(kernel_tree_id "$tree")" != "$g2" ]; then
		t_ok "kernel_tree_id: another edit of a dirty git tree changes it"
	else
		t_fail "kernel_tree_id: another edit of a dirty git tree changes it" "still $g2"
	fi
	git -C "$tree" -c user.name=t -c user.email=t@t commit -q -a -m two
	g3=$(kernel_tree_id "$tree")
	case "$g1|$g2|$g3" in
	"git "*"|git "*"-dirty "*"|git "*)
		if [ "$g1" != "$g2" ] && [ "$g2" != "$g3" ] && [ "$g1" != "$g3" ]; then
			t_ok "kernel_tree_id: a git tree's commit and diff change it"
		else
			t_fail "kernel_tree_id: git" "not all different: $g1 | $g2 | $g3"
		fi ;;
	*) t_fail "kernel_tree_id: git" "$g1 | $g2 | $g3" ;;
	esac
else
	t_skip "kernel_tree_id: git" "no git (apt-get install git)"
fi
t_eq "kernel_makefile_version" 6.12.3 "$(kernel_makefile_version "$tree")"

# 7. Which kernel: the installed tarballs (a fake /usr/src), the newest by
# version order, and what --kernel refuses.
mkdir -p "$tmp/usr-src"
touch "$tmp/usr-src/linux-source-6.1.tar.xz" "$tmp/usr-src/linux-source-6.12.tar.xz" "$tmp/usr-src/linux-source-6.9.tar.xz"
export KERNEL_TARBALL_DIR="$tmp/usr-src" TORTURE_KERNEL_PACKAGES="6.1 6.12 6.13"
t_eq "kernel_installed: version order" "6.1 6.9 6.12" "$(kernel_installed | lines)"
t_eq "kernel_tarball: the newest, 6.12 after 6.9" "$tmp/usr-src/linux-source-6.12.tar.xz" "$(kernel_tarball)"
t_eq "kernel_tarball: the one asked for" "$tmp/usr-src/linux-source-6.1.tar.xz" "$(kernel_tarball 6.1)"
t_eq "kernel_refusal: installed is fine" "" "$(kernel_refusal 6.9)"
t_eq "kernel_refusal: packaged but not installed is fine (kvm.sh installs it)" "" "$(kernel_refusal 6.13)"
t_eq "kernel_refusal: no such package" "--kernel 5.99: no package linux-source-5.99 here (packaged: 6.1 6.9 6.12 6.13)" \
	"$(kernel_refusal 5.99)"
t_eq "kernel_refusal: a path is no version" \
	"bad --kernel '../x' (want the version of a linux-source package, e.g. 6.12; installed: 6.1 6.9 6.12)" \
	"$(kernel_refusal ../x)"
t_eq "kernel_tarball_of: a cache tree's tarball" "$tmp/usr-src/linux-source-6.9.tar.xz" \
	"$(kernel_tarball_of /c/src/linux-source-6.9 /c)"
t_eq "kernel_tarball_of: nothing for a tree of one's own" "" "$(kernel_tarball_of "$tree" /c)"
unset KERNEL_TARBALL_DIR TORTURE_KERNEL_PACKAGES

t_done

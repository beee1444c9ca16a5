#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The build, boot and plan libraries kvm.sh is made of (build.sh, boot.sh,
# plan.sh, verdict.sh's verdict_write), called directly with arguments: the
# fragments and key of a build, its folder, the run names and batches,
# the kernel command line and QEMU command of a boot, the stored command.
# Expected values are written out by hand. No kernel is built or booted.
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
source "$TOP/kvm-scripts/boot.sh"
source "$TOP/kvm-scripts/plan.sh"
CFG="$TOP/configs"
# a tree's scenarios (the fixture tree: no CFcommon.ARCH, no ver_functions.sh)
FIX="$TOP/tests/fixtures/tree/tools/testing/selftests/rcutorture/configs"
lines() { tr '\n' ' ' | sed 's/ $//'; }

# 0. The kernel tree: --kernel-src as an absolute path; else the cache
# folder the tarball extracts into, nothing without a tarball.
mkdir -p "$tmp/ksrc"
t_eq "kernel_src_dir: --kernel-src made absolute" "$tmp/ksrc" "$(cd "$tmp" && kernel_src_dir ksrc /c)"
t_eq "kernel_src_dir: the tarball's folder in the cache" "/c/src/linux-source-6.9" \
	"$(kernel_src_dir "" /c /usr/src/linux-source-6.9.tar.xz)"
t_eq "kernel_src_dir: nothing without a tarball" "" "$(kernel_src_dir "" /c "")"
# kernel_tree extracts the tarball kernel_tarball names, into the folder
# kernel_src_dir names, once, and again when the tarball changed (a package
# upgrade); a small stand-in tarball; say and die are kvm.sh's
mkdir -p "$tmp/tb/linux-source-6.9/kernel/rcu"
echo "# fake" > "$tmp/tb/linux-source-6.9/Makefile"
tar -cJf "$tmp/linux-source-6.9.tar.xz" -C "$tmp/tb" linux-source-6.9
t_eq "kernel_tree: the tarball extracted into the cache" "$tmp/c/src/linux-source-6.9 # fake" \
	"$(kernel_tarball() { echo "$tmp/linux-source-6.9.tar.xz"; }
	   say() { :; }; die() { echo "die: $*"; exit 1; }
	   d=$(kernel_tree "" "$tmp/c" 2> /dev/null) && echo "$d $(cat "$d/Makefile")")"
echo "# newer" > "$tmp/tb/linux-source-6.9/Makefile"
touch -d '2 days ago' "$tmp/linux-source-6.9.tar.xz"
t_eq "kernel_tree: the same tarball is not extracted again" "$tmp/c/src/linux-source-6.9 # fake" \
	"$(kernel_tarball() { echo "$tmp/linux-source-6.9.tar.xz"; }
	   say() { :; }; die() { echo "die: $*"; exit 1; }
	   touch -d '2 days ago' "$tmp/c/src/linux-source-6.9/.extracted"
	   stat -c '%s %Y' "$tmp/linux-source-6.9.tar.xz" > "$tmp/c/src/linux-source-6.9/.extracted"
	   d=$(kernel_tree "" "$tmp/c" 2> /dev/null) && echo "$d $(cat "$d/Makefile")")"
tar -cJf "$tmp/linux-source-6.9.tar.xz" -C "$tmp/tb" linux-source-6.9
t_eq "kernel_tree: an upgraded package's tarball replaces the tree" "$tmp/c/src/linux-source-6.9 # newer" \
	"$(kernel_tarball() { echo "$tmp/linux-source-6.9.tar.xz"; }
	   say() { :; }; die() { echo "die: $*"; exit 1; }
	   d=$(kernel_tree "" "$tmp/c" 2> /dev/null) && echo "$d $(cat "$d/Makefile")")"
t_eq "kernel_tree: no tarball, the package to install" \
	"die: no kernel source: apt-get install linux-source-6.12 (or pass --kernel VERSION or --kernel-src DIR)" \
	"$(kernel_tarball() { :; }; die() { echo "die: $*"; exit 1; }; kernel_tree "" "$tmp/c")"

# 1. Fragments: base, the tree's CFcommon and ours, the scenario, then the
# --kconfig file; the arch's SMP additions only for a scenario that asks for
# SMP. (scenario.sh's own cases are in kvm-scenario.sh.)
printf '%s\n' CONFIG_PRINTK_TIME=y > "$tmp/extra"
t_eq "scenario_fragments: x86_64 TINY01" \
	"$CFG/base/common.config $CFG/base/x86_64.config $FIX/rcu/CFcommon $CFG/rcu/CFcommon $FIX/rcu/TINY01" \
	"$(scenario_fragments x86_64 "$FIX/rcu" TINY01 | lines)"
t_eq "scenario_fragments: the --kconfig file last" \
	"$CFG/base/common.config $CFG/base/x86_64.config $FIX/rcu/CFcommon $CFG/rcu/CFcommon $FIX/rcu/TINY01 $tmp/extra" \
	"$(scenario_fragments x86_64 "$FIX/rcu" TINY01 "$tmp/extra" | lines)"
t_eq "scenario_fragments: mipsel TREE01 (SMP) gets mipsel-smp.config" \
	"$CFG/base/common.config $CFG/base/mipsel.config $CFG/base/mipsel-smp.config $FIX/rcu/CFcommon $CFG/rcu/CFcommon $FIX/rcu/TREE01" \
	"$(scenario_fragments mipsel "$FIX/rcu" TREE01 | lines)"
t_eq "scenario_fragments: mipsel TINY01 (UP) does not" \
	"$CFG/base/common.config $CFG/base/mipsel.config $FIX/rcu/CFcommon $CFG/rcu/CFcommon $FIX/rcu/TINY01" \
	"$(scenario_fragments mipsel "$FIX/rcu" TINY01 | lines)"

# 2. Identity and key: --defconfig counts only when not tinyconfig (the
# keys of existing builds stay); comments do not count, options do.
t_eq "build_identity: tinyconfig leaves the first line alone" "/src x86_64 V=1" \
	"$(build_identity /src x86_64 V=1 tinyconfig | head -n 1)"
t_eq "build_identity: another --defconfig is in it" "/src x86_64 defconfig" \
	"$(build_identity /src x86_64 "" defconfig | head -n 1)"
t_eq "build_identity: the compiler's version second" "$(gcc --version | head -n 1)" \
	"$(build_identity /src x86_64 "" tinyconfig | sed -n 2p)"
t_eq "build_identity: the tree's identity third" "package 6.12.118-1~deb12u1" \
	"$(build_identity /src x86_64 "" tinyconfig "package 6.12.118-1~deb12u1" | sed -n 3p)"
printf '%s\n' '# a comment' CONFIG_A=y CONFIG_B=n > "$tmp/f1"
printf '%s\n' '# reworded' CONFIG_A=y CONFIG_B=n > "$tmp/f2"
printf '%s\n' CONFIG_A=y CONFIG_B=y > "$tmp/f3"
# the key is the hash of the identity line and the kconfig lines
t_eq "build_key: by hand" \
	"$(printf 'ID\nCONFIG_A=y\n# CONFIG_B is not set\n' | sha256sum | cut -c1-16)" "$(build_key ID "$tmp/f1")"
t_eq "build_key: a comment leaves it alone" "$(build_key ID "$tmp/f1")" "$(build_key ID "$tmp/f2")"
if [ "$(build_key ID "$tmp/f1")" != "$(build_key ID "$tmp/f3")" ]; then
	t_ok "build_key: an option changes it"
else
	t_fail "build_key: an option changes it" "same key"
fi
if [ "$(build_key ID "$tmp/f1")" != "$(build_key ID2 "$tmp/f1")" ]; then
	t_ok "build_key: the identity changes it"
else
	t_fail "build_key: the identity changes it" "same key"
fi
t_eq "build_dir" /c/builds/s390x/TREE01-0123456789abcdef "$(build_dir /c s390x TREE01 0123456789abcdef)"

# 3. The plan: repeated scenarios, batches that fit the CPUs, N/A.
t_eq "plan_run_names: repeats numbered" "TINY01 SRCU-N SRCU-N.2 TREE01 SRCU-N.3" \
	"$(plan_run_names TINY01 SRCU-N SRCU-N TREE01 SRCU-N | lines)"
t_eq "scenario_of: a repeat's scenario" SRCU-N "$(scenario_of SRCU-N.12)"
# TINY01 1 CPU, TREE01 8 (capped to 2), SRCU-N 4 (capped to 2)
t_eq "plan_batches: 2 CPUs" " TINY01; TREE01; SRCU-N; SRCU-N.2" \
	"$(plan_batches 2 "$FIX/rcu" "" TINY01 TREE01 SRCU-N SRCU-N.2 | paste -s -d ';')"
t_eq "plan_batches: 9 CPUs, first fit" " TINY01 TREE01; SRCU-N SRCU-N.2" \
	"$(plan_batches 9 "$FIX/rcu" "" TINY01 TREE01 SRCU-N SRCU-N.2 | paste -s -d ';')"
t_eq "plan_na: TINY01 on aarch64 (always SMP), not TREE01" "TINY01" \
	"$(plan_na aarch64 "$FIX/rcu" "" TINY01 TREE01 | cut -f1 | lines)"
t_eq "plan_na: TINY01 applies on x86_64" "" \
	"$(plan_na x86_64 "$FIX/rcu" "" TINY01 | cut -f1)"

# 4. The kernel command line and the QEMU command.
t_eq "boot_append: x86_64, the console first" \
	"console=ttyS0 earlyprintk=serial panic=-1 rcutorture.shutdown_secs=60 a=1" \
	"$(boot_append x86_64 2 "  rcutorture.shutdown_secs=60   a=1  ")"
t_eq "boot_append: CPU lists capped to NCPU" \
	"console=ttyAMA0 panic=-1 rcu_nocbs=1" \
	"$(boot_append aarch64 2 "rcu_nocbs=1-7" 2> /dev/null)"
t_eq "boot_qemu_cmd: x86_64 TCG, 2 CPUs, extra arguments" \
	"qemu-system-x86_64 -M q35 -cpu max -s -S -smp 2 -m 512M -nographic -no-reboot" \
	"$(boot_qemu_cmd qemu-system-x86_64 x86_64 tcg 2 512M "-s -S" | lines)"
t_eq "boot_qemu_cmd: x86_64 KVM, 1 CPU" \
	"q -M q35,accel=kvm -cpu host -smp 1 -m 1G -nographic -no-reboot" \
	"$(boot_qemu_cmd q x86_64 kvm 1 1G "" | lines)"
t_eq "boot_qemu_cmd: s390x" \
	"qemu-system-s390x -M s390-ccw-virtio -smp 2 -m 512M -nographic -no-reboot" \
	"$(boot_qemu_cmd qemu-system-s390x s390x tcg 2 512M "" | lines)"

# 5. The stored command: one argument a line, and a script that replays
# it with its blanks.
mkdir -p "$tmp/run"
boot_write_cmd "$tmp/run" printf '%s|' "a b" c
t_eq "boot_write_cmd: qemu-cmd.args" "printf %s| a b c" "$(lines < "$tmp/run/qemu-cmd.args")"
t_eq "boot_write_cmd: qemu-cmd replays it" "a b|c|" "$("$tmp/run/qemu-cmd")"
t_eq "boot_cpus: no -smp is 1" 1 "$(boot_cpus "$tmp/run")"

# 6. A verdict no console gave.
verdict_write "$tmp/run" BUILD-FAILED "make failed"
t_eq "verdict_write: two lines" "BUILD-FAILED make failed" "$(lines < "$tmp/run/verdict")"

t_done

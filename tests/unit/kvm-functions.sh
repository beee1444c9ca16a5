#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Unit tests for kvm-scripts/functions.sh. Every expected value below is
# written out by hand, so a wrong table entry or a broken function shows.
set -eu

# shellcheck source=/dev/null
. "$(dirname "$0")/../lib.sh"
# shellcheck source=/dev/null
. "$TOP/kvm-scripts/functions.sh"

FIX="$TOP/tests/fixtures/console"
CFG="$TOP/tests/fixtures/tree/tools/testing/selftests/rcutorture/configs"
# Not t_tmpdir: its EXIT trap would run in the $(...) subshell.
TMP=$(mktemp -d "${TMPDIR:-/tmp}/nt-kvmfn.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# One row per arch: arch | "file vmlinux" output | qemu binary | boot image |
# TCG arguments | KVM arguments | kernel console words [| "up": the machine
# runs one CPU, so no -smp].
ARCH_CASES=$(cat <<'EOF'
x86_64|vmlinux: ELF 64-bit LSB executable, x86-64, version 1 (SYSV), statically linked, BuildID[sha1]=4f1c0a2e9d, not stripped|qemu-system-x86_64|arch/x86/boot/bzImage|-M q35 -cpu max|-M q35,accel=kvm -cpu host|console=ttyS0 earlyprintk=serial
i386|vmlinux: ELF 32-bit LSB executable, Intel 80386, version 1 (SYSV), statically linked, BuildID[sha1]=77aa01bc3e, not stripped|qemu-system-i386|arch/x86/boot/bzImage|-M q35 -cpu max|-M q35,accel=kvm -cpu host|console=ttyS0 earlyprintk=serial
aarch64|vmlinux: ELF 64-bit LSB pie executable, ARM aarch64, version 1 (SYSV), statically linked, BuildID[sha1]=0b9d2c4411, not stripped|qemu-system-aarch64|arch/arm64/boot/Image|-M virt -cpu cortex-a57|-M virt,accel=kvm -cpu host|console=ttyAMA0
arm|vmlinux: ELF 32-bit LSB executable, ARM, EABI5 version 1 (SYSV), statically linked, BuildID[sha1]=9e3f1a0d52, not stripped|qemu-system-arm|arch/arm/boot/zImage|-M virt|-M virt,accel=kvm -cpu host|console=ttyAMA0
riscv64|vmlinux: ELF 64-bit LSB executable, UCB RISC-V, RVC, double-float ABI, version 1 (SYSV), statically linked, BuildID[sha1]=c3a81f07e2, not stripped|qemu-system-riscv64|arch/riscv/boot/Image|-M virt -bios default|-M virt,accel=kvm -cpu host -bios default|console=ttyS0
mipsel|vmlinux: ELF 32-bit LSB executable, MIPS, MIPS32 rel2 version 1 (SYSV), statically linked, BuildID[sha1]=5d02ee61a9, not stripped|qemu-system-mipsel|vmlinux|-M malta -cpu 34Kf|-M malta,accel=kvm -cpu host|console=ttyS0
mips|vmlinux: ELF 32-bit MSB executable, MIPS, MIPS32 rel2 version 1 (SYSV), statically linked, BuildID[sha1]=1a6b44f0c8, not stripped|qemu-system-mips|vmlinux|-M malta -cpu 34Kf|-M malta,accel=kvm -cpu host|console=ttyS0
s390x|vmlinux: ELF 64-bit MSB executable, IBM S/390, version 1 (SYSV), statically linked, BuildID[sha1]=e81f0c9b37, not stripped|qemu-system-s390x|arch/s390/boot/bzImage|-M s390-ccw-virtio|-M s390-ccw-virtio,accel=kvm -cpu host|console=ttysclp0
ppc64le|vmlinux: ELF 64-bit LSB executable, 64-bit PowerPC or cisco 7500, Power ELF V2 ABI, version 1 (SYSV), statically linked, BuildID[sha1]=6f2d90ab14, not stripped|qemu-system-ppc64|vmlinux|-M pseries|-M pseries,accel=kvm -cpu host|console=hvc0
mips64el|vmlinux: ELF 64-bit LSB executable, MIPS, MIPS64 rel2 version 1 (SYSV), statically linked, BuildID[sha1]=2b1f7c93d0, not stripped|qemu-system-mips64el|vmlinux|-M malta -cpu MIPS64R2-generic|-M malta,accel=kvm -cpu host|console=ttyS0|up
ppc|vmlinux: ELF 32-bit MSB executable, PowerPC or cisco 4500, version 1 (SYSV), statically linked, BuildID[sha1]=36b618a4b7, not stripped|qemu-system-ppc|vmlinux|-M ppce500 -cpu e500mc|-M ppce500,accel=kvm -cpu host|console=ttyS0
alpha|vmlinux: ELF 64-bit LSB executable, Alpha (unofficial), version 1 (SYSV), statically linked, BuildID[sha1]=f2833e81c8, not stripped|qemu-system-alpha|vmlinux|-M clipper|-M clipper,accel=kvm -cpu host|console=ttyS0
hppa|vmlinux: ELF 32-bit MSB executable, PA-RISC, 1.0 version 1 (GNU/Linux), statically linked, BuildID[sha1]=ecf26907d3, not stripped|qemu-system-hppa|vmlinux|-M hppa|-M hppa,accel=kvm -cpu host|console=ttyS0
m68k|vmlinux: ELF 32-bit MSB executable, Motorola m68k, 68020, version 1 (SYSV), statically linked, BuildID[sha1]=fb9fbbfc7f, not stripped|qemu-system-m68k|vmlinux|-M virt -cpu m68040|-M virt,accel=kvm -cpu host|console=ttyGF0|up
ppc64|vmlinux: ELF 64-bit MSB executable, 64-bit PowerPC or cisco 7500, Power ELF V1 ABI, version 1 (SYSV), statically linked, BuildID[sha1]=382edeb037, not stripped|qemu-system-ppc64|vmlinux|-M pseries|-M pseries,accel=kvm -cpu host|console=hvc0
sparc64|vmlinux: ELF 64-bit MSB executable, SPARC V9, Sun UltraSPARC1 Extensions Required, relaxed memory ordering, version 1 (SYSV), statically linked, BuildID[sha1]=d2e55a53bd, not stripped|qemu-system-sparc64|vmlinux|-M sun4u|-M sun4u,accel=kvm -cpu host|console=ttyS0|up
EOF
)

# --- per-arch table lookups -------------------------------------------------

covered=$(cut -d'|' -f1 <<< "$ARCH_CASES" | sort | tr '\n' ' ')
t_eq "every kernel arch in arches.tsv has a test row" "$covered" "$(arch_kernel_list | sort | tr '\n' ' ')"

# A QEMU binary that boots two rows (qemu-system-ppc64: ppc64le and ppc64)
# names no arch: the lookups then go by the arch's name.
shared_qemus=$(cut -d'|' -f3 <<< "$ARCH_CASES" | sort | uniq -d | tr '\n' ' ')
while IFS='|' read -r arch text qemu image tcg kvm append up; do
	t_eq "identify_qemu_from_file_output $arch" "$qemu" "$(identify_qemu_from_file_output "$text")"
	target=$qemu
	if [[ " $shared_qemus" == *" $qemu "* ]]; then
		t_fails "arch_of_qemu $qemu (shared, $arch)" 'several arches' arch_of_qemu "$qemu"
		target=$arch
	else
		t_eq "arch_of_qemu $qemu" "$arch" "$(arch_of_qemu "$qemu")"
		t_eq "arch_of_qemu /usr/bin/$qemu" "$arch" "$(arch_of_qemu "/usr/bin/$qemu")"
	fi
	t_eq "identify_boot_image $target" "$image" "$(identify_boot_image "$target")"
	t_eq "identify_boot_image by arch $arch" "$image" "$(identify_boot_image "$arch")"
	t_eq "identify_qemu_args $target tcg" "$tcg" "$(identify_qemu_args "$target" tcg)"
	t_eq "identify_qemu_args $target kvm" "$kvm" "$(identify_qemu_args "$target" kvm)"
	t_eq "identify_qemu_append $target" "$append" "$(identify_qemu_append "$target")"
	smp=" -smp 3"
	[ "$up" != up ] || smp=""
	t_eq "specify_qemu_cpus $target" "-m 512$smp" "$(specify_qemu_cpus "$target" "-m 512" 3)"
done <<< "$ARCH_CASES"

t_fails "unknown kernel type is refused, naming the text" 'identify_qemu: .*Renesas SH' \
	identify_qemu_from_file_output "vmlinux: ELF 32-bit LSB executable, Renesas SH, version 1 (SYSV)"
t_fails "non-ELF is refused" 'identify_qemu: .*ASCII text' \
	identify_qemu_from_file_output "vmlinux: ASCII text"
t_fails "identify_qemu on a missing file" 'no such file' identify_qemu "$TMP/no-such-vmlinux"

if [ "$(uname -m)" = x86_64 ]; then
	t_eq "identify_qemu on a real x86-64 ELF" qemu-system-x86_64 "$(identify_qemu /bin/sh)"
else
	t_skip "identify_qemu on a real x86-64 ELF" "host is not x86_64"
fi
if command -v i686-linux-gnu-gcc > /dev/null; then
	echo 'int x;' > "$TMP/x.c"
	i686-linux-gnu-gcc -c -o "$TMP/x.o" "$TMP/x.c"
	t_eq "identify_qemu on a real i386 object" qemu-system-i386 "$(identify_qemu "$TMP/x.o")"
else
	t_skip "identify_qemu on a real i386 object" "no i686-linux-gnu-gcc"
fi

t_fails "arch_of_qemu unknown binary" 'no arch uses' arch_of_qemu qemu-system-sh4
t_eq "TORTURE_BOOT_IMAGE overrides the table" /tmp/my/bzImage \
	"$(TORTURE_BOOT_IMAGE=/tmp/my/bzImage identify_boot_image qemu-system-s390x)"
t_eq "alias names an arch too" arch/arm64/boot/Image "$(identify_boot_image arm64)"
t_fails "identify_qemu_args refuses an unknown accelerator" 'tcg or kvm' identify_qemu_args qemu-system-x86_64 hvf
t_fails "identify_qemu_args refuses an unknown binary" 'no arch uses' identify_qemu_args qemu-system-sh4 tcg

# A table where two rows share one QEMU binary, and one machine lacks -smp.
{
	grep -v '^#' "$TOP/configs/arches.tsv" | grep '^x86_64'
	printf 'x32\tx86_64\t-\t-\tgcc\t-mx32\t-\tqemu-system-x86_64\tqemu-system-x86\tpc\t-\tttyS0\tarch/x86/boot/bzImage\tx32\tno\tno\t-\t-\n'
	printf 'mcu\tarm\t-\t-\tgcc\t-\t-\tqemu-system-mcu\tqemu-system-arm\tmps2\t-\tttyAMA0\tarch/arm/boot/Image\tmcu\tno\tno\t-\t-\n'
} > "$TMP/arches.tsv"
# shellcheck disable=SC2016 # $1 is for the inner shell
t_fails "a binary shared by two arches must be named by arch" 'several arches' \
	env ARCH_TABLE="$TMP/arches.tsv" bash -c '. "$1"; arch_of_qemu qemu-system-x86_64' _ "$TOP/kvm-scripts/functions.sh"
t_eq "a shared binary's arch is reachable by arch name" "-M pc" \
	"$(ARCH_TABLE="$TMP/arches.tsv" identify_qemu_args x32 tcg)"
t_eq "no -smp for a machine without SMP" "-m 64" \
	"$(ARCH_TABLE="$TMP/arches.tsv" specify_qemu_cpus qemu-system-mcu "-m 64" 4)"
t_eq "an explicit -smp is kept" "-smp 2 -m 512" "$(specify_qemu_cpus qemu-system-x86_64 "-smp 2 -m 512" 8)"

# gdb_free_port: a port something listens on is passed over, a free one
# is taken and claimed, a port a live run has claimed is passed over, a
# dead run's claim is taken over. The held port comes from the kernel, so
# that no fixed number can already be in use here.
claims="$TMP/gdb-ports"
# passes_over NAME PORT: gdb_free_port from PORT must give a later port
# (whose claim is then dropped).
passes_over() {
	local got
	got=$(gdb_free_port "$2" "$claims" $$)
	if [ -n "$got" ] && [ "$got" -gt "$2" ]; then
		t_ok "gdb_free_port: $1"
	else
		t_fail "gdb_free_port: $1" "gdb_free_port $2 printed '$got'"
	fi
	rm -f "$claims/$got"
}
if held=$(t_listen 0); then
	read -r held_pid held_port <<< "$held"
	passes_over "passes over a port in use" "$held_port"
	kill "$held_pid"
	# Not our child (t_listen ran in $(...)): wait for it to be gone.
	for ((i = 0; i < 50; i++)); do kill -0 "$held_pid" 2> /dev/null && sleep 0.1; done
	t_eq "gdb_free_port: takes a free port" "$held_port" "$(gdb_free_port "$held_port" "$claims" $$)"
	t_eq "gdb_free_port: claims it for its owner" "$$" "$(cat "$claims/$held_port" 2> /dev/null)"
	# two runs started together: the second must not get the first's port
	passes_over "passes over a port a live run claimed" "$held_port"
	sleep 0 & dead=$!
	wait "$dead"
	echo "$dead" > "$claims/$held_port"
	t_eq "gdb_free_port: takes over a dead run's claim" "$held_port" "$(gdb_free_port "$held_port" "$claims" $$)"
	echo 999999999 > "$claims/9"
	gdb_release_ports "$claims" $$
	t_eq "gdb_release_ports: drops its owner's claims, not another's" "9" \
		"$(cd "$claims" && ls)"
	# six at once, as six kvm.sh --gdb started in the same second
	for i in 1 2 3 4 5 6; do gdb_free_port "$held_port" "$TMP/gdb-six" $$ > "$TMP/six.$i" & done
	wait
	t_eq "gdb_free_port: six claims at once get six ports" 6 "$(cat "$TMP"/six.* | sort -u | wc -l)"
else
	t_fail "gdb_free_port" "cannot listen on a TCP port here (python3)"
fi
t_eq "-smp added to empty args" "-smp 8" "$(specify_qemu_cpus qemu-system-x86_64 "" 8)"
t_fails "specify_qemu_cpus refuses a bad CPU count" 'positive integer' specify_qemu_cpus qemu-system-x86_64 "" 0

# --- the torture table (configs/tortures.tsv) -------------------------------

t_eq "every configs/TYPE folder has a torture row, and no row lacks one" \
	"$(cd "$TOP/configs" && for d in */CFcommon; do echo "${d%/CFcommon}"; done | sort | tr '\n' ' ')" \
	"$(torture_list | sort | tr '\n' ' ')"
t_eq "torture_run_params rcu 30" \
	"rcutorture.shutdown_secs=30 rcutorture.stat_interval=6 rcutorture.verbose=1" "$(torture_run_params rcu 30)"
t_eq "torture_run_params lock 3600: statistics every 15 s at most" \
	"locktorture.shutdown_secs=3600 locktorture.stat_interval=15 locktorture.verbose=1" "$(torture_run_params lock 3600)"
t_eq "torture_run_params rcu 3: statistics every second at least" \
	"rcutorture.shutdown_secs=3 rcutorture.stat_interval=1 rcutorture.verbose=1" "$(torture_run_params rcu 3)"
t_eq "torture_run_params scf 60" "scftorture.shutdown_secs=60 scftorture.verbose=1" "$(torture_run_params scf 60)"
t_eq "torture_run_params refscale: it stops by itself" "refscale.shutdown=1 refscale.verbose=1" \
	"$(torture_run_params refscale 60)"
t_eq "torture_run_params nolibc: none" "" "$(torture_run_params nolibc 60)"
t_fails "torture_get: unknown type" "unknown torture type 'bogus'" torture_get bogus gp_hang
t_fails "torture_get: unknown column" "no column 'colour'" torture_get rcu colour
# The GP-HANG rule follows the table's column, not a name in the code.
for i in "${!TORTURE_COLUMNS[@]}"; do [ "${TORTURE_COLUMNS[$i]}" != gp_hang ] || gp_col=$((i + 1)); done
awk -F'\t' -v OFS='\t' -v c="$gp_col" '!/^#/ && $c == "yes" { $c = "no" } { print }' \
	"$TOP/configs/tortures.tsv" > "$TMP/tortures-no-gp-hang.tsv"
t_eq "a type without gp_hang gets no GP-HANG" HANG \
	"$(TORTURE_TABLE="$TMP/tortures-no-gp-hang.tsv" parse_console "$FIX/rcu-gp-hang.log" rcu | sed -n 's/^verdict=//p')"

# --- parse_duration ---------------------------------------------------------

while read -r text want; do
	t_eq "parse_duration $text" "$want" "$(parse_duration "$text")"
done <<'EOF'
10 600
1 60
30s 30
2m 120
3h 10800
1d 86400
007s 7
EOF
for bad in "" 0 0s 00m -5 10x 1.5 "1 h" h 1hh 5S 9999999999 " 10"; do
	t_fails "parse_duration refuses '$bad'" '^parse_duration: ' parse_duration "$bad"
done

# --- expand_config_list -----------------------------------------------------

t_eq "expand_config_list repeats" "TREE01 TINY01 SRCU-N SRCU-N" \
	"$(expand_config_list "TREE01 TINY01 2*SRCU-N" | tr '\n' ' ' | sed 's/ $//')"
t_eq "expand_config_list counts lines" 5 "$(expand_config_list "  3*TREE02   TINY01 1*TREE03 " | wc -l)"
t_eq "expand_config_list takes several arguments" "A B" "$(expand_config_list A B | tr '\n' ' ' | sed 's/ $//')"
for bad in "0*X" "*X" "2*" "x*Y" "2*3*X" "-1*X" "TREE01,TINY01" ""; do
	t_fails "expand_config_list refuses '$bad'" '^expand_config_list: ' expand_config_list "$bad"
done

# --- fragments --------------------------------------------------------------

t_eq "scenario_cpus rcu/TREE01" 8 "$(scenario_cpus "$CFG/rcu/TREE01")"
t_eq "scenario_cpus rcu/TREE07" 12 "$(scenario_cpus "$CFG/rcu/TREE07")"
t_eq "scenario_cpus rcu/TINY01 (SMP=n)" 1 "$(scenario_cpus "$CFG/rcu/TINY01")"
t_eq "scenario_cpus rcu/TREE09 (SMP=n, preemptible)" 1 "$(scenario_cpus "$CFG/rcu/TREE09")"
t_eq "scenario_cpus rcu/RUDE01" 3 "$(scenario_cpus "$CFG/rcu/RUDE01")"
t_eq "scenario_cpus lock/LOCK08" 2 "$(scenario_cpus "$CFG/lock/LOCK08")"
t_eq "scenario_cpus rcuscale/TREE54" 54 "$(scenario_cpus "$CFG/rcuscale/TREE54")"
echo 'CONFIG_NR_CPUS=4' > "$TMP/nr4"
t_eq "scenario_cpus: a later file wins" 4 "$(scenario_cpus "$CFG/rcu/TREE01" "$TMP/nr4")"
printf '# CONFIG_SMP is not set\n' > "$TMP/nosmp"
t_eq "scenario_cpus: .config spelling of SMP=n" 1 "$(scenario_cpus "$CFG/rcu/TREE01" "$TMP/nosmp")"
printf '# nothing\nCONFIG_PREEMPT=y\n' > "$TMP/plain"
t_eq "scenario_cpus without SMP or NR_CPUS" 1 "$(scenario_cpus "$TMP/plain")"
printf 'CONFIG_SMP=y\n' > "$TMP/smp-only"
t_fails "scenario_cpus refuses SMP=y without NR_CPUS" 'without CONFIG_NR_CPUS' scenario_cpus "$TMP/smp-only"
printf 'CONFIG_SMP=y\nCONFIG_NR_CPUS=four\n' > "$TMP/nr-bad"
t_fails "scenario_cpus refuses a non-numeric NR_CPUS" 'not a positive integer' scenario_cpus "$TMP/nr-bad"

t_eq "scenario_boot_args rcu/TREE04.boot" "nohz_full=1-N" "$(scenario_boot_args "$CFG/rcu/TREE04.boot")"
t_eq "scenario_boot_args rcu/SRCU-N.boot" "rcutorture.torture_type=srcu" "$(scenario_boot_args "$CFG/rcu/SRCU-N.boot")"
t_eq "scenario_boot_args without a file" "" "$(scenario_boot_args "$CFG/rcu/TINY01.boot")"

printf '# SPDX-License-Identifier: GPL-2.0\n# a comment\nCONFIG_A=y\n\nCONFIG_B=n\nCONFIG_C=12\nCONFIG_D="x y"\n' > "$TMP/frag"
t_eq "fragment_to_kconfig" 'CONFIG_A=y|# CONFIG_B is not set|CONFIG_C=12|CONFIG_D="x y"' \
	"$(fragment_to_kconfig "$TMP/frag" | tr '\n' '|' | sed 's/|$//')"
printf 'CONFIG_A=y\nCONFIG_C=16\nCONFIG_D="x y"\n# CONFIG_E is not set\n' > "$TMP/dotconfig"
printf 'CONFIG_A=y\nCONFIG_B=n\nCONFIG_C=16\nCONFIG_D="x y"\nCONFIG_E=n\n' > "$TMP/frag-ok"
t_run "config_mismatches: all options stuck" config_mismatches "$TMP/dotconfig" "$TMP/frag-ok"
echo 'CONFIG_A=n' > "$TMP/frag-a-off"
t_fails "config_mismatches reports options that did not stick" \
	'^CONFIG_A wanted n got y$' config_mismatches "$TMP/dotconfig" "$TMP/frag-ok" "$TMP/frag-a-off"
printf 'CONFIG_B=y\nCONFIG_C=12\nCONFIG_A=y\nCONFIG_C=12\n' > "$TMP/frag-bad"
t_eq "config_mismatches lists each bad option once, in order" \
	"CONFIG_B wanted y got n|CONFIG_C wanted 12 got 16" \
	"$(config_mismatches "$TMP/dotconfig" "$TMP/frag-bad" | tr '\n' '|' | sed 's/|$//')"

# --- cap_boot_cpus ----------------------------------------------------------

cap() { cap_boot_cpus "$@" 2> /dev/null; }
t_eq "cap: list above the limit shrinks" "nohz_full=2-3" "$(cap "nohz_full=2-9" 4)"
t_eq "cap: other words untouched" "maxcpus=8 threadirqs rcu_nocbs=0-1,3" \
	"$(cap "maxcpus=8 threadirqs rcu_nocbs=0-1,3-7" 4)"
t_eq "cap: fully out-of-range parameter dropped" "a=1 b=2" "$(cap "a=1 isolcpus=5-7 b=2" 4)"
t_eq "cap: isolcpus flags kept" "isolcpus=nohz,domain,1-2" "$(cap "isolcpus=nohz,domain,1-7" 3)"
t_eq "cap: isolcpus with only flags left is dropped" "" "$(cap "isolcpus=nohz,domain,5-7" 3)"
t_eq "cap: single CPUs filtered" "irqaffinity=0,2" "$(cap "irqaffinity=0,2,4,6" 3)"
t_eq "cap: range ending at N kept" "nohz_full=1-N" "$(cap "nohz_full=1-N" 4)"
t_eq "cap: range starting past the limit dropped" "" "$(cap "nohz_full=1-N" 1)"
t_eq "cap: range to one CPU" "rcu_nocbs=3" "$(cap "rcu_nocbs=3-7" 4)"
t_eq "cap: stride kept" "rcu_nocbs=1-3:1/2" "$(cap "rcu_nocbs=1-7:1/2" 4)"
t_eq "cap: all kept" "rcu_nocbs=all" "$(cap "rcu_nocbs=all" 2)"
t_eq "cap: nothing to change" "nohz_full=1-3 quiet" "$(cap "nohz_full=1-3 quiet" 4)"
t_eq "cap: note for a change" "cap_boot_cpus: note: nohz_full=2-9 -> nohz_full=2-3 (4 CPUs)" \
	"$(cap_boot_cpus "nohz_full=2-9" 4 2>&1 > /dev/null)"
t_eq "cap: note for a drop" "cap_boot_cpus: note: dropped isolcpus=5-7: no CPU below 4 in it" \
	"$(cap_boot_cpus "isolcpus=5-7" 4 2>&1 > /dev/null)"
t_eq "cap: no note when nothing changes" "" "$(cap_boot_cpus "nohz_full=1-3" 4 2>&1 > /dev/null)"
t_fails "cap: refuses a bad CPU count" 'positive integer' cap_boot_cpus "nohz_full=1" x

# --- parse_console ----------------------------------------------------------

# pc LOG TYPE KEY: one value from parse_console's output.
pc() {
	parse_console "$FIX/$1" "$2" | sed -n "s/^$3=//p"
}

t_eq "console: rcu success" SUCCESS "$(pc rcu-success.log rcu verdict)"
t_eq "console: rcu success has no warnings" 0 "$(pc rcu-success.log rcu warning)"
t_eq "console: End of test: FAILURE" FAILURE "$(pc rcu-end-failure.log rcu verdict)"
t_eq "console: End of test: FAILURE reason" "srcud-torture:--- End of test: FAILURE" \
	"$(pc rcu-end-failure.log rcu reason | cut -c1-38)"
t_eq "console: !!! line" FAILURE "$(pc rcu-bang.log rcu verdict)"
t_eq "console: !!! line reason" "tasks-tracing-torture: !!! Reader Pipe:" "$(pc rcu-bang.log rcu reason | cut -c1-39)"
t_eq "console: !!! run warning count" 1 "$(pc rcu-bang.log rcu warning)"
t_eq "console: GP hang" GP-HANG "$(pc rcu-gp-hang.log rcu verdict)"
t_eq "console: GP hang reason" "ver: stuck at 731 over the last 3 statistics lines" "$(pc rcu-gp-hang.log rcu reason)"
t_eq "console: GP hang stall count" 1 "$(pc rcu-gp-hang.log rcu stall)"
t_eq "console: GP hang starved count" 1 "$(pc rcu-gp-hang.log rcu starved)"
t_eq "console: GP hang needs a stuck counter" HANG "$(pc rcu-hang.log rcu verdict)"
t_eq "console: panic" PANIC "$(pc panic.log rcu verdict)"
t_eq "console: panic reason" "Kernel panic - not syncing: Fatal exception" "$(pc panic.log rcu reason)"
t_eq "console: panic oops count" 1 "$(pc panic.log rcu oops)"
t_eq "console: panic BUG count" 1 "$(pc panic.log rcu bug)"
t_eq "console: no end" NO-END "$(pc no-end.log rcu verdict)"
t_eq "console: splats verdict" SUCCESS "$(pc splats.log rcu verdict)"
while read -r key want; do
	t_eq "console: splats $key" "$want" "$(pc splats.log rcu "$key")"
done <<'EOF'
bug 1
oops 0
warning 2
call_trace 3
stall 2
starved 1
badness 1
EOF
t_eq "console: output keys in order" "verdict reason bug oops warning call_trace stall starved badness" \
	"$(parse_console "$FIX/splats.log" rcu | cut -d= -f1 | tr '\n' ' ' | sed 's/ $//')"
t_eq "console: lock success" SUCCESS "$(pc lock-success.log lock verdict)"
t_eq "console: lock Fail !!!" FAILURE "$(pc lock-failure.log lock verdict)"
t_eq "console: scf failure" FAILURE "$(pc scf-failure.log scf verdict)"
t_eq "console: refscale end table" SUCCESS "$(pc refscale-success.log refscale verdict)"
t_eq "console: rcuscale complete" SUCCESS "$(pc rcuscale-success.log rcuscale verdict)"
t_eq "console: rcuscale never completed" HANG "$(pc rcuscale-hang.log rcuscale verdict)"
t_eq "console: an rcu log read as refscale has not ended" HANG "$(pc rcu-success.log refscale verdict)"
t_eq "console: nolibc selftest with 0 failures" SUCCESS "$(pc nolibc-success.log nolibc verdict)"
t_eq "console: nolibc selftest summary is the reason" "nolibc-test: 2 passed, 0 failed, 0 skipped" \
	"$(pc nolibc-success.log nolibc reason)"
t_eq "console: nolibc selftest with a failed test" FAILURE "$(pc nolibc-failure.log nolibc verdict)"
t_eq "console: nolibc failure names the count" "nolibc-test: 1 passed, 1 failed, 0 skipped" \
	"$(pc nolibc-failure.log nolibc reason)"
t_eq "console: nolibc init that dies" PANIC "$(pc nolibc-crash.log nolibc verdict)"
t_eq "console: nolibc selftest without summary" HANG "$(pc nolibc-no-summary.log nolibc verdict)"
t_eq "console: an rcu log read as nolibc has no selftest" NO-END "$(pc rcu-success.log nolibc verdict)"
t_eq "console: boot-to-init time" 0.412000 "$(console_init_seconds "$FIX/nolibc-success.log")"
printf '[    0.100000] Linux version 6.1.0\n[    9.000000] Kernel panic - not syncing: VFS\n' > "$TMP/noinit.log"
t_eq "console: no boot-to-init time before init ran" "" "$(console_init_seconds "$TMP/noinit.log")"

# --- QEMU that never started, and run folders -------------------------------

qf() {
	qemu_failed_verdict "$@" | sed -n 's/^reason=//p'
}
t_eq "qemu_failed_verdict: the error line and the status" \
	"qemu-system-x86_64: -m x: Parameter 'size' expects a non-negative number below 2^64 (exit status 1)" \
	"$(qf "$FIX/qemu-bad-memory.log" 1)"
t_eq "qemu_failed_verdict: QEMU's own line before other text" \
	"qemu-system-x86_64: failed to initialize kvm: No such file or directory (exit status 1)" \
	"$(qf "$FIX/qemu-no-kvm.log" 1)"
t_eq "qemu_failed_verdict: verdict" QEMU-FAILED \
	"$(qemu_failed_verdict "$FIX/qemu-bad-memory.log" 1 | sed -n 's/^verdict=//p')"
: > "$TMP/empty.log"
t_eq "qemu_failed_verdict: nothing printed" "QEMU printed nothing (exit status 3)" "$(qf "$TMP/empty.log" 3)"
t_fails "qemu_failed_verdict: status 0 is no QEMU failure" '^$' qemu_failed_verdict "$FIX/qemu-bad-memory.log" 0
t_fails "qemu_failed_verdict: a kernel that started is no QEMU failure" '^$' \
	qemu_failed_verdict "$FIX/rcu-success.log" 1

# rv CONSOLE [FILE=TEXT...]: run_verdict's first two lines for a run folder
# holding CONSOLE and the given files, joined by "|".
rv() {
	local d="$TMP/run.$RANDOM" kv
	mkdir -p "$d"
	cp "$FIX/$1" "$d/console.log"
	shift
	for kv in "$@"; do
		echo "${kv#*=}" > "$d/${kv%%=*}"
	done
	run_verdict "$d" rcu | head -n 2 | tr '\n' '|' | sed 's/|$//'
}
t_eq "run_verdict: QEMU failed" \
	"verdict=QEMU-FAILED|reason=qemu-system-x86_64: -m x: Parameter 'size' expects a non-negative number below 2^64 (exit status 1)" \
	"$(rv qemu-bad-memory.log qemu-exit=1)"
t_eq "run_verdict: without QEMU's status it is the console's verdict" \
	"verdict=NO-END|reason=no end-of-test line and no start of test" "$(rv qemu-bad-memory.log)"
t_eq "run_verdict: stopped by kvm.sh is a HANG" \
	"verdict=HANG|reason=stopped after 120s; console said: test started but never ended" \
	"$(rv rcu-hang.log "killed=stopped after 120s")"
t_eq "run_verdict: a panic stays a panic when stopped" "verdict=PANIC" \
	"$(rv panic.log "killed=stopped" | cut -d'|' -f1)"
t_eq "run_verdict: a success that QEMU ended with 0" "verdict=SUCCESS" \
	"$(rv rcu-success.log qemu-exit=0 | cut -d'|' -f1)"
mkdir -p "$TMP/splats-run"
cp "$FIX/splats.log" "$TMP/splats-run/console.log"
t_eq "run_verdict: splat counts follow" "bug=1 oops=0 warning=2 call_trace=3 stall=2 starved=1 badness=1" \
	"$(run_verdict "$TMP/splats-run" rcu | tail -n +3 | tr '\n' ' ' | sed 's/ $//')"

# --- work done (console.sh) --------------------------------------------------
# The rcu-work fixtures were written by hand with known counts (see their
# comments); rcu-success.log's last ver: is 1850, from 1.1 s to 60.9 s.

cw() {
	console_work "$FIX/$1" | sed -n "s/^$2=//p"
}
t_eq "work: grace periods, the last ver:" 400 "$(cw rcu-work.log gps)"
t_eq "work: seconds from start to the last statistics" 30.0 "$(cw rcu-work.log gp_seconds)"
t_eq "work: grace periods per second" 13.33 "$(cw rcu-work.log gps_per_sec)"
t_eq "work: the last reader pipe" "5000 20 3 0 0 0 0 0 0 0 0" "$(cw rcu-work.log reader_pipe)"
t_eq "work: the last reader batch" "4900 110 13 0 0 0 0 0 0 0 0" "$(cw rcu-work.log reader_batch)"
t_eq "work: without time stamps, over shutdown_secs" "500 20 25.00" \
	"$(cw rcu-work-nostamp.log gps) $(cw rcu-work-nostamp.log gp_seconds) $(cw rcu-work-nostamp.log gps_per_sec)"
t_eq "work: rcu-success" "1850 59.8 30.94" \
	"$(cw rcu-success.log gps) $(cw rcu-success.log gp_seconds) $(cw rcu-success.log gps_per_sec)"
printf '[ 1.0] rcu-torture: Reader Pipe:  9 0 0\n[ 2.0] rcu-torture: !!! Reader Pipe:  7 1 2\n' > "$TMP/bang.log"
t_eq "work: a flagged pipe line counts" "7 1 2" "$(console_histogram "$TMP/bang.log" 'Reader Pipe')"
t_eq "work: keys in order" "gps gp_seconds gps_per_sec reader_pipe reader_batch" \
	"$(console_work "$FIX/rcu-work.log" | cut -d= -f1 | tr '\n' ' ' | sed 's/ $//')"
t_eq "work: a console without rcutorture statistics" "- - - - -" \
	"$(console_work "$FIX/lock-success.log" | cut -d= -f2 | tr '\n' ' ' | sed 's/ $//')"
t_fails "work: no count without statistics" '^$' console_gp_count "$FIX/nolibc-success.log"

t_fails "console: unknown torture type" 'unknown torture type' parse_console "$FIX/rcu-success.log" bogus
t_fails "console: missing log" 'cannot read' parse_console "$TMP/none.log" rcu

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The options kvm.sh shares with the kernel's 6.1 kvm.sh (--allcpus,
# --bootimage, --datestamp, --defconfig, --gdb, --interactive, --jitter,
# --kasan, --kcsan, --mac, --no-initrd, --shutdown-grace, and the spellings --bootarg,
# --kconfigs, --kmake-args, --qemu-arg, --build-only): each bad value exits
# 2 naming the option, and each good one reaches the build or the QEMU
# command (stub make and QEMU from tests/kvm-lib.sh). Then what 6.12's
# kvm.sh adds: --debug-info, refused on a tree without its Kconfig choice
# (the fake tree) and working on one with it (tests/fixtures/tree-612
# laid over the fake tree), and #CHECK# items in --kconfig.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
FIX="$TOP/tests/fixtures/console"
# the fake tree is the kernel of every run here, refusals included
kvm_stubs

refused "--shutdown-grace not a number" "bad --shutdown-grace .*'soon'" --shutdown-grace soon
refused "--shutdown-grace zero" "bad --shutdown-grace .*'0'" --shutdown-grace 0
refused "--datestamp climbing out" "bad --datestamp '../x'" --datestamp ../x
refused "--datestamp absolute" "bad --datestamp '/tmp/x'" --datestamp /tmp/x
refused "--datestamp that is only .." "bad --datestamp '..'" --datestamp ..
refused "--datestamp ending in .." "bad --datestamp 'a/..'" --datestamp a/..
refused "--defconfig with a slash" "bad --defconfig 'arch/x86/configs/x'" --defconfig arch/x86/configs/x
refused "--defconfig not a config target" "bad --defconfig 'vmlinux'" --defconfig vmlinux
refused "--defconfig that asks questions" "bad --defconfig 'menuconfig'" --defconfig menuconfig
refused "--bootimage climbing out" "bad --bootimage '../bzImage'" --bootimage ../bzImage
refused "--jitter not numbers" "bad --jitter 'lots'" --jitter lots
refused "--jitter four numbers" "bad --jitter '1 2 3 4'" --jitter "1 2 3 4"
refused "--mac malformed" "bad --mac '52:54:00:12:34'" --mac 52:54:00:12:34
refused "--gdb with two scenarios" "--gdb and --interactive take one scenario, not 2" --gdb --configs "TINY01 TREE01"
refused "--gdb with --buildonly" "^kvm.sh: --gdb with --buildonly: gdb needs a boot here" --gdb --configs TINY01 --buildonly
refused "--interactive without a terminal" "--interactive needs a terminal" --interactive --configs TINY01
refused "--no-initrd with the selftest" "the selftest is the initrd" --no-initrd --torture nolibc
refused "--no-initrd with LAVA" "LAVA jobs and TFTP boots carry our initrd" --no-initrd --lava "$tmp/jobs"

refused "--kasan where the tree has none" "--kasan: Linux 6\.[0-9]+ has no KASAN for i386 .*it has for: x86_64" --kasan --arch i386
refused "--kcsan where the tree has none" "--kcsan: Linux 6\.[0-9]+ has no KCSAN for mips" --kcsan --arch mips
refused "--kasan with --kcsan" "exclude each other" --kasan --kcsan
# 6.12's additions: --debug-info refused, naming the fix, on a tree whose
# lib/Kconfig.debug lacks its choice (the fake tree); a #CHECK# item must
# name a CONFIG_ symbol.
refused "--debug-info on a tree without the choice" \
	"--debug-info: .*/lib/Kconfig.debug has no DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT choice .*use --kconfig" --debug-info
refused "--debuginfo spelling, too" "--debug-info: .*has no DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT" --debuginfo
refused "--kconfig #CHECK# without CONFIG_" "bad --kconfig item '#CHECK#PRINTK_TIME=y'" --kconfig "#CHECK#PRINTK_TIME=y"

args=(--arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub --accel tcg --duration 10s --configs TINY01)
export STUB_CONSOLE="$FIX/rcu-success.log"

# args_has RUN_RESULTS WORD...: the QEMU command of TINY01 holds the words
# in a row (one argument per line in qemu-cmd.args).
args_has() {
	local f="$tmp/$1/TINY01/qemu-cmd.args"
	shift
	grep -A$(($# - 1)) -x -F -- "$1" "$f" 2> /dev/null | paste -s -d ' ' | grep -q -F -- "$*"
}

# The kernel's spellings reach the same places as ours.
run_kvm spell "${args[@]}" --bootarg spelled.arg=1 --kconfigs CONFIG_PRINTK_TIME=y \
	--kmake-args KCFLAGS=-O2 --qemu-arg "-rtc base=utc" --allcpus --shutdown-grace 30
t_eq "spellings: exit 0" 0 "$rc"
if grep -q 'spelled.arg=1' "$tmp/spell/TINY01/qemu-cmd.args"; then t_ok "--bootarg"; else t_fail "--bootarg" "not on the command line"; fi
if grep -q -x 'CONFIG_PRINTK_TIME=y' "$tmp/spell/kconfig-extra" 2> /dev/null; then t_ok "--kconfigs"; else t_fail "--kconfigs" "not in kconfig-extra"; fi
if args_has spell -rtc base=utc; then t_ok "--qemu-arg"; else t_fail "--qemu-arg" "not in qemu-cmd.args"; fi
run_kvm plain "${args[@]}" --kconfig CONFIG_PRINTK_TIME=y --qemu-args "-rtc base=utc"
if [ "$(cat "$tmp/spell/TINY01/build-dir")" != "$(cat "$tmp/plain/TINY01/build-dir")" ]; then
	t_ok "--kmake-args: a build of its own"
else
	t_fail "--kmake-args: a build of its own" "same build folder as without it"
fi
run_kvm buildonly "${args[@]}" --build-only
t_eq "--build-only" BUILT "$(head -n 1 "$tmp/buildonly/TINY01/verdict" 2> /dev/null)"

# --mac gives the guest a NIC; --no-initrd leaves -initrd out.
run_kvm mac "${args[@]}" --mac 52:54:00:12:34:56 --no-initrd
if args_has mac -nic user,mac=52:54:00:12:34:56; then t_ok "--mac"; else t_fail "--mac" "no NIC in qemu-cmd.args"; fi
if grep -q -x -- -initrd "$tmp/mac/TINY01/qemu-cmd.args"; then
	t_fail "--no-initrd" "-initrd is on the command line"
else
	t_ok "--no-initrd"
fi

# --defconfig starts the config from another target, in a build of its own.
: > "$STUB_LOG"
run_kvm defconfig "${args[@]}" --defconfig defconfig
t_eq "--defconfig: exit 0" 0 "$rc"
if grep -q -x defconfig "$STUB_LOG" && ! grep -q -x tinyconfig "$STUB_LOG"; then
	t_ok "--defconfig: make defconfig, not tinyconfig"
else
	t_fail "--defconfig: make defconfig, not tinyconfig" "$(paste -s -d ' ' "$STUB_LOG")"
fi
if [ "$(cat "$tmp/defconfig/TINY01/build-dir")" != "$(cat "$tmp/plain/TINY01/build-dir")" ]; then
	t_ok "--defconfig: a build of its own"
else
	t_fail "--defconfig: a build of its own" "shares the tinyconfig build"
fi

# --bootimage: the image make builds and kvm.sh boots.
run_kvm bootimage "${args[@]}" --bootimage arch/x86/boot/vmlinux.bin
t_eq "--bootimage: the stub builds no vmlinux.bin" BUILD-FAILED "$(head -n 1 "$tmp/bootimage/TINY01/verdict" 2> /dev/null)"
if grep -q 'vmlinux.bin' "$tmp/bootimage/TINY01/verdict"; then t_ok "--bootimage: named in the reason"; else t_fail "--bootimage: named in the reason" "$(cat "$tmp/bootimage/TINY01/verdict")"; fi

# --datestamp names the results folder under --results.
run_kvm stamp "${args[@]}" --datestamp my-run
if [ -s "$tmp/stamp/my-run/summary.csv" ]; then t_ok "--datestamp"; else t_fail "--datestamp" "no $tmp/stamp/my-run/summary.csv"; fi

# --gdb: debug info, nokaslr, QEMU's gdb stub, and the gdb line to attach.
# Port 1234 is held meanwhile (by us, or by whatever holds it already), as
# by a first --gdb run: this one must take another port and say which.
held=$(t_listen 1234) || held=""
run_kvm gdb "${args[@]}" --gdb
[ -z "$held" ] || kill "${held%% *}"
t_eq "--gdb: exit 0" 0 "$rc"
if args_has gdb -S; then t_ok "--gdb: QEMU waits for gdb"; else t_fail "--gdb: QEMU waits for gdb" "no -S"; fi
port=$(sed -n "s/.*-ex 'target remote :\([0-9]*\)'.*/\1/p" "$tmp/gdb.log")
if [ -n "$port" ] && [ "$port" != 1234 ] && args_has gdb -gdb "tcp::$port"; then
	t_ok "--gdb: port 1234 taken, the stub goes on the port the gdb line names"
else
	t_fail "--gdb: port 1234 taken, the stub goes on the port the gdb line names" "gdb line port '$port'; $(grep -A1 -x -- -gdb "$tmp/gdb/TINY01/qemu-cmd.args" | paste -s -d ' ')"
fi
if [ ! -d "$tmp/cache/gdb-ports" ]; then
	t_fail "--gdb: the port's claim goes with QEMU" "no claims folder $tmp/cache/gdb-ports"
elif [ -n "$port" ] && [ -e "$tmp/cache/gdb-ports/$port" ]; then
	t_fail "--gdb: the port's claim goes with QEMU" "$tmp/cache/gdb-ports/$port is still there"
else
	t_ok "--gdb: the port's claim goes with QEMU"
fi
# A --gdb guest that powers off ends the run, though QEMU would wait on
# (no ACPI) and the grace is a year; an interrupt (TERM: a background
# job of a script ignores INT) stops its QEMU and drops its port claim.
rc=0
STUB_QEMU_HANG=1 timeout 60 "$kvm" --results "$tmp/gdb-off" "${args[@]}" --gdb > "$tmp/gdb-off.log" 2>&1 || rc=$?
t_eq "--gdb: a guest that powers off ends the run" "0 SUCCESS" "$rc $(head -n 1 "$tmp/gdb-off/TINY01/verdict" 2> /dev/null)"
STUB_QEMU_HANG=1 STUB_CONSOLE="$FIX/no-end.log" "$kvm" --results "$tmp/gdb-int" "${args[@]}" --gdb \
	> "$tmp/gdb-int.log" 2>&1 &
kvm_pid=$!
for ((i = 0; i < 300; i++)); do
	pgrep -f "^qemu-stub-hang:$STUB_LOG" > /dev/null && break
	sleep 0.1
done
int_port=$(sed -n "s/.*-ex 'target remote :\([0-9]*\)'.*/\1/p" "$tmp/gdb-int.log")
t_run "--gdb: the port is claimed while QEMU runs" test -e "$tmp/cache/gdb-ports/${int_port:-none}"
kill -TERM "$kvm_pid"
rc=0
wait "$kvm_pid" || rc=$?
t_eq "--gdb: an interrupted run says so" "130 INTERRUPTED" "$rc $(head -n 1 "$tmp/gdb-int/TINY01/verdict" 2> /dev/null)"
if pgrep -f "^qemu-stub-hang:$STUB_LOG" > /dev/null; then
	t_fail "--gdb: the interrupt stops its QEMU" "the stub QEMU still runs"
	pkill -f "^qemu-stub-hang:$STUB_LOG"
else
	t_ok "--gdb: the interrupt stops its QEMU"
fi
t_run "--gdb: ... and drops its port claim" test ! -e "$tmp/cache/gdb-ports/${int_port:-none}"
if grep -q 'nokaslr' "$tmp/gdb/TINY01/qemu-cmd.args"; then t_ok "--gdb: nokaslr"; else t_fail "--gdb: nokaslr" "not on the command line"; fi
if grep -q -x 'CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y' "$tmp/gdb/kconfig-extra" 2> /dev/null; then
	t_ok "--gdb: debug info"
else
	t_fail "--gdb: debug info" "not in kconfig-extra"
fi
if grep -q "gdb $(cat "$tmp/gdb/TINY01/build-dir")/vmlinux -ex 'target remote :$port'" "$tmp/gdb.log"; then
	t_ok "--gdb: prints the gdb command with the build's vmlinux"
else
	t_fail "--gdb: prints the gdb command" "no such line"
fi

# --kasan and --kcsan add their options to every scenario; KASAN gets 2G
# unless --memory says otherwise.
run_kvm kasan "${args[@]}" --kasan
for opt in CONFIG_KASAN=y CONFIG_SLUB=y CONFIG_SYSFS=y; do
	if grep -q -x "$opt" "$tmp/kasan/kconfig-extra" 2> /dev/null; then t_ok "--kasan: $opt"; else t_fail "--kasan: $opt" "not in kconfig-extra"; fi
done
if args_has kasan -m 2G; then t_ok "--kasan: 2G"; else t_fail "--kasan: 2G" "$(grep -A1 -x -- -m "$tmp/kasan/TINY01/qemu-cmd.args")"; fi
run_kvm kasanmem "${args[@]}" --kasan --memory 1G
if args_has kasanmem -m 1G; then t_ok "--kasan --memory 1G: 1G"; else t_fail "--kasan --memory 1G: 1G" "not -m 1G"; fi
run_kvm kcsan "${args[@]}" --kcsan
if grep -q -x CONFIG_KCSAN=y "$tmp/kcsan/kconfig-extra" 2> /dev/null && ! grep -q KASAN "$tmp/kcsan/kconfig-extra"; then
	t_ok "--kcsan: CONFIG_KCSAN=y"
else
	t_fail "--kcsan: CONFIG_KCSAN=y" "$(cat "$tmp/kcsan/kconfig-extra" 2> /dev/null)"
fi

# --jitter: jitter.sh runs beside the guests and is gone after.
run_kvm jitter "${args[@]}" --jitter "2 5000 5000"
t_eq "--jitter: exit 0" 0 "$rc"
t_eq "--jitter: what ran" "jitter.sh: 2 processes, sleep below 5000 us, spin below 5000 us" "$(head -n 1 "$tmp/jitter/jitter.log" 2> /dev/null)"
if pgrep -f "$TOP/kvm-scripts/jitter.sh 2 5000 5000" > /dev/null; then
	t_fail "--jitter: stopped with the run" "jitter.sh still runs"
	pkill -f "$TOP/kvm-scripts/jitter.sh 2 5000 5000"
else
	t_ok "--jitter: stopped with the run"
fi

# --- what the kernel's 6.12 kvm.sh adds ----------------------------------------

# tree612: the fake tree with what 6.12's additions look for in a tree
tree612="$tmp/ksrc612"
cp -a "$ksrc" "$tree612"
cp -r "$TOP/tests/fixtures/tree-612/." "$tree612/"
args612=(--arch x86_64 --kernel-src "$tree612" --qemu-cmd qemu-stub --accel tcg --duration 10s --configs TINY01)

# --debug-info on a tree with its Kconfig choice: debug info and nokaslr,
# but no gdb stub.
run_kvm debuginfo "${args612[@]}" --debug-info
t_eq "--debug-info: exit 0" 0 "$rc"
t_eq "--debug-info: the debug-info options, each once" \
	"CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y CONFIG_DEBUG_INFO_NONE=n" \
	"$(grep '^CONFIG_DEBUG_INFO' "$tmp/debuginfo/kconfig-extra" 2> /dev/null | sort | paste -s -d ' ')"
if grep -q -x 'CONFIG_DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT=y' "$tmp/debuginfo/TINY01/.config" 2> /dev/null; then
	t_ok "--debug-info: in the kernel's config"
else
	t_fail "--debug-info: in the kernel's config" "not in TINY01/.config"
fi
if grep -q 'nokaslr' "$tmp/debuginfo/TINY01/qemu-cmd.args" 2> /dev/null &&
   ! grep -q -x -- -S "$tmp/debuginfo/TINY01/qemu-cmd.args"; then
	t_ok "--debug-info: nokaslr, QEMU not stopped for gdb"
else
	t_fail "--debug-info: nokaslr, QEMU not stopped for gdb" "$(paste -s -d ' ' "$tmp/debuginfo/TINY01/qemu-cmd.args" 2> /dev/null)"
fi

# --kconfig "#CHECK#CONFIG_X=V" asserts without setting: met, the run
# goes on; unmet, CONFIG-MISMATCH naming it (a bad item is refused above),
# though the kernel of the same options is in the cache already (a check
# changes no build, so it is not in the build key).
run_kvm plain612 "${args612[@]}"
run_kvm checkmet "${args612[@]}" --kconfig "CONFIG_PRINTK_TIME=y #CHECK#CONFIG_PRINTK_TIME=y"
t_eq "--kconfig #CHECK# met: SUCCESS" "0 SUCCESS" "$rc $(head -n 1 "$tmp/checkmet/TINY01/verdict" 2> /dev/null)"
run_kvm checkunmet "${args612[@]}" --kconfig "#CHECK#CONFIG_NOLIBC_TORTURE_ABSENT=y"
t_eq "--kconfig #CHECK# unmet: CONFIG-MISMATCH" "1 CONFIG-MISMATCH" "$rc $(head -n 1 "$tmp/checkunmet/TINY01/verdict" 2> /dev/null)"
if grep -q '^CONFIG_NOLIBC_TORTURE_ABSENT wanted y' "$tmp/checkunmet/TINY01/ConfigFragment.diags" 2> /dev/null; then
	t_ok "--kconfig #CHECK# unmet: named in ConfigFragment.diags"
else
	t_fail "--kconfig #CHECK# unmet: named in ConfigFragment.diags" "$(cat "$tmp/checkunmet/TINY01/ConfigFragment.diags" 2> /dev/null)"
fi
if grep -q 'NOLIBC_TORTURE_ABSENT' "$tmp/checkunmet/TINY01/.config" 2> /dev/null; then
	t_fail "--kconfig #CHECK#: not set" "it is in the .config"
else
	t_ok "--kconfig #CHECK#: not set"
fi

# --- the parity table covers both trees' bin/ ---------------------------------

# Every script of the kernel's rcutorture bin/ and every option of its
# kvm.sh, kvm-again.sh and torture.sh (each spelling group of their option
# case labels) in the 6.1 and 6.12 trees has a row in kvm-scripts/README.md's
# table: a script by its name, an option by one of its spellings in code
# (in a row naming kvm-again.sh or torture.sh for theirs). Read from the packaged
# trees where they are extracted (the real cache, not this test's).
readme_table() {
	sed -n "/^## The kernel's rcutorture scripts and ours/,/^## /p" "$TOP/kvm-scripts/README.md" | grep '^| '
}
# option_groups SCRIPT: its option case labels, one group a line
# ("--a|--b"), as the script's while/case loop spells them.
option_groups() {
	grep -o -E '^[[:space:]]+--[a-z0-9-]+(\|--[a-z0-9-]+)*\)' "$1" | tr -d '\t )'
}
real_cache="${XDG_CACHE_HOME:-$HOME/.cache}/nolibc-torture"
for v in 6.1 6.12; do
	bin="$real_cache/src/linux-source-$v/tools/testing/selftests/rcutorture/bin"
	if [ ! -d "$bin" ]; then
		t_skip "parity table covers $v's bin/" "no extracted linux-source-$v in $real_cache/src (kvm.sh --kernel $v extracts it)"
		continue
	fi
	missing=""
	for f in "$bin"/*.sh; do
		readme_table | grep -q -F "\`$(basename "$f")" || missing="$missing $(basename "$f")"
	done
	for script in kvm.sh kvm-again.sh torture.sh; do
		rows=$(readme_table)
		[ "$script" = kvm.sh ] || rows=$(grep -F "\`$script" <<< "$rows")
		while read -r group; do
			found=""
			for o in ${group//|/ }; do
				grep -q -E -- "[\` ]$o([^a-z0-9-]|\$)" <<< "$rows" && found=1
			done
			[ -n "$found" ] || missing="$missing $script:$group"
		done < <(option_groups "$bin/$script")
	done
	t_eq "parity table covers $v's bin/ (scripts, and options of kvm.sh, kvm-again.sh, torture.sh)" "" "$missing"
done

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm.sh run whole with a stub make and a stub QEMU (tests/kvm-lib.sh,
# kvm_stubs) that prints a console fixture: what the run makes of QEMU
# failures and of the console, without a kernel.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
FIX="$TOP/tests/fixtures/console"

kvm_stubs
args=(--arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub --accel tcg --duration 10s)

# QEMU that refuses its command line ends at once: QEMU-FAILED with its
# complaint, not NO-END.
STUB_CONSOLE="$FIX/qemu-bad-memory.log" STUB_QEMU_EXIT=1 run_kvm qemufail "${args[@]}" --configs TINY01
t_eq "QEMU failing: exit 1" 1 "$rc"
t_eq "QEMU failing: verdict" QEMU-FAILED "$(head -n 1 "$tmp/qemufail/TINY01/verdict")"
t_eq "QEMU failing: the reason is QEMU's line" \
	"qemu-system-x86_64: -m x: Parameter 'size' expects a non-negative number below 2^64 (exit status 1)" \
	"$(sed -n 2p "$tmp/qemufail/TINY01/verdict")"
if grep -q '^TINY01,QEMU-FAILED,' "$tmp/qemufail/summary.csv"; then
	t_ok "QEMU failing: summary.csv"
else
	t_fail "QEMU failing: summary.csv" "$(cat "$tmp/qemufail/summary.csv")"
fi
if printf '%s\n' "$out" | grep -q 'TINY01: QEMU-FAILED after .*qemu-system-x86_64: -m x'; then
	t_ok "QEMU failing: said as it happens"
else
	t_fail "QEMU failing: said as it happens" "no such line"
fi

# Work done: the rcu-work fixture was written with known counts (400 grace
# periods over 30.0 s, pipe 5000 20 3, batch 4900 110 13).
STUB_CONSOLE="$FIX/rcu-work.log" run_kvm work "${args[@]}" --configs TINY01
t_eq "work: exit 0" 0 "$rc"
t_eq "work: summary.csv header" \
	"scenario,verdict,build_seconds,boot_seconds,splats,gps,gps_per_sec,reader_pipe,reader_batch" \
	"$(head -n 1 "$tmp/work/summary.csv")"
t_eq "work: summary.csv row" \
	"TINY01,SUCCESS,none,400,13.33,5000 20 3 0 0 0 0 0 0 0 0,4900 110 13 0 0 0 0 0 0 0 0" \
	"$(grep '^TINY01,' "$tmp/work/summary.csv" | cut -d, -f1,2,5-)"
if grep -q '"gps": 400, "gps_per_sec": 13.33, "reader_pipe": \[5000, 20, 3, 0, 0, 0, 0, 0, 0, 0, 0\], "reader_batch": \[4900, 110, 13, 0,' \
	"$tmp/work/summary.json"; then
	t_ok "work: summary.json"
else
	t_fail "work: summary.json" "$(cat "$tmp/work/summary.json")"
fi
if command -v python3 > /dev/null; then
	t_run "work: summary.json parses as JSON" python3 -m json.tool "$tmp/work/summary.json"
else
	t_skip "work: summary.json parses as JSON" "no python3 here to parse it"
fi
if printf '%s\n' "$out" | grep -Eq '^TINY01 +SUCCESS +[0-9]+s +[0-9]+s +400 +13\.33  none$' &&
   printf '%s\n' "$out" | grep -Eq '^ +reader pipe: 5000 20 3   batch: 4900 110 13$'; then
	t_ok "work: the printed table"
else
	t_fail "work: the printed table" "$(printf '%s\n' "$out" | tail -n 6)"
fi

# N/A: a scenario that cannot apply to the arch (kernel-arches.tsv
# kernel_smp) is reported before anything is built, with its reason, and is
# no failure. A copy of the table says x86_64 kernels are always SMP, then
# never. The fake tree (6.99.1) is newer than any row: the newest stands in.
newest=$(grep -v '^#' "$TOP/configs/kernel-arches.tsv" | cut -f2 | sort -V | tail -n 1)
awk -F'\t' -v OFS='\t' '$1 == "x86_64" { $5 = "always" } { print }' "$TOP/configs/kernel-arches.tsv" > "$tmp/always.tsv"
awk -F'\t' -v OFS='\t' '$1 == "x86_64" { $5 = "never" } { print }' "$tmp/always.tsv" > "$tmp/never.tsv"
: > "$STUB_LOG"
ARCH_KERNEL_TABLE="$tmp/always.tsv" NOLIBC_TORTURE_CACHE="$tmp/na-cache" STUB_CONSOLE="$FIX/rcu-work.log" \
	run_kvm na "${args[@]}" --configs "TINY01 TREE02"
t_eq "N/A: exit 0, not a failure" 0 "$rc"
t_eq "N/A: verdict" N/A "$(head -n 1 "$tmp/na/TINY01/verdict")"
t_eq "N/A: the reason, naming the kernel whose facts stand in" \
	"CONFIG_SMP=n, but every Linux $newest x86_64 kernel is SMP (configs/kernel-arches.tsv kernel_smp=always; no row for 6.99: $newest, the latest before it, stands in for this 6.99.1 tree)" \
	"$(sed -n 2p "$tmp/na/TINY01/verdict")"
t_eq "N/A: only the applicable scenario is built and booted (makes, boots)" "1 1" \
	"$(grep -c -x bzImage "$STUB_LOG") $(grep -c '^qemu ' "$STUB_LOG")"
# (the shared tree, builds/x86_64/shared-*, is no scenario's folder)
t_eq "N/A: no build folder for it" "TREE02" "$(find "$tmp/na-cache/builds/x86_64" -mindepth 1 -maxdepth 1 ! -name "shared-*" -printf "%f\n" | sed 's/-.*//' | sort -u | tr '\n' ' ' | sed 's/ $//')"
t_eq "N/A: the other scenario ran" SUCCESS "$(head -n 1 "$tmp/na/TREE02/verdict")"
if printf '%s\n' "$out" | grep -q 'TINY01: N/A, nothing built: CONFIG_SMP=n' &&
   printf '%s\n' "$out" | grep -q '^1 succeeded, 0 failed, 1 N/A '; then
	t_ok "N/A: said before the build, counted apart in the summary"
else
	t_fail "N/A: said and counted" "$(printf '%s\n' "$out" | tail -n 8)"
fi
t_eq "N/A: summary.csv row" "TINY01,N/A" "$(grep '^TINY01,' "$tmp/na/summary.csv" | cut -d, -f1,2)"

: > "$STUB_LOG"
ARCH_KERNEL_TABLE="$tmp/always.tsv" run_kvm na-only "${args[@]}" --configs TINY01 --qemu-cmd true
t_eq "N/A only: exit 0, no make, no QEMU" "0 0" "$rc $(grep -c . "$STUB_LOG")"
t_eq "N/A only: no initrd built" "" "$(ls "$tmp/na-only/initrd" 2> /dev/null || true)"

: > "$STUB_LOG"
ARCH_KERNEL_TABLE="$tmp/never.tsv" run_kvm na-never "${args[@]}" --configs TREE02
t_eq "N/A on an arch without SMP: SMP scenario" "0 N/A 0" \
	"$rc $(head -n 1 "$tmp/na-never/TREE02/verdict") $(grep -c . "$STUB_LOG")"
: > "$STUB_LOG"
ARCH_KERNEL_TABLE="$tmp/always.tsv" run_kvm na-kconfig "${args[@]}" --configs TREE02 --kconfig CONFIG_SMP=n
t_eq "N/A: --kconfig CONFIG_SMP=n counts too" "0 N/A 0" \
	"$rc $(head -n 1 "$tmp/na-kconfig/TREE02/verdict") $(grep -c . "$STUB_LOG")"
t_run "N/A: --dryrun shows it" bash -c "ARCH_KERNEL_TABLE='$tmp/always.tsv' '$kvm' ${args[*]} --configs TINY01 --dryrun | grep -q '^N/A: CONFIG_SMP=n'"

# The tree decides whose facts: a table whose x86_64 rows say SMP always
# under 6.1 and either under 6.12, and two fake trees whose Makefiles say
# 6.1.5 and 6.12.5. The same TINY01 is N/A on the first, built and booted
# on the second.
printf 'x86_64\t6.1\t-\t-\talways\t-\nx86_64\t6.12\t-\t-\t-\t-\n' > "$tmp/by-kernel.tsv"
declare -A verdicts=()
for v in 6.1 6.12; do
	cp -a "$ksrc" "$tmp/ksrc-$v"
	printf '%s\n' "# fake" "VERSION = 6" "PATCHLEVEL = ${v#6.}" "SUBLEVEL = 5" > "$tmp/ksrc-$v/Makefile"
	: > "$STUB_LOG"
	ARCH_KERNEL_TABLE="$tmp/by-kernel.tsv" NOLIBC_TORTURE_CACHE="$tmp/by-kernel-cache" STUB_CONSOLE="$FIX/rcu-work.log" \
		run_kvm "by-kernel-$v" "${args[@]}" --kernel-src "$tmp/ksrc-$v" --configs TINY01
	verdicts[$v]="$rc $(head -n 1 "$tmp/by-kernel-$v/TINY01/verdict") $(grep -c '^qemu ' "$STUB_LOG")"
done
t_eq "per kernel: TINY01 under a 6.1 tree is N/A, nothing booted" "0 N/A 0" "${verdicts[6.1]}"
t_eq "per kernel: the reason names Linux 6.1" \
	"CONFIG_SMP=n, but every Linux 6.1 x86_64 kernel is SMP (configs/kernel-arches.tsv kernel_smp=always)" \
	"$(sed -n 2p "$tmp/by-kernel-6.1/TINY01/verdict")"
t_eq "per kernel: TINY01 under a 6.12 tree runs" "0 SUCCESS 1" "${verdicts[6.12]}"


# Splats: the run itself leaves each scenario's splats.txt decoded against
# the build's System.map (the stub make copies the fixture's in; a cache
# of its own, so the build is made, not reused), and the table says where.
NOLIBC_TORTURE_CACHE="$tmp/splat-cache" STUB_SYSTEM_MAP="$FIX/rcu-bare-trace.map" \
STUB_CONSOLE="$FIX/rcu-bare-trace.log" run_kvm splat "${args[@]}" --configs TINY01
t_eq "splats: exit 0 (a writer stall is no failure)" 0 "$rc"
t_eq "splats: splats.txt decoded by the run" "? __schedule+0x2b5/0x2d1" \
	"$(grep -o '? __schedule.*' "$tmp/splat/TINY01/splats.txt" 2>&1)"
if printf '%s\n' "$out" | grep -q '^ *splats: TINY01/splats.txt$'; then
	t_ok "splats: the summary points at the file"
else
	t_fail "splats: the summary points at the file" "$(printf '%s\n' "$out" | tail -n 8)"
fi
t_eq "splats: a run without any gets no splats.txt" "" "$(ls "$tmp/work/TINY01/splats.txt" 2> /dev/null)"


# kvm.sh rewritten in place while it runs (an editor saving over it): bash
# has read all of it before the first step, so the run ends as it would
# have, running none of the new text. A copy of the tree, whose kvm.sh
# gets a line ahead of everything (every offset moves) and one at the end
# while its make is held.
mkdir -p "$tmp/tree"
cp -r "$TOP/kvm-scripts" "$TOP/configs" "$TOP/mkinitrd" "$TOP/init" "$TOP/nolibc" "$tmp/tree/"
export STUB_RELEASE="$tmp/release"
: > "$STUB_LOG"
NOLIBC_TORTURE_CACHE="$tmp/edit-cache" STUB_HOLD=1 STUB_CONSOLE="$FIX/rcu-work.log" \
	"$tmp/tree/kvm-scripts/kvm.sh" --results "$tmp/edited" "${args[@]}" --configs TINY01 > "$tmp/edited.log" 2>&1 &
pid=$!
for _ in $(seq 300); do grep -q '^bzImage$' "$STUB_LOG" && break; sleep 0.1; done
{ echo 'echo EDITED-TOP'; cat "$TOP/kvm-scripts/kvm.sh"; echo 'echo EDITED-END'; } > "$tmp/kvm.new"
cat "$tmp/kvm.new" > "$tmp/tree/kvm-scripts/kvm.sh"
touch "$STUB_RELEASE"
rc=0
wait "$pid" || rc=$?
rm -f "$STUB_RELEASE"
echo "--- kvm.sh edited during its run (exit $rc)"
cat "$tmp/edited.log"
t_eq "edited while running: the run ends as before" "0 SUCCESS" \
	"$rc $(head -n 1 "$tmp/edited/TINY01/verdict" 2>&1)"
t_eq "edited while running: none of the new text ran" "" \
	"$(grep -E 'EDITED|syntax error|command not found' "$tmp/edited.log")"

t_done

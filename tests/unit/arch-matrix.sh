#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# arch-matrix.sh without kernels: a copy of it runs beside a stub kvm.sh
# that writes the results a real run would (verdict, build time, console,
# initrd), so the table, matrix.csv and the exit status can be checked.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"

mkdir -p "$tmp/kvm-scripts"
cp "$TOP/kvm-scripts/arch-matrix.sh" "$tmp/kvm-scripts/"
ln -s "$TOP/kvm-scripts/functions.sh" "$tmp/kvm-scripts/functions.sh"
ln -s "$TOP/kvm-scripts/console.sh" "$tmp/kvm-scripts/console.sh"
ln -s "$TOP/kvm-scripts/splat.sh" "$tmp/kvm-scripts/splat.sh"
ln -s "$TOP/kvm-scripts/verdict.sh" "$tmp/kvm-scripts/verdict.sh"
ln -s "$TOP/configs" "$tmp/configs"
# The stub: s390x's TINY01 is N/A, its TREE02 does not stick, arm's selftest fails one test,
# everything else succeeds. It logs its arguments.
cat > "$tmp/kvm-scripts/kvm.sh" <<'EOF'
#!/bin/bash
set -eu
arch="" configs="" torture="" results=""
echo "$*" >> "$STUB_LOG"
echo "stub kvm.sh running"
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=$2; shift ;;
	--configs) configs=$2; shift ;;
	--torture) torture=$2; shift ;;
	--results) results=$2; shift ;;
	esac
	shift
done
mkdir -p "$results/initrd"
head -c 600 /dev/zero > "$results/initrd/init"
if [ "$torture" = nolibc ]; then echo prebuilt; else echo nolibc; fi > "$results/initrd/libc"
rc=0
for c in $configs; do
	d="$results/$c"
	mkdir -p "$d"
	echo /cache/build > "$d/build-dir"
	printf '[    0.412000] Run /init as init process\n' > "$d/console.log"
	case "$arch/$c" in
	s390x/TINY01)
		# kvm.sh's N/A: decided before any build, no build-dir
		printf 'N/A\nCONFIG_SMP=n, but every Linux 6.1 s390x kernel is SMP (configs/arches.tsv kernel_smp=always)\n' > "$d/verdict"
		rm "$d/console.log" "$d/build-dir" ;;
	s390x/TREE02)
		printf 'CONFIG-MISMATCH\noptions that did not stick: CONFIG_RCU_FANOUT wanted 2 got 64;\n' > "$d/verdict"
		rm "$d/console.log"; rc=1 ;;
	arm/SELFTEST)
		printf 'FAILURE\nnolibc-test: 438 passed, 1 failed, 2 skipped\n' > "$d/verdict"; rc=1 ;;
	*)
		echo 120 > "$d/build-seconds"
		if [ "$c" = SELFTEST ]; then
			printf 'SUCCESS\nnolibc-test: 439 passed, 0 failed, 2 skipped\n' > "$d/verdict"
		else
			printf 'SUCCESS\nrcu-torture:--- End of test: SUCCESS: nreaders=1\n' > "$d/verdict"
		fi ;;
	esac
done
exit "$rc"
EOF
chmod +x "$tmp/kvm-scripts/kvm.sh"
export STUB_LOG="$tmp/stub.log"
matrix="$tmp/kvm-scripts/arch-matrix.sh"

rc=0
"$matrix" --arches "riscv64 s390x" --results "$tmp/m1" > "$tmp/m1.out" 2>&1 || rc=$?
cat "$tmp/m1.out"
t_eq "an N/A on one arch does not fail the matrix" 0 "$rc"
t_eq "matrix.csv: riscv64 row" "riscv64,TINY01,SUCCESS,120,0.412000,600,nolibc,End of test: SUCCESS" \
	"$(grep '^riscv64,' "$tmp/m1/matrix.csv")"
t_eq "matrix.csv: the N/A row gives the reason" \
	"s390x,TINY01,N/A,-,-,600,nolibc,CONFIG_SMP=n but every Linux 6.1 s390x kernel is SMP" \
	"$(grep '^s390x,' "$tmp/m1/matrix.csv")"
t_run "N/A counted apart" grep -q '^1 succeeded, 0 failed, 1 N/A ' "$tmp/m1.out"

rc=0
"$matrix" --arches "riscv64 s390x" --configs "TINY01 TREE02" --results "$tmp/m1b" > "$tmp/m1b.out" 2>&1 || rc=$?
t_eq "a mismatch on one arch fails the matrix" 1 "$rc"
t_eq "matrix.csv: a mismatch names the option" \
	"s390x,TREE02,CONFIG-MISMATCH,-,-,600,nolibc,CONFIG_RCU_FANOUT=64 (not 2)" \
	"$(grep '^s390x,TREE02,' "$tmp/m1b/matrix.csv")"
t_run "failures counted" grep -q '^2 succeeded, 1 failed, 1 N/A ' "$tmp/m1b.out"
t_eq "kvm.sh gets each arch and the defaults" \
	"--arch riscv64 --torture rcu --configs TINY01 --duration 30s --results $tmp/m1/riscv64" \
	"$(head -n 1 "$STUB_LOG")"
if grep -q '^riscv64 *TINY01 *SUCCESS' "$tmp/m1.out" && grep -q '^s390x *TINY01 *N/A' "$tmp/m1.out"; then
	t_ok "the table shows one line per arch"
else
	t_fail "the table shows one line per arch" "$(cat "$tmp/m1.out")"
fi
if grep -q '^  riscv64: ' "$tmp/m1.out"; then
	t_ok "each arch's kvm.sh output is shown, prefixed with the arch"
else
	t_fail "kvm.sh output shown" "no '  riscv64: ' lines"
fi

: > "$STUB_LOG"
rc=0
"$matrix" --arches "x86_64 aarch64" --torture nolibc --results "$tmp/m2" -- --bootargs NOLIBC_TEST=syscall \
	> "$tmp/m2.out" 2>&1 || rc=$?
t_eq "an all-SUCCESS matrix exits 0" 0 "$rc"
t_eq "nolibc matrix defaults to SELFTEST and shows the counts" \
	"aarch64,SELFTEST,SUCCESS,120,0.412000,600,prebuilt,439 passed 0 failed 2 skipped" \
	"$(grep '^aarch64,' "$tmp/m2/matrix.csv")"
if grep -q -- '--bootargs NOLIBC_TEST=syscall$' "$STUB_LOG"; then
	t_ok "options after -- reach kvm.sh"
else
	t_fail "options after -- reach kvm.sh" "$(cat "$STUB_LOG")"
fi

rc=0
"$matrix" --arches "arm" --torture nolibc --results "$tmp/m3" > /dev/null 2>&1 || rc=$?
t_eq "a failed selftest fails the matrix" 1 "$rc"
t_eq "the failed selftest's counts are in the row" "438 passed 1 failed 2 skipped" \
	"$(cut -d, -f8 "$tmp/m3/matrix.csv" | tail -n 1)"

t_fails "unknown arch refused" "unknown arch 'vax'" "$matrix" --arches "x86_64 vax" --results "$tmp/m4"
if [ -e "$tmp/m4" ]; then t_fail "nothing run for a refused arch list" "$tmp/m4 exists"; else t_ok "nothing run for a refused arch list"; fi
t_fails "unknown option refused" "unknown option '--frob'" "$matrix" --frob
t_run "--help" "$matrix" --help

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel patch series, its cheap part: every patch applies to a pristine
# linux-source-6.1 with git am, passes checkpatch --strict, and leaves the
# tree's nolibc selftest building for x86_64 (patches/check.sh --fast prints
# those checks itself). Then check.sh on broken fixtures must name the patch
# and the error, and the parsers in patches/lib.sh read what they should.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/patches/lib.sh"
t_tmpdir
fixtures="$TOP/tests/fixtures/patches/linux-6.1"

if [ ! -r /usr/src/linux-source-6.1.tar.xz ]; then
	t_skip "patch series" "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"
	exit 0
fi
if ! command -v perl > /dev/null; then
	t_skip "patch series" "no perl for checkpatch.pl (apt-get install perl)"
	exit 0
fi

# drop_kept_tree OUTPUT: remove the worktree a failed check.sh run kept.
drop_kept_tree() {
	local dir base
	dir=$(printf '%s\n' "$1" | sed -n 's/^# \[ *[0-9]*s\] trees kept in \([^ ]*\) .*/\1/p')
	base=$(printf '%s\n' "$1" | sed -n 's/.*remove with: git -C \([^ ]*\) worktree.*/\1/p')
	[ -n "$dir" ] && [ -n "$base" ] || return 0
	for tree in "$dir"/*; do
		[ -d "$tree" ] && drop_worktree "$base" "$tree"
	done
	rmdir "$dir" 2> /dev/null || true
}

# --- the series itself (its check lines are counted as they are) -------------
rc=0
"$TOP/patches/check.sh" --fast --results "$T_TMP/series" || rc=$?
t_eq "check.sh --fast on the series exits 0" 0 "$rc"

# --- check.sh on fixtures: a style error, then a patch that does not apply ---
rc=0
out=$("$TOP/patches/check.sh" --fast --series "$fixtures" --results "$T_TMP/fixtures" 2>&1) || rc=$?
printf '%s\n' "$out" | sed 's/^/    | /'
t_eq "check.sh exits 1 when a check fails" 1 "$rc"
if printf '%s\n' "$out" | grep -q '^not ok - checkpatch 0001-tools-nolibc-fixture-with-trailing-whitespace.patch: 1 errors, 0 warnings: ERROR:TRAILING_WHITESPACE'; then
	t_ok "checkpatch failure names the patch and its first error"
else
	t_fail "checkpatch failure" "no 'not ok - checkpatch 0001-...: 1 errors ... TRAILING_WHITESPACE' line"
fi
if printf '%s\n' "$out" | grep -Eq '^not ok - apply 0002-tools-nolibc-fixture-that-does-not-apply.patch: .*(patch|fail|error)'; then
	t_ok "a patch that does not apply is named, with git am's reason"
else
	t_fail "apply failure" "no 'not ok - apply 0002-...: <reason>' line"
fi
t_eq "check.sh stops at the first patch that does not apply" \
	"2 passed, 2 failed" "$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$')"
if printf '%s\n' "$out" | grep -q '^# .*trees kept in '; then
	t_ok "a failed run keeps its tree and says where"
else
	t_fail "kept tree" "no 'trees kept in' line"
fi
drop_kept_tree "$out"

rc=0
out=$("$TOP/patches/check.sh" --fast --series "$T_TMP/nowhere" 2>&1) || rc=$?
t_eq "check.sh --series of a missing folder exits 2" 2 "$rc"
rc=0
out=$("$TOP/patches/check.sh" --duration 0 2>&1) || rc=$?
t_eq "check.sh --duration 0 exits 2" 2 "$rc"

# --- lib.sh ---------------------------------------------------------------------
mkdir -p "$T_TMP/s/linux-6.1"
printf '# comment\n0001-a.patch\n\n0002-b.patch\n' > "$T_TMP/s/linux-6.1/series"
touch "$T_TMP/s/linux-6.1/0001-a.patch"
if series_patches "$T_TMP/s/linux-6.1" > /dev/null 2>&1; then
	t_fail "series_patches" "accepted a series naming a missing patch"
else
	t_ok "series_patches refuses a series naming a missing patch"
fi
touch "$T_TMP/s/linux-6.1/0002-b.patch"
t_eq "series_patches: quilt order, comments and blanks skipped" \
	"0001-a.patch 0002-b.patch" \
	"$(series_patches "$T_TMP/s/linux-6.1" | xargs -n 1 basename | tr '\n' ' ' | sed 's/ $//')"
t_eq "series_tarball for linux-6.1" /usr/src/linux-source-6.1.tar.xz "$(series_tarball "$T_TMP/s/linux-6.1")"

t_eq "selftest make args, x86_64" "ARCH=x86" "$(selftest_make_args x86_64)"
t_eq "selftest make args, s390x" "ARCH=s390 CROSS_COMPILE=s390x-linux-gnu-" "$(selftest_make_args s390x)"
t_eq "selftest make args, aarch64" "ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-" "$(selftest_make_args aarch64)"

cat > "$T_TMP/run.out" << 'EOF'
Running test 'syscall'
0 getpid = 1                             [OK]
15 chmod_net = -1 EPERM                  [FAIL]
16 chmod_self = -1 EPERM                 [OK]
45 lseek_0 = 0 EBADF  != (-1 ESPIPE)     [FAIL]
Errors during this test: 2

Total number of errors: 2
EOF
t_eq "selftest_counts" "2 2" "$(selftest_counts "$T_TMP/run.out")"
t_eq "selftest_failures" "chmod_net lseek_0" "$(selftest_failures "$T_TMP/run.out" | tr '\n' ' ' | sed 's/ $//')"
head -n 3 "$T_TMP/run.out" > "$T_TMP/crash.out"
if selftest_counts "$T_TMP/crash.out" > /dev/null; then
	t_fail "selftest_counts on a crashed run" "gave counts for a run without its total line"
else
	t_ok "selftest_counts fails on a run that never reached its total"
fi
printf 'From: a <a@b.invalid>\nSubject: [PATCH 08/21] tools/nolibc: a subject folded\n over two lines\nDate: now\n\nSubject: not a header\n' > "$T_TMP/folded.patch"
t_eq "patch_subject unfolds and drops [PATCH n/m]" "tools/nolibc: a subject folded over two lines" \
	"$(patch_subject "$T_TMP/folded.patch")"
printf 'x\ntotal: 1 errors, 2 warnings, 3 checks, 40 lines checked\n' > "$T_TMP/cp.log"
t_eq "checkpatch_counts" "1 2 3" "$(checkpatch_counts "$T_TMP/cp.log")"

base=$(base_repo /usr/src/linux-source-6.1.tar.xz)
if tree_nolibc_has x86_64 "$base"; then
	t_ok "tree_nolibc_has: the pristine tree's nolibc has x86_64"
else
	t_fail "tree_nolibc_has x86_64" "pristine nolibc said no"
fi
if command -v s390x-linux-gnu-gcc > /dev/null; then
	if tree_nolibc_has s390x "$base"; then
		t_fail "tree_nolibc_has s390x" "pristine 6.1 nolibc has no s390x, yet it said yes"
	else
		t_ok "tree_nolibc_has: the pristine tree's nolibc lacks s390x"
	fi
else
	t_skip "tree_nolibc_has s390x" "no s390x-linux-gnu-gcc (apt-get install gcc-s390x-linux-gnu)"
fi
t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/lint.sh (make lint): the tree has no finding in any section, and
# a small git tree with one planted violation per section gets each named,
# with the count its section says.
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

if ! command -v git > /dev/null 2>&1; then
	t_skip lint "no git: lint reads the files git tracks (apt-get install git)"
	t_done
	exit
fi
t_tmpdir

# section_count OUTPUT SECTION: the count on SECTION's "-- " line.
section_count() {
	sed -n "s/^-- $2: \([0-9]*\) findings\$/\1/p" <<< "$1"
}

# section_skip OUTPUT SECTION: lint's reason when it skipped SECTION.
section_skip() {
	sed -n "s/^skip - $2: //p" <<< "$1"
}

# named NAME PATTERN: OUT has a line matching the extended regex PATTERN.
named() {
	if grep -Eq -- "$2" <<< "$out"; then
		t_ok "$1"
	else
		t_fail "$1" "no line of lint's output matches /$2/"
	fi
}

# 1. The tree as it is.
rc=0
out=$(bash "$TOP/scripts/lint.sh" 2>&1) || rc=$?
echo "$out"
for s in shellcheck disable disable-pending checkpatch pyflakes spdx; do
	why=$(section_skip "$out" "$s")
	if [ -n "$why" ]; then
		t_skip "tree: $s" "$why"
	elif [ "$s" = disable-pending ]; then
		# Nonzero until the lead's removal of the SC2154 disables in
		# kvm-scripts/{boot,build,lava,plan,remote}.sh lands (issue 32).
		t_eq "tree: $s findings (reasonless disables in the five kvm-scripts files)" 0 \
			"$(section_count "$out" "$s")"
	else
		t_eq "tree: $s findings" 0 "$(section_count "$out" "$s")"
	fi
done
t_eq "tree: lint exits 0" 0 "$rc"

# 2. A tree with a violation planted for each section.
p="$T_TMP/planted"
mkdir -p "$p/scripts" "$p/configs" "$p/nolibc" "$p/init" "$p/kvm-scripts"
cp "$TOP/scripts/lint.sh" "$TOP/scripts/checkpatch-ignore.txt" "$p/scripts/"
cp "$TOP/configs/env.sh" "$p/configs/"
cp "$TOP/.shellcheckrc" "$p/"
# @SC@ becomes "# shellcheck" after: a directive line in this file would
# be a finding of its own
cat > "$p/planted-disable.sh" << 'EOF'
#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
set -eu
@SC@ disable=SC2086
echo $1
@SC@ disable=SC2086 # with its reason
echo $2
EOF
cat > "$p/planted-sc.sh" << 'EOF'
#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
set -eu
echo $1
EOF
cat > "$p/kvm-scripts/boot.sh" << 'EOF'
# SPDX-License-Identifier: GPL-2.0
@SC@ shell=bash
@SC@ disable=SC2154
echo "$planted"
EOF
sed -i 's/^@SC@/# shellcheck/' "$p/planted-disable.sh" "$p/kvm-scripts/boot.sh"
printf 'no license line here\n' > "$p/planted-nospdx.txt"
printf '/* SPDX-License-Identifier: GPL-2.0 */\n' > "$p/nolibc/planted-gpl.h"
printf '# SPDX-License-Identifier: GPL-2.0\nimport os\n' > "$p/planted.py"
cat > "$p/nolibc/planted.h" << 'EOF'
/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
typedef int planted_t;

static int planted(int x)
{
	if(x)
		return 1;
	return 0;
}
EOF
cat > "$p/init/planted.c" << 'EOF'
// SPDX-License-Identifier: GPL-2.0
typedef int planted_t;
EOF
printf 'SPACING:nolibc/nothing.h\n' >> "$p/scripts/checkpatch-ignore.txt"
git -C "$p" init -q
git -C "$p" add .

rc=0
out=$(bash "$p/scripts/lint.sh" 2>&1) || rc=$?
echo "$out"
if [ "$rc" -ne 0 ]; then
	t_ok "planted: lint exits nonzero"
else
	t_fail "planted: lint exits nonzero" "it exited 0"
fi

named "planted: shellcheck names the unquoted \$1" '^planted-sc\.sh:4:6: .*\[SC2086\]'
t_eq "planted: shellcheck count" 1 "$(section_count "$out" shellcheck)"

named "planted: the disable without a reason" '^planted-disable\.sh:4: no reason: # shellcheck disable=SC2086$'
t_eq "planted: disable count (the one with a reason passes)" 1 "$(section_count "$out" disable)"
named "planted: kvm-scripts/boot.sh's disable, in its own section" \
	'^kvm-scripts/boot\.sh:3: no reason: # shellcheck disable=SC2154$'
t_eq "planted: disable-pending count" 1 "$(section_count "$out" disable-pending)"

why=$(section_skip "$out" checkpatch)
if [ -n "$why" ]; then
	t_skip "planted: checkpatch" "$why"
else
	named "planted: checkpatch names if(" "^nolibc/planted\.h:6: ERROR:SPACING: space required before the open parenthesis"
	named "planted: checkpatch counts a typedef outside nolibc/" '^init/planted\.c:2: WARNING:NEW_TYPEDEFS:'
	if grep -q '^nolibc/planted\.h:2: WARNING:NEW_TYPEDEFS' <<< "$out"; then
		t_fail "planted: NEW_TYPEDEFS ignored in nolibc/" "lint counted it"
	else
		t_ok "planted: NEW_TYPEDEFS ignored in nolibc/"
	fi
	named "planted: an ignore entry without a reason" \
		'^scripts/checkpatch-ignore\.txt:[0-9]+: SPACING:nolibc/nothing\.h has no reason$'
	t_eq "planted: checkpatch count" 3 "$(section_count "$out" checkpatch)"
fi

why=$(section_skip "$out" pyflakes)
if [ -n "$why" ]; then
	t_skip "planted: pyflakes" "$why"
else
	named "planted: pyflakes names the unused import" "^planted\.py:2:(1:)? 'os' imported but unused"
	t_eq "planted: pyflakes count" 1 "$(section_count "$out" pyflakes)"
fi

named "planted: a file without an SPDX line" '^planted-nospdx\.txt: no SPDX-License-Identifier line'
named "planted: a nolibc header under GPL-2.0" "^nolibc/planted-gpl\.h: SPDX 'GPL-2.0', nolibc's headers are 'LGPL-2.1 OR MIT'"
t_eq "planted: spdx count" 2 "$(section_count "$out" spdx)"

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The static checks of the tree (make lint), each a section that ends with
# its count of findings; the exit status is nonzero when any section found
# anything.
#
#   lint.sh [SECTION...]   (default: all, in this order)
#
#   - shellcheck: shellcheck -x on every tracked *.sh (and #! sh scripts)
#   - disable: every "shellcheck disable=" carries its reason after a #
#     on the same line; the five kvm-scripts files the lead is editing get
#     a section of their own (disable-pending)
#   - checkpatch: the kernel's checkpatch.pl --strict on nolibc's headers,
#     init/*.c and mkinitrd/*.c, less scripts/checkpatch-ignore.txt
#   - pyflakes: pyflakes3 on every tracked *.py
#   - spdx: an SPDX-License-Identifier line on every tracked file
#
# It reads the files git tracks in the tree it lives in, so a copy of the
# tree with its own git index (tests/unit/lint.sh) is linted the same way.
# A section whose tool is missing says "skip" with the package to install
# and counts nothing.
set -eu

top="$(cd "$(dirname "$0")/.." && pwd)"
# shellcheck source=../configs/env.sh
source "$top/configs/env.sh"

# Reasonless disables still in these files are reported apart: the lead
# removes their SC2154 disables in parallel (issue 32), and until that lands
# they are findings like any other, counted in the total.
pending_files=(kvm-scripts/boot.sh kvm-scripts/build.sh kvm-scripts/lava.sh
	kvm-scripts/plan.sh kvm-scripts/remote.sh)

# Tracked files that need no SPDX line: the kernel patch series (its text
# is what git am applies, as it would be mailed) and the test fixtures
# (scenario files, console logs and patches that the tests read as a kernel
# tree or a run would have them). Files that cannot carry a comment go in
# nospdx below, each with its reason.
spdx_exempt() {
	case "$1" in
	patches/*.patch | patches/*/series | patches/series | tests/fixtures/*) return 0 ;;
	esac
	return 1
}
# "PATH reason" lines; none today (every data file takes a # comment).
nospdx=()

declare -A count=()
skipped=()
sections=()

finding() {
	echo "$1"
	count[$section]=$((${count[$section]} + 1))
}

begin() {
	section="$1"
	count[$section]=0
	sections+=("$section")
	echo "== $section: $2"
}

end() {
	echo "-- $section: ${count[$section]} findings"
	echo
}

skip() {
	echo "skip - $section: $1"
	skipped+=("$section")
	end
}

have() { command -v "$1" > /dev/null 2>&1; }

# Tracked files, one a line, relative to the top.
tracked() {
	git -C "$top" ls-files "$@"
}

# shell_files: tracked *.sh, and tracked files without a dot whose first
# line is a #! for bash or sh (.ci/run).
shell_files() {
	local f first
	while IFS= read -r f; do
		if [[ "$f" == *.sh ]]; then
			echo "$f"
		elif [[ "${f##*/}" != *.* ]] && [ -f "$top/$f" ]; then
			first=""
			IFS= read -r first < "$top/$f" || true
			if [[ "$first" =~ ^\#!.*/(env\ )?(ba)?sh([[:space:]]|$) ]]; then
				echo "$f"
			fi
		fi
	done < <(tracked)
}

# tool_findings TOOL STATUS OUTPUT: each line TOOL printed is a finding;
# a nonzero STATUS with nothing printed is one too.
tool_findings() {
	local line n=0
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		finding "$line"
		n=$((n + 1))
	done <<< "$3"
	[ "$2" -eq 0 ] || [ "$n" -gt 0 ] || finding "$1 exited $2 with no finding printed"
}

lint_shellcheck() {
	local files out rc=0
	mapfile -t files < <(shell_files)
	begin shellcheck "shellcheck -x on ${#files[@]} shell scripts"
	have shellcheck || { skip "no shellcheck (apt-get install shellcheck; make lint installs it)"; return 0; }
	out=$(cd "$top" && shellcheck -x -f gcc "${files[@]}" 2>&1) || rc=$?
	tool_findings shellcheck "$rc" "$out"
	end
}

# A disable with a reason: "# shellcheck disable=SC2086 # one word per package".
lint_disable() {
	local files f hit pending=() other=() p is_pending
	mapfile -t files < <(shell_files)
	while IFS= read -r hit; do
		[[ "$hit" =~ shellcheck[[:space:]]+disable=[^[:space:]#]+[[:space:]]+#[[:space:]]*[^[:space:]] ]] && continue
		f="${hit%%:*}"
		is_pending=""
		for p in "${pending_files[@]}"; do
			[ "$f" != "$p" ] || is_pending=1
		done
		if [ -n "$is_pending" ]; then
			pending+=("$hit")
		else
			other+=("$hit")
		fi
	done < <(cd "$top" &&
		{ grep -Hn '^[[:space:]]*#[[:space:]]*shellcheck[[:space:]]\+disable=' "${files[@]}" /dev/null ||
			true; })

	begin disable "shellcheck disable= without a '# reason' on the same line"
	for hit in ${other[@]+"${other[@]}"}; do
		finding "${hit%%:*}:$(cut -d: -f2 <<< "$hit"): no reason: $(cut -d: -f3- <<< "$hit" | sed 's/^[[:space:]]*//')"
	done
	end
	begin disable-pending "the same, in ${pending_files[*]} (the lead is removing these)"
	for hit in ${pending[@]+"${pending[@]}"}; do
		finding "${hit%%:*}:$(cut -d: -f2 <<< "$hit"): no reason: $(cut -d: -f3- <<< "$hit" | sed 's/^[[:space:]]*//')"
	done
	end
}

# checkpatch_script: the first checkpatch.pl of an extracted linux-source
# tree in the cache (kvm.sh extracts them), or $CHECKPATCH.
checkpatch_script() {
	local k
	if [ -n "${CHECKPATCH:-}" ]; then
		echo "$CHECKPATCH"
		return 0
	fi
	for k in 6.12 6.1; do
		if [ -e "$PROJECT_CACHE/src/linux-source-$k/.extracted" ] &&
			[ -f "$PROJECT_CACHE/src/linux-source-$k/scripts/checkpatch.pl" ]; then
			echo "$PROJECT_CACHE/src/linux-source-$k/scripts/checkpatch.pl"
			return 0
		fi
	done
	return 1
}

lint_checkpatch() {
	local ignore_file="$top/scripts/checkpatch-ignore.txt" cp files out rc=0 line n=0
	local entry reason file type i lineno=0 matched ignored=0 work d
	local ign_type=() ign_glob=() ign_used=()
	mapfile -t files < <(tracked 'nolibc/*.h' 'init/*.c' 'mkinitrd/*.c')
	begin checkpatch "checkpatch.pl -f --no-tree --strict on ${#files[@]} files"

	# The ignore list: "TYPE[:GLOB] reason", GLOB a bash pattern on the
	# path (* matches /); a line without a reason is itself a finding.
	while IFS= read -r line || [ -n "$line" ]; do
		lineno=$((lineno + 1))
		[[ "$line" =~ ^[[:space:]]*(#|$) ]] && continue
		entry="${line%%[[:space:]]*}"
		reason="${line#"$entry"}"
		if [ -z "${reason//[[:space:]]/}" ]; then
			finding "scripts/checkpatch-ignore.txt:$lineno: $entry has no reason"
			continue
		fi
		ign_type+=("${entry%%:*}")
		if [[ "$entry" == *:* ]]; then
			ign_glob+=("${entry#*:}")
		else
			ign_glob+=("*")
		fi
		ign_used+=(0)
	done < "$ignore_file"

	if ! cp=$(checkpatch_script); then
		skip "no checkpatch.pl: no extracted tree at $PROJECT_CACHE/src/linux-source-{6.12,6.1} (any kvm.sh run extracts one; or set CHECKPATCH=/path/to/checkpatch.pl)"
		return 0
	fi
	have perl || { skip "no perl for $cp (apt-get install perl; make lint installs it)"; return 0; }
	[ "${#files[@]}" -gt 0 ] || { end; return 0; }
	echo "using $cp"
	# checkpatch writes a CamelCase cache (.checkpatch-camelcase.*) into
	# the folder it runs in when GIT_DIR is a repository, and runs find on
	# a missing include/ when not: it runs in a scratch folder, the tree's
	# folders linked in, so that the paths it reports (and
	# EMBEDDED_FILENAME) stay the tree's.
	work=$(mktemp -d "${TMPDIR:-/tmp}/lint-checkpatch.XXXXXX")
	for d in $(printf '%s\n' "${files[@]}" | cut -d/ -f1 | sort -u); do
		ln -s "$top/$d" "$work/$d"
	done
	out=$(cd "$work" && GIT_DIR="$(git -C "$top" rev-parse --absolute-git-dir)" \
		perl "$cp" -f --no-tree --strict --terse --show-types --no-summary \
		--color=never "${files[@]}" 2>&1) || rc=$?
	rm -rf "$work"
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		if [[ "$line" =~ ^([^:]+):[0-9]+:\ (ERROR|WARNING|CHECK):([A-Z0-9_]+): ]]; then
			file="${BASH_REMATCH[1]}" type="${BASH_REMATCH[3]}" matched=""
			for i in "${!ign_type[@]}"; do
				# shellcheck disable=SC2053 # the glob is a pattern
				if [ "${ign_type[$i]}" = "$type" ] && [[ "$file" == ${ign_glob[$i]} ]]; then
					matched=1
					ign_used[i]=1
					break
				fi
			done
			if [ -n "$matched" ]; then
				ignored=$((ignored + 1))
				continue
			fi
		fi
		# anything else checkpatch says (a perl error too) is a finding
		finding "$line"
		n=$((n + 1))
	done <<< "$out"
	[ "$rc" -eq 0 ] || [ "$n" -gt 0 ] || [ "$ignored" -gt 0 ] ||
		finding "checkpatch.pl exited $rc with no finding printed"
	echo "$ignored ignored by scripts/checkpatch-ignore.txt"
	# An entry this checkpatch never raised: stale, or one that only
	# another kernel's checkpatch raises (6.1's has no STRCPY). Said, not
	# counted.
	for i in "${!ign_type[@]}"; do
		[ "${ign_used[$i]}" = 1 ] ||
			echo "note: scripts/checkpatch-ignore.txt: ${ign_type[$i]}:${ign_glob[$i]} matched nothing"
	done
	end
}

lint_pyflakes() {
	local files out rc=0
	mapfile -t files < <(tracked '*.py')
	begin pyflakes "pyflakes3 on ${#files[@]} Python files"
	have pyflakes3 || { skip "no pyflakes3 (apt-get install pyflakes3; make lint installs it)"; return 0; }
	if [ "${#files[@]}" -gt 0 ]; then
		out=$(cd "$top" && pyflakes3 "${files[@]}" 2>&1) || rc=$?
		tool_findings pyflakes3 "$rc" "$out"
	fi
	end
}

# The SPDX line is the first line, or the second after a #! line. nolibc's
# headers are LGPL-2.1 OR MIT (a program that includes them may be under any
# license); files outside nolibc/ are GPL-2.0.
lint_spdx() {
	local f l1 l2 id n=0 e exempt
	begin spdx "an SPDX-License-Identifier line on every tracked file"
	while IFS= read -r f; do
		spdx_exempt "$f" && continue
		exempt=""
		for e in ${nospdx[@]+"${nospdx[@]}"}; do
			[ "${e%% *}" != "$f" ] || exempt=1
		done
		[ -z "$exempt" ] || continue
		[ -f "$top/$f" ] || continue
		n=$((n + 1))
		l1=$(sed -n 1p "$top/$f") l2=$(sed -n 2p "$top/$f")
		[[ "$l1" != '#!'* ]] || l1="$l2"
		if [[ "$l1" != *SPDX-License-Identifier:* ]]; then
			finding "$f: no SPDX-License-Identifier line (first line, or second after #!)"
			continue
		fi
		id="${l1#*SPDX-License-Identifier:}"
		id="${id%%\*/*}" id="${id%%-->*}"
		id=$(echo "$id" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
		case "$f" in
		nolibc/*.h) [ "$id" = "LGPL-2.1 OR MIT" ] ||
			finding "$f: SPDX '$id', nolibc's headers are 'LGPL-2.1 OR MIT'" ;;
		nolibc/*) [ "$id" = "LGPL-2.1 OR MIT" ] || [ "$id" = GPL-2.0 ] ||
			finding "$f: SPDX '$id', expected 'LGPL-2.1 OR MIT' or 'GPL-2.0'" ;;
		*) [ "$id" = GPL-2.0 ] || finding "$f: SPDX '$id', expected 'GPL-2.0'" ;;
		esac
	done < <(tracked)
	echo "$n files read"
	end
}

main() {
	local want=("$@") s total=0 summary=""
	[ "${#want[@]}" -gt 0 ] || want=(shellcheck disable checkpatch pyflakes spdx)
	git -C "$top" rev-parse --git-dir > /dev/null 2>&1 ||
		die "$top is not a git tree: lint reads the files git tracks (apt-get install git)"
	for s in "${want[@]}"; do
		case "$s" in
		shellcheck | disable | checkpatch | pyflakes | spdx) "lint_$s" ;;
		*) die "no section '$s' (shellcheck disable checkpatch pyflakes spdx)" ;;
		esac
	done
	for s in "${sections[@]}"; do
		total=$((total + ${count[$s]}))
		summary="$summary${summary:+, }$s ${count[$s]}"
	done
	echo "lint: $total findings ($summary)${skipped[0]+; skipped: ${skipped[*]}}"
	[ "$total" -eq 0 ]
}

main "$@"

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The verdict words of configs/verdicts.tsv and the one writer of a run's
# verdict file. RUN/verdict holds two lines: the word, then the detail
# (the deciding console line, the reason, where to look). Every script
# writes it with verdict_write, which refuses a word the table lacks, and
# asks here which words fail a run, what exit status they give and which
# of two wins, instead of keeping a list of its own. Source it; it reads
# the table once and defines functions. console.sh sources it.

# shellcheck source=../configs/arch.sh
. "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../configs/arch.sh"

VERDICT_TABLE="${VERDICT_TABLE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../configs" && pwd)/verdicts.tsv}"

# verdict_load: reads VERDICT_TABLE into VERDICT_WORDS (table order) and
# VERDICT_EXIT, VERDICT_PRECEDENCE, VERDICT_FAILURE, VERDICT_MEANING (by
# word), by the column names of its first line that is no comment, so the
# functions below fork nothing. Fails when the table or a column is missing.
verdict_load() {
	local header v e p f m
	local -a names cols=()
	declare -gA VERDICT_EXIT=() VERDICT_PRECEDENCE=() VERDICT_FAILURE=() VERDICT_MEANING=()
	declare -ga VERDICT_WORDS=()
	header=$(grep -v -m1 '^#' "$VERDICT_TABLE" 2> /dev/null) || {
		echo "verdict.sh: cannot read the verdict table $VERDICT_TABLE" >&2
		return 1
	}
	IFS=$'\t' read -r -a names <<< "$header"
	for v in verdict exit precedence failure meaning; do
		cols+=("$(table_column_index "$VERDICT_TABLE" "$v" "${names[@]}")") || return 1
	done
	while IFS=$'\t' read -r v e p f m; do
		VERDICT_WORDS+=("$v")
		VERDICT_EXIT[$v]=$e
		VERDICT_PRECEDENCE[$v]=$p
		VERDICT_FAILURE[$v]=$f
		VERDICT_MEANING[$v]=$m
	done < <(grep -v '^#' "$VERDICT_TABLE" | tail -n +2 |
		awk -F'\t' -v c="${cols[*]}" 'BEGIN { n = split(c, k, " ") }
			NF { for (i = 1; i <= n; i++) printf "%s%s", $k[i], (i < n ? "\t" : "\n") }')
}

# verdict_known WORD: true when WORD is a verdict of the table.
verdict_known() {
	[ -n "$1" ] && [ -n "${VERDICT_PRECEDENCE[$1]+set}" ]
}

# verdict_unknown FUNCTION WORD: the line on stderr for a word the table
# lacks.
verdict_unknown() {
	echo "$1: unknown verdict '$2': not in $VERDICT_TABLE (it has: ${VERDICT_WORDS[*]})" >&2
}

# verdict_meaning WORD: the table's meaning of WORD (for a message, or
# the README check); fails for a word the table lacks.
verdict_meaning() {
	verdict_known "$1" || { verdict_unknown verdict_meaning "$1"; return 1; }
	echo "${VERDICT_MEANING[$1]}"
}

# verdict_write RUN_DIR WORD DETAIL: RUN_DIR/verdict, WORD then DETAIL on
# one line (a newline in it becomes "; ", as the readers take line 2).
# Refuses, writing nothing, a WORD the table lacks: a misspelt verdict
# fails where it is written, not as a run that summary.sh counts wrong.
verdict_write() {
	verdict_known "$2" || { verdict_unknown verdict_write "$2"; return 1; }
	printf '%s\n%s\n' "$2" "${3//$'\n'/; }" > "$1/verdict"
}

# verdict_read RUN_DIR: the word of RUN_DIR/verdict, NOT-RUN when there
# is none.
verdict_read() {
	local v
	v=$(head -n 1 "$1/verdict" 2> /dev/null) && [ -n "$v" ] || v=NOT-RUN
	echo "$v"
}

# verdict_is_failure WORD: true when WORD fails a run. A word the table
# lacks (a verdict file written by hand, or by an older tree) counts as
# a failure, with a line on stderr: nothing unreadable passes.
verdict_is_failure() {
	verdict_known "$1" || { verdict_unknown verdict_is_failure "$1"; return 0; }
	[ "${VERDICT_FAILURE[$1]}" = yes ]
}

# verdict_kind WORD: how the summaries count WORD: "na" for N/A (cannot
# apply: counted apart, no failure), "failed" for a failure (as
# verdict_is_failure), "ok" for the rest (SUCCESS, BUILT, STAGED...).
verdict_kind() {
	if [ "$1" = N/A ]; then
		echo na
	elif verdict_is_failure "$1"; then
		echo failed
	else
		echo ok
	fi
}

# verdict_exit WORD...: the exit status for a run with these verdicts:
# the highest of theirs (0 for none). A word the table lacks gives 1,
# with a line on stderr.
verdict_exit() {
	local v e max=0
	for v; do
		if verdict_known "$v"; then
			e=${VERDICT_EXIT[$v]}
		else
			verdict_unknown verdict_exit "$v"
			e=1
		fi
		[ "$e" -le "$max" ] || max=$e
	done
	echo "$max"
}

# verdict_worst WORD...: the word of highest precedence, the one that
# stands when a run's evidence gives several. Refuses (nothing printed)
# a word the table lacks, or no word at all: it decides what gets written.
verdict_worst() {
	local v worst=""
	[ $# -gt 0 ] || { echo "verdict_worst: no verdict given" >&2; return 1; }
	for v; do
		verdict_known "$v" || { verdict_unknown verdict_worst "$v"; return 1; }
		[ -n "$worst" ] && [ "${VERDICT_PRECEDENCE[$v]}" -le "${VERDICT_PRECEDENCE[$worst]}" ] || worst=$v
	done
	echo "$worst"
}

verdict_load

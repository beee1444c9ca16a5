# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Reader for configs/tortures.tsv, the one table of per-torture-type facts
# (run length, console patterns). Source it; it defines functions only.
# Every script that needs such a fact asks here instead of keeping a
# "case" of its own.

TORTURE_TABLE="${TORTURE_TABLE:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/tortures.tsv}"

# Column names, in table order.
TORTURE_COLUMNS=(torture run_params flag_regex start_regex success_regex
		 end_regex end_ok_regex gp_hang lava_end lava_middle lava_pass lava_work)

# torture_list: every torture type, one per line, in table order.
torture_list() {
	grep -v '^#' "$TORTURE_TABLE" | cut -f1
}

# torture_get TYPE FIELD: one fact about TYPE ("-" comes back as empty).
# Fails, with a line on stderr, for an unknown type or field.
torture_get() {
	local i col="" value
	for i in "${!TORTURE_COLUMNS[@]}"; do
		[ "${TORTURE_COLUMNS[$i]}" != "$2" ] || col=$((i + 1))
	done
	if [ -z "$col" ]; then
		echo "torture.sh: no column '$2' in $TORTURE_TABLE" >&2
		return 1
	fi
	value=$(grep -v '^#' "$TORTURE_TABLE" |
		awk -F'\t' -v t="$1" -v c="$col" '$1 == t { print $c; found = 1 } END { exit !found }') || {
		echo "torture.sh: unknown torture type '$1' (known: $(torture_list | tr '\n' ' '))" >&2
		return 1
	}
	[ "$value" = "-" ] && value=""
	printf '%s\n' "$value"
}

# torture_stat_interval SECONDS: the statistics interval for a run of
# SECONDS: five statistics lines a run, one every 1 to 15 seconds (GP-HANG
# needs three lines; long runs need not flood the console).
torture_stat_interval() {
	local stat=$(($1 / 5))
	[ "$stat" -ge 1 ] || stat=1
	[ "$stat" -le 15 ] || stat=15
	echo "$stat"
}

# torture_run_params TYPE DURATION: the kernel parameters that make a run
# of TYPE last DURATION seconds, with statistics every DURATION/5 seconds
# (1 to 15).
torture_run_params() {
	local params stat
	stat=$(torture_stat_interval "$2")
	params=$(torture_get "$1" run_params) || return 1
	params=${params//@DURATION@/$2}
	echo "${params//@STAT@/$stat}"
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# A console's splats, their call traces decoded: the lines of each splat
# (splat_blocks), bare addresses turned into function+0xoff/0xsize against
# a System.map (decode_addresses), and one scenario folder's splats.txt
# (run_splats). One copy of this, so that kvm.sh and kvm-recheck.sh (through
# run_judge in console.sh) and kvm-find-errors.sh write the same file.
# Source this file; it defines functions only.

# splat_regex: extended regex for the first line of a splat: every line
# that parse_console counts (its BUG is a word, so SLUB's "BUG kmalloc-64
# (Not tainted): ..." is one too), and what a run's failure shows besides.
splat_regex() {
	echo '(^|[^A-Za-z0-9_])BUG([^A-Za-z0-9_]|$)|Oops|WARNING:|Call [Tt]race:|Kernel panic|detected (expedited )?stalls on CPUs/tasks|self-detected stall|kthread starved|Badness|!!!|Writer stall state'
}

# splat_blocks CONSOLE [BEFORE]: the splats of CONSOLE, each the BEFORE
# (default 3) lines ahead of its first line through the end of its trace
# (a "</TASK>" or "end trace" line, or 30 lines at most), blocks that touch
# merged, separated by a line "--". A report that a "=====" line opens
# (KCSAN, KASAN, lockdep) holds unindented lines and blank ones between
# its stacks: it runs to the same "=====" line that closes it (KCSAN,
# KASAN), or else to its "</TASK>" (lockdep), 120 lines at most.
# Prints nothing when there is none.
splat_blocks() {
	awk -v re="$(splat_regex)" -v before="${2:-3}" '
		function bare(l) { sub(/^\[ *[0-9.]+\] ?/, "", l); sub(/\r$/, "", l); return l }
		{ line[NR] = $0 }
		$0 ~ re { start[++n] = NR }
		END {
			last = 0
			for (i = 1; i <= n; i++) {
				s = start[i] - before
				if (s <= last) s = last + 1
				if (s < 1) s = 1
				e = start[i]
				banner = bare(line[start[i] - 1])
				if (banner ~ /^==========+$/) {
					for (j = start[i] + 1; j <= NR && j < start[i] + 120; j++)
						if (bare(line[j]) == banner) { e = j; break }
					if (e == start[i])
						for (j = start[i] + 1; j <= NR && j < start[i] + 120; j++)
							if (line[j] ~ /<\/TASK>|end trace/) { e = j; break }
				}
				for (j = start[i]; e == start[i] && j <= NR && j < start[i] + 30; j++) {
					if (j > start[i] && line[j] ~ /<\/TASK>|end trace/) { e = j; break }
					if (j > start[i] && line[j] !~ /^(\[ *[0-9.]+\] )? |Call [Tt]race|<TASK>/) { e = j - 1; break }
					if (j == start[i] + 29 || j == NR) e = j
				}
				if (e < start[i]) e = start[i]
				if (e <= last) continue
				if (last && s > last + 1) print "--"
				for (j = s; j <= e; j++) print line[j]
				last = e
			}
		}' "$1"
}

# decode_addresses SYSTEM_MAP: stdin to stdout, each kernel text address
# (0x and 8 or 16 hex digits) that System.map places inside a function
# shown as "function+0xOFF/0xSIZE" (SIZE: to the next symbol).
decode_addresses() {
	local map="$1" input addrs table
	input=$(cat)
	addrs=$(grep -o -E '0x[0-9a-f]{8}([0-9a-f]{8})?\b' <<< "$input" | sort -u) || true
	if [ -z "$addrs" ] || [ ! -r "$map" ]; then
		printf '%s\n' "$input"
		return 0
	fi
	# Sort the addresses in among the symbols; each takes the symbol before
	# it, when that is a function, and the one after (for the size). Lines
	# that are no "ADDRESS TYPE NAME" (a test fixture's comment) are skipped.
	# Kept in a variable, not a file: a file named by $$ is shared by every
	# subshell of one kvm.sh, and scenarios are judged in parallel.
	table=$({
		awk 'NF >= 3 && $1 ~ /^[0-9a-f]+$/ { print $1, "S", $3, $2 }' "$map"
		sed 's/^0x//; s/$/ A/' <<< "$addrs"
	} | sort -k1,1 -k2,2r | awk '
		$2 == "S" { if (pend != "") { for (k in q) print q[k], sym, saddr, $1; delete q; pend = "" }
			    sym = $3; saddr = $1; text = ($4 ~ /^[tTwW]$/); next }
		sym != "" && text { q[$1] = $1; pend = 1 }
		END { for (k in q) print q[k], sym, saddr, "-" }')
	local a s sa next off size sedscript=""
	while read -r a s sa next; do
		[ -n "$a" ] || continue
		off=$(( 16#$a - 16#$sa ))
		if [ "$next" = - ]; then
			sedscript+="s|0x$a\\b|$s+$(printf '0x%x' "$off")|g;"
		else
			size=$(( 16#$next - 16#$sa ))
			sedscript+="s|0x$a\\b|$s+$(printf '0x%x/0x%x' "$off" "$size")|g;"
		fi
	done <<< "$table"
	sed "$sedscript" <<< "$input"
}

# run_system_map RUN_DIR: the System.map of the scenario's build, if any.
run_system_map() {
	local dir
	dir=$(cat "$1/build-dir" 2> /dev/null) || return 1
	[ -r "$dir/System.map" ] || return 1
	echo "$dir/System.map"
}

# run_splats RUN_DIR: writes RUN_DIR/splats.txt when its console.log has a
# splat: the splat_blocks, addresses decoded against the build's
# System.map, or, without one, left bare under a first line saying so (a
# reader should not wonder whether decoding failed). Removes a splats.txt
# left by an earlier judging when there is no splat now, so the file's
# presence says the run had splats.
run_splats() {
	local dir="$1" blocks map build
	rm -f "$dir/splats.txt"
	[ -r "$dir/console.log" ] || return 0
	blocks=$(splat_blocks "$dir/console.log")
	[ -n "$blocks" ] || return 0
	if map=$(run_system_map "$dir"); then
		decode_addresses "$map" <<< "$blocks" > "$dir/splats.txt"
	else
		build=$(cat "$dir/build-dir" 2> /dev/null) || build="unknown (no build-dir)"
		{
			echo "# no System.map in the build folder $build: addresses left bare"
			printf '%s\n' "$blocks"
		} > "$dir/splats.txt"
	fi
}

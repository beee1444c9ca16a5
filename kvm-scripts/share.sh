# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Shared builds: the scenarios of one arch are built one after another in a
# single object tree, each by reconfiguring it and running make again, so
# that make rebuilds only the objects whose options changed (kbuild's fixdep
# records which CONFIG_ symbols each object read) instead of building every
# scenario's tree cold. Each finished kernel is then copied out into its own
# per-scenario cache folder (the one build_dir names), with what later steps
# read there (boot image, .config, System.map, vmlinux, Make.out), so every
# reader of the cache sees the same layout as with independent builds.
#
# Source this file; it defines functions only, which take arguments and
# print results. Needs functions.sh (fragment_to_kconfig).

# share_config_set FRAGMENT...: the options the fragments set, one
# "CONFIG_X=v" line each, the last assignment winning, sorted; "=n" for
# options turned off. This is what tells two scenarios' builds apart.
share_config_set() {
	fragment_to_kconfig "$@" | awk '
		/^CONFIG_/ { i = index($0, "="); v[substr($0, 1, i - 1)] = substr($0, i + 1); next }
		/^# CONFIG_/ { v[$2] = "n" }
		END { for (k in v) print k "=" v[k] }' | LC_ALL=C sort
}

# share_distance SETFILE_A SETFILE_B: how many options two sorted option
# sets (share_config_set output) set differently, counting an option one
# of them leaves alone. A cheap stand-in for how much make must redo.
share_distance() {
	awk -F= '
		FNR == NR { a[$1] = $2; next }
		{ if (!($1 in a) || a[$1] != $2) d++; seen[$1] = 1 }
		END { for (k in a) if (!(k in seen)) d++; print d + 0 }' "$1" "$2"
}

# share_order DIR NAME...: the NAMEs (files in DIR holding share_config_set
# output) in the order that keeps each step small: start with the scenario
# that sets the fewest options, then always take the nearest one left, by
# share_distance (greedy nearest neighbour; ties keep the given order).
# One awk for all pairs: a process per pair took minutes for the CFLIST on
# a loaded machine.
share_order() {
	local dir="$1" name
	shift
	[ "$#" -gt 0 ] || return 0
	for name in "$@"; do
		# a line per option, and an empty set still names its file
		echo "@ $name"
		cat "$dir/$name"
	done | awk '
		$1 == "@" { n++; name[n] = $2; size[n] = 0; next }
		{ i = index($0, "="); k = substr($0, 1, i - 1); v[n, k] = substr($0, i + 1)
		  keys[n] = keys[n] " " k; size[n]++ }
		function dist(a, b,   d, m, j, t) {
			d = 0
			m = split(keys[a], t, " ")
			for (j = 1; j <= m; j++)
				if (!((b, t[j]) in v) || v[b, t[j]] != v[a, t[j]]) d++
			m = split(keys[b], t, " ")
			for (j = 1; j <= m; j++)
				if (!((a, t[j]) in v)) d++
			return d
		}
		END {
			cur = 1
			for (i = 2; i <= n; i++) if (size[i] < size[cur]) cur = i
			for (left = n; left > 0; left--) {
				print name[cur]; used[cur] = 1
				best = 0
				for (i = 1; i <= n; i++) {
					if (i in used) continue
					d = dist(cur, i)
					if (!best || d < bestd) { best = i; bestd = d }
				}
				cur = best
			}
		}'
}

# share_tree_dir CACHE ARCH IDENTITY: the shared object tree for builds
# whose non-fragment inputs (kernel tree, compiler, make arguments,
# defconfig target) are IDENTITY.
share_tree_dir() {
	echo "$1/builds/$2/shared-$(printf '%s\n' "$3" | sha256sum | cut -c1-16)"
}

# share_publish TREE DEST IMAGE_REL: copies a finished kernel out of the
# shared TREE into DEST: the boot image at the same relative path, .config,
# System.map, vmlinux and Make.out where present, then the stamp .built,
# written last so a copy cut off half-way is never taken for a build.
share_publish() {
	local tree="$1" dest="$2" image="$3" f
	[ -e "$tree/$image" ] || { echo "share_publish: no $tree/$image" >&2; return 1; }
	rm -f "$dest/.built"
	mkdir -p "$dest/$(dirname "$image")"
	cp "$tree/$image" "$dest/$image.tmp" && mv "$dest/$image.tmp" "$dest/$image" || return 1
	for f in .config System.map vmlinux Make.out; do
		[ ! -e "$tree/$f" ] || cp "$tree/$f" "$dest/$f" || return 1
	done
	echo "shared tree $tree" > "$dest/built-in"
	date '+%Y-%m-%d %H:%M:%S' > "$dest/.built"
}

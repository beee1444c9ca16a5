# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Reader for configs/arches.tsv, the project's one table of per-arch facts.
# Source it; it defines functions only. Every script that needs an arch fact
# asks here instead of keeping a "case" of its own.

ARCH_TABLE="${ARCH_TABLE:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/arches.tsv}"
# The facts that differ by kernel tree, one row per arch and kernel.
ARCH_KERNEL_TABLE="${ARCH_KERNEL_TABLE:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/kernel-arches.tsv}"
# The kernel whose facts arch_kernel_get gives when not told: a version
# (6.12, or a Makefile's 6.12.118); kvm.sh sets it to the tree it
# tortures. Empty: the newest kernel of ARCH_KERNEL_TABLE.
ARCH_KERNEL="${ARCH_KERNEL:-}"

# Column names, in table order.
ARCH_COLUMNS=(arch kernel_arch aliases cross cc_pkg cflags qemu_user
	      qemu_system qemu_pkg machine cpu console boot_image file_match
	      nolibc smp qemu_extra append netboot no_clang)
ARCH_KERNEL_COLUMNS=(arch kernel kasan kcsan kernel_smp kernel_lacks)

# arch_rows: the table without comments.
arch_rows() {
	grep -v '^#' "$ARCH_TABLE"
}

# arch_list: every arch name, one per line, in table order.
arch_list() {
	arch_rows | cut -f1
}

# table_column_index TABLE FIELD COLUMN...: 1-based position of FIELD
# among the COLUMNs of TABLE (named in the failure), or fail.
table_column_index() {
	local table="$1" field="$2" i=0 col
	shift 2
	for col; do
		i=$((i + 1))
		if [ "$col" = "$field" ]; then
			echo "$i"
			return 0
		fi
	done
	echo "arch.sh: no column '$field' in $table" >&2
	return 1
}

# arch_column_index FIELD: 1-based column number of FIELD, or fail.
arch_column_index() {
	table_column_index "$ARCH_TABLE" "$1" "${ARCH_COLUMNS[@]}"
}

# arch_canonical NAME: our name for NAME (ours, or a kernel/Debian spelling
# listed in the aliases column). Fails, printing nothing, for unknown names.
arch_canonical() {
	local name="$1"
	arch_rows | awk -F'\t' -v n="$name" '
		$1 == n { print $1; found = 1; exit }
		{ k = split($3, a, ","); for (i = 1; i <= k; i++) if (a[i] == n) alias[n] = $1 }
		END { if (!found && (n in alias)) { print alias[n]; found = 1 } exit !found }'
}

# arch_get ARCH FIELD: one fact about ARCH ("-" comes back as empty).
arch_get() {
	local col value
	col=$(arch_column_index "$2") || return 1
	value=$(arch_rows | awk -F'\t' -v a="$1" -v c="$col" '$1 == a { print $c; found = 1 } END { exit !found }') || {
		echo "arch.sh: unknown arch '$1' (known: $(arch_list | tr '\n' ' '))" >&2
		return 1
	}
	[ "$value" = "-" ] && value=""
	printf '%s\n' "$value"
}

# arch_kernel_column_index FIELD: 1-based column number of FIELD in
# kernel-arches.tsv, or fail.
arch_kernel_column_index() {
	table_column_index "$ARCH_KERNEL_TABLE" "$1" "${ARCH_KERNEL_COLUMNS[@]}"
}

# arch_kernel_xy VERSION: the X.Y of a kernel version (6.12.118 gives
# 6.12); fails, printing nothing, for what is no version.
arch_kernel_xy() {
	[[ $1 =~ ^([0-9]+\.[0-9]+) ]] && echo "${BASH_REMATCH[1]}"
}

# arch_kernel_facts ARCH [KERNEL]: the kernel (X.Y) of the kernel-arches.tsv
# row that holds ARCH's facts for KERNEL (default ARCH_KERNEL): the newest
# row not newer than KERNEL, so a tree newer than any row takes the newest
# facts; the oldest row for a KERNEL older than all; the newest for none.
arch_kernel_facts() {
	local arch="$1" want="${2-$ARCH_KERNEL}" xy=""
	if [ -n "$want" ]; then
		xy=$(arch_kernel_xy "$want") || {
			echo "arch.sh: '$want' is no kernel version (want X.Y or X.Y.Z)" >&2
			return 1
		}
	fi
	grep -v '^#' "$ARCH_KERNEL_TABLE" | awk -F'\t' -v a="$arch" -v w="$xy" '
		function older(x, y,   p, q) {
			split(x, p, "."); split(y, q, ".")
			return p[1] + 0 < q[1] + 0 || (p[1] + 0 == q[1] + 0 && p[2] + 0 < q[2] + 0)
		}
		$1 != a { next }
		oldest == "" || older($2, oldest) { oldest = $2 }
		(w == "" || !older(w, $2)) && (best == "" || older(best, $2)) { best = $2 }
		END { if (best == "") best = oldest; if (best == "") exit 1; print best }' || {
		echo "arch.sh: no row for arch '$arch' in $ARCH_KERNEL_TABLE (it has: $(grep -v '^#' "$ARCH_KERNEL_TABLE" | cut -f1 | uniq | paste -s -d ' '))" >&2
		return 1
	}
}

# arch_kernel_get ARCH FIELD [KERNEL]: one fact about ARCH under KERNEL
# (default ARCH_KERNEL), from the kernel-arches.tsv row arch_kernel_facts
# picks ("-" comes back as empty).
arch_kernel_get() {
	local col facts
	col=$(arch_kernel_column_index "$2") || return 1
	facts=$(arch_kernel_facts "$1" "${3-$ARCH_KERNEL}") || return 1
	grep -v '^#' "$ARCH_KERNEL_TABLE" | awk -F'\t' -v a="$1" -v k="$facts" -v c="$col" '
		$1 == a && $2 == k { v = $c; exit }
		END { print (v == "-" ? "" : v) }'
}

# arch_kernel_stand_in ARCH [KERNEL]: for messages citing ARCH's facts
# under KERNEL (default ARCH_KERNEL): nothing when the table has a row for
# KERNEL's X.Y (or no KERNEL is given), else which row stands in for it,
# as "; no row for 6.99: 6.12, the latest before it, stands in for this
# 6.99.1 tree".
arch_kernel_stand_in() {
	local want="${2-$ARCH_KERNEL}" facts xy
	[ -n "$want" ] || return 0
	facts=$(arch_kernel_facts "$1" "$want") || return 1
	xy=$(arch_kernel_xy "$want")
	[ "$xy" != "$facts" ] || return 0
	if [ "$(printf '%s\n' "$xy" "$facts" | sort -V | head -n 1)" = "$facts" ]; then
		echo "; no row for $xy: $facts, the latest before it, stands in for this $want tree"
	else
		echo "; no row for $xy: $facts, the oldest, stands in for this $want tree"
	fi
}

# arch_host: our name for the machine this runs on.
arch_host() {
	arch_canonical "$(uname -m)"
}

# arch_kernel_list: the arches whose kernels the scripts build and boot, the
# rows with a qemu_system (the others are library-only: nolibc, mkinitrd).
arch_kernel_list() {
	arch_rows | awk -F'\t' -v c="$(arch_column_index qemu_system)" '$c != "-" { print $1 }'
}

# arch_from_file_output TEXT: which arch a "file vmlinux" description is.
arch_from_file_output() {
	local text="$1" arch pattern
	while IFS=$'\t' read -r arch pattern; do
		[ "$pattern" != - ] || continue		# library-only row
		if printf '%s\n' "$text" | grep -Eq -- "$pattern"; then
			echo "$arch"
			return 0
		fi
	done < <(arch_rows | cut -f1,14)
	return 1
}

# arch_cc ARCH: the C compiler command for ARCH (native gcc for the host).
arch_cc() {
	local cross
	cross=$(arch_get "$1" cross) || return 1
	echo "${cross}gcc"
}

# arch_clang_why ARCH: why clang cannot build for ARCH here (the table's
# no_clang reason, or no clang installed); prints nothing when it can. A
# clang that fails where the table says it works is a failure for the
# caller to show, not a reason to skip.
arch_clang_why() {
	local why
	why=$(arch_get "$1" no_clang) || return 1
	if [ -n "$why" ]; then
		echo "$why (configs/arches.tsv no_clang)"
	elif ! command -v clang > /dev/null 2>&1; then
		echo "no clang (apt-get install clang)"
	fi
}

# arch_nolibc_list: the arches our nolibc supports.
arch_nolibc_list() {
	arch_rows | awk -F'\t' '$15 == "yes" { print $1 }'
}

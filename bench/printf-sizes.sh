#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The stripped size of a printf("hi %d\n", 42) program, per ABI of
# configs/arches.tsv whose compiler is installed, built with the flags the
# kernel's nolibc.h suggests and nothing else (plus the ABI's cflags column,
# which picks the ABI):
#
#   -Os -s -static -nostdlib -fno-asynchronous-unwind-tables -fno-ident
#   -include <nolibc.h> hi.c -lgcc
#
# against our nolibc (strerror() and %m saying "errno=N"), our nolibc with
# -DNOLIBC_STRERROR_TEXTS (glibc's texts), and the nolibc of each installed
# linux-source tree (tools/include/nolibc/nolibc.h, extracted into the cache
# if needed: make -C nolibc kernel-tree). Prints a markdown table of bytes,
# "-" where a nolibc lacks the ABI or the build fails; a size followed by
# "!" is of a program that ran under qemu-user and did not print "hi 42".
# The last column is ours minus the newest tree's (the goal: <= 0).
#
#   bench/printf-sizes.sh [--arches "x86_64 i386 ..."]
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/arch.sh
source "$here/../configs/arch.sh"

arches=""
while [ $# -gt 0 ]; do
	case "$1" in
	--arches) arches="$2"; shift 2 ;;
	-h|--help) sed -n '4,20s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) die "unknown option '$1'" ;;
	esac
done
[ -n "$arches" ] || arches=$(arch_list | tr '\n' ' ')

mk() {
	make -s --no-print-directory -C "$PROJECT_TOP/nolibc" "$@"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The program: glibc's include line kept out of nolibc builds, as the
# kernel's nolibc claims no glibc include guard.
cat > "$tmp/hi.c" << 'EOF'
// SPDX-License-Identifier: GPL-2.0
#ifndef NOLIBC
#include <stdio.h>
#endif

int main(void)
{
	printf("hi %d\n", 42);
	return 0;
}
EOF

# The libcs, as "column name<TAB>nolibc.h<TAB>extra flags".
libcs="ours"$'\t'"$PROJECT_TOP/nolibc/nolibc.h"$'\t'
libcs="$libcs"$'\n'"ours, texts"$'\t'"$PROJECT_TOP/nolibc/nolibc.h"$'\t'"-DNOLIBC_STRERROR_TEXTS"
newest=""
for kernel in $(mk print-kernels); do
	if ! mk kernel-tree KERNEL="$kernel" >&2; then
		echo "printf-sizes: no linux-source-$kernel tree, its column left out" >&2
		continue
	fi
	read -r ksrc _ <<< "$(mk print-kernel-src KERNEL="$kernel")"
	libcs="$libcs"$'\n'"$kernel kernel"$'\t'"$ksrc/tools/include/nolibc/nolibc.h"$'\t'
	newest="$kernel kernel"
done

# size_of ARCH NOLIBC_H EXTRA: bytes of hi.c built for ARCH, "-" when it
# does not build, with "!" when it runs and prints something else.
size_of() {
	local arch="$1" hdr="$2" extra="$3" cc qemu out="$tmp/hi" bytes
	cc=$(arch_cc "$arch")
	rm -f "$out"
	# shellcheck disable=SC2046,SC2086 # flag lists split on purpose
	if ! $cc -Os -s -static -nostdlib -fno-asynchronous-unwind-tables -fno-ident \
		$(arch_get "$arch" cflags) $extra -include "$hdr" -o "$out" "$tmp/hi.c" -lgcc \
		> "$tmp/build.log" 2>&1; then
		echo -
		return 0
	fi
	bytes=$(stat -c %s "$out")
	qemu=$(arch_get "$arch" qemu_user)
	if [ -n "$qemu" ] && command -v "$qemu" > /dev/null &&
		[ "$(timeout 20 "$qemu" "$out" 2>&1)" != "hi 42" ]; then
		bytes="$bytes!"
	fi
	echo "$bytes"
}

header="| ABI |" rule="|---|"
while IFS=$'\t' read -r name _ _; do
	header="$header $name |"
	rule="$rule---:|"
done <<< "$libcs"
[ -z "$newest" ] || { header="$header ours - $newest |"; rule="$rule---:|"; }
echo "$header"
echo "$rule"
for arch in $arches; do
	arch=$(arch_canonical "$arch") || die "unknown arch '$arch'"
	command -v "$(arch_cc "$arch")" > /dev/null ||
		{ echo "printf-sizes: no $(arch_cc "$arch") ($(arch_get "$arch" cc_pkg)), $arch skipped" >&2; continue; }
	row="| $arch |" ours="" last=""
	while IFS=$'\t' read -r name hdr extra; do
		size=$(size_of "$arch" "$hdr" "$extra")
		row="$row $size |"
		[ "$name" != ours ] || ours=$size
		[ "$name" != "$newest" ] || last=$size
	done <<< "$libcs"
	if [ -n "$newest" ]; then
		if [[ "$ours" =~ ^[0-9]+$ && "$last" =~ ^[0-9]+$ ]]; then
			row="$row $((ours - last)) |"
		else
			row="$row - |"
		fi
	fi
	echo "$row"
done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the torture init for an arch and pack it into a newc initrd.
#
#   mkinitrd.sh --arch ARCH --output DIR [--libc auto|nolibc|glibc|glibc-dynamic|musl|dietlibc|klibc]
#               [--cross-compile PREFIX] [--init FILE.c] [--compress gz,xz,zst]
#   mkinitrd.sh --arch ARCH --output DIR --init-binary FILE [--compress ...]
#
# Writes DIR/init (stripped) and DIR/initrd.cpio, plus DIR/initrd.cpio.<ext>
# for each requested compression, and DIR/libc saying which libc was used.
# --init-binary packs an already built static program (the nolibc selftest)
# as /init instead of compiling one; it must be an ELF file for ARCH.
# Everything is built in a scratch folder and moved into DIR only once it is
# complete, so a failed run never leaves a half-written initrd behind.
set -eu

here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$here/../configs/env.sh"
# shellcheck source=../configs/arch.sh
source "$here/../configs/arch.sh"

usage() {
	sed -n '4,15s/^# \{0,1\}//p' "$0"
	exit "${1:-0}"
}

arch="" output="" libc="auto" cross="" cross_set="" init_src="$PROJECT_TOP/init/init.c" compress=""
init_binary=""
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch="${2:?--arch needs a value}"; shift 2 ;;
	--output) output="${2:?--output needs a value}"; shift 2 ;;
	--libc) libc="${2:?--libc needs a value}"; shift 2 ;;
	--cross-compile) cross="${2?}"; cross_set=1; shift 2 ;;
	--init) init_src="${2:?--init needs a value}"; shift 2 ;;
	--init-binary) init_binary="${2:?--init-binary needs a value}"; shift 2 ;;
	--compress) compress="${2:?--compress needs a value}"; shift 2 ;;
	-h|--help) usage 0 ;;
	*) echo "mkinitrd.sh: unknown option '$1'" >&2; usage 2 >&2 ;;
	esac
done
[ -n "$arch" ] || die "--arch is required (one of: $(arch_list | tr '\n' ' '))"
[ -n "$output" ] || die "--output is required"

name=$(arch_canonical "$arch") ||
	die "unknown arch '$arch' (known: $(arch_list | tr '\n' ' '))"
arch="$name"
[ -n "$cross_set" ] || cross=$(arch_get "$arch" cross)
[ -r "$init_src" ] || die "init source '$init_src' not readable"
[ -z "$init_binary" ] || [ -r "$init_binary" ] || die "init binary '$init_binary' not readable"

# choose_libc: resolve "auto" and refuse nolibc where it does not exist.
choose_libc() {
	local supported
	supported=$(arch_get "$arch" nolibc)
	case "$libc" in
	auto)
		if [ "$supported" = yes ]; then
			libc=nolibc
			echo "mkinitrd: $arch: using nolibc" >&2
		else
			libc=glibc
			need_static_libc
			echo "mkinitrd: $arch: nolibc does not support $arch yet, using static glibc" >&2
		fi ;;
	nolibc)
		[ "$supported" = yes ] ||
			die "nolibc does not support $arch (supported: $(arch_nolibc_list | tr '\n' ' '))" ;;
	glibc|glibc-dynamic|musl|dietlibc|klibc) ;;
	*) die "unknown libc '$libc' (auto nolibc glibc glibc-dynamic musl dietlibc klibc)" ;;
	esac
}

# need_static_libc: the fallback's compiler has a static libc, or a
# refusal that names the package; without it the build failed later on a
# linker error that named no fix. Debian's cross compilers only recommend
# their libc6-dev-*-cross.
need_static_libc() {
	local cc pkg=libc6-dev deb
	cc=$(compiler_for_libc)
	case "$($cc -print-file-name=libc.a 2>/dev/null)" in
	*/*) return 0 ;;
	esac
	if [ -n "$cross" ]; then
		pkg="the libc6-dev-*-cross package for ${cross%-}"
		deb=$(dpkg-architecture -t "${cross%-}" -qDEB_HOST_ARCH 2>/dev/null) &&
			pkg="libc6-dev-$deb-cross"
	fi
	die "nolibc does not support $arch and $cc has no static libc to fall back on: install $pkg"
}

# compiler_for_libc: the command line that compiles the init for $libc.
compiler_for_libc() {
	local cc="${cross}gcc" pkg
	pkg=$(arch_get "$arch" cc_pkg)
	[ -n "$cross_set" ] && pkg="the compiler for prefix '$cross'"
	case "$libc" in
	nolibc|glibc|glibc-dynamic) need_cmd "$cc" "$pkg" ;;
	musl) cc=musl-gcc; need_cmd musl-gcc musl-tools ;;
	dietlibc) cc="diet -Os ${cross}gcc"; need_cmd diet dietlibc-dev ;;
	klibc) cc=klcc; need_cmd klcc libklibc-dev ;;
	esac
	echo "$cc"
}

# flags_for_libc: compiler flags for $libc.
flags_for_libc() {
	local extra
	extra=$(arch_get "$arch" cflags)
	case "$libc" in
	nolibc)
		echo "$(grep -v '^#' "$here/small-binary.flags" | tr '\n' ' ') $extra" \
			"-DNOLIBC_IGNORE_ERRNO -include $PROJECT_TOP/nolibc/nolibc.h" ;;
	glibc|musl|dietlibc|klibc) echo "-Os -static $extra" ;;
	glibc-dynamic) echo "-Os $extra" ;;
	esac
}

# elf_trim FILE: drop section headers (built once per cache).
elf_trim() {
	local tool="$PROJECT_CACHE/tools/elf-trim"
	if [ ! -x "$tool" ] || [ "$here/elf-trim.c" -nt "$tool" ]; then
		mkdir -p "$(dirname "$tool")"
		cc -O2 -o "$tool.tmp.$$" "$here/elf-trim.c" && mv "$tool.tmp.$$" "$tool"
	fi
	"$tool" "$1"
}

# build_init DIR: DIR/init, stripped.
build_init() {
	local cc flags log="$1/cc.log"
	cc=$(compiler_for_libc)
	flags=$(flags_for_libc)
	# shellcheck disable=SC2086 # cc and flags are word lists
	if ! $cc $flags -o "$1/init" "$init_src" -lgcc > "$log" 2>&1 &&
	   ! $cc $flags -o "$1/init" "$init_src" > "$log" 2>&1; then
		cat "$log" >&2
		die "compiling $init_src for $arch with $libc failed (compiler output above)"
	fi
	"${cross}strip" -s -R .comment "$1/init" 2>/dev/null || strip -s -R .comment "$1/init"
	[ "$libc" = glibc-dynamic ] || elf_trim "$1/init"
}

# copy_init DIR: DIR/init from --init-binary, refused unless "file" names
# the arch's machine (the table's file_match column for this row).
copy_init() {
	local what match
	what=$(file -b "$init_binary")
	match=$(arch_get "$arch" file_match)
	if [ -n "$match" ] && ! [[ $what =~ $match ]]; then
		die "'$init_binary' is not a $arch program: $what"
	fi
	case "$what" in
	*"statically linked"*|*"static-pie"*) ;;
	*) die "'$init_binary' is not statically linked: $what" ;;
	esac
	cp "$init_binary" "$1/init"
	chmod 0755 "$1/init"
	libc=prebuilt
}

# newc_entry NAME MODE RDEV_MAJOR RDEV_MINOR [FILE]: one newc record on
# stdout. Every field that could vary between builds is fixed: inode from a
# counter, uid/gid 0, mtime 0, one link.
newc_ino=0
newc_entry() {
	local name="$1" mode="$2" rmaj="$3" rmin="$4" file="${5:-}" size=0 namesize pad
	[ -n "$file" ] && size=$(stat -c %s "$file")
	newc_ino=$((newc_ino + 1))
	namesize=$((${#name} + 1))
	printf '070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X' \
		"$newc_ino" "$mode" 0 0 1 0 "$size" 0 0 "$rmaj" "$rmin" "$namesize" 0
	printf '%s\0' "$name"
	pad=$(( (4 - (110 + namesize) % 4) % 4 ))
	head -c "$pad" /dev/zero
	if [ -n "$file" ]; then
		cat "$file"
		head -c $(( (4 - size % 4) % 4 )) /dev/zero
	fi
}

# shared_libs INIT: "path-in-initrd<TAB>host-file" for each library a
# dynamic init needs, from the loader's own view.
shared_libs() {
	local interp
	interp=$(readelf -lW "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
	[ -n "$interp" ] && printf '%s\t%s\n' "$interp" "$(readlink -f "$interp")"
	ldd "$1" 2>/dev/null | awk '$3 ~ /^\// { print $3 }' | while read -r lib; do
		printf '%s\t%s\n' "$lib" "$(readlink -f "$lib")"
	done
}

# write_cpio DIR: DIR/initrd.cpio from DIR/init (and its libraries).
write_cpio() {
	local dir="$1" libs d path file
	libs=""
	[ "$libc" = glibc-dynamic ] && libs=$(shared_libs "$dir/init" | sort -u)
	{
		newc_entry dev $((0040755)) 0 0
		newc_entry dev/console $((0020600)) 5 1
		newc_entry init $((0100755)) 0 0 "$dir/init"
		if [ -n "$libs" ]; then
			printf '%s\n' "$libs" | cut -f1 | xargs -n1 dirname | sort -u |
				while read -r d; do
					# every parent folder, outermost first
					echo "$d" | awk -F/ '{ p = ""; for (i = 2; i <= NF; i++) { p = p "/" $i; print p } }'
				done | sort -u | while read -r d; do
					newc_entry "${d#/}" $((0040755)) 0 0
				done
			printf '%s\n' "$libs" | while IFS=$'\t' read -r path file; do
				newc_entry "${path#/}" $((0100755)) 0 0 "$file"
			done
		fi
		newc_entry TRAILER!!! 0 0 0
	} > "$dir/initrd.cpio"
}

# compress_cpio DIR: the requested compressed copies, all deterministic.
compress_cpio() {
	local ext
	for ext in ${compress//,/ }; do
		case "$ext" in
		gz) need_cmd gzip gzip; gzip -n -9 -c "$1/initrd.cpio" > "$1/initrd.cpio.gz" ;;
		xz) need_cmd xz xz-utils; xz --check=crc32 -9 -c "$1/initrd.cpio" > "$1/initrd.cpio.xz" ;;
		zst) need_cmd zstd zstd; zstd -q -19 -c "$1/initrd.cpio" > "$1/initrd.cpio.zst" ;;
		*) die "unknown compression '$ext' (gz xz zst)" ;;
		esac
	done
}

main() {
	local work f
	[ -n "$init_binary" ] || choose_libc
	if ! mkdir -p "$output" 2>/dev/null || [ ! -w "$output" ]; then
		die "output folder '$output' is not writable"
	fi
	work=$(mktemp -d "$output/.mkinitrd.XXXXXX")
	# shellcheck disable=SC2064 # expand now: work is local
	trap "rm -rf '$work'" EXIT
	if [ -n "$init_binary" ]; then
		copy_init "$work"
	else
		build_init "$work"
	fi
	write_cpio "$work"
	compress_cpio "$work"
	echo "$libc" > "$work/libc"
	rm -f "$output"/initrd.cpio.*
	for f in init libc initrd.cpio initrd.cpio.gz initrd.cpio.xz initrd.cpio.zst; do
		[ -e "$work/$f" ] && mv -f "$work/$f" "$output/$f"
	done
	echo "mkinitrd: $output/initrd.cpio ($(stat -c %s "$output/initrd.cpio") bytes, init $(stat -c %s "$output/init") bytes, $libc, $arch)" >&2
}

main

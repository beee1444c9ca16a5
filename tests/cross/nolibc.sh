#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# nolibc: the selftest matrix (one check per arch/compiler/-O cell), the
# glibc build of the same selftest, the build against an installed sysroot,
# the size of hello world, one errno across two object files,
# NOLIBC_IGNORE_ERRNO, standard #include lines, the format attributes,
# test selection, the selftest as PID 1 of a PID namespace, and the stack
# protector.
# shellcheck source=../lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"

t_tmpdir
work="$T_TMP"
[ -d "$work" ] || { t_fail "scratch folder" "t_tmpdir gave none"; exit 1; }
mk() {
	make -s --no-print-directory -C "$TOP/nolibc" OUTPUT="$work" "$@"
}

# The rows this machine can build: i386 needs the cross compiler and
# qemu-user (the host kernel may lack IA32 emulation), clang rows clang.
have() { command -v "$1" > /dev/null 2>&1; }
rows="x86_64.gcc.nolibc." glibc_rows="x86_64.gcc.glibc."
missing=()
have clang && rows="$rows x86_64.clang.nolibc." || missing+=("x86_64 clang: no clang")
if have i686-linux-gnu-gcc && have qemu-i386-static; then
	rows="$rows i386.gcc.nolibc. i386.gcc.nolibc.fp"
	have clang && rows="$rows i386.clang.nolibc. i386.clang.nolibc.fp"
	[ -f /usr/i686-linux-gnu/lib/libc.a ] && glibc_rows="$glibc_rows i386.gcc.glibc." ||
		missing+=("i386 glibc: no libc6-dev-i386-cross")
else
	missing+=("i386: needs i686-linux-gnu-gcc and qemu-i386-static")
fi
for m in "${missing[@]}"; do
	t_skip "matrix ${m%%:*}" "${m#*: }"
done

# 1. The matrix: every cell is one check.
table=$(mk -j2 test-matrix MATRIX_ROWS="$rows" GLIBC_ROWS="$glibc_rows" 2>&1)
echo "$table"
for res in "$work"/matrix/*.res; do
	[ -e "$res" ] || { t_fail "matrix" "no cell ran: $(echo "$table" | tail -n 5)"; break; }
	cell=$(basename "$res" .res)		# ARCH.CC.LIBC.VARIANT.OLEVEL
	IFS=. read -r arch cc libc variant olevel <<< "$cell"
	name="$libc $arch $cc -$olevel${variant:+ $variant}"
	value=$(cat "$res")
	dir="$work/matrix/$arch-$cc-$libc$olevel$variant"
	case "$value" in
	0) t_ok "$name" ;;
	BUILD-FAIL)
		t_fail "$name" "build failed: $(grep -m3 -E 'error|undefined' "$dir/build.log" | tr '\n' ' ')" ;;
	RUN-FAIL)
		t_fail "$name" "crashed or hung: $(tail -n 3 "$dir/run.log" | tr '\n' ' ')" ;;
	*)
		t_fail "$name" "$value failed: $(grep -m3 '\[FAIL\]' "$dir/run.log" | tr -s ' ' | tr '\n' ';')" ;;
	esac
done

# 2. Against the installed sysroot only (-nostdinc -I<sysroot>/include),
# which needs a kernel tree (or Debian's tarball of one) for the UAPI part.
read -r ksrc ktarball <<< "$(mk print-kernel-src)"
if [ -f "$ksrc/Makefile" ] || [ -n "$ktarball" ]; then
	sysroot=yes
	t_run "sysroot x86_64 build and run" mk test-sysroot ARCH=x86_64
else
	sysroot=
	t_skip "sysroot x86_64 build and run" "no kernel source: apt-get install linux-source-6.1"
fi

# 3. hello world: plain #include lines, both ways; puts variant <= 1 KiB.
if [ -z "$sysroot" ]; then
	t_skip "hello-size" "no kernel source for the sysroot"
elif out=$(mk hello-size ARCH=x86_64 2>&1); then
	echo "$out"
	for way in include sysroot; do
		size=$(echo "$out" | awk -v w="$way" '$4 == "hello-puts" && $5 == w { print $6 }')
		if [ -n "$size" ] && [ "$size" -le 1024 ]; then
			t_ok "hello-puts x86_64 $way: $size bytes <= 1024"
		else
			t_fail "hello-puts x86_64 $way" "size '$size' > 1024"
		fi
		size=$(echo "$out" | awk -v w="$way" '$4 == "hello-printf" && $5 == w { print $6 }')
		if [ -n "$size" ] && [ "$size" -le 4096 ]; then
			t_ok "hello-printf x86_64 $way: $size bytes <= 4096"
		else
			t_fail "hello-printf x86_64 $way" "size '$size' > 4096"
		fi
	done
else
	t_fail "hello-size" "$(echo "$out" | tail -n 5)"
fi

# 4. One errno (and environ) in a program of two object files: the
# selftest is nolibc-test.c + errno-peer.c; run only those tests.
bin="$work/matrix/x86_64-gcc-nolibcO2/nolibc-test"
if [ -x "$bin" ]; then
	out=$(NOLIBC_TEST='startup:errno_*,environ_peer' "$bin" 2>&1)
	n=$(echo "$out" | grep -c '\[OK\]')
	if [ "$n" -eq 4 ] && echo "$out" | grep -q '4 passed, 0 failed'; then
		t_ok "errno shared by two object files"
	else
		t_fail "errno shared by two object files" "$(echo "$out" | grep -E 'FAIL|passed' | tr '\n' ' ')"
	fi
	# 5. the selection syntax
	out=$("$bin" string:strlen,strcmp stdio:3 2>&1)
	t_eq "selection runs the named tests" "3 passed, 0 failed, 0 skipped" \
		"$(echo "$out" | sed -n 's/^nolibc-test: //p')"
	t_fails "selection rejects unknown names" "bad test selection" "$bin" nosuchcategory
	# every test alone: no test may lean on another one's side effects
	bad=()
	for t in $("$bin" --list); do
		out=$(timeout 20 "$bin" "$t" < /dev/null 2>&1 | sed -n 's/^nolibc-test: //p')
		case "$out" in
		"1 passed, 0 failed, 0 skipped" | "0 passed, 0 failed, 1 skipped") ;;
		*) bad+=("$t (${out:-no summary})") ;;
		esac
	done
	if [ "${#bad[@]}" -eq 0 ]; then
		t_ok "each of $("$bin" --list | wc -l) tests passes when selected alone"
	else
		t_fail "each test passes when selected alone" "${#bad[@]} do not: ${bad[*]:0:5}"
	fi
else
	t_fail "errno shared by two object files" "no x86_64 gcc -O2 binary"
fi

# 6. NOLIBC_IGNORE_ERRNO builds, and no call writes errno then.
t_run "NOLIBC_IGNORE_ERRNO x86_64" mk test-ignore-errno ARCH=x86_64
# NOLIBC_STRERROR_TEXTS: strerror, %m and perror say glibc's texts (the
# matrix above checks the default, "errno=N").
out=$(mk test ARCH=x86_64 OPT=-Os VARIANT=texts EXTRA_CFLAGS=-DNOLIBC_STRERROR_TEXTS \
	NOLIBC_TEST='stdio:strerror*,fmt_m*,perror' 2>&1 | sed -n 's/^nolibc-test: //p')
t_eq "NOLIBC_STRERROR_TEXTS x86_64: glibc's texts" "13 passed, 0 failed, 0 skipped" "$out"

# 7. Standard #include lines next to nolibc, with -Werror, both ways.
if [ -n "$sysroot" ]; then
	t_run "standard includes x86_64 gcc" mk test-includes ARCH=x86_64
	have clang && t_run "standard includes x86_64 clang" mk test-includes ARCH=x86_64 CC_KIND=clang
	if have i686-linux-gnu-gcc && have qemu-i386-static; then
		t_run "standard includes i386 gcc" mk test-includes ARCH=i386
	fi
else
	t_skip "standard includes" "no kernel source for the sysroot"
fi
# Every public header included alone and first, -nostdinc against the
# sysroot, builds without a warning: x86_64 and a 32-bit ABI.
each_header() {
	local arch="$1" out n
	out=$(mk test-each-header ARCH="$arch" 2>&1)
	n=$(echo "$out" | grep -c '^ok - ')
	if echo "$out" | grep -q '^not ok'; then
		t_fail "each header alone ($arch)" "$(echo "$out" | grep -m3 '^not ok' | tr '\n' ' ')"
	elif [ "$n" -ge 38 ]; then
		t_ok "each of $n headers alone ($arch, sysroot)"
	else
		t_fail "each header alone ($arch)" "only $n ok: $(echo "$out" | tail -n 3 | tr '\n' ' ')"
	fi
}
if [ -n "$sysroot" ]; then
	each_header x86_64
	have i686-linux-gnu-gcc && each_header i386
else
	t_skip "each header alone" "no kernel source for the sysroot"
fi
if have i686-linux-gnu-gcc && have qemu-i386-static; then
	t_run "NOLIBC_IGNORE_ERRNO i386" mk test-ignore-errno ARCH=i386
fi
# -Wformat sees the printf and scanf families: a bad call warns, a good
# program builds with -Werror.
t_run "format attributes x86_64 gcc" mk test-format ARCH=x86_64
have clang && t_run "format attributes x86_64 clang" mk test-format ARCH=x86_64 CC_KIND=clang
# A header nolibc lacks stops the build at its first error, which names
# the header, instead of the host's glibc header clashing with our types
# further on: with -include, a static assertion whose text is the host
# header's path (most glibc headers), or the poisoned guard of glibc's
# <bits/types.h> under an include chain naming it (those that need
# glibc's internal types first); through the sysroot, "No such file".
# $1 name, $2 what the first error must say, $3 what the output must say
# somewhere (or ""), then the compiler command.
missing_header() {
	local name="$1" first="$2" anywhere="$3" out rc=0
	shift 3
	out=$("$@" -c -o "$work/missing-header.o" "$TOP/nolibc/tests/missing-header.c" 2>&1) || rc=$?
	if [ "$rc" -ne 0 ] && echo "$out" | grep -m1 'error:' | grep -Eq "$first" &&
	   { [ -z "$anywhere" ] || echo "$out" | grep -Eq "$anywhere"; }; then
		t_ok "$name"
	else
		t_fail "$name" "status $rc: $(echo "$out" | grep -m2 -E 'error' | tr '\n' ' ')"
	fi
}
for cc in gcc clang; do
	have "$cc" || continue
	inc=("$cc" -nostdlib -static -include "$TOP/nolibc/nolibc.h")
	missing_header "missing header named by the first error ($cc, -include)" \
		'nolibc does not provide this header.*/sys/epoll\.h' "" "${inc[@]}"
	missing_header "missing header named by the include chain ($cc, -include)" \
		'poisoned' 'from [^ ]*/netinet/in\.h:' "${inc[@]}" -DMISSING_HEADER='<netinet/in.h>'
	t_run "a header nolibc has passes the same program ($cc, -include)" \
		"${inc[@]}" -DMISSING_HEADER='<stdlib.h>' -c -o "$work/missing-header.o" \
		"$TOP/nolibc/tests/missing-header.c"
	[ -n "$sysroot" ] && missing_header "missing header stops the build ($cc, sysroot)" \
		'sys/epoll\.h.*(No such file|not found)' "" "$cc" -nostdlib -nostdinc -static \
		-I"$work/sysroot-x86_64/include"
done
if have i686-linux-gnu-gcc; then
	missing_header "missing header named by the first error (i386 gcc, -include)" \
		'nolibc does not provide this header.*/sys/epoll\.h' "" \
		i686-linux-gnu-gcc -nostdlib -static -include "$TOP/nolibc/nolibc.h"
fi

# 8. As PID 1 (of a PID and mount namespace): mounts, runs, powers off.
if [ -x "$bin" ] && [ "$(id -u)" = 0 ] && unshare -fpm true 2> /dev/null; then
	out=$(cd / && timeout 120 unshare -fpm --mount-proc "$bin" 2>&1)
	if echo "$out" | grep -q 'nolibc-test: [0-9]* passed, 0 failed' &&
	   echo "$out" | grep -q 'powering off'; then
		t_ok "selftest as PID 1"
	else
		t_fail "selftest as PID 1" "$(echo "$out" | grep -E 'FAIL|pid1|passed|power' | head -n 5 | tr '\n' ' ')"
	fi
else
	t_skip "selftest as PID 1" "needs root and unshare of PID/mount namespaces"
fi

# 9. The stack protector: an overflow caught at each -fstack-protector
# level as with glibc, and the selftest with -fstack-protector-all. Each
# line the script prints is one check (it says itself what it skips).
stackprot() {
	local tag="$1" line
	shift
	while IFS= read -r line; do
		case "$line" in
		"ok - "*) t_ok "stack protector $tag: ${line#ok - }" ;;
		"not ok - "*) t_fail "stack protector $tag" "${line#not ok - }" ;;
		"skip - "*) t_skip "stack protector $tag" "${line#skip - }" ;;
		esac
	done < <(mk test-stackprot "$@" 2>&1)
}
stackprot "x86_64 gcc" ARCH=x86_64
have clang && stackprot "x86_64 clang" ARCH=x86_64 CC_KIND=clang
if have i686-linux-gnu-gcc && have qemu-i386-static; then
	stackprot "i386 gcc" ARCH=i386
fi

t_done

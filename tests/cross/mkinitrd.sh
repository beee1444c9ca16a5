#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# mkinitrd: sizes, W^X, the archive's contents, reproducibility, the init
# staying alive, and one-line errors for bad input.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"

mk="$TOP/mkinitrd/mkinitrd.sh"
t_tmpdir
tmp="$T_TMP"

# has_rwx_segment FILE: true when a LOAD segment is writable and executable.
has_rwx_segment() {
	readelf -lW "$1" | awk '$1 == "LOAD" && $(NF - 1) ~ /W/ && $(NF - 1) ~ /E/ { found = 1 } END { exit !found }'
}

# newc_names FILE: member names of a newc archive, read with cpio(1).
newc_names() {
	cpio -it --quiet < "$1" 2>/dev/null
}

for arch in $(arch_nolibc_list); do
	out="$tmp/$arch"
	if ! command -v "$(arch_cc "$arch")" >/dev/null; then
		t_skip "mkinitrd $arch" "no $(arch_cc "$arch") (apt-get install $(arch_get "$arch" cc_pkg))"
		continue
	fi
	t_run "mkinitrd $arch builds" "$mk" --arch "$arch" --output "$out" --compress gz,xz,zst
	[ -e "$out/init" ] || continue
	limit=1024
	[ "$arch" = x86_64 ] && limit=512
	size=$(stat -c %s "$out/init")
	if [ "$size" -le "$limit" ]; then
		t_ok "$arch init is $size bytes (<= $limit)"
	else
		t_fail "$arch init size" "$size bytes > $limit"
	fi
	if has_rwx_segment "$out/init"; then
		t_fail "$arch init W^X" "a LOAD segment is RWX: $(readelf -lW "$out/init" | grep LOAD)"
	else
		t_ok "$arch init has no RWX segment"
	fi
	t_eq "$arch libc is nolibc" nolibc "$(cat "$out/libc")"
	t_eq "$arch initrd members" "dev dev/console init" "$(newc_names "$out/initrd.cpio" | tr '\n' ' ' | sed 's/ $//')"
	listing=$(cpio -itv --quiet < "$out/initrd.cpio" 2>/dev/null)
	if printf '%s\n' "$listing" | grep -Eq '^crw------- +1 root +root +5, +1 .* dev/console$'; then
		t_ok "$arch /dev/console is char 5,1 owned by root"
	else
		t_fail "$arch /dev/console" "listing: $listing"
	fi
	if printf '%s\n' "$listing" | grep -Eq '^-rwxr-xr-x .* init$'; then
		t_ok "$arch /init is 0755"
	else
		t_fail "$arch /init mode" "listing: $listing"
	fi
	for ext in gz xz zst; do
		case $ext in gz) dec="gzip -dc" ;; xz) dec="xz -dc" ;; zst) dec="zstd -qdc" ;; esac
		if $dec "$out/initrd.cpio.$ext" | cmp -s - "$out/initrd.cpio"; then
			t_ok "$arch initrd.cpio.$ext decompresses to initrd.cpio"
		else
			t_fail "$arch initrd.cpio.$ext" "does not decompress to initrd.cpio"
		fi
	done
	"$mk" --arch "$arch" --output "$out.again" --compress gz,xz,zst 2>/dev/null
	for f in init initrd.cpio initrd.cpio.gz initrd.cpio.xz initrd.cpio.zst; do
		if cmp -s "$out/$f" "$out.again/$f"; then
			t_ok "$arch $f is byte-for-byte reproducible"
		else
			t_fail "$arch $f reproducible" "two builds differ"
		fi
	done
done

xsize=$(stat -c %s "$tmp/x86_64/initrd.cpio" 2>/dev/null || echo 0)
if [ "$xsize" -gt 0 ] && [ "$xsize" -le 1024 ]; then
	t_ok "x86_64 initrd.cpio is $xsize bytes (<= 1024)"
else
	t_fail "x86_64 initrd.cpio size" "$xsize bytes"
fi

# The init runs: alive after a few seconds and it spent CPU time
# (schedstat's first field: nanoseconds on a CPU, user and system).
for arch in x86_64 i386; do
	bin="$tmp/$arch/init"
	[ -x "$bin" ] || continue
	runner=$(arch_get "$arch" qemu_user)
	[ "$arch" = "$(arch_host)" ] && runner=""
	if [ -n "$runner" ] && ! command -v "$runner" >/dev/null; then
		t_skip "$arch init runs" "no $runner (apt-get install qemu-user-static)"
		continue
	fi
	$runner "$bin" > "$tmp/$arch.out" 2>&1 &
	pid=$!
	sleep 3.5
	if kill -0 "$pid" 2>/dev/null; then
		t_ok "$arch init is still running after 3.5s"
		ns=$(awk '{ print $1 }' "/proc/$pid/schedstat")
		if [ "$ns" -ge 2000000 ]; then
			t_ok "$arch init spent ${ns}ns on a CPU in 3.5s (>= 2ms)"
		else
			t_fail "$arch init CPU time" "only ${ns}ns in 3.5s"
		fi
		kill "$pid"
	else
		t_fail "$arch init runs" "exited early: $(cat "$tmp/$arch.out")"
	fi
	wait "$pid" 2>/dev/null
	t_eq "$arch init banner" "torture-init: running" "$(cat "$tmp/$arch.out")"
done

# The glibc build of the same source: proves init.c needs no nolibc.
t_run "init builds and packs with static glibc" "$mk" --arch x86_64 --libc glibc --output "$tmp/glibc"
t_eq "glibc initrd records its libc" glibc "$(cat "$tmp/glibc/libc" 2>/dev/null)"

# --init-binary: a prebuilt static program for the arch goes in as /init,
# unchanged; anything else is refused before an initrd is written.
if [ -x "$tmp/x86_64/init" ]; then
	t_run "--init-binary packs a static x86_64 program" \
		"$mk" --arch x86_64 --init-binary "$tmp/x86_64/init" --output "$tmp/prebuilt"
	t_eq "--init-binary records a prebuilt libc" prebuilt "$(cat "$tmp/prebuilt/libc" 2>/dev/null)"
	t_eq "--init-binary initrd members" "dev dev/console init" \
		"$(newc_names "$tmp/prebuilt/initrd.cpio" 2>/dev/null | tr '\n' ' ' | sed 's/ $//')"
	t_fails "--init-binary of another arch is refused" "is not a s390x program: ELF 64-bit LSB .*x86-64" \
		"$mk" --arch s390x --init-binary "$tmp/x86_64/init" --output "$tmp/bad-arch"
	[ -e "$tmp/bad-arch/initrd.cpio" ] && t_fail "refused --init-binary leaves nothing" "initrd written"
fi
t_fails "--init-binary of a dynamic program is refused" "is not statically linked" \
	"$mk" --arch "$(arch_host)" --init-binary /bin/true --output "$tmp/bad-dyn"
printf '#!/bin/sh\n' > "$tmp/script"
t_fails "--init-binary of a script is refused" "is not a x86_64 program: POSIX shell script" \
	"$mk" --arch x86_64 --init-binary "$tmp/script" --output "$tmp/bad-script"
t_fails "--init-binary of a missing file is refused" "init binary .*/none. not readable" \
	"$mk" --arch x86_64 --init-binary "$tmp/none" --output "$tmp/bad-none"

# Bad input: one line, nonzero, and no initrd left behind.
t_fails "unknown arch is refused" "unknown arch 'vax'.*known:" "$mk" --arch vax --output "$tmp/bad1"
t_fails "unknown libc is refused" "unknown libc" "$mk" --arch x86_64 --libc bionic --output "$tmp/bad2"
t_fails "missing cross compiler names its package" \
	"nosuch-linux-gnu-gcc not found; install it: apt-get install" \
	"$mk" --arch x86_64 --cross-compile nosuch-linux-gnu- --output "$tmp/bad3"
printf 'int main(void) { return this_does_not_compile; }\n' > "$tmp/broken.c"
t_fails "init that does not compile shows the compiler error" \
	"this_does_not_compile.*|compiling .* failed" "$mk" --arch x86_64 --init "$tmp/broken.c" --output "$tmp/bad4"
if [ -e "$tmp/bad4/initrd.cpio" ] || [ -e "$tmp/bad4/init" ]; then
	t_fail "failed build leaves nothing" "$(ls -A "$tmp/bad4")"
else
	t_ok "a failed build leaves no init or initrd behind"
fi
if [ -n "$(ls -A "$tmp/bad4" 2>/dev/null)" ]; then
	t_fail "failed build cleans its scratch folder" "$(ls -A "$tmp/bad4")"
else
	t_ok "a failed build removes its scratch folder"
fi
mkdir -p "$tmp/ro"
chmod 0555 "$tmp/ro"
if [ "$(id -u)" -eq 0 ]; then
	# root writes anywhere; a path under a regular file cannot be made
	touch "$tmp/file"
	t_fails "unwritable output folder is refused" "not writable" "$mk" --arch x86_64 --output "$tmp/file/sub"
else
	t_fails "unwritable output folder is refused" "not writable" "$mk" --arch x86_64 --output "$tmp/ro/sub"
fi
# An arch nolibc lacks: --libc auto falls back to a static libc, and says
# so. Every row of arches.tsv has nolibc, so a scratch copy of the table
# (ARCH_TABLE, configs/arch.sh) gets one more: x86_64's facts under the
# name "nolibcless" with nolibc "no", whose init this machine can run.
nolibc_col=$(arch_column_index nolibc)
awk -F'\t' -v OFS='\t' -v c="$nolibc_col" '
	{ print }
	$1 == "x86_64" { $1 = "nolibcless"; $3 = "-"; $c = "no"; print }' \
	"$ARCH_TABLE" > "$tmp/arches.tsv"
rc=0
msg=$(ARCH_TABLE="$tmp/arches.tsv" "$mk" --arch nolibcless --output "$tmp/fallback" 2>&1) || rc=$?
t_eq "fallback: an arch nolibc lacks builds" 0 "$rc"
if grep -q "nolibcless: nolibc does not support nolibcless yet, using static glibc" <<< "$msg"; then
	t_ok "fallback: says it uses static glibc"
else
	t_fail "fallback: says it uses static glibc" "$msg"
fi
t_eq "fallback: records glibc" glibc "$(cat "$tmp/fallback/libc" 2>/dev/null)"
case "$(file -b "$tmp/fallback/init" 2>/dev/null)" in
*"statically linked"*) t_ok "fallback: the init is static" ;;
*) t_fail "fallback: the init is static" "$(file -b "$tmp/fallback/init" 2>&1)" ;;
esac
t_eq "fallback: initrd members" "dev dev/console init" \
	"$(newc_names "$tmp/fallback/initrd.cpio" | tr '\n' ' ' | sed 's/ $//')"
# it runs: the banner within 20 s (polled; a loaded machine is slow to
# start it), then it is stopped
if [ -x "$tmp/fallback/init" ]; then
	"$tmp/fallback/init" > "$tmp/fallback.out" 2>&1 &
	pid=$!
	for _ in $(seq 200); do [ -s "$tmp/fallback.out" ] && break; sleep 0.1; done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	t_eq "fallback: the init runs" "torture-init: running" "$(cat "$tmp/fallback.out")"
fi
t_fails "--libc nolibc on an arch nolibc lacks names the supported ones" \
	"nolibc does not support nolibcless \(supported: x86_64 i386" \
	env ARCH_TABLE="$tmp/arches.tsv" "$mk" --arch nolibcless --libc nolibc --output "$tmp/bad5"
# Neither nolibc nor a static libc: a cross compiler without its libc (as
# Debian's gcc-ARCH-linux-gnu installs without the libc6-dev-ARCH-cross it
# only recommends), here gcc that finds no libc.a (gcc then prints the bare
# name). Refused before any build, naming the package to install.
mkdir -p "$tmp/nolibcless-bin"
cat > "$tmp/nolibcless-bin/nolibcless-linux-gnu-gcc" <<'EOF'
#!/bin/sh
for a; do
	[ "$a" != -print-file-name=libc.a ] || { echo libc.a; exit 0; }
done
exec gcc "$@"
EOF
chmod +x "$tmp/nolibcless-bin/nolibcless-linux-gnu-gcc"
t_fails "fallback without a static libc names the package" \
	"nolibc does not support nolibcless and nolibcless-linux-gnu-gcc has no static libc to fall back on: install the libc6-dev-\*-cross package for nolibcless-linux-gnu" \
	env ARCH_TABLE="$tmp/arches.tsv" PATH="$tmp/nolibcless-bin:$PATH" \
	"$mk" --arch nolibcless --cross-compile nolibcless-linux-gnu- --output "$tmp/bad6"
if [ -e "$tmp/bad6/initrd.cpio" ] || [ -e "$tmp/bad6/init" ]; then
	t_fail "fallback without a static libc leaves nothing" "$(ls -A "$tmp/bad6")"
else
	t_ok "fallback without a static libc leaves nothing"
fi

t_done

#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The layers depend one way, each only on those below it:
#
#   kvm-scripts/  uses mkinitrd, init, nolibc, configs
#   mkinitrd/     uses init, nolibc, configs
#   init/         uses nolibc, configs
#   nolibc/       uses configs
#   configs/      uses nothing
#
# so that nolibc can go upstream, or be built, without the torture
# scripts. A file of a layer must not name a folder above it: not as
# $(TOP)/X/, $PROJECT_TOP/X/ or ../X/, nor as a bare X/ (a command run from
# the top, or a comment that leans on it). READMEs are left out: they say
# who uses a layer. configs/ is checked in its code lines only: its tables'
# comments name the scripts that read a column.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"

# A folder named as a path: at a word's start, or after a top ($(TOP)/,
# $PROJECT_TOP/, ${TOP}/) or a step up (../). Not after any other folder:
# .../rcutorture/bin/mkinitrd.sh or $src/init/main.c are the kernel's.
ref_re() {
	printf '(^|[[:space:]"'\''=(:`]|TOP[)}]?/|\\.\\./)(%s)/' "$1"
}

# upward DIR CODE_ONLY NAME...: "FILE:LINE: TEXT" for each line under DIR
# (README.md left out) that names one of NAME as a folder; CODE_ONLY set:
# lines that are comments (#, *, /*, //) are left out.
upward() {
	local dir="$1" code_only="$2" names
	shift 2
	names=$(IFS='|'; echo "$*")
	find "$dir" -type f ! -name '*.md' -print0 | sort -z |
		xargs -0 grep -n -I -E -H -- "$(ref_re "$names")" 2> /dev/null |
		if [ -n "$code_only" ]; then
			grep -v -E '^[^:]*:[0-9]+:[[:space:]]*(#|\*|/\*|//)'
		else
			cat
		fi
}

# The scan itself, on planted lines: each way of naming a folder is found,
# the kernel's own paths are not.
mkdir -p "$tmp/plant"
cat > "$tmp/plant/Makefile" <<'EOF'
a:
	bash $(TOP)/kvm-scripts/cache.sh
	. "$PROJECT_TOP/init/init.c"
	cat $(NOLIBC_DIR)/../mkinitrd/x
	kvm-scripts/kvm.sh --help
# a comment on kvm-scripts/lava.sh
	cat $(src)/tools/testing/selftests/rcutorture/bin/mkinitrd.sh $(src)/init/main.c
	echo mkinitrd.sh init.c
EOF
t_eq "the scan finds each way of naming a folder" "2 3 4 5 6" \
	"$(upward "$tmp/plant" "" kvm-scripts mkinitrd init | cut -d: -f2 | paste -s -d ' ')"
t_eq "the scan of code lines leaves out comments" "2 3 4 5" \
	"$(upward "$tmp/plant" yes kvm-scripts mkinitrd init | cut -d: -f2 | paste -s -d ' ')"

# check LAYER CODE_ONLY ABOVE...
check() {
	local layer="$1" code_only="$2" found
	shift 2
	if [ ! -d "$TOP/$layer" ]; then
		t_fail "$layer/ names no layer above it" "no $TOP/$layer"
		return
	fi
	found=$(cd "$TOP" && upward "$layer" "$code_only" "$@")
	if [ -z "$found" ]; then
		t_ok "$layer/ names no layer above it ($*)"
	else
		t_fail "$layer/ names no layer above it ($*)" "$(head -n 5 <<< "$found" | paste -s -d '|')"
	fi
}

check configs yes nolibc init mkinitrd kvm-scripts
check nolibc "" init mkinitrd kvm-scripts
check init "" mkinitrd kvm-scripts
check mkinitrd "" kvm-scripts

# What nolibc took from kvm-scripts/ before, now from configs/cache.sh:
# its kernel-tree target extracts linux-source into the cache under the
# lock kvm.sh takes for the same tree, so the two take turns. A stand-in
# tarball; the kvm side holds the lock until told to let go.
if ! command -v make > /dev/null; then
	t_skip "nolibc kernel-tree waits for kvm.sh's extraction lock" "no make (scripts/deps.sh base)"
	t_done
	exit
fi
mkdir -p "$tmp/tree/linux-x/kernel"
echo "VERSION = 9" > "$tmp/tree/linux-x/Makefile"
tar -cJf "$tmp/linux-x.tar.xz" -C "$tmp/tree" linux-x
# where make puts the tree: the cache's linux-source-X.Y of the newest
# installed (or 6.1)
read -r dest _ < <(NOLIBC_TORTURE_CACHE="$tmp/cache" make -s -C "$TOP/nolibc" print-kernel-src \
	KERNEL_TARBALL="$tmp/linux-x.tar.xz" 2> /dev/null)
hold() {
	touch "$tmp/held"
	for _ in $(seq 1200); do [ -e "$tmp/go" ] && return 0; sleep 0.1; done
}
(
	# shellcheck source=../../kvm-scripts/cache.sh
	source "$TOP/kvm-scripts/cache.sh"
	cache_with_lock "$dest.lock" "the test's hold" hold
) &
holder=$!
for _ in $(seq 300); do [ -e "$tmp/held" ] && break; sleep 0.1; done
NOLIBC_TORTURE_CACHE="$tmp/cache" make -s -C "$TOP/nolibc" kernel-tree \
	KERNEL_TARBALL="$tmp/linux-x.tar.xz" > "$tmp/make.log" 2>&1 &
maker=$!
for _ in $(seq 1200); do
	grep -q 'waiting for' "$tmp/make.log" || ! kill -0 "$maker" 2> /dev/null && break
	sleep 0.1
done
if [[ $dest == "$tmp/cache/src/linux-source-"* ]] &&
   grep -q "^cache: waiting for the extraction of linux-x.tar.xz: .* holds $dest.lock" "$tmp/make.log" &&
   [ ! -e "$dest" ]; then
	t_ok "nolibc kernel-tree waits for kvm.sh's lock on the tree"
else
	t_fail "nolibc kernel-tree waits for kvm.sh's lock on the tree" "$(paste -s -d '|' "$tmp/make.log")"
fi
touch "$tmp/go"
wait "$holder"
rc=0
wait "$maker" || rc=$?
t_eq "then extracts it: make's status, the tree" "0 VERSION = 9" "$rc $(cat "$dest/Makefile" 2> /dev/null)"

t_done

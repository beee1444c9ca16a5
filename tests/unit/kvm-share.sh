#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Shared builds (kvm-scripts/share.sh): the order that keeps rebuilds
# small, the copy out of the shared tree, and kvm.sh building every
# scenario of an arch in one tree, the next batch's kernels while the
# current batch boots, with a stub make and QEMU (tests/kvm-lib.sh).
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/kvm-scripts/functions.sh"
source "$TOP/kvm-scripts/share.sh"

# 1. Option sets: the last assignment wins, =n is kept, comments go.
printf '%s\n' '# c' CONFIG_A=y CONFIG_B=n CONFIG_C=8 > "$tmp/f1"
printf '%s\n' CONFIG_C=4 CONFIG_D=n > "$tmp/f2"
t_eq "share_config_set: merged, sorted, later wins" \
	"CONFIG_A=y CONFIG_B=n CONFIG_C=4 CONFIG_D=n" \
	"$(share_config_set "$tmp/f1" "$tmp/f2" | tr '\n' ' ' | sed 's/ $//')"

# 2. Distance: options set differently, or set by one side only.
mkdir -p "$tmp/sets"
printf '%s\n' CONFIG_A=y CONFIG_B=y > "$tmp/sets/x"
printf '%s\n' CONFIG_A=y CONFIG_B=n CONFIG_C=y > "$tmp/sets/y"
t_eq "share_distance: one changed, one added" 2 "$(share_distance "$tmp/sets/x" "$tmp/sets/y")"
t_eq "share_distance: symmetric" 2 "$(share_distance "$tmp/sets/y" "$tmp/sets/x")"
t_eq "share_distance: to itself" 0 "$(share_distance "$tmp/sets/x" "$tmp/sets/x")"

# 3. Order: A sets nothing, D one option, B one other, C two. From A
# (fewest) both D and B are 1 away: the given order breaks the tie (D);
# from D, B is 2 away and C 3; then C.
: > "$tmp/sets/A"
printf '%s\n' CONFIG_X=y > "$tmp/sets/B"
printf '%s\n' CONFIG_X=y CONFIG_Y=y > "$tmp/sets/C"
printf '%s\n' CONFIG_Z=y > "$tmp/sets/D"
t_eq "share_order: fewest first, then nearest" "A D B C" \
	"$(share_order "$tmp/sets" C D B A | tr '\n' ' ' | sed 's/ $//')"
t_eq "share_order: one name" "B" "$(share_order "$tmp/sets" B)"

# 4. Publishing: image, config, System.map; the stamp only when the copy
# is whole.
tree="$tmp/tree" dest="$tmp/dest"
mkdir -p "$tree/arch/x86/boot"
echo image > "$tree/arch/x86/boot/bzImage"
echo CONFIG_A=y > "$tree/.config"
echo "ffffffff81000000 T _text" > "$tree/System.map"
share_publish "$tree" "$dest" arch/x86/boot/bzImage
t_eq "share_publish: the image at its path" image "$(cat "$dest/arch/x86/boot/bzImage" 2> /dev/null)"
t_eq "share_publish: .config and System.map" "CONFIG_A=y ffffffff81000000 T _text" \
	"$(cat "$dest/.config" "$dest/System.map" 2> /dev/null | tr '\n' ' ' | sed 's/ $//')"
t_run "share_publish: stamped" test -e "$dest/.built"
t_fails "share_publish: no image, an error" '' share_publish "$tree" "$tmp/dest2" arch/x86/boot/nothing
t_run "share_publish: no image, no stamp" test ! -e "$tmp/dest2/.built"

# 5. kvm.sh with stubs. A make in front of the stub records the folder
# and niceness of each image build.
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
kvm_stubs
mkdir -p "$tmp/bin2"
cat > "$tmp/bin2/make" <<EOF
#!/bin/bash
for a in "\$@"; do
	case "\$a" in O=*) o=\${a#O=} ;; bzImage) echo "\$(nice) \$o" >> "$tmp/image-builds" ;; esac
done
exec "$tmp/bin/make" "\$@"
EOF
chmod +x "$tmp/bin2/make"
export PATH="$tmp/bin2:$PATH"
FIX="$TOP/tests/fixtures/console"
args=(--arch x86_64 --kernel-src "$ksrc" --qemu-cmd qemu-stub --accel tcg --duration 10s --cpus 1)

: > "$tmp/image-builds"
STUB_CONSOLE="$FIX/rcu-success.log" run_kvm shared "${args[@]}" --configs "TINY02 TINY01" > /dev/null
t_eq "shared: exit 0" 0 "$rc"
t_eq "shared: two image builds" 2 "$(grep -c . "$tmp/image-builds")"
t_eq "shared: both in one tree" 1 "$(awk '{ print $2 }' "$tmp/image-builds" | sort -u | grep -c '/builds/x86_64/shared-')"
t_eq "shared: each kernel copied into its own folder" 2 \
	"$(find "$NOLIBC_TORTURE_CACHE/builds/x86_64" -path '*/TINY0?-*/.built' | grep -c .)"
t_eq "shared: the summary keeps the order given" "TINY02 TINY01" \
	"$(sed 1d "$tmp/shared/summary.csv" | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
t_eq "shared: runs keeps the order given" "TINY02 TINY01" "$(tr '\n' ' ' < "$tmp/shared/runs" | sed 's/ $//')"
# Pipelined: TINY02 (built first: TINY01 sets fewer options... both set
# five, so the given order) boots before the other kernel is configured.
boot1=$(grep -n ': booting' "$tmp/shared.log" | head -n 1 | cut -d: -f1)
conf2=$(grep -n ': configuring in' "$tmp/shared.log" | sed -n 2p | cut -d: -f1)
if [ -n "$boot1" ] && [ -n "$conf2" ] && [ "$boot1" -lt "$conf2" ]; then
	t_ok "shared: the second kernel is built while the first boots"
else
	t_fail "shared: the second kernel is built while the first boots" "$(cat "$tmp/shared.log")"
fi
t_eq "shared: the first build at our priority, the one beside a boot at nice 19" "$(nice) 19" \
	"$(awk '{ print $1 }' "$tmp/image-builds" | tr '\n' ' ' | sed 's/ $//')"

: > "$tmp/image-builds"
STUB_CONSOLE="$FIX/rcu-success.log" run_kvm again "${args[@]}" --configs "TINY01 TINY02" > /dev/null
t_eq "shared, again: both kernels reused" 0 "$(grep -c . "$tmp/image-builds")"
t_eq "shared, again: SUCCESS twice" 2 "$(grep -c ',SUCCESS,' "$tmp/again/summary.csv")"

: > "$tmp/image-builds"
STUB_CONSOLE="$FIX/rcu-success.log" run_kvm indep "${args[@]}" --configs "TINY01 TINY02" \
	--independent-builds --trust-make > /dev/null
t_eq "independent: two image builds" 2 "$(grep -c . "$tmp/image-builds")"
t_eq "independent: each in the scenario's own folder" "TINY01 TINY02" \
	"$(awk '{ print $2 }' "$tmp/image-builds" | sed 's|.*/||; s|-.*||' | tr '\n' ' ' | sed 's/ $//')"
boot1=$(grep -n ': booting' "$tmp/indep.log" | head -n 1 | cut -d: -f1)
built2=$(grep -n ': built in' "$tmp/indep.log" | sed -n 2p | cut -d: -f1)
if [ -n "$boot1" ] && [ -n "$built2" ] && [ "$built2" -lt "$boot1" ]; then
	t_ok "independent: every kernel built before the first boot"
else
	t_fail "independent: every kernel built before the first boot" "$(cat "$tmp/indep.log")"
fi

# A build that fails in the background is that scenario's BUILD-FAILED;
# the other still boots.
STUB_FAIL=1 STUB_CONSOLE="$FIX/rcu-success.log" run_kvm fail "${args[@]}" --configs "TINY01 TINY02" \
	--trust-make > /dev/null
t_eq "failing builds: exit 1" 1 "$rc"
t_eq "failing builds: both BUILD-FAILED" 2 "$(grep -c ',BUILD-FAILED,' "$tmp/fail/summary.csv")"

t_done

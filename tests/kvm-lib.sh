# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers shared by the tests that drive kvm-scripts/kvm.sh. Source it after
# tests/lib.sh and after t_tmpdir; it works in $T_TMP.

kvm="$TOP/kvm-scripts/kvm.sh"

# refused NAME PATTERN ARGS...: kvm.sh exits 2 with a message matching
# PATTERN, and no results folder or cache was created (nothing started).
# After kvm_stubs, the fake tree is the kernel (ARGS may name another).
refused() {
	local name="$1" pattern="$2" out rc=0
	shift 2
	out=$("$kvm" --results "$T_TMP/results" ${ksrc:+--kernel-src "$ksrc"} "$@" 2>&1) || rc=$?
	if [ "$rc" -ne 2 ]; then
		t_fail "$name" "exit status $rc, expected 2: $out"
	elif ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
		t_fail "$name" "message does not match /$pattern/: $out"
	elif [ -e "$T_TMP/results" ] || [ -e "$T_TMP/cache" ]; then
		t_fail "$name" "something was created before the refusal"
	else
		t_ok "$name"
	fi
}

# run_kvm NAME ARGS...: kvm.sh with results in $T_TMP/NAME, its output
# logged and echoed; sets rc (exit status) and out (output).
run_kvm() {
	local name="$1"
	shift
	rc=0
	"$kvm" --results "$T_TMP/$name" "$@" > "$T_TMP/$name.log" 2>&1 || rc=$?
	# shellcheck disable=SC2034 # read by the calling test
	out=$(cat "$T_TMP/$name.log")
	echo "--- kvm.sh $* (exit $rc)"
	cat "$T_TMP/$name.log"
}

# kvm_fake_tree: a fake kernel tree in $T_TMP/ksrc (sets ksrc): version
# 6.99.1, the scenarios of tests/fixtures/tree (which no ver_functions.sh
# comes with). With it a test's kvm.sh needs no packaged tree extracted.
kvm_fake_tree() {
	ksrc="$T_TMP/ksrc"
	[ ! -e "$ksrc/Makefile" ] || return 0
	mkdir -p "$ksrc/kernel/rcu" "$ksrc/tools/testing/selftests/rcutorture"
	printf '%s\n' "# fake" "VERSION = 6" "PATCHLEVEL = 99" "SUBLEVEL = 1" > "$ksrc/Makefile"
	ln -s "$TOP/tests/fixtures/tree/tools/testing/selftests/rcutorture/configs" \
		"$ksrc/tools/testing/selftests/rcutorture/configs"
}

# kvm_stubs: kvm_fake_tree and, first on
# PATH in $T_TMP/bin, a stub make and a stub QEMU, so kvm.sh runs whole
# without building or booting a kernel. Each logs a line to $STUB_LOG.
# The stub make fails when two makes run in one build folder at once;
# STUB_HOLD=1 holds its image step until $STUB_RELEASE exists; STUB_FAIL=1
# fails it; STUB_SYSTEM_MAP=FILE becomes the build's System.map. The stub
# QEMU ("qemu-stub"): "--version" prints a version; a boot prints
# $STUB_CONSOLE (or $STUB_KVM_CONSOLE when asked for KVM and that is
# set), then $STUB_QEMU_STDERR on stderr, and exits
# $STUB_QEMU_EXIT (default 0); with STUB_CONSOLE_LIST="FILE..." the Nth
# boot in $STUB_LOG prints the Nth file and exits with the Nth word of
# STUB_EXIT_LIST. STUB_QEMU_HANG=1 keeps it running after the console,
# as QEMU does when a guest without ACPI powers off.
kvm_stubs() {
	kvm_fake_tree
	mkdir -p "$ksrc/scripts/kconfig" "$T_TMP/bin"
	cat > "$ksrc/scripts/kconfig/merge_config.sh" <<'EOF'
#!/bin/bash
# merge_config.sh -m -O DIR BASE FRAGMENT: the fragment becomes the .config.
cat "$5" > "$4.merged" && mv "$4.merged" "$3/.config"
EOF
	cat > "$T_TMP/bin/make" <<'EOF'
#!/bin/bash
o="" target=""
for a in "$@"; do
	case "$a" in
	O=*) o=${a#O=} ;;
	*config|bzImage) target=$a ;;
	esac
done
mkdir -p "$o"
# Every make in a build folder holds O/.stub-busy: finding it taken
# means two makes share the folder.
if ! mkdir "$o/.stub-busy" 2> /dev/null; then
	echo "stub make: another make is running in $o" >&2
	echo "collision $target" >> "$STUB_LOG"
	exit 2
fi
echo "$$" > "$o/.stub-busy/pid"
echo "$target" >> "$STUB_LOG"
case "$target" in
tinyconfig|defconfig|*_defconfig) : > "$o/.config" ;;
bzImage)
	if [ "${STUB_HOLD:-}" = 1 ]; then
		# up to 180 s: a second kvm.sh took 45 s to reach the lock
		# under load 30 (2026-12-07); 30 s let the hold end first
		for _ in $(seq 1800); do [ -e "$STUB_RELEASE" ] && break; sleep 0.1; done
	fi
	if [ "${STUB_FAIL:-}" = 1 ]; then
		rm -rf "$o/.stub-busy"
		echo "stub make: error: planned failure" >&2
		exit 2
	fi
	mkdir -p "$o/arch/x86/boot"
	echo kernel > "$o/arch/x86/boot/bzImage"
	[ -z "${STUB_SYSTEM_MAP:-}" ] || cp "$STUB_SYSTEM_MAP" "$o/System.map" ;;
esac
rm -rf "$o/.stub-busy"
EOF
	cat > "$T_TMP/bin/qemu-stub" <<'EOF'
#!/bin/bash
if [ "${1:-}" = --version ]; then
	echo "QEMU emulator version 7.2.0 (stub)"
	exit 0
fi
echo "qemu $*" >> "$STUB_LOG"
console=${STUB_CONSOLE:-/dev/null} status=${STUB_QEMU_EXIT:-0}
case " $* " in
*accel=kvm*) [ -z "${STUB_KVM_CONSOLE:-}" ] || console=$STUB_KVM_CONSOLE ;;
esac
if [ -n "${STUB_CONSOLE_LIST:-}" ]; then
	# The Nth boot logged gets the Nth console and exit status.
	n=$(grep -c '^qemu ' "$STUB_LOG")
	read -ra consoles <<< "$STUB_CONSOLE_LIST"
	read -ra statuses <<< "${STUB_EXIT_LIST:-}"
	console=${consoles[n - 1]:-/dev/null} status=${statuses[n - 1]:-0}
fi
cat "$console"
[ -z "${STUB_QEMU_STDERR:-}" ] || echo "$STUB_QEMU_STDERR" >&2
[ "${STUB_QEMU_HANG:-}" != 1 ] || exec -a "qemu-stub-hang:$STUB_LOG" sleep 600
exit "$status"
EOF
	chmod +x "$T_TMP/bin/make" "$T_TMP/bin/qemu-stub" "$ksrc/scripts/kconfig/merge_config.sh"
	export PATH="$T_TMP/bin:$PATH" STUB_LOG="$T_TMP/stub.log"
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers shared by the tests that drive kvm-scripts/kvm.sh. Source it after
# tests/lib.sh and after t_tmpdir; it works in $T_TMP.

kvm="$TOP/kvm-scripts/kvm.sh"

# refused NAME PATTERN ARGS...: kvm.sh exits 2 with a message matching
# PATTERN, and no results folder or cache was created (nothing started).
refused() {
	local name="$1" pattern="$2" out rc=0
	shift 2
	out=$("$kvm" --results "$T_TMP/results" "$@" 2>&1) || rc=$?
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

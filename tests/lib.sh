# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Helpers for test scripts under tests/. A test script sources this file,
# calls the t_* functions, and ends with t_done. Each check prints one line:
#   ok - NAME
#   not ok - NAME: why
#   skip - NAME: why
# tests/run.sh counts those lines across scripts.

# shellcheck disable=SC2034 # for the test scripts
TOP="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
T_FAILED=0

t_ok() {
	echo "ok - $1"
}

t_fail() {
	echo "not ok - $1: $2"
	T_FAILED=$((T_FAILED + 1))
}

t_skip() {
	echo "skip - $1: $2"
}

# t_eq NAME EXPECTED ACTUAL
t_eq() {
	if [ "$2" = "$3" ]; then
		t_ok "$1"
	else
		t_fail "$1" "expected '$2', got '$3'"
	fi
}

# t_run NAME CMD...: passes when CMD exits 0; shows its output otherwise.
t_run() {
	local name="$1" out
	shift
	if out=$("$@" 2>&1); then
		t_ok "$name"
	else
		t_fail "$name" "'$*' failed: $(printf '%s' "$out" | tail -n 5)"
	fi
}

# t_fails NAME PATTERN CMD...: passes when CMD exits nonzero and its
# output matches the extended regex PATTERN.
t_fails() {
	local name="$1" pattern="$2" out rc=0
	shift 2
	out=$("$@" 2>&1) || rc=$?
	if [ "$rc" -eq 0 ]; then
		t_fail "$name" "'$*' succeeded, expected failure"
	elif ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
		t_fail "$name" "output does not match /$pattern/: $(printf '%s' "$out" | tail -n 3)"
	else
		t_ok "$name"
	fi
}

# t_tmpdir: sets T_TMP to a scratch folder removed when the script exits.
# (Call it directly, not in $(...): the trap must belong to the script.)
t_tmpdir() {
	T_TMP=$(mktemp -d "${TMPDIR:-/tmp}/nt-test.XXXXXX")
	# shellcheck disable=SC2064 # expand now
	trap "rm -rf '$T_TMP'" EXIT
}

# t_extracted_tree K: the linux-source-K tree kvm.sh extracted into the
# cache, or nothing when it has not (yet).
t_extracted_tree() {
	local d="${NOLIBC_TORTURE_CACHE:-$HOME/.cache/nolibc-torture}/src/linux-source-$1"
	[ ! -e "$d/.extracted" ] || echo "$d"
}

# t_listen PORT: starts a process that listens on 127.0.0.1:PORT (0: a
# port the kernel picks) until killed; prints "PID PORT" once it listens,
# or fails when the port cannot be bound.
t_listen() {
	local out pid i
	out=$(mktemp "${TMPDIR:-/tmp}/nt-listen.XXXXXX")
	python3 -c 'import socket, sys, time
s = socket.socket()
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen()
print(s.getsockname()[1], flush=True)
time.sleep(3600)' "$1" > "$out" 2> /dev/null &
	pid=$!
	for ((i = 0; i < 100; i++)); do
		if [ -s "$out" ]; then
			echo "$pid $(cat "$out")"
			rm -f "$out"
			return 0
		fi
		kill -0 "$pid" 2> /dev/null || break
		sleep 0.1
	done
	kill "$pid" 2> /dev/null
	rm -f "$out"
	return 1
}

# t_skips_of PREFIX TABLE: one skip per line of TABLE's "skipped:" list,
# whose lines are "  WHAT: why" (as tests/run-arches.sh and
# tests/kernel-compat.sh of nolibc print them).
t_skips_of() {
	local line
	while read -r line; do
		t_skip "$1 ${line%%: *}" "${line#*: }"
	done < <(printf '%s\n' "$2" | sed -n '/^skipped:/,$p' | sed '1d')
}

t_done() {
	[ "$T_FAILED" -eq 0 ]
}

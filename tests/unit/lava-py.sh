#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm-scripts/lava.py, run as lava.sh runs it: a job's context, the console
# and results out of a lava-run log (and out of a server's YAML log), the
# artifact server of --lava-submit, and its usage.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
lava_py() {
	python3 "$TOP/kvm-scripts/lava.py" "$@"
}

t_fails "no command: the usage" "usage: lava.py context JOB" lava_py
t_fails "an unknown command: the usage" "usage: lava.py" lava_py job "$tmp/x"
t_fails "serve without its PORT_FILE: the usage" "usage: lava.py" lava_py serve 127.0.0.1 "$tmp"

# --- the lava-run log -------------------------------------------------------------

# Every kind of line a lava-run log has, and some it must survive: a line
# that is no JSON, JSON that is no record, a measurement with a YAML tag,
# results without a suite or a result.
cat > "$tmp/log.jsonl" <<'EOF'
{"dt": "2026-12-04T17:07:30.1", "lvl": "info", "msg": "start: 3 lava-test-monitor"}
lava-run: not a record at all
[1, 2]
{"dt": "2026-12-04T17:07:30.2", "lvl": "target", "msg": "[   21.0] rcu-torture: rtc: ver: 331 tfle: 0"}
{"dt": "2026-12-04T17:07:30.3", "lvl": "target", "msg": {"not": "a line"}}
{"dt": "2026-12-04T17:07:37.9", "lvl": "results", "msg": {"case": "ver", "definition": "rcu-x-work", "measurement": ! "331.0", "result": "pass"}}
{"dt": "2026-12-04T17:07:37.9", "lvl": "feedback", "msg": "[   22.3] rcu-torture:--- End of test: SUCCESS"}
{"dt": "2026-12-04T17:07:38.0", "lvl": "input", "msg": "poweroff\n"}
{"dt": "2026-12-04T17:07:38.1", "lvl": "results", "msg": {"case": "end_of_test", "definition": "rcu-x", "result": "pass"}}
{"dt": "2026-12-04T17:07:39.0", "lvl": "results", "msg": {"case": "http-download", "definition": "lava", "result": "pass"}}
{"dt": "2026-12-04T17:07:39.1", "lvl": "results", "msg": {"case": "job", "definition": "lava", "result": "fail"}}
{"dt": "2026-12-04T17:07:39.2", "lvl": "results", "msg": {"case": "odd"}}
EOF
t_eq "console: the target and feedback lines, in order" \
	"[   21.0] rcu-torture: rtc: ver: 331 tfle: 0|[   22.3] rcu-torture:--- End of test: SUCCESS" \
	"$(lava_py console "$tmp/log.jsonl" | paste -s -d '|')"
t_eq "results: a line each, the tagged measurement read, LAVA's own suite but its job left out" \
	"rcu-x-work ver pass 331.0|rcu-x end_of_test pass|lava job fail|? odd ?" \
	"$(lava_py results "$tmp/log.jsonl" | paste -s -d '|')"
: > "$tmp/empty.jsonl"
t_eq "an empty log: no console, no results" "" \
	"$(lava_py console "$tmp/empty.jsonl"; lava_py results "$tmp/empty.jsonl")"
t_fails "a log that is not there: said in a line" "^lava.py: console: .*No such file or directory.*none.jsonl" lava_py console "$tmp/none.jsonl"

# --- what needs python3-yaml --------------------------------------------------------

if ! python3 -c 'import yaml' 2> /dev/null; then
	t_skip "lava.py context and log-from-yaml" "no python3-yaml (scripts/deps.sh lava)"
else
	# A job's context as lava.sh job-qemu writes it: quoted scalars, a
	# number, a list whose items each make a line.
	cat > "$tmp/job.yaml" <<'EOF'
job_name: 'nolibc-torture rcu TINY01 on x86_64'
context:
  arch: x86_64
  machine: 'q35'
  memory: 512
  extra_options:
  - '-smp 2'
  - '-nographic'
  - '-device virtio-rng-pci'
actions: []
EOF
	t_eq "context: KEY=VALUE, a line per list item" \
		"arch=x86_64|machine=q35|memory=512|extra_options=-smp 2|extra_options=-nographic|extra_options=-device virtio-rng-pci" \
		"$(lava_py context "$tmp/job.yaml" | paste -s -d '|')"
	printf 'job_name: x\nactions: []\n' > "$tmp/nocontext.yaml"
	t_eq "context: a job without one gives nothing" "" "$(lava_py context "$tmp/nocontext.yaml")"

	# A server's log (lavacli jobs logs --raw): YAML, whose unquoted dates
	# load as datetimes; back as JSON lines the console and results read.
	cat > "$tmp/log.yaml" <<'EOF'
- {dt: 2026-12-04 17:07:30.2, lvl: target, msg: '[   21.0] rcu-torture: rtc: ver: 331'}
- {dt: 2026-12-04 17:07:37.9, lvl: results, msg: {case: ver, definition: rcu-x-work, measurement: 331.0, result: pass}}
- {dt: 2026-12-04 17:07:38.0, lvl: feedback, msg: "End of test: SUCCESS"}
EOF
	if lava_py log-from-yaml "$tmp/log.yaml" > "$tmp/from-yaml.jsonl" 2> "$tmp/err"; then
		t_eq "log-from-yaml: a JSON line per record" 3 "$(wc -l < "$tmp/from-yaml.jsonl")"
		t_eq "log-from-yaml: the date as text" '"dt": "2026-12-04 17:07:30.200000"' \
			"$(grep -o '"dt": "[^"]*"' "$tmp/from-yaml.jsonl" | head -n 1)"
		t_eq "log-from-yaml: its console" "[   21.0] rcu-torture: rtc: ver: 331|End of test: SUCCESS" \
			"$(lava_py console "$tmp/from-yaml.jsonl" | paste -s -d '|')"
		t_eq "log-from-yaml: its results" "rcu-x-work ver pass 331.0" "$(lava_py results "$tmp/from-yaml.jsonl")"
	else
		t_fail "log-from-yaml" "$(cat "$tmp/err")"
	fi
	: > "$tmp/empty.yaml"
	t_eq "log-from-yaml: an empty log gives nothing" "" "$(lava_py log-from-yaml "$tmp/empty.yaml")"
fi

# --- the artifact server ------------------------------------------------------------

# (a server that stays up instead would hold the test: timeout)
t_run "serve ADDR - -: binds and exits" timeout 120 python3 "$TOP/kvm-scripts/lava.py" serve 127.0.0.1 - -
# (203.0.113.0/24 is for documentation: no machine has it; binding sends nothing)
t_fails "serve on an address not this machine's: the reason, last" \
	"Cannot assign requested address\$" lava_py serve 203.0.113.254 - -
mkdir -p "$tmp/www"
echo "the initrd" > "$tmp/www/initrd.cpio"
# python3 itself in the background, not the function: $! must be the
# server's pid, or the kill below leaves it serving
python3 "$TOP/kvm-scripts/lava.py" serve 127.0.0.1 "$tmp/www" "$tmp/port" > "$tmp/serve.log" 2>&1 &
pid=$!
for _ in $(seq 300); do [ -s "$tmp/port" ] && break; sleep 0.1; done
port=$(cat "$tmp/port" 2> /dev/null)
if [[ $port =~ ^[0-9]+$ ]] && [ "$port" -gt 0 ]; then
	t_ok "serve: the port it listens on, in PORT_FILE"
	if command -v curl > /dev/null; then
		t_eq "serve: the folder's files" "the initrd" "$(curl -s --max-time 10 "http://127.0.0.1:$port/initrd.cpio")"
		t_eq "serve: nothing outside the folder" 404 \
			"$(curl -s -o /dev/null -w "%{http_code}" --path-as-is --max-time 10 "http://127.0.0.1:$port/../port")"
	else
		t_skip "serve: the folder's files" "no curl (scripts/deps.sh base)"
	fi
else
	t_fail "serve: the port it listens on, in PORT_FILE" "got '$port'; log: $(tail -n 3 "$tmp/serve.log")"
fi
kill "$pid" 2> /dev/null
wait "$pid" 2> /dev/null
if [ -n "$port" ] && curl -s -o /dev/null --max-time 10 "http://127.0.0.1:$port/"; then
	t_fail "serve: gone once killed" "port $port still answers"
else
	t_ok "serve: gone once killed"
fi

t_done

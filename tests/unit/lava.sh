#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# LAVA without kernels: kvm.sh refuses bad --lava options before anything
# is built; the job written for every bootable arch passes lava-run
# --validate; and the jobs' console monitors, run by the real lava-run
# against our console fixtures (a stand-in QEMU prints them), give LAVA the
# verdict the fixture was written for.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"
source "$TOP/kvm-scripts/functions.sh"
source "$TOP/kvm-scripts/console.sh"
source "$TOP/kvm-scripts/lava.sh"
# shellcheck source=../../kvm-scripts/plan.sh
source "$TOP/kvm-scripts/plan.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
# the fake tree is the kernel: no packaged tree is extracted into that cache
kvm_fake_tree
fixtures="$TOP/tests/fixtures/console"

# --- refusals ------------------------------------------------------------------

refused "unknown LAVA device kind" "--lava-device must be qemu or tftp, not 'board'" \
	--lava "$tmp/jobs" --lava-device board
refused "unknown arch with --lava" "unknown arch 'vax'" --lava "$tmp/jobs" --arch vax
refused "tftp job without a device type on arm64" "needs --lava-device-type" \
	--lava "$tmp/jobs" --lava-device tftp --arch aarch64
refused "artifact URL with an unknown scheme" "must be file://, http:// or https://" \
	--lava "$tmp/jobs" --lava-artifacts-url "ftp://example.invalid/x"
refused "artifact URL that does not answer" "--lava-artifacts-url http://127.0.0.1:9/a does not answer" \
	--lava "$tmp/jobs" --lava-artifacts-url "http://127.0.0.1:9/a"
refused "artifact folder that does not exist" "does not answer" \
	--lava "$tmp/jobs" --lava-artifacts-url "file://$tmp/no-such-folder"
refused "--lava-local with a tftp job" "runs qemu jobs only" --lava-local --lava-device tftp
refused "a device type YAML cannot hold" "bad --lava-device-type 'a: b'" --lava "$tmp/jobs" --lava-device tftp --lava-device-type "a: b"
refused "--lava-local with --lava-submit" "exclude each other" --lava-local --lava-submit http://127.0.0.1:9/RPC2
refused "--lava with --buildonly" "--lava excludes" --lava "$tmp/jobs" --buildonly
refused "LAVA server that does not answer" "--lava-submit: LAVA server http://u:\*\*\*@127.0.0.1:9/RPC2 refused" \
	--lava-submit "http://u:secret@127.0.0.1:9/RPC2"
# (203.0.113.0/24 is for documentation: no machine has it; binding sends nothing)
refused "an artifact server address that is not this machine's" \
	"--lava-http-addr 203.0.113.254: cannot serve the artifacts there \(.*Cannot assign requested address\)" \
	--lava-submit "http://127.0.0.1:9/RPC2" --lava-http-addr 203.0.113.254
TORTURE_LAVA_HTTP_ADDR=203.0.113.254 refused "the same from TORTURE_LAVA_HTTP_ADDR" \
	"--lava-http-addr 203.0.113.254: cannot serve" --lava-submit "http://127.0.0.1:9/RPC2"
refused "--lava-http-addr without --lava-submit" "--lava-http-addr names where --lava-submit serves" \
	--lava "$tmp/jobs" --lava-http-addr 127.0.0.1
refused "--lava-http-addr with --lava-artifacts-url" "it needs --lava-submit and no --lava-artifacts-url" \
	--lava-submit "http://127.0.0.1:9/RPC2" --lava-artifacts-url "file://$tmp" --lava-http-addr 127.0.0.1

# A stand-in LAVA server (tests/lava-stand-in-server.py) answers
# system.whoami as LAVA does: the user for the right user:token, HTTP 401
# for a wrong one, the anonymous user without one.
if command -v lavacli > /dev/null; then
	"$TOP/tests/lava-stand-in-server.py" "$tmp/rpc.port" "$tmp" tester:good-token > "$tmp/rpc.log" 2>&1 &
	rpc_pid=$!
	for _ in $(seq 50); do [ -s "$tmp/rpc.port" ] && break; sleep 0.1; done
	port=$(cat "$tmp/rpc.port" 2> /dev/null)
	refused "LAVA server that refuses the token" "refused: .*401" \
		--lava-submit "http://tester:bad-token@127.0.0.1:$port/RPC2"
	out=$("$kvm" --results "$tmp/results" --kernel-src "$ksrc" --lava-submit "http://tester:bad-token@127.0.0.1:$port/RPC2" 2>&1)
	if grep -q 'bad-token' <<< "$out"; then
		t_fail "the refused token is not printed" "$out"
	else
		t_ok "the refused token is not printed"
	fi
	refused "LAVA server without a token" "did not take the token \(anonymous\)" \
		--lava-submit "http://127.0.0.1:$port/RPC2"
	if user=$(lava_server_user "http://tester:good-token@127.0.0.1:$port/RPC2" 2>&1); then
		t_eq "LAVA server that takes the token: its user" tester "$user"
	else
		t_fail "LAVA server that takes the token" "$user"
	fi
	kill "$rpc_pid" 2> /dev/null
else
	t_skip "LAVA server token checks" "lavacli is not installed (scripts/deps.sh lava)"
fi

t_eq "a URL's token is hidden in messages" "https://me:***@lava.example/RPC2" \
	"$(lava_url_redacted "https://me:s3cret@lava.example/RPC2")"
t_eq "lavacli's output is redacted" "401 for url: http://me:***@h/RPC2 and https://u:***@x/" \
	"$(echo "401 for url: http://me:s3cret@h/RPC2 and https://u:t@x/" | lava_redact)"
t_eq "LAVA memory sizes in MiB" "512 2048 512 1048576 8" \
	"$(printf '%s ' "$(lava_memory_mb 512M)" "$(lava_memory_mb 2G)" "$(lava_memory_mb 524288k)" "$(lava_memory_mb 1T)" "$(lava_memory_mb 08)" | sed 's/ $//')"

# The console out of a lava-run log: "target" lines, and "feedback" lines
# (what the board printed while LAVA was between actions: often the end of
# a run). Other records are LAVA's own.
cat > "$tmp/log.jsonl" <<'EOF'
{"dt": "2026-12-04T17:07:30.1", "lvl": "info", "msg": "start: 3 lava-test-monitor"}
{"dt": "2026-12-04T17:07:30.2", "lvl": "target", "msg": "[   21.0] rcu-torture: rtc: (____ptrval____) ver: 331 tfle: 0"}
{"dt": "2026-12-04T17:07:37.9", "lvl": "results", "msg": {"case": "ver", "definition": "rcu-x-work", "measurement": ! "331.0", "result": "pass"}}
{"dt": "2026-12-04T17:07:37.9", "lvl": "feedback", "msg": "[   22.3] rcu-torture:--- End of test: SUCCESS: nreaders=1"}
{"dt": "2026-12-04T17:07:38.0", "lvl": "input", "msg": "poweroff\n"}
EOF
t_eq "LAVA log: the console is its target and feedback lines" \
	"[   21.0] rcu-torture: rtc: (____ptrval____) ver: 331 tfle: 0|[   22.3] rcu-torture:--- End of test: SUCCESS: nreaders=1" \
	"$(lava_console "$tmp/log.jsonl" | paste -s -d '|')"
t_eq "LAVA log: a tagged measurement is read" "rcu-x-work ver pass 331.0" "$(lava_results "$tmp/log.jsonl")"

# --- the artifact server of --lava-submit ----------------------------------------

# Its address: the option, else this machine's first address (a stand-in
# hostname gives two), else loopback.
mkdir -p "$tmp/hostname-bin"
cat > "$tmp/hostname-bin/hostname" <<'EOF'
#!/bin/sh
# stand-in: hostname -I prints $STUB_ADDRS
echo "$STUB_ADDRS"
EOF
chmod +x "$tmp/hostname-bin/hostname"
addr_with() {
	PATH="$tmp/hostname-bin:$PATH" STUB_ADDRS="$1" lava_http_addr "$2"
}
t_eq "artifact server address: --lava-http-addr first" 127.0.0.2 "$(addr_with "192.0.2.7 198.51.100.3" 127.0.0.2)"
t_eq "artifact server address: else this machine's first" 192.0.2.7 "$(addr_with "192.0.2.7 198.51.100.3" "")"
t_eq "artifact server address: else loopback" 127.0.0.1 "$(addr_with "" "")"

# serve_on ADDR: lava_serve_artifacts on ADDR, as kvm.sh runs it, from a
# run plan; sets the plan's lava_url and port.
say() { :; }
serve_on() {
	PLAN=([results]="$tmp/serve-$1" [lava_dir]="$tmp/serve-$1/lava" [lava_http_addr]="$1" [lava_url]="")
	lava_http_pid=""
	mkdir -p "${PLAN[lava_dir]}"
	echo "artifact" > "${PLAN[lava_dir]}/initrd.cpio"
	lava_serve_artifacts
	port=$(cat "${PLAN[results]}/lava-http.port" 2> /dev/null)
}
# Served on 127.0.0.2 only: the URL says so, and 127.0.0.1 (any other
# address of the machine) has nothing on that port.
serve_on 127.0.0.2
t_eq "artifact server: the URL names its address" "http://127.0.0.2:$port" "${PLAN[lava_url]}"
t_eq "artifact server: the artifacts are there" artifact "$(curl -s --max-time 10 "${PLAN[lava_url]}/initrd.cpio")"
if lava_url_answers "http://127.0.0.1:$port/initrd.cpio"; then
	t_fail "artifact server: not on the machine's other addresses" "http://127.0.0.1:$port answers too"
else
	t_ok "artifact server: not on the machine's other addresses"
fi
lava_http_stop
if python3 "$TOP/kvm-scripts/lava.py" serve ::1 - - 2> /dev/null; then
	serve_on ::1
	t_eq "artifact server on IPv6: the address in brackets" "http://[::1]:$port" "${PLAN[lava_url]}"
	t_eq "artifact server on IPv6: the artifacts are there" artifact "$(curl -s --max-time 10 "${PLAN[lava_url]}/initrd.cpio")"
	lava_http_stop
else
	t_skip "artifact server on IPv6" "no ::1 on this machine"
fi

# --- jobs for every bootable arch, validated by lava-run ------------------------

if ! command -v lava-run > /dev/null; then
	t_skip "LAVA jobs validated by lava-run" "lava-run is not installed (scripts/deps.sh lava)"
	t_done
	exit
fi
if [ "$(id -u)" -ne 0 ]; then
	t_skip "LAVA jobs validated by lava-run" "lava-run writes /var/lib/lava/dispatcher: needs root"
	t_done
	exit
fi

# args_for ARCH FILE: the QEMU command kvm.sh would run for TINY01 on ARCH,
# one argument per line, from the same table functions kvm.sh uses.
args_for() {
	local arch="$1" a
	{
		arch_get "$arch" qemu_system
		# shellcheck disable=SC2046 # one word per argument
		printf '%s\n' $(specify_qemu_cpus "$arch" "$(identify_qemu_args "$arch" tcg)" 2)
		printf '%s\n' -m 512M -nographic -no-reboot -kernel /k -initrd /i -append
		a="$(identify_qemu_append "$arch") rcutorture.shutdown_secs=30 panic=-1"
		echo "$a"
	} > "$2"
}

for arch in $(arch_kernel_list); do
	d="$tmp/arch/$arch"
	mkdir -p "$d"
	args_for "$arch" "$d/qemu-cmd.args"
	# validate reads file:// artifacts: stand-ins will do
	echo kernel > "$d/kernel"
	echo initrd > "$d/initrd.cpio"
	lava_job_qemu TINY01 "$arch" rcu 2 "file://$d/kernel" "file://$d/initrd.cpio" "$d/qemu-cmd.args" > "$d/job.yaml"
	lava_device_qemu "$d/job.yaml" > "$d/device.yaml"
	if err=$(lava_validate "$d/job.yaml" "$d/device.yaml" "$d/validate" 2>&1); then
		t_ok "LAVA qemu job for $arch passes lava-run --validate"
	else
		t_fail "LAVA qemu job for $arch passes lava-run --validate" "$err"
	fi
	# the job boots what kvm.sh boots: every QEMU argument is in job and device
	want=$(sed '$d' "$d/qemu-cmd.args" | grep -v -x -e -kernel -e -initrd -e /k -e /i -e -append | sed 1d | sort | tr '\n' ' ')
	got=$( (sed -n "s/^ *- '\(.*\)'$/\1/p" "$d/device.yaml"; echo) | tr ' ' '\n' |
		sed 's/,accel=tcg$//' | grep -v '^$' | sort | tr '\n' ' ')
	if [ "$(tr ' ' '\n' <<< "$want" | sed 's/,accel=.*//' | grep -v '^$' | sort | tr '\n' ' ')" = "$got" ]; then
		t_ok "LAVA device for $arch runs kvm.sh's QEMU arguments"
	else
		t_fail "LAVA device for $arch runs kvm.sh's QEMU arguments" "want '$want', device has '$got'"
	fi
	grep -q -F -- "$(sed -n '$p' "$d/qemu-cmd.args")" "$d/job.yaml" ||
		t_fail "LAVA job for $arch carries the kernel command line" "not in $d/job.yaml"
done

# A broken job is refused: validate is not a rubber stamp.
d="$tmp/arch/x86_64"
grep -v 'pattern:' "$d/job.yaml" > "$d/broken.yaml"
if lava_validate "$d/broken.yaml" "$d/device.yaml" "$d/validate-broken" 2> /dev/null; then
	t_fail "lava-run --validate refuses monitors without patterns" "it passed"
else
	t_ok "lava-run --validate refuses monitors without patterns"
fi

# --- the monitors against console fixtures ---------------------------------------

# monitor_case NAME TORTURE FIXTURE SUITE_RESULT [SPLIT]: runs a job whose
# QEMU prints FIXTURE through lava-run; LAVA's verdict result must be
# SUITE_RESULT ("end_of_test pass", "kernel_panic fail", ...). With SPLIT,
# QEMU pauses for 2 s right after the first SPLIT in FIXTURE, as a serial
# console under load hands LAVA a line in pieces.
monitor_case() {
	local name="$1" torture="$2" fixture="$3" want="$4" split="${5:-}" d="$tmp/mon/$1" got
	mkdir -p "$d"
	if [ -z "$split" ]; then
		printf '#!/bin/sh\n# stand-in QEMU: the console of a fixture\ncat %q\n' "$fixture" > "$d/qemu"
	else
		printf '#!/bin/bash\n# stand-in QEMU: a fixture in two parts\nexec python3 %q %q %q\n' \
			"$TOP/tests/print-in-parts.py" "$fixture" "$split" > "$d/qemu"
	fi
	chmod +x "$d/qemu"
	args_for x86_64 "$d/qemu-cmd.args"
	lava_job_qemu "$name" x86_64 "$torture" 1 "file://$fixture" "file://$fixture" "$d/qemu-cmd.args" > "$d/job.yaml"
	lava_device_qemu "$d/job.yaml" tcg "$d/qemu" > "$d/device.yaml"
	lava_run_local "$d/job.yaml" "$d/device.yaml" "$d/out" || true
	got=$(awk -v s="$(lava_suite "$torture" "$name" | tr '[:upper:]' '[:lower:]')" '$1 == s { print $2, $3 }' "$d/out/lava-results")
	t_eq "LAVA monitor: $name gives '$want'" "$want" "$got"
}

monitor_case rcu-ok rcu "$fixtures/rcu-success.log" "end_of_test pass"
monitor_case rcu-end-failure rcu "$fixtures/rcu-end-failure.log" "end_of_test fail"
monitor_case rcu-panic rcu "$fixtures/panic.log" "kernel_panic fail"
monitor_case lock-ok lock "$fixtures/lock-success.log" "end_of_test pass"
# a run that never printed its end line gets no verdict from LAVA (the job
# ends at the console's end or its timeout); ours says FAILURE from "!!!"
monitor_case lock-no-end lock "$fixtures/lock-failure.log" ""
monitor_case scf-failure scf "$fixtures/scf-failure.log" "end_of_test fail"
monitor_case refscale-ok refscale "$fixtures/refscale-success.log" "end_of_test pass"
monitor_case rcuscale-ok rcuscale "$fixtures/rcuscale-success.log" "test_complete pass"
monitor_case nolibc-ok nolibc "$fixtures/nolibc-success.log" "nolibc_test pass"
monitor_case nolibc-failure nolibc "$fixtures/nolibc-failure.log" "nolibc_test fail"
# The end line in two pieces: LAVA must wait for the whole line, not judge
# the first piece (our verdict, from the whole console, said SUCCESS while
# LAVA said "end_of_test fail" for a 6.12 TINY01 boot).
monitor_case rcu-ok-split rcu "$fixtures/rcu-success.log" "end_of_test pass" "End of test"
monitor_case rcu-end-failure-split rcu "$fixtures/rcu-end-failure.log" "end_of_test fail" "End of test: FAIL"
monitor_case nolibc-ok-split nolibc "$fixtures/nolibc-success.log" "nolibc_test pass" "2 passed"
monitor_case rcu-panic-split rcu "$fixtures/panic.log" "kernel_panic fail" "Kernel panic"

# The grace periods as LAVA measurements: one per statistics line, the
# same numbers as the fixture's "ver:" fields, in order.
want=$(sed -n 's/.*-torture: rtc: .* ver: \([0-9]*\) .*/\1/p' "$fixtures/rcu-success.log" | tr '\n' ' ')
got=$(awk '$1 == "rcu-rcu-ok-work" && $2 == "ver" { printf "%d ", $4 }' "$tmp/mon/rcu-ok/out/lava-results")
if [ -n "$want" ] && [ "$want" = "$got" ]; then
	t_ok "LAVA measurements: rcutorture's grace periods ($want)"
else
	t_fail "LAVA measurements: rcutorture's grace periods" "want '$want', got '$got'"
fi

# The console comes back whole: what our own verdict reads after a LAVA run.
# (less the "poweroff" LAVA types at the end, which the console echoes)
if diff "$fixtures/panic.log" <(lava_console "$tmp/mon/rcu-panic/out/lava.log" | grep -v -x poweroff) > "$tmp/console.diff"; then
	t_ok "the console out of a LAVA log is the console QEMU printed"
else
	t_fail "the console out of a LAVA log" "$(head -n 5 "$tmp/console.diff")"
fi
t_eq "our verdict on LAVA's console of the panic" PANIC \
	"$(parse_console "$tmp/mon/rcu-panic/out/console.log" rcu | sed -n 's/^verdict=//p')"

t_done

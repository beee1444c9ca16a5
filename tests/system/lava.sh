#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# LAVA end to end on x86_64: the TINY01 kernel of kvm-x86_64.sh (cached)
# as a LAVA job run by Debian's lava-run to a LAVA pass; the same kernel
# made to panic to a LAVA fail; and the job submitted with lavacli to a
# stand-in LAVA server (tests/lava-stand-in-server.py), its artifacts
# served over HTTP by kvm.sh for the run.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"

if [ "$(arch_host)" != x86_64 ]; then
	t_skip "LAVA end to end" "this test is for x86_64 hosts; this is $(uname -m)"
	exit 0
fi
for cmd in lava-run lavacli qemu-system-x86_64; do
	if ! command -v "$cmd" > /dev/null; then
		t_fail "LAVA end to end" "$cmd missing: run scripts/deps.sh lava"
		exit 1
	fi
done
if [ "$(id -u)" -ne 0 ]; then
	t_skip "LAVA end to end" "lava-run writes /var/lib/lava/dispatcher: needs root"
	exit 0
fi

verdict_of() {
	head -n 1 "$tmp/$1/$2/verdict" 2> /dev/null
}

# lava_result NAME SUITE: "CASE RESULT" of LAVA's result for SUITE.
lava_result() {
	awk -v s="$2" '$1 == s { print $2, $3 }' "$tmp/$1/TINY01/lava-results" 2> /dev/null
}

# 1. TINY01 through lava-run: a LAVA pass, and our SUCCESS from its console.
run_kvm ok --configs TINY01 --duration 20s --lava-local
t_eq "LAVA TINY01 exits 0" 0 "$rc"
t_eq "LAVA TINY01: LAVA's verdict" "end_of_test pass" "$(lava_result ok rcu-tiny01)"
t_eq "LAVA TINY01: LAVA's job result" "job pass" "$(lava_result ok lava)"
t_eq "LAVA TINY01: our verdict from LAVA's console" SUCCESS "$(verdict_of ok TINY01)"
# the grace-period measurements are the console's own "ver:" numbers
want=$(sed -n 's/.*-torture: rtc: .* ver: \([0-9]*\) .*/\1/p' "$tmp/ok/TINY01/console.log" | tr '\n' ' ')
got=$(awk '$1 == "rcu-tiny01-work" { printf "%d ", $4 }' "$tmp/ok/TINY01/lava-results")
if [ -n "$want" ] && [ "$want" = "$got" ]; then
	t_ok "LAVA TINY01: grace periods as measurements ($want)"
else
	t_fail "LAVA TINY01: grace periods as measurements" "console says '$want', LAVA '$got'"
fi
for f in lava/TINY01/job.yaml lava/TINY01/device.yaml lava/TINY01/bzImage lava/initrd.cpio \
	 TINY01/lava.log TINY01/qemu-cmd.args summary.json; do
	if [ -s "$tmp/ok/$f" ]; then t_ok "LAVA results hold $f"; else t_fail "LAVA results hold $f" "missing"; fi
done

# 2. The same kernel made to panic: a LAVA fail, and our PANIC.
run_kvm panic --configs TINY01 --duration 20s --lava-local --bootargs "rdinit=/no-such-init init=/no-such-init"
t_eq "LAVA panicking kernel exits 1" 1 "$rc"
t_eq "LAVA panicking kernel: LAVA's verdict" "kernel_panic fail" "$(lava_result panic rcu-tiny01)"
t_eq "LAVA panicking kernel: our verdict" PANIC "$(verdict_of panic TINY01)"

# 3. Submitted with lavacli to a stand-in server; kvm.sh serves the
# artifacts over HTTP itself (no --lava-artifacts-url).
"$TOP/tests/lava-stand-in-server.py" "$tmp/rpc.port" "$tmp" tester:good-token > "$tmp/rpc.log" 2>&1 &
rpc_pid=$!
for _ in $(seq 50); do [ -s "$tmp/rpc.port" ] && break; sleep 0.1; done
run_kvm submit --configs TINY01 --duration 20s --lava-submit "http://tester:good-token@127.0.0.1:$(cat "$tmp/rpc.port")/RPC2"
kill "$rpc_pid" 2> /dev/null
t_eq "LAVA submitted TINY01 exits 0" 0 "$rc"
t_eq "LAVA submitted TINY01: LAVA's verdict" "end_of_test pass" "$(lava_result submit rcu-tiny01)"
t_eq "LAVA submitted TINY01: our verdict" SUCCESS "$(verdict_of submit TINY01)"
if grep -q "url: 'http://" "$tmp/submit/lava/TINY01/job.yaml"; then
	t_ok "LAVA submitted job fetches its artifacts over HTTP"
else
	t_fail "LAVA submitted job fetches its artifacts over HTTP" "$(grep 'url:' "$tmp/submit/lava/TINY01/job.yaml")"
fi
if grep -q 'good-token' "$tmp/submit.log"; then
	t_fail "the token is not printed" "kvm.sh printed it"
else
	t_ok "the token is not printed"
fi

t_done

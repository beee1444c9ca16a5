#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# kvm.sh --remote: a two-scenario run built here (stub make) and booted on
# two "remote hosts", each an sshd in a network namespace with a tmpfs of
# its own (tests/remote-lib.sh), by a stub QEMU that prints a known console
# per scenario; both consoles must come back and be judged here. Then what
# --remote refuses, and a batch that never comes back. Before any host:
# a guest outlives neither a KILLed remote-boot.sh nor GNU parallel's end.
set -u
source "$(dirname "$0")/../lib.sh"

t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
source "$TOP/tests/remote-lib.sh"
# shellcheck source=../../kvm-scripts/remote.sh
source "$TOP/kvm-scripts/remote.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
# GNU parallel keeps its own files here, not in ~/.parallel
export PARALLEL_HOME="$tmp/parallel-home"
FIX="$TOP/tests/fixtures/console"

# The host list and the probe's report, without any host.
t_eq "remote_hosts: blanks and commas" "a|b@c|d" "$(remote_hosts "a, b@c  d" | paste -s -d '|')"
t_fails "remote_hosts: empty" "no host in ''" remote_hosts ""
t_fails "remote_hosts: a shell word" "bad host name 'b;c'" remote_hosts "a b;c"
probe=$(printf 'h1\tprobe-end 4\nh2\tmissing perl\nh2\tmissing qemu-system-x86_64\nh2\tprobe-end 8\nh3\tssh: connect to host h3 port 22: Connection refused\n')
t_eq "remote_probe_report: each host's trouble" \
	"h1: 4 CPUs|h2: lacks perl, qemu-system-x86_64|h3: unreachable (ssh: connect to host h3 port 22: Connection refused)|h4: unreachable (no answer over ssh)" \
	"$(remote_probe_report "$probe" h1 h2 h3 h4 | paste -s -d '|')"
t_fails "remote_probe_report: fails on any" "h2: lacks" remote_probe_report "$probe" h1 h2

# Refusals that need no host: exit 2 naming --remote, nothing created.
refused "--remote empty" "--remote: no host in ''" --remote ""
refused "--remote bad name" "--remote: bad host name 'x;y'" --remote "x;y"
refused "--remote with --buildonly" "--remote boots elsewhere: not with --buildonly" --remote h1 --buildonly
refused "--remote with --boot tftp" "--remote boots elsewhere" --remote h1 --boot tftp

# A guest outlives neither remote-boot.sh nor GNU parallel, however they
# end; no host needed. gone PIDFILE: true once the pid in PIDFILE is gone,
# within 30 s (a chain of nice 19 processes on a loaded machine).
gone() {
	local pid
	pid=$(cat "$1" 2> /dev/null) || return 1
	for _ in $(seq 60); do
		kill -0 "$pid" 2> /dev/null || return 0
		sleep 0.5
	done
	return 1
}
# remote-boot.sh KILLed (as GNU parallel's wrapper does 350 ms after its
# TERM, before a starved bash has run its trap): its guard stops the guest.
rb="$tmp/remote-boot"
mkdir -p "$rb/batch-1/TINY01"
cp "$TOP/kvm-scripts/remote-boot.sh" "$TOP/kvm-scripts/boot.sh" "$rb/"
printf '#!/bin/bash\necho $$ > %s\nexec sleep 600\n' "$rb/guest.pid" > "$rb/guest"
chmod +x "$rb/guest"
echo "$rb/guest" > "$rb/batch-1/TINY01/qemu-cmd.args"
tar -cf "$rb/batch-1.tar" -C "$rb" batch-1
rm -rf "$rb/batch-1"
bash "$rb/remote-boot.sh" batch-1.tar 600 > "$rb/out" 2>&1 &
rbpid=$!
# (not waited for: bash would report the KILL on stderr)
disown "$rbpid"
for _ in $(seq 120); do [ -s "$rb/guest.pid" ] && break; sleep 0.5; done
kill -KILL "$rbpid"
if gone "$rb/guest.pid"; then
	t_ok "remote-boot.sh KILLed: its guest stopped"
else
	t_fail "remote-boot.sh KILLed: its guest stopped" "pid $(cat "$rb/guest.pid" 2> /dev/null) still runs (or never started): $(cat "$rb/out")"
	kill "$(cat "$rb/guest.pid" 2> /dev/null)" 2> /dev/null
fi
# remote_stop: a stand-in for GNU parallel, a session whose "ssh client"
# is in a process group of its own and which passes no TERM on: the
# client ends with it.
printf '#!/bin/bash\nset -m\nsleep 600 &\necho $! > %s\nwait\n' "$tmp/client.pid" > "$tmp/parallel-stand-in"
(exec setsid bash "$tmp/parallel-stand-in") &
remote_pid=$!
for _ in $(seq 120); do [ -s "$tmp/client.pid" ] && break; sleep 0.5; done
remote_stop
if gone "$tmp/client.pid"; then
	t_ok "remote_stop: the ssh clients end with GNU parallel"
else
	t_fail "remote_stop: the ssh clients end with GNU parallel" "pid $(cat "$tmp/client.pid" 2> /dev/null) still runs (or never started)"
	kill "$(cat "$tmp/client.pid" 2> /dev/null)" 2> /dev/null
fi
t_eq "remote_stop: remote_pid cleared" "" "$remote_pid"

why=$(remote_hosts_unusable)
if [ -n "$why" ]; then
	t_skip "kvm.sh --remote on two namespaced hosts" "$why"
	t_done
	exit
fi
if ! command -v parallel > /dev/null || ! command -v rsync > /dev/null; then
	t_skip "kvm.sh --remote on two namespaced hosts" "GNU parallel or rsync missing: scripts/deps.sh remote"
	t_done
	exit
fi

# The namespaces and sshd processes go even when a check fails or the
# script dies.
REMOTE_NETNS=() REMOTE_SSHD_PIDS=()
trap 'remote_hosts_down; rm -rf "$tmp"' EXIT
remote_hosts_up "$tmp/hosts" ns1 ns2 || { t_fail "two sshd hosts in namespaces" "could not start them"; exit 1; }
# a host nothing listens on
printf 'Host ns3\n  HostName 127.0.0.1\n  Port 9\n' >> "$tmp/hosts/ssh_config"
# where the runs work on the hosts: on each host's own tmpfs
export TORTURE_REMOTE_DIR="$tmp/hosts/fs"

# The "remote" QEMU: the console of the scenario whose kernel it was
# given, after checking that the kernel came along (the stub make writes
# "kernel" into it); it logs the address it was reached at.
kvm_stubs
mkdir -p "$tmp/rbin"
cat > "$tmp/rbin/qemu-remote" <<EOF
#!/bin/bash
kernel=\$(printf '%s\n' "\$@" | grep -A1 -x -- -kernel | sed -n 2p)
echo "\$(echo "\$SSH_CONNECTION" | cut -d" " -f3) \$(cat "\$kernel") \$kernel" >> "$tmp/remote-qemu.log"
case "\$kernel" in
*/TREE01/*) cat "$FIX/rcu-end-failure.log" ;;
*) cat "$FIX/rcu-success.log" ;;
esac
sleep 2
EOF
chmod +x "$tmp/rbin/qemu-remote"
args=(--arch x86_64 --kernel-src "$ksrc" --qemu-cmd "$tmp/rbin/qemu-remote" --duration 10s --cpus 1)

# Refusals that ask the hosts: exit 2 naming the host, before any build.
refused "--remote with an unreachable host" "--remote: host ns3: unreachable \(.*(refused|port 9)" \
	"${args[@]}" --configs TINY01 --remote "ns1 ns3"
refused "--remote with a host lacking the QEMU" "--remote: host ns2: lacks qemu-system-nowhere" \
	"${args[@]}" --configs TINY01 --qemu-cmd qemu-system-nowhere --remote "ns1 ns2"
t_eq "remote refusals: nothing built" "" "$(cat "$STUB_LOG" 2> /dev/null)"

# Two batches (--cpus 1), one on each host at once.
run_kvm two "${args[@]}" --configs "TINY01 TREE01" --remote "ns1 ns2"
t_eq "remote: exit 1 (TREE01's console says FAILURE)" 1 "$rc"
t_eq "remote: TINY01 judged here" SUCCESS "$(head -n 1 "$tmp/two/TINY01/verdict" 2> /dev/null)"
t_eq "remote: TREE01 judged here" FAILURE "$(head -n 1 "$tmp/two/TREE01/verdict" 2> /dev/null)"
t_run "remote: TINY01's console came back whole" cmp "$FIX/rcu-success.log" "$tmp/two/TINY01/console.log"
t_run "remote: TREE01's console came back whole" cmp "$FIX/rcu-end-failure.log" "$tmp/two/TREE01/console.log"
t_eq "remote: one batch on each host" "ns1 ns2" \
	"$(cat "$tmp/two/TINY01/remote-host" "$tmp/two/TREE01/remote-host" 2> /dev/null | sort | paste -s -d ' ')"
t_eq "remote: booted at both addresses, with the kernels sent along" \
	"2 kernel kernel" \
	"$(awk '{ print $1 }' "$tmp/remote-qemu.log" 2> /dev/null | sort -u | wc -l) $(awk '{ print $2 }' "$tmp/remote-qemu.log" 2> /dev/null | paste -s -d ' ')"
if awk '{ print $3 }' "$tmp/remote-qemu.log" 2> /dev/null | grep -q "^$NOLIBC_TORTURE_CACHE"; then
	t_fail "remote: the hosts boot their own copies" "a host booted the kernel from this machine's cache"
else
	t_ok "remote: the hosts boot their own copies"
fi
t_eq "remote: summary.csv rows" "TINY01,SUCCESS|TREE01,FAILURE" \
	"$(tail -n +2 "$tmp/two/summary.csv" 2> /dev/null | cut -d, -f1,2 | paste -s -d '|')"
if grep -q -x -F -- "$tmp/two/TINY01/bzImage" "$tmp/two/TINY01/qemu-cmd.args"; then
	t_ok "remote: qemu-cmd.args keeps the local paths (kvm-again.sh can replay it here)"
else
	t_fail "remote: qemu-cmd.args keeps the local paths (kvm-again.sh can replay it here)" "$(grep -A1 -x -- -kernel "$tmp/two/TINY01/qemu-cmd.args")"
fi
if printf '%s\n' "$out" | grep -q 'TINY01: SUCCESS after [0-9]*s on ns[12]'; then
	t_ok "remote: says each verdict with its host"
else
	t_fail "remote: says each verdict with its host" "no such line"
fi
# stdout only: a login's own noise on stderr (root's shell start-up files
# here: two pyenv rehashes at once) is no file left behind
left=$(for h in ns1 ns2; do
	$REMOTE_SSH "$h" "find '$tmp/hosts/fs' -mindepth 1" 2> "$tmp/left.err" ||
		echo "$h: ssh or find failed: $(cat "$tmp/left.err")"
done)
t_eq "remote: nothing left on the hosts" "" "$left"
t_eq "remote: no batch files left here" "" "$(find "$tmp/two/remote" -name '*.tar' 2> /dev/null)"
t_eq "remote: the local stub QEMU never ran" "" "$(grep '^qemu ' "$STUB_LOG")"

# The kernel's spelling, kvm-remote.sh, and its second form: the kernels
# of the run above booted again on one host (kvm-again.sh --remote), both
# in one batch as they fit in two CPUs.
remote="$TOP/kvm-scripts/kvm-remote.sh"
t_fails "kvm-remote.sh: an empty host list" "--remote: no host in ''" "$remote" "" --configs TINY01
before=$(wc -l < "$tmp/remote-qemu.log")
rc=0
"$remote" ns2 "$tmp/two" --duration 20s --cpus 2 --results "$tmp/again" > "$tmp/again.log" 2>&1 || rc=$?
cat "$tmp/again.log"
t_eq "kvm-remote.sh OLD: exit 1 (TREE01 again FAILURE)" 1 "$rc"
t_eq "kvm-remote.sh OLD: both judged again" "SUCCESS FAILURE" \
	"$(head -q -n 1 "$tmp/again/TINY01/verdict" "$tmp/again/TREE01/verdict" 2> /dev/null | paste -s -d ' ')"
t_eq "kvm-remote.sh OLD: both on ns2" "ns2 ns2" \
	"$(cat "$tmp/again/TINY01/remote-host" "$tmp/again/TREE01/remote-host" 2> /dev/null | paste -s -d ' ')"
t_eq "kvm-remote.sh OLD: two more boots there" 2 $(( $(wc -l < "$tmp/remote-qemu.log") - before ))
if grep -q 'rcutorture.shutdown_secs=20 ' "$tmp/again/TINY01/qemu-cmd.args" 2> /dev/null; then
	t_ok "kvm-remote.sh OLD: the new duration"
else
	t_fail "kvm-remote.sh OLD: the new duration" "$(grep shutdown "$tmp/again/TINY01/qemu-cmd.args")"
fi

# Interrupted (SIGTERM; a background job ignores SIGINT) while a guest
# runs on a host: INTERRUPTED here, exit 130, and the guest stopped there.
cat > "$tmp/rbin/qemu-sleep" <<EOF
#!/bin/bash
echo \$\$ >> "$tmp/sleep.pids"
exec sleep 600
EOF
chmod +x "$tmp/rbin/qemu-sleep"
"$kvm" --results "$tmp/int" --arch x86_64 --kernel-src "$ksrc" --qemu-cmd "$tmp/rbin/qemu-sleep" \
	--duration 10s --configs TINY01 --remote ns1 > "$tmp/int.log" 2>&1 &
kpid=$!
for _ in $(seq 600); do [ -s "$tmp/sleep.pids" ] && break; sleep 0.5; done
kill -TERM "$kpid"
rc=0
wait "$kpid" || rc=$?
cat "$tmp/int.log"
t_eq "remote interrupted: exit 130" 130 "$rc"
t_eq "remote interrupted: verdict" INTERRUPTED "$(head -n 1 "$tmp/int/TINY01/verdict" 2> /dev/null)"
# The guest ends at the end of a chain: the ssh client ends, sshd sees the
# connection go, GNU parallel's wrapper there notices (it looks once a
# second) and ends remote-boot.sh, whose guard stops the guest; each a
# nice 19 process on a loaded machine here, so up to 60 s.
for _ in $(seq 120); do kill -0 "$(cat "$tmp/sleep.pids")" 2> /dev/null || break; sleep 0.5; done
if [ -s "$tmp/sleep.pids" ] && ! kill -0 "$(cat "$tmp/sleep.pids")" 2> /dev/null; then
	t_ok "remote interrupted: the guest on the host stopped"
else
	t_fail "remote interrupted: the guest on the host stopped" "pid $(cat "$tmp/sleep.pids" 2> /dev/null) still runs (or never started)"
fi

# A batch that never comes back (the hosts cannot make the work folder):
# REMOTE-FAILED, not a verdict made up from nothing.
TORTURE_REMOTE_DIR=/proc/nolibc-torture-nowhere run_kvm lost "${args[@]}" --configs TINY01 --remote ns1
t_eq "remote lost: exit 1" 1 "$rc"
t_eq "remote lost: verdict" REMOTE-FAILED "$(head -n 1 "$tmp/lost/TINY01/verdict" 2> /dev/null)"

t_done

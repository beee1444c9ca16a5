#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Network boot end to end on x86_64: kvm.sh --boot tftp runs TINY01 to
# SUCCESS with kernel and initrd fetched over QEMU's built-in TFTP, then over
# dnsmasq in a private network namespace (root only), and the faults a boot
# can meet at run time end as NETBOOT-FAILED: STEP within their time-outs.
# Reuses the cached TINY01 kernel (tests/system/kvm-x86_64.sh builds it cold).
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/configs/arch.sh"

nb="$TOP/kvm-scripts/netboot.sh"
t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"

if [ "$(arch_host)" != x86_64 ]; then
	t_skip "network boot end to end" "this test is for x86_64 hosts; this is $(uname -m)"
	exit 0
fi
if [ ! -d /usr/lib/ipxe/qemu ] || ! command -v tcpdump > /dev/null; then
	t_fail "network boot end to end" "ipxe-qemu or tcpdump missing: run scripts/deps.sh netboot"
	exit 1
fi
real_ok=""
if [ "$(id -u)" -ne 0 ]; then
	real_why="not root: the real server needs a network namespace and a tap device"
elif ! unshare --net true 2>/dev/null; then
	real_why="unshare --net does not work on this machine"
elif ! command -v dnsmasq > /dev/null; then
	real_why="no dnsmasq (scripts/deps.sh netboot)"
else
	real_ok=1
fi


verdict_of() {
	head -n 1 "$tmp/$1/TINY01/verdict" 2>/dev/null
}

# transferred NAME FILE: TFTP data bytes of FILE in run NAME's capture.
transferred() {
	awk -F'\t' -v f="$2" '$1 == f { print $2 }' "$tmp/$1/TINY01/netboot/transfers.tsv" 2>/dev/null
}

# check_netboot_run NAME SERVER: the checks every successful TFTP run gets.
check_netboot_run() {
	local name="$1" server="$2" nbdir="$tmp/$1/TINY01/netboot" k i
	t_eq "$server: exit status" 0 "$rc"
	t_eq "$server: TINY01 verdict" SUCCESS "$(verdict_of "$name")"
	if grep -q "^netboot: $server server" "$tmp/$name/TINY01/console.log"; then
		t_ok "$server: the console says which server ran"
	else
		t_fail "$server: which server ran" "no 'netboot: $server server' line"
	fi
	if grep -q -- '-kernel' "$tmp/$name/TINY01/qemu-cmd" || ! grep -q -- '-boot n' "$nbdir/qemu-cmd"; then
		t_fail "$server: QEMU boots from the network" "$(cat "$nbdir/qemu-cmd")"
	else
		t_ok "$server: QEMU boots from the network (-boot n, no -kernel)"
	fi
	k=$(stat -c %s "$(cat "$tmp/$name/TINY01/build-dir")/arch/x86/boot/bzImage")
	i=$(stat -c %s "$tmp/$name/initrd/initrd.cpio")
	t_eq "$server: the capture shows the whole kernel sent over TFTP" "$k" "$(transferred "$name" bzImage)"
	t_eq "$server: the capture shows the whole initrd sent over TFTP" "$i" "$(transferred "$name" initrd.cpio)"
	if grep -Eq '^ +[0-9.]+ +init' "$nbdir/report.txt"; then
		t_ok "$server: report.txt times firmware start to /init"
	else
		t_fail "$server: report.txt" "$(cat "$nbdir/report.txt" 2>/dev/null)"
	fi
}

# 1. The built-in TFTP server of QEMU's user networking.
run_kvm builtin --boot tftp --configs TINY01 --duration 20s
check_netboot_run builtin builtin

# 2. dnsmasq (DHCP+TFTP) in a private network namespace, the guest on a tap.
if [ -n "$real_ok" ]; then
	run_kvm real --boot tftp --tftp-server real --configs TINY01 --duration 20s
	check_netboot_run real real
	log="$tmp/real/TINY01/netboot/server.log"
	if grep -q 'dnsmasq-tftp.*sent .*/bzImage to 10.0.2.15' "$log" &&
	   grep -q 'dnsmasq-tftp.*sent .*/initrd.cpio to 10.0.2.15' "$log" &&
	   grep -q 'DHCPACK(nbbr0) 10.0.2.15' "$log"; then
		t_ok "real: dnsmasq's log shows the DHCP lease and both files sent"
	else
		t_fail "real: dnsmasq's log" "$(tail -n 5 "$log" 2>/dev/null)"
	fi
	if pgrep -f "$tmp/real/" > /dev/null || ip link show nbbr0 > /dev/null 2>&1; then
		t_fail "real: nothing left behind" "$(pgrep -af "$tmp/real/"; ip -br link show nbbr0 2>&1)"
	else
		t_ok "real: no server, capture, QEMU or bridge left behind"
	fi
else
	t_skip "real TFTP server boot" "$real_why"
fi

# The faults below boot the same kernel through netboot.sh directly.
kernel="$(cat "$tmp/builtin/TINY01/build-dir" 2>/dev/null)/arch/x86/boot/bzImage"
if [ ! -s "$kernel" ]; then
	t_fail "network boot faults" "no kernel from the first run"
	t_done
	exit
fi
qemu=(qemu-system-x86_64 -M q35 -cpu max -m 512M -nographic -no-reboot)
"$nb" --stage-only --dir "$tmp/stage" --image "$kernel" --initrd "$tmp/builtin/initrd/initrd.cpio" \
	--append "console=ttyS0 panic=-1" > /dev/null

# fault NAME PATTERN MAX_SECONDS ENV... -- NETBOOT_ARGS...: a netboot.sh run
# that must end within MAX_SECONDS, exit 1, and print PATTERN.
fault() {
	local name="$1" pattern="$2" max="$3" start=$SECONDS rc=0 envs=()
	shift 3
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	env "${envs[@]}" timeout $((max + 60)) "$nb" "$@" -- "${qemu[@]}" > "$tmp/$name.out" 2>&1 || rc=$?
	echo "--- $name (exit $rc, $((SECONDS - start))s)"
	tail -n 3 "$tmp/$name.out"
	if [ "$rc" -ne 1 ] || ! grep -Eq -- "$pattern" "$tmp/$name.out"; then
		t_fail "$name" "exit $rc; $(grep -a '^NETBOOT-FAILED' "$tmp/$name.out" || tail -n 2 "$tmp/$name.out")"
	elif [ $((SECONDS - start)) -gt "$max" ]; then
		t_fail "$name" "took $((SECONDS - start))s, more than ${max}s"
	else
		t_ok "$name ($((SECONDS - start))s)"
	fi
	if pgrep -f "$tmp/$name" > /dev/null; then
		t_fail "$name leaves nothing behind" "$(pgrep -af "$tmp/$name")"
	fi
}

# 3. The tree --stage-only wrote boots as its NETBOOT.txt says (up to /init).
rc=0
timeout 200 "$nb" --tftp-root "$tmp/stage/tftp" --dir "$tmp/run-staged" --stop-on '^torture-init: running' -- \
	qemu-system-x86_64 -M q35 -m 512M -nographic -no-reboot > "$tmp/run-staged.out" 2>&1 || rc=$?
if [ "$rc" -eq 0 ] && grep -q '^torture-init: running' "$tmp/run-staged.out"; then
	t_ok "the staged tree boots in QEMU as NETBOOT.txt says"
else
	t_fail "the staged tree boots" "exit $rc: $(tail -n 3 "$tmp/run-staged.out")"
fi

# 4. A file the script names is not in the tree: the firmware's fetch fails.
cp -r "$tmp/stage/tftp" "$tmp/noinitrd"
rm "$tmp/noinitrd/initrd.cpio"
fault "firmware cannot fetch a missing initrd: NETBOOT-FAILED: fetch" \
	'^NETBOOT-FAILED: fetch: initrd.cpio' 90 NETBOOT_FETCH_TIMEOUT=60 -- \
	--tftp-root "$tmp/noinitrd" --no-check --dir "$tmp/run-noinitrd"

if [ -n "$real_ok" ]; then
	# 5. The DHCP server ignores the guest: no address.
	fault "a guest without an address: NETBOOT-FAILED: dhcp" \
		'^NETBOOT-FAILED: dhcp: no IPv4 address' 90 'NETBOOT_DNSMASQ_ARGS=--dhcp-ignore=tag:!known' NETBOOT_DHCP_TIMEOUT=60 -- \
		--tftp-server real --tftp-root "$tmp/stage/tftp" --dir "$tmp/run-nodhcp"
	# 6. kvm.sh names a netboot fault as the scenario's verdict.
	NETBOOT_DNSMASQ=false run_kvm noserver --boot tftp --tftp-server real --configs TINY01 --duration 20s
	t_eq "kvm.sh: a server that does not start exits 1" 1 "$rc"
	t_eq "kvm.sh: its verdict" NETBOOT-FAILED "$(verdict_of noserver)"
	if sed -n 2p "$tmp/noserver/TINY01/verdict" | grep -q '^server: '; then
		t_ok "kvm.sh: the verdict names the step (server)"
	else
		t_fail "kvm.sh: the verdict names the step" "$(cat "$tmp/noserver/TINY01/verdict")"
	fi
else
	t_skip "real server faults (no DHCP address, server does not start)" "$real_why"
fi

t_done

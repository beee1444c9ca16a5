#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Network boot without booting: kvm.sh's --boot/--tftp-server/--stage-only
# options, the tree --stage-only writes, a missing file in the TFTP tree, a
# server that does not start, and how console lines are read. The boots
# themselves are in tests/system/netboot.sh.
set -u
source "$(dirname "$0")/../lib.sh"
source "$TOP/kvm-scripts/functions.sh"

nb="$TOP/kvm-scripts/netboot.sh"
t_tmpdir
tmp="$T_TMP"
source "$TOP/tests/kvm-lib.sh"
export NOLIBC_TORTURE_CACHE="$tmp/cache"
# the fake tree is the kernel: no packaged tree is extracted into that cache
kvm_fake_tree

# --- kvm.sh options ------------------------------------------------------------


refused "unknown --boot" "--boot must be kernel or tftp" --boot floppy
refused "unknown --tftp-server" "--tftp-server must be builtin or real" --boot tftp --tftp-server nfs
refused "network boot on an arch without one" "no network boot for aarch64" --boot tftp --arch aarch64

help=$("$kvm" --help)
for opt in --boot --tftp-server --stage-only; do
	if printf '%s\n' "$help" | grep -q -- "^ *$opt"; then
		t_ok "kvm.sh --help lists $opt"
	else
		t_fail "kvm.sh --help lists $opt" "not in the help text"
	fi
done
t_run "netboot.sh --help works" "$nb" --help

plan=$("$kvm" --kernel-src "$ksrc" --dryrun --boot tftp --configs TINY01 --duration 30s 2>&1)
qline=$(printf '%s\n' "$plan" | grep '^qemu: ')
if [[ $qline == *netboot.sh*--tftp-server\ builtin* ]] && [[ $qline != *-kernel* ]] &&
   [[ $qline == *--append\ console=ttyS0* ]]; then
	t_ok "--boot tftp plan runs QEMU through netboot.sh, without -kernel"
else
	t_fail "--boot tftp plan" "$qline"
fi
qline=$("$kvm" --kernel-src "$ksrc" --dryrun --configs TINY01 --duration 30s 2>&1 | grep '^qemu: ')
if [[ $qline == *-kernel* ]] && [[ $qline != *netboot.sh* ]]; then
	t_ok "the default boot is still -kernel"
else
	t_fail "default boot" "$qline"
fi

# --- --stage-only --------------------------------------------------------------

mkdir -p "$tmp/in"
head -c 4096 /dev/urandom > "$tmp/in/bzImage"
head -c 984 /dev/urandom > "$tmp/in/initrd.cpio"
append="console=ttyS0 rcutorture.shutdown_secs=30 panic=-1"
out=$("$nb" --stage-only --dir "$tmp/stage" --image "$tmp/in/bzImage" \
	--initrd "$tmp/in/initrd.cpio" --append "$append" 2>&1) || t_fail "--stage-only runs" "$out"
tree="$tmp/stage/tftp"
for f in tftp/boot.ipxe tftp/bzImage tftp/initrd.cpio tftp/pxelinux.cfg/default \
	 config/dnsmasq.conf config/tftpd-hpa config/dhcpd.conf config/NETBOOT.txt; do
	if [ -s "$tmp/stage/$f" ]; then t_ok "stage-only wrote $f"; else t_fail "stage-only wrote $f" "missing"; fi
done
t_eq "the staged kernel is the image" "$(sha256sum < "$tmp/in/bzImage")" "$(sha256sum < "$tree/bzImage")"
t_eq "the staged initrd is separate and unchanged" "$(sha256sum < "$tmp/in/initrd.cpio")" "$(sha256sum < "$tree/initrd.cpio")"
t_eq "boot.ipxe is an iPXE script" "#!ipxe" "$(head -n 1 "$tree/boot.ipxe")"
t_eq "boot.ipxe fetches the kernel with the parameters" "kernel bzImage $append || goto no_kernel" \
	"$(grep '^kernel ' "$tree/boot.ipxe")"
t_eq "boot.ipxe fetches the initrd" "initrd initrd.cpio || goto no_initrd" "$(grep '^initrd ' "$tree/boot.ipxe")"
t_eq "pxelinux config names both" "KERNEL bzImage INITRD initrd.cpio APPEND $append" \
	"$(grep -E '^ *(KERNEL|INITRD|APPEND)' "$tree/pxelinux.cfg/default" | tr -s ' \n' '  ' | sed 's/^ //; s/ $//')"
t_eq "dnsmasq.conf serves the tree" "tftp-root=$tree" "$(grep '^tftp-root=' "$tmp/stage/config/dnsmasq.conf")"
if grep -q '^dhcp-boot=tag:ipxe,boot.ipxe$' "$tmp/stage/config/dnsmasq.conf" &&
   grep -q "^TFTP_DIRECTORY=\"$tree\"$" "$tmp/stage/config/tftpd-hpa" &&
   grep -q 'filename "boot.ipxe";' "$tmp/stage/config/dhcpd.conf"; then
	t_ok "dnsmasq, tftpd-hpa and dhcpd snippets name the script and the tree"
else
	t_fail "server snippets" "$(cat "$tmp/stage/config/dnsmasq.conf" "$tmp/stage/config/tftpd-hpa")"
fi
if printf '%s\n' "$out" | grep -q "staged $tree" && printf '%s\n' "$out" | grep -q 'dnsmasq.conf'; then
	t_ok "stage-only says what it wrote and what to do"
else
	t_fail "stage-only output" "$out"
fi
if [ -r /usr/lib/ipxe/undionly.kpxe ]; then
	if [ -s "$tree/undionly.kpxe" ] && [ -s "$tree/ipxe.efi" ]; then
		t_ok "stage-only copies the iPXE chain-loaders"
	else
		t_fail "iPXE chain-loaders" "not in $tree"
	fi
else
	t_skip "iPXE chain-loaders" "package ipxe is not installed (scripts/deps.sh netboot)"
fi
t_run "the staged tree passes --check" "$nb" --check "$tree"

# --- a missing file in the TFTP tree ------------------------------------------

cp -r "$tree" "$tmp/broken"
rm "$tmp/broken/initrd.cpio"
t_fails "--check names a missing initrd" '^NETBOOT-FAILED: tftp-tree: missing initrd.cpio' "$nb" --check "$tmp/broken"
# The boot is refused before QEMU starts: "false" as QEMU would fail otherwise.
rc=0
out=$(timeout 20 "$nb" --tftp-root "$tmp/broken" --dir "$tmp/run-broken" -- false 2>&1) || rc=$?
t_eq "a boot from a tree without its initrd exits 1" 1 "$rc"
if printf '%s\n' "$out" | grep -q '^NETBOOT-FAILED: tftp-tree: missing initrd.cpio (named in boot.ipxe)'; then
	t_ok "the boot names the missing initrd"
else
	t_fail "the boot names the missing initrd" "$out"
fi
t_eq "the verdict file says NETBOOT-FAILED" NETBOOT-FAILED "$(head -n 1 "$tmp/run-broken/verdict" 2>/dev/null)"
rm "$tmp/broken/boot.ipxe"
t_fails "--check names a missing boot script" '^NETBOOT-FAILED: tftp-tree: missing boot.ipxe' "$nb" --check "$tmp/broken"
t_fails "staging a kernel that does not exist fails" '^NETBOOT-FAILED: tftp-tree: no kernel image' \
	"$nb" --dir "$tmp/run-nokernel" --image "$tmp/in/nothing" --initrd "$tmp/in/initrd.cpio" -- false

# --- a server that does not start ---------------------------------------------

if [ "$(id -u)" -ne 0 ]; then
	t_skip "real server faults" "need root for the network namespace and tap device"
elif ! unshare --net true 2>/dev/null; then
	t_skip "real server faults" "unshare --net does not work here"
else
	rc=0
	out=$(NETBOOT_DNSMASQ=false timeout 30 "$nb" --tftp-server real --tftp-root "$tree" \
		--dir "$tmp/run-noserver" -- false 2>&1) || rc=$?
	t_eq "a server that exits at start: exit 1" 1 "$rc"
	if printf '%s\n' "$out" | grep -q '^NETBOOT-FAILED: server: false exited at start'; then
		t_ok "a server that exits at start is NETBOOT-FAILED: server"
	else
		t_fail "server that exits at start" "$out"
	fi
	out=$(NETBOOT_DNSMASQ=/nonexistent/dnsmasq timeout 30 "$nb" --tftp-server real --tftp-root "$tree" \
		--dir "$tmp/run-noserver2" -- false 2>&1)
	if printf '%s\n' "$out" | grep -q "^NETBOOT-FAILED: server: no '/nonexistent/dnsmasq'"; then
		t_ok "a missing server binary is NETBOOT-FAILED: server"
	else
		t_fail "missing server binary" "$out"
	fi
	if ip link show nbbr0 > /dev/null 2>&1 || ip link show nbtap0 > /dev/null 2>&1; then
		t_fail "the private network stays private" "nbbr0 or nbtap0 is in the host's namespace"
	else
		t_ok "the private network stays private (no nbbr0/nbtap0 on the host)"
	fi
fi

# --- console lines ---------------------------------------------------------------

events=$(printf '%s\r\n' \
	'iPXE initialising devices...ok' \
	'Configuring (net0 52:54:00:12:34:56)...... ok' \
	'net0: 10.0.2.15/255.255.255.0 gw 10.0.2.2' \
	'tftp://10.0.2.2/boot.ipxe... ok' \
	'bzImage... ok' \
	'initrd.cpio... No such file or directory (http://ipxe.org/2d12608e)' \
	'netboot: FAILED fetch initrd.cpio' \
	'Configuring (net0 52:54:00:12:34:56)...... No configuration methods succeeded (http://ipxe.org/040ee186)' \
	'No bootable device.' \
	'[    0.000000] Linux version 6.1.0' \
	'[    0.500000] Freeing memory... Error' \
	'torture-init: running' \
	'[   30.1] reboot: Power down' | "$nb" --classify | tr '\n' ';')
t_eq "console milestones and failures" "firmware iPXE;address 10.0.2.15;fetched boot.ipxe;fetched bzImage;fetch-failed initrd.cpio: No such file or directory (http://ipxe.org/2d12608e);fetch-failed initrd.cpio: the iPXE script could not fetch it;dhcp-failed iPXE: No configuration methods succeeded;no-boot the firmware found nothing to boot;kernel;init;end;" "$events"

printf '%s\n' 'SeaBIOS' 'NETBOOT-FAILED: fetch: initrd.cpio: No such file or directory' > "$tmp/console.log"
t_eq "parse_console: NETBOOT-FAILED verdict" "verdict=NETBOOT-FAILED" "$(parse_console "$tmp/console.log" rcu | head -n 1)"
t_eq "parse_console: the step is the reason" "reason=fetch: initrd.cpio: No such file or directory" \
	"$(parse_console "$tmp/console.log" rcu | sed -n 2p)"

t_done

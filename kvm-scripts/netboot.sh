#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot a kernel and a separate initrd the way a lab machine does: the
# firmware's network boot ROM (iPXE, from Debian's ipxe-qemu) gets an
# address by DHCP, fetches an iPXE script, the kernel and the initrd over
# TFTP, and boots them. kvm.sh --boot tftp runs every boot through here.
#
# Usage: netboot.sh [options] -- QEMU [QEMU_ARGS...]
#   --dir DIR            work folder: DIR/tftp is the TFTP root; logs, the
#                        packet capture and the report land in DIR
#   --image FILE         kernel boot image to stage (e.g. bzImage)
#   --initrd FILE        initrd to stage next to it (not embedded)
#   --append "ARGS"      kernel parameters, written into the iPXE script
#   --tftp-root DIR      boot an already staged tree instead (no staging)
#   --arch ARCH          target arch (default: this machine's)
#   --tftp-server KIND   builtin (default): QEMU user networking's TFTP;
#                        real: dnsmasq (DHCP+TFTP) in a private network
#                        namespace, the guest on a tap device (needs root)
#   --stage-only         write the tree and configuration snippets for a
#                        real network (dnsmasq, tftpd-hpa, ISC dhcpd,
#                        pxelinux); boot nothing
#   --stop-on REGEX      also stop QEMU when a console line matches REGEX
#   --no-check           skip the check that the tree holds every file the
#                        iPXE script names (to see the firmware fail instead)
#   --check DIR          only check the tree DIR, then exit
#   --classify           print the boot milestones a console log on stdin shows
#   -h, --help           this text
#
# QEMU stops on "reboot: Power down", "System halted", a kernel panic, or
# --stop-on. A network boot that goes wrong ends with one console line
#   NETBOOT-FAILED: STEP: DETAIL
# with STEP one of tftp-tree, server, firmware, dhcp, fetch, kernel-start,
# within NETBOOT_DHCP_TIMEOUT (default 60) seconds for an address and
# NETBOOT_FETCH_TIMEOUT (default 150) seconds for the kernel to start.
# DIR/report.txt then holds the bytes per file from the packet capture
# (tcpdump on the namespace's bridge, or QEMU's filter-dump at the guest's
# NIC on the builtin path) and the seconds from firmware start to /init.
#
# Environment (mostly for tests): NETBOOT_DNSMASQ (server binary, default
# dnsmasq), NETBOOT_DNSMASQ_ARGS (extra server arguments).
#
# Exit status: 0 when the guest booted and QEMU was stopped or exited,
# 1 for NETBOOT-FAILED, 2 for bad options.
set -eu

NETBOOT_DIR="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=../configs/env.sh
source "$NETBOOT_DIR/../configs/env.sh"
# shellcheck source=../configs/arch.sh
source "$NETBOOT_DIR/../configs/arch.sh"
# shellcheck source=verdict.sh
source "$NETBOOT_DIR/verdict.sh"

# The private network inside the namespace (real server path only). No
# route leads out of the namespace: it holds only lo, the bridge and the tap.
NB_NET=10.0.2
NB_SERVER=$NB_NET.1
NB_GUEST=$NB_NET.15
NB_ULA=fd00:6e62::
NB_BRIDGE=nbbr0
NB_TAP=nbtap0
BOOT_SCRIPT=boot.ipxe

# Console lines, as extended regexes.
RE_END='reboot: (Power down|System halted)|Kernel panic - not syncing'
RE_FETCH_ERR='No such file|timed out|denied|[Ee]rror|not found|refused|unreachable|Invalid|ipxe\.org/'

usage() {
	sed -n '/^# Usage:/,/^# Exit status/p' "$0" | sed 's/^# \{0,1\}//'
	exit "${1:-0}"
}

bad_usage() {
	echo "netboot.sh: $*" >&2
	echo "netboot.sh: see netboot.sh --help" >&2
	exit 2
}

# --- the TFTP tree -----------------------------------------------------------

# write_ipxe_script FILE KERNEL INITRD APPEND: the iPXE script that fetches
# KERNEL and INITRD (names relative to the script) and boots them. Each
# step says on the console what it does and what failed.
write_ipxe_script() {
	local file="$1" kernel="$2" initrd="$3" append="$4"
	cat > "$file" <<-EOF
	#!ipxe
	# Written by nolibc-torture's netboot.sh. The names are relative to
	# where this script was fetched from.
	echo netboot: fetching $kernel
	kernel $kernel $append || goto no_kernel
	echo netboot: fetching $initrd
	initrd $initrd || goto no_initrd
	echo netboot: booting $kernel
	boot || goto no_boot
	:no_kernel
	echo netboot: FAILED fetch $kernel
	exit 1
	:no_initrd
	echo netboot: FAILED fetch $initrd
	exit 1
	:no_boot
	echo netboot: FAILED boot $kernel
	exit 1
	EOF
}

# script_files TREE: the files TREE's iPXE script (and pxelinux config, if
# any) names, one per line.
script_files() {
	awk '$1 == "kernel" || $1 == "initrd" { print $2 }' "$1/$BOOT_SCRIPT"
	[ ! -e "$1/pxelinux.cfg/default" ] ||
		awk 'toupper($1) == "KERNEL" || toupper($1) == "INITRD" { print $2 }' "$1/pxelinux.cfg/default"
}

# check_tree TREE: prints what the tree lacks, one line per missing or
# empty file; true when nothing is missing.
check_tree() {
	local tree="$1" f bad=0
	if [ ! -s "$tree/$BOOT_SCRIPT" ]; then
		echo "$BOOT_SCRIPT (the boot program's script) in $tree"
		return 1
	fi
	for f in $(script_files "$tree" | sort -u); do
		if [ ! -s "$tree/$f" ]; then
			echo "$f (named in $BOOT_SCRIPT) in $tree"
			bad=1
		fi
	done
	return "$bad"
}

# stage_tree TREE IMAGE INITRD APPEND: copies the kernel and the initrd
# into TREE under their own names and writes the iPXE script.
stage_tree() {
	local tree="$1" image="$2" initrd="$3" append="$4"
	[ -s "$image" ] || netboot_fail tftp-tree "no kernel image '$image' to stage"
	[ -s "$initrd" ] || netboot_fail tftp-tree "no initrd '$initrd' to stage"
	mkdir -p "$tree"
	cp "$image" "$tree/$(basename "$image")"
	cp "$initrd" "$tree/$(basename "$initrd")"
	write_ipxe_script "$tree/$BOOT_SCRIPT" "$(basename "$image")" "$(basename "$initrd")" "$append"
}

# --- configuration for a real network (--stage-only) ------------------------

# write_hardware_configs TREE KERNEL INITRD APPEND: chain-loaders (when the
# ipxe package is installed) and ready snippets for dnsmasq, tftpd-hpa,
# ISC dhcpd and pxelinux, plus NETBOOT.txt saying what to do.
write_hardware_configs() {
	local tree="$1" kernel="$2" initrd="$3" append="$4" conf="$1/../config" f have=""
	mkdir -p "$conf" "$tree/pxelinux.cfg"
	conf=$(cd "$conf" && pwd)
	for f in undionly.kpxe ipxe.efi; do
		if [ -r "/usr/lib/ipxe/$f" ]; then
			cp "/usr/lib/ipxe/$f" "$tree/$f"
			have="$have $f"
		fi
	done
	cat > "$tree/pxelinux.cfg/default" <<-EOF
	# pxelinux instead of iPXE: copy pxelinux.0 (package pxelinux) and
	# ldlinux.c32 (package syslinux-common) next to $kernel.
	DEFAULT torture
	LABEL torture
	  KERNEL $kernel
	  INITRD $initrd
	  APPEND $append
	EOF
	cat > "$conf/dnsmasq.conf" <<-EOF
	# dnsmasq as DHCP and TFTP server on a lab network (eth1 here) that has
	# no other DHCP server: dnsmasq --conf-file=THIS_FILE --keep-in-foreground
	# With an existing DHCP server, use "dhcp-range=192.168.77.0,proxy" instead.
	port=0
	interface=eth1
	bind-interfaces
	dhcp-range=192.168.77.100,192.168.77.150,255.255.255.0,1h
	enable-tftp
	tftp-root=$tree
	log-dhcp
	# A plain PXE ROM first loads iPXE, which then asks again and gets the script.
	dhcp-match=set:ipxe,175
	dhcp-match=set:efi64,option:client-arch,7
	dhcp-boot=tag:!ipxe,tag:!efi64,undionly.kpxe
	dhcp-boot=tag:!ipxe,tag:efi64,ipxe.efi
	dhcp-boot=tag:ipxe,$BOOT_SCRIPT
	EOF
	cat > "$conf/tftpd-hpa" <<-EOF
	# /etc/default/tftpd-hpa (package tftpd-hpa); then: systemctl restart tftpd-hpa
	# The DHCP server must point at this machine (next-server) with the
	# file names of dhcpd.conf.
	TFTP_USERNAME="tftp"
	TFTP_DIRECTORY="$tree"
	TFTP_ADDRESS=":69"
	TFTP_OPTIONS="--secure --verbose"
	EOF
	cat > "$conf/dhcpd.conf" <<-EOF
	# ISC dhcpd (isc-dhcp-server) subnet for the lab network, TFTP from
	# tftpd-hpa on 192.168.77.1.
	subnet 192.168.77.0 netmask 255.255.255.0 {
	  range 192.168.77.100 192.168.77.150;
	  next-server 192.168.77.1;
	  if exists user-class and option user-class = "iPXE" {
	    filename "$BOOT_SCRIPT";
	  } elsif option pxe-system-type = 00:07 {
	    filename "ipxe.efi";
	  } else {
	    filename "undionly.kpxe";
	  }
	}
	EOF
	cat > "$conf/NETBOOT.txt" <<-EOF
	TFTP root: $tree
	  $BOOT_SCRIPT    iPXE script: fetches $kernel and $initrd, boots with
	                $append
	  $kernel, $initrd
	  pxelinux.cfg/default   the same boot for pxelinux
	  chain-loaders:${have:- none (apt-get install ipxe for undionly.kpxe and ipxe.efi)}
	Server configuration, pick one:
	  dnsmasq.conf  DHCP+TFTP in one (edit interface and addresses)
	  tftpd-hpa + dhcpd.conf   TFTP from tftpd-hpa, DHCP from ISC dhcpd
	On the machine: enable network boot (PXE) in the firmware; the serial
	console is console=ttyS0 in $BOOT_SCRIPT: change it to the machine's port.
	The run ends with "End of test: SUCCESS" on that console, then the
	machine powers off.
	Try the tree in QEMU first:
	  $NETBOOT_DIR/netboot.sh --tftp-root $tree --dir DIR -- \\
	    qemu-system-x86_64 -M q35 -m 512M -nographic -no-reboot
	EOF
}

# --- verdicts and clean-up ---------------------------------------------------

work="" qemu_pid="" stamp_pid="" server_pid="" capture_pid="" qemu_start=""

# netboot_fail STEP DETAIL: the named verdict on the console, then stop.
netboot_fail() {
	echo "NETBOOT-FAILED: $1: $2"
	[ -z "$work" ] || verdict_write "$work" NETBOOT-FAILED "$1: $2"
	stop_all
	exit 1
}

# stop_pid PID: TERM, then KILL if it is still there after a second.
stop_pid() {
	local i
	[ -n "$1" ] || return 0
	kill -TERM "$1" 2>/dev/null || return 0
	for i in 1 2 3 4 5 6 7 8 9 10; do
		kill -0 "$1" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$1" 2>/dev/null || true
	wait "$1" 2>/dev/null || true
}

# stop_all: QEMU first, then whoever served or watched it.
stop_all() {
	stop_pid "$qemu_pid"
	qemu_pid=""
	[ -z "$stamp_pid" ] || wait "$stamp_pid" 2>/dev/null || true
	stamp_pid=""
	stop_pid "$capture_pid"
	capture_pid=""
	stop_pid "$server_pid"
	server_pid=""
	[ -z "$work" ] || rm -f "$work/console.fifo"
}

on_signal() {
	trap - INT TERM
	# kvm.sh stops a finished run with TERM, and KILL half a second later:
	# the report first, it takes a fraction of that.
	[ -z "$qemu_start" ] || write_report "$server" 2> /dev/null || true
	stop_all
	exit 130
}

# --- the console --------------------------------------------------------------

# console_event LINE [BOOTED]: sets EV to the boot milestone or failure a
# console line shows, as "EVENT DETAIL", or to nothing. Events: firmware,
# address, fetched, fetch-failed, dhcp-failed, no-boot, kernel, init, end.
# With BOOTED non-empty (the kernel runs) only kernel, init and end are
# looked for: kernel lines are no firmware messages.
console_event() {
	local line="${1//$'\r'/}" name rest
	EV=""
	if [[ $line =~ Linux\ version ]]; then
		EV="kernel"
	elif [[ $line =~ torture-init:\ running ]]; then
		EV="init"
	elif [[ $line =~ $RE_END ]]; then
		EV="end"
	elif [ -n "${2:-}" ]; then
		return 0
	elif [[ $line =~ netboot:\ FAILED\ (fetch|boot)\ ([^ ]+) ]]; then
		EV="fetch-failed ${BASH_REMATCH[2]}: the iPXE script could not ${BASH_REMATCH[1]} it"
	elif [[ $line =~ iPXE\ initialising\ devices ]]; then
		EV="firmware iPXE"
	elif [[ $line =~ net0:\ ([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)/ ]]; then
		EV="address ${BASH_REMATCH[1]}"
	elif [[ $line =~ No\ configuration\ methods\ succeeded ]]; then
		EV="dhcp-failed iPXE: No configuration methods succeeded"
	elif [[ $line =~ Nothing\ to\ boot ]]; then
		EV="dhcp-failed iPXE: Nothing to boot"
	elif [[ $line =~ No\ bootable\ device ]]; then
		EV="no-boot the firmware found nothing to boot"
	elif [[ $line =~ (^|[[:space:]])([^[:space:]()]*[^[:space:]().])\.\.\.\ (.*)$ ]]; then
		name=${BASH_REMATCH[2]##*/} rest=${BASH_REMATCH[3]}
		if [[ $rest =~ ^ok ]]; then
			EV="fetched $name"
		elif [[ $rest =~ $RE_FETCH_ERR ]]; then
			EV="fetch-failed $name: $rest"
		fi
	fi
}

# stamp_console EVENTS: copies the console from stdin to stdout and
# appends "EPOCH_SECONDS EVENT DETAIL" to EVENTS for every milestone line,
# and "EPOCH_SECONDS stop" for a line matching --stop-on.
stamp_console() {
	local events="$1" line booted=""
	while IFS= read -r line || [ -n "$line" ]; do
		printf '%s\n' "$line"
		if [ -n "$stop_on" ] && [[ $line =~ $stop_on ]]; then
			echo "$EPOCHREALTIME stop" >> "$events"
		fi
		console_event "$line" "$booted"
		[ -n "$EV" ] || continue
		echo "$EPOCHREALTIME $EV" >> "$events"
		[ "$EV" != kernel ] || booted=1
	done
}

# classify_console: the events of a console log on stdin, without times
# (for tests and for looking at a log by hand).
classify_console() {
	local line booted=""
	while IFS= read -r line || [ -n "$line" ]; do
		console_event "$line" "$booted"
		[ -n "$EV" ] || continue
		echo "$EV"
		[ "$EV" != kernel ] || booted=1
	done
}

# --- serving -------------------------------------------------------------------

# builtin_net_args TREE NIC: QEMU arguments for user networking's own TFTP,
# with a capture at the guest's NIC.
builtin_net_args() {
	printf '%s\n' -netdev "user,id=nb0,tftp=$1,bootfile=$BOOT_SCRIPT" \
		-device "$2,netdev=nb0" \
		-object "filter-dump,id=nbdump,netdev=nb0,file=$work/capture.pcap" -boot n
}

# real_net_args NIC: QEMU arguments for the tap device in the namespace.
real_net_args() {
	printf '%s\n' -netdev "tap,id=nb0,ifname=$NB_TAP,script=no,downscript=no" \
		-device "$1,netdev=nb0" -boot n
}

# in_private_netns: true when this process runs in a network namespace
# that holds nothing but a loopback device (made by unshare below).
in_private_netns() {
	[ "${NETBOOT_NETNS:-}" = "$$" ] && [ "$(ip -o link show | grep -vc ': lo:')" -eq 0 ]
}

# netns_setup: inside the private namespace, a bridge with the server's
# address and a tap device on it for QEMU. IPv6 router advertisements from
# dnsmasq spare iPXE its wait for one.
netns_setup() {
	ip link set lo up &&
		ip link add "$NB_BRIDGE" type bridge &&
		ip tuntap add dev "$NB_TAP" mode tap &&
		ip link set "$NB_TAP" master "$NB_BRIDGE" &&
		ip addr add "$NB_SERVER/24" dev "$NB_BRIDGE" &&
		ip -6 addr add "${NB_ULA}1/64" dev "$NB_BRIDGE" nodad &&
		ip link set "$NB_BRIDGE" up &&
		ip link set "$NB_TAP" up
}

# start_dnsmasq TREE: DHCP (one address), router advertisements and TFTP on
# the bridge only; waits until it serves, or fails the step "server".
start_dnsmasq() {
	local tree="$1" bin="${NETBOOT_DNSMASQ:-dnsmasq}" log="$work/server.log" i st msg
	local -a extra=()
	read -r -a extra <<< "${NETBOOT_DNSMASQ_ARGS:-}"
	command -v "$bin" > /dev/null ||
		netboot_fail server "no '$bin' (apt-get install dnsmasq-base, or scripts/deps.sh netboot)"
	: > "$log"
	"$bin" --keep-in-foreground --conf-file=/dev/null --port=0 --no-resolv \
		--user=root --group=root --pid-file= \
		--interface="$NB_BRIDGE" --bind-interfaces \
		--dhcp-range="$NB_GUEST,$NB_GUEST,255.255.255.0,10m" \
		--dhcp-range="$NB_ULA,ra-only,64" --enable-ra \
		--dhcp-boot="$BOOT_SCRIPT" --dhcp-leasefile="$work/leases" \
		--enable-tftp --tftp-root="$tree" \
		--log-facility="$log" --log-dhcp "${extra[@]}" \
		> "$work/server.out" 2>&1 < /dev/null &
	server_pid=$!
	for i in $(seq 1 50); do
		if ! kill -0 "$server_pid" 2>/dev/null; then
			st=0
			wait "$server_pid" 2>/dev/null || st=$?
			server_pid=""
			msg=$(cat "$work/server.out" "$log" 2>/dev/null | grep . | tail -n 1 || true)
			netboot_fail server "$bin exited at start with status $st: ${msg:-no message}"
		fi
		grep -q 'TFTP root is' "$log" && return 0
		sleep 0.1
	done
	netboot_fail server "$bin did not say it serves TFTP within 5 seconds (see $log)"
}

# start_capture IFACE: tcpdump on IFACE into capture.pcap, if installed.
start_capture() {
	local i
	if ! command -v tcpdump > /dev/null; then
		echo "netboot: no tcpdump (apt-get install tcpdump): no byte counts" >&2
		return 0
	fi
	tcpdump -i "$1" -n -U -Z root -w "$work/capture.pcap" > "$work/capture.log" 2>&1 &
	capture_pid=$!
	for i in $(seq 1 50); do
		grep -q 'listening on' "$work/capture.log" && return 0
		sleep 0.1
	done
	echo "netboot: tcpdump did not start: no byte counts" >&2
}

# --- booting -------------------------------------------------------------------

# start_qemu QEMU_CMD...: QEMU in the background; its console goes through
# stamp_console to stdout.
start_qemu() {
	rm -f "$work/console.fifo"
	mkfifo "$work/console.fifo"
	stamp_console "$work/events" < "$work/console.fifo" &
	stamp_pid=$!
	qemu_start=$EPOCHREALTIME
	"$@" > "$work/console.fifo" 2>&1 < /dev/null &
	qemu_pid=$!
	echo "$qemu_start start" > "$work/events.start"
}

# seen NAME: the detail of the first event NAME (the firmware's own error
# line comes before the script's); false if there is none.
seen() {
	awk -v n="$1" '$2 == n { d = $0; sub(/^[^ ]+ [^ ]+ ?/, "", d); print d; found = 1; exit } END { exit !found }' "$work/events"
}

# watch_boot: waits for the end of the run; a network boot that goes wrong,
# or does not get on within the time-outs, ends as NETBOOT-FAILED. The
# report is written once the kernel runs and again at /init: the network's
# part is over by then, and whoever runs this may stop it at any time later.
watch_boot() {
	local dhcp_max="${NETBOOT_DHCP_TIMEOUT:-60}" fetch_max="${NETBOOT_FETCH_TIMEOUT:-150}" t0=$SECONDS d a
	local reported=""
	while kill -0 "$qemu_pid" 2>/dev/null; do
		if [ "$reported" != init ] && seen kernel > /dev/null; then
			if seen init > /dev/null; then
				reported=init
				write_report "$server"
			elif [ -z "$reported" ]; then
				reported=kernel
				write_report "$server"
			fi
		fi
		if d=$(seen fetch-failed); then
			netboot_fail fetch "$d"
		elif d=$(seen dhcp-failed); then
			if a=$(seen address); then
				netboot_fail dhcp "address $a but no boot file name in the DHCP answer ($d)"
			fi
			netboot_fail dhcp "no IPv4 address from DHCP ($d)"
		elif d=$(seen no-boot) && ! seen kernel > /dev/null; then
			seen address > /dev/null || netboot_fail dhcp "no address, then: $d"
			netboot_fail fetch "$d"
		elif seen end > /dev/null || seen stop > /dev/null; then
			sleep 0.5
			stop_pid "$qemu_pid"
			break
		elif ! seen kernel > /dev/null; then
			if ! seen address > /dev/null && [ $((SECONDS - t0)) -ge "$dhcp_max" ]; then
				seen firmware > /dev/null ||
					netboot_fail firmware "no iPXE banner within ${dhcp_max}s (does the NIC have a boot ROM?)"
				netboot_fail dhcp "no address within ${dhcp_max}s"
			fi
			if [ $((SECONDS - t0)) -ge "$fetch_max" ]; then
				seen fetched > /dev/null ||
					netboot_fail fetch "nothing fetched within ${fetch_max}s"
				netboot_fail kernel-start "files fetched ($(awk '$2 == "fetched" { printf "%s ", $3 }' "$work/events")) but no kernel within ${fetch_max}s"
			fi
		fi
		sleep 0.2
	done
	wait "$qemu_pid" 2>/dev/null || true
	qemu_pid=""
	wait "$stamp_pid" 2>/dev/null || true
	stamp_pid=""
	if ! seen kernel > /dev/null; then
		netboot_fail kernel-start "QEMU ended before the kernel started"
	fi
}

# --- the report ----------------------------------------------------------------

# capture_transfers PCAP: one line per TFTP transfer in the capture:
#   FILE DATA_BYTES DATA_PACKETS FRAME_BYTES FIRST_TIME LAST_TIME
# DATA_BYTES is the file's payload in TFTP DATA packets; FRAME_BYTES all
# Ethernet frames of the transfer, both ways (request, options, data, ACKs).
capture_transfers() {
	tcpdump -n -tt -e -T tftp -r "$1" 'udp and not port 67 and not port 68 and not port 546 and not port 547' 2>/dev/null |
		awk '
		match($0, /length [0-9]+:/) {
			frame = substr($0, RSTART + 7, RLENGTH - 8)
			if (!match($0, /[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+ > [0-9]+\.[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+:/)) next
			split(substr($0, RSTART, RLENGTH - 1), ends, " > ")
			sport = ends[1]; sub(/.*\./, "", sport)
			dport = ends[2]; sub(/.*\./, "", dport)
			if (match($0, /RRQ "[^"]+"/)) {
				name = substr($0, RSTART + 5, RLENGTH - 6)
				sub(/.*\//, "", name)
				port[sport] = name
				if (!(name in first)) { order[++n] = name; first[name] = $1 }
			}
			f = (sport in port) ? port[sport] : ((dport in port) ? port[dport] : "")
			if (f == "") next
			fbytes[f] += frame
			last[f] = $1
			if ((dport in port) && match($0, /TFTP, length [0-9]+, DATA/)) {
				data[f] += substr($0, RSTART + 13, RLENGTH - 19) - 4
				pkts[f]++
			}
		}
		END { for (i = 1; i <= n; i++) { f = order[i]; printf "%s %d %d %d %s %s\n", f, data[f], pkts[f], fbytes[f], first[f], last[f] } }'
}

# capture_total PCAP: "FRAMES BYTES" of everything in the capture.
capture_total() {
	tcpdump -n -tt -e -r "$1" 2>/dev/null |
		awk 'match($0, /length [0-9]+:/) { n++; b += substr($0, RSTART + 7, RLENGTH - 8) } END { printf "%d %d\n", n, b }'
}

# event_seconds NAME: seconds from QEMU start to the first event NAME.
event_seconds() {
	awk -v n="$1" -v t0="$qemu_start" '$2 == n { printf "%.2f\n", $1 - t0; found = 1; exit } END { exit !found }' "$work/events"
}

# write_report PATH: report.txt and transfers.tsv in the work folder, each
# replaced whole.
write_report() {
	local path="$1" f data pkts fbytes first last
	{
		echo "path: $path"
		if [ -s "$work/capture.pcap" ] && command -v tcpdump > /dev/null; then
			echo "capture: $work/capture.pcap ($([ "$path" = real ] && echo "tcpdump on the namespace bridge $NB_BRIDGE" || echo "QEMU filter-dump at the guest NIC"))"
			printf 'file\tdata_bytes\tdata_packets\tframe_bytes\tseconds\n' > "$work/transfers.tsv.tmp"
			while read -r f data pkts fbytes first last; do
				printf '%s\t%s\t%s\t%s\t%s\n' "$f" "$data" "$pkts" "$fbytes" \
					"$(awk -v a="$first" -v b="$last" 'BEGIN { printf "%.3f", b - a }')" >> "$work/transfers.tsv.tmp"
			done < <(capture_transfers "$work/capture.pcap")
			column -t < "$work/transfers.tsv.tmp" 2>/dev/null || cat "$work/transfers.tsv.tmp"
			read -r f data < <(capture_total "$work/capture.pcap")
			echo "all frames on the wire: $f frames, $data bytes"
		else
			echo "capture: none (no tcpdump): no byte counts"
		fi
		[ ! -s "$work/server.log" ] || echo "server log: $work/server.log ($(grep -c 'sent .* to' "$work/server.log" || true) files sent)"
		echo "seconds from QEMU start (firmware start) to:"
		awk -v t0="$qemu_start" '$2 != "stop" { printf "  %7.2f  %s %s\n", $1 - t0, $2, $3 }' "$work/events"
	} > "$work/report.txt.tmp"
	[ ! -e "$work/transfers.tsv.tmp" ] || mv "$work/transfers.tsv.tmp" "$work/transfers.tsv"
	mv "$work/report.txt.tmp" "$work/report.txt"
}

# --- main ----------------------------------------------------------------------

dir="" image="" initrd="" append="" tftp_root="" arch="" server=builtin
stage_only="" stop_on="" no_check="" check_only=""
args=("$@")

while [ $# -gt 0 ]; do
	case "$1" in
	--dir) dir="${2?--dir needs a value}"; shift ;;
	--image) image="${2?--image needs a value}"; shift ;;
	--initrd) initrd="${2?--initrd needs a value}"; shift ;;
	--append) append="${2?--append needs a value}"; shift ;;
	--tftp-root) tftp_root="${2?--tftp-root needs a value}"; shift ;;
	--arch) arch="${2?--arch needs a value}"; shift ;;
	--tftp-server) server="${2?--tftp-server needs a value}"; shift ;;
	--stage-only) stage_only=1 ;;
	--stop-on) stop_on="${2?--stop-on needs a value}"; shift ;;
	--no-check) no_check=1 ;;
	--check) check_only="${2?--check needs a value}"; shift ;;
	--classify) classify_console; exit 0 ;;
	-h|--help) usage 0 ;;
	--) shift; break ;;
	*) bad_usage "unknown option '$1'" ;;
	esac
	shift
done

if [ -n "$check_only" ]; then
	if missing=$(check_tree "$check_only"); then
		echo "netboot: $check_only holds every file $BOOT_SCRIPT names: $(script_files "$check_only" | sort -u | tr '\n' ' ')"
		exit 0
	fi
	printf '%s\n' "$missing" | sed 's/^/NETBOOT-FAILED: tftp-tree: missing /'
	exit 1
fi

case "$server" in builtin|real) ;; *) bad_usage "--tftp-server must be builtin or real" ;; esac
[ -n "$dir" ] || bad_usage "--dir is required"
[ -n "$arch" ] || arch=$(arch_host) || bad_usage "this machine's arch is not in configs/arches.tsv"
arch=$(arch_canonical "$arch") || bad_usage "unknown arch '$arch'"
nic=$(arch_get "$arch" netboot)
[ -n "$nic" ] || bad_usage "no network boot for $arch yet (configs/arches.tsv column netboot; see kvm-scripts/README.md)"
if [ -z "$tftp_root" ]; then
	{ [ -n "$image" ] && [ -n "$initrd" ]; } || bad_usage "--image and --initrd are required (or --tftp-root)"
fi
[ -n "$stage_only" ] || [ $# -gt 0 ] || bad_usage "no QEMU command after --"

# The real server runs inside a network namespace of its own, made here by
# re-running this script under unshare: the namespace ends with the last
# process in it, even when the run is killed, so nothing is left behind.
if [ "$server" = real ] && [ -z "$stage_only" ] && ! in_private_netns; then
	[ "$(id -u)" -eq 0 ] || { echo "NETBOOT-FAILED: server: the real TFTP server path needs root (network namespace and tap device); --tftp-server builtin does not"; exit 1; }
	command -v unshare > /dev/null || { echo "NETBOOT-FAILED: server: no unshare (util-linux)"; exit 1; }
	# unshare without --fork execs in this same process: the PID stays.
	NETBOOT_NETNS=$$ exec unshare --net -- bash "$0" "${args[@]}"
fi

mkdir -p "$dir"
work=$(cd "$dir" && pwd)
trap on_signal INT TERM

tree="$tftp_root"
if [ -z "$tree" ]; then
	tree="$work/tftp"
	rm -rf "$tree"
	stage_tree "$tree" "$image" "$initrd" "$append"
fi
tree=$(cd "$tree" && pwd)

if [ -n "$stage_only" ]; then
	[ -z "$tftp_root" ] || bad_usage "--stage-only stages --image and --initrd, not --tftp-root"
	write_hardware_configs "$tree" "$(basename "$image")" "$(basename "$initrd")" "$append"
	echo "netboot: staged $tree"
	sed 's/^/  /' "$work/config/NETBOOT.txt"
	exit 0
fi

rm -f "$work/verdict" "$work/events" "$work/report.txt" "$work/transfers.tsv" "$work/capture.pcap"
: > "$work/events"
if [ -z "$no_check" ] && ! missing=$(check_tree "$tree"); then
	netboot_fail tftp-tree "missing $(printf '%s\n' "$missing" | head -n 1)"
fi

qemu=("$@")
if [ "$server" = real ]; then
	netns_setup > "$work/netns.log" 2>&1 || netboot_fail server "cannot set up the private network: $(tail -n 1 "$work/netns.log")"
	start_dnsmasq "$tree"
	start_capture "$NB_BRIDGE"
	echo "netboot: real server: $(${NETBOOT_DNSMASQ:-dnsmasq} --version 2>/dev/null | head -n 1 | cut -d' ' -f1-3) (DHCP+TFTP) on $NB_BRIDGE $NB_SERVER/24 in a private network namespace, guest on tap $NB_TAP; TFTP root $tree"
	mapfile -t -O "${#qemu[@]}" qemu < <(real_net_args "$nic")
else
	echo "netboot: builtin server: QEMU user networking's TFTP, TFTP root $tree"
	mapfile -t -O "${#qemu[@]}" qemu < <(builtin_net_args "$tree" "$nic")
fi
printf '%q ' "${qemu[@]}" > "$work/qemu-cmd"
echo >> "$work/qemu-cmd"

start_qemu "${qemu[@]}"
watch_boot
stop_all
write_report "$server"
verdict_write "$work" BOOTED "$server path, kernel started $(event_seconds kernel || echo -)s after firmware start"
echo "netboot: booted over TFTP ($server path); report: $work/report.txt" >&2

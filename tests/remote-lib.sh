# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# "Remote hosts" for the tests of kvm.sh --remote: each is an sshd in a
# network namespace of this machine, reached over a veth pair, with host
# keys, a client key and an ssh configuration of its own in a scratch
# folder, so nothing in ~/.ssh or /etc/ssh is read or written. The hosts
# share this machine's files, which is what lets a stub QEMU run "there".
# Source it after tests/lib.sh.

# remote_hosts_unusable: why namespaced sshd hosts cannot be made here
# (nothing when they can).
remote_hosts_unusable() {
	local name="nt-probe-$$"
	[ "$(id -u)" -eq 0 ] || { echo "needs root (network namespaces, sshd)"; return 0; }
	[ -x /usr/sbin/sshd ] || { echo "no /usr/sbin/sshd: scripts/deps.sh remote"; return 0; }
	command -v ssh-keygen > /dev/null || { echo "no ssh-keygen: scripts/deps.sh remote"; return 0; }
	if ! ip netns add "$name" 2> /dev/null; then
		echo "ip netns does not work here"
		return 0
	fi
	ip netns delete "$name"
}

# remote_hosts_up DIR NAME...: one namespace with an sshd per NAME,
# reachable as NAME through DIR/ssh_config; each sees a tmpfs of its own
# at DIR/fs (empty here), the rest of the files are this machine's. Sets REMOTE_SSH (the ssh
# command to use, also exported as PARALLEL_SSH for GNU parallel) and
# REMOTE_NETNS (the namespaces made, for remote_hosts_down). Call
# remote_hosts_down from an EXIT trap before calling this.
remote_hosts_up() {
	local dir="$1" name i=0 ns net host_if ns_if addr
	shift
	REMOTE_NETNS=() REMOTE_SSHD_PIDS=()
	mkdir -p "$dir/fs"
	# sshd's privilege separation wants this folder; it is not /etc/ssh
	mkdir -p /run/sshd
	ssh-keygen -q -t ed25519 -N "" -f "$dir/hostkey" -C nt-host
	ssh-keygen -q -t ed25519 -N "" -f "$dir/client" -C nt-client
	cp "$dir/client.pub" "$dir/authorized_keys"
	: > "$dir/known_hosts"
	: > "$dir/ssh_config"
	# a subnet per test process, so two runs of the test keep apart
	net="10.$((200 + $$ % 50)).$(( ($$ / 50) % 250 ))"
	for name in "$@"; do
		i=$((i + 1))
		ns="nt-remote-$$-$i" host_if="ntr$$h$i" ns_if="ntr$$n$i"
		addr="$net.$((i * 4 + 2))"
		ip netns add "$ns" || return 1
		REMOTE_NETNS+=("$ns")
		ip link add "$host_if" type veth peer name "$ns_if" netns "$ns" || return 1
		ip addr add "$net.$((i * 4 + 1))/30" dev "$host_if"
		ip link set "$host_if" up
		ip -n "$ns" addr add "$addr/30" dev "$ns_if"
		ip -n "$ns" link set "$ns_if" up
		ip -n "$ns" link set lo up
		cat > "$dir/sshd-$name.conf" <<-EOF
		ListenAddress $addr
		HostKey $dir/hostkey
		AuthorizedKeysFile $dir/authorized_keys
		PidFile none
		PermitRootLogin prohibit-password
		PasswordAuthentication no
		KbdInteractiveAuthentication no
		UsePAM no
		StrictModes no
		LogLevel VERBOSE
		EOF
		# a tmpfs of its own on DIR/fs: what a job leaves there is on
		# this host only, as on a machine of its own
		# shellcheck disable=SC2016 # expanded by that sh
		ip netns exec "$ns" sh -c 'mount -t tmpfs nt-remote "$1" && exec /usr/sbin/sshd -f "$2" -D -E "$3"' \
			sh "$dir/fs" "$dir/sshd-$name.conf" "$dir/sshd-$name.log" &
		REMOTE_SSHD_PIDS+=("$!")
		echo "$addr $(cut -d' ' -f1,2 "$dir/hostkey.pub")" >> "$dir/known_hosts"
		cat >> "$dir/ssh_config" <<-EOF
		Host $name
		  HostName $addr
		EOF
	done
	cat >> "$dir/ssh_config" <<-EOF
	Host *
	  User root
	  IdentityFile $dir/client
	  IdentitiesOnly yes
	  UserKnownHostsFile $dir/known_hosts
	  GlobalKnownHostsFile /dev/null
	  StrictHostKeyChecking yes
	  CheckHostIP no
	  BatchMode yes
	  ConnectTimeout 5
	EOF
	REMOTE_SSH="ssh -F $dir/ssh_config"
	export PARALLEL_SSH="$REMOTE_SSH"
	# each sshd listens within a few seconds
	for name in "$@"; do
		for _ in $(seq 50); do
			$REMOTE_SSH "$name" true 2> /dev/null && break
			sleep 0.2
		done
		$REMOTE_SSH "$name" true || { echo "remote_hosts_up: $name does not answer" >&2; return 1; }
	done
}

# remote_hosts_down: stops the sshd processes and removes the namespaces
# (their veth pairs go with them) that remote_hosts_up made.
remote_hosts_down() {
	local pid ns
	for pid in "${REMOTE_SSHD_PIDS[@]}"; do
		kill "$pid" 2> /dev/null || true
		wait "$pid" 2> /dev/null || true
	done
	for ns in "${REMOTE_NETNS[@]}"; do
		# sessions still open in it (a stray QEMU) end with it
		ip netns pids "$ns" 2> /dev/null | xargs -r kill -9 2> /dev/null || true
		ip netns delete "$ns" 2> /dev/null || true
	done
	REMOTE_SSHD_PIDS=() REMOTE_NETNS=()
}

# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# The shared cache (~/.cache/nolibc-torture) is used by every run on the
# machine at once: two runs that want the same kernel build, the same
# source extraction or the same tool must take turns, and a job cut off
# half-way must never be taken for a finished one. Source this file; it
# defines functions only. It lives in configs/, below every layer, because
# nolibc/Makefile extracts kernel trees under the same lock as kvm.sh
# (kvm-scripts/cache.sh sources it for the kvm-scripts).
#
# Locks are flock(1) locks on a file next to what they guard. The kernel
# drops a flock when its last holder exits, even on kill -9, so a lock is
# never left stale; a job's completion stamp is written last, so a job that
# died leaves no stamp and is done again by the next run.

# cache_with_lock LOCKFILE WHAT CMD...: runs CMD (a function or command, in
# this shell) while holding an exclusive lock on LOCKFILE. When another
# process holds it, says so on stderr, naming WHAT and the holder, and
# waits. Returns CMD's status. Children CMD starts inherit the lock: a make
# it left running keeps the folder locked until it ends.
cache_with_lock() {
	local lock="$1" what="$2" fd rc=0 t0=$SECONDS
	shift 2
	mkdir -p "$(dirname "$lock")"
	# <> opens without truncating: the holder's note stays readable.
	exec {fd}<> "$lock"
	if ! flock -n "$fd"; then
		echo "cache: waiting for $what: $(head -n 1 "$lock" 2> /dev/null || echo "another process") holds $lock" >&2
		# In the background so that a trapped signal (kvm.sh's SIGTERM)
		# is handled while waiting; the lock is taken on the shared
		# open file, so it stays with this shell when flock exits.
		flock "$fd" &
		wait "$!"
		echo "cache: got $what after $((SECONDS - t0))s of waiting" >&2
	fi
	printf 'pid %s (%s) since %s\n' "$$" "$(basename "$0")" "$(date +%H:%M:%S)" > "$lock"
	"$@" || rc=$?
	exec {fd}>&-
	return "$rc"
}

# cache_tarball_stamp TARBALL: what DEST/.extracted holds once TARBALL is
# extracted there: its size and modification time, which a package upgrade
# changes.
cache_tarball_stamp() {
	stat -c '%s %Y' "$1"
}

# cache_extracted TARBALL DEST: true when DEST holds TARBALL, extracted.
cache_extracted() {
	[ "$(cat "$2/.extracted" 2> /dev/null)" = "$(cache_tarball_stamp "$1")" ]
}

# cache_extract_locked TARBALL DEST: the body of cache_extract_tarball. A
# DEST from another tarball (the package was upgraded) is replaced whole.
cache_extract_locked() {
	local tarball="$1" dest="$2" tmp
	! cache_extracted "$tarball" "$dest" || return 0
	echo "cache: extracting $tarball into $dest$([ ! -e "$dest" ] || echo ", replacing the tree of an older package")" >&2
	tmp="$dest.tmp.$$"
	rm -rf "$tmp"
	mkdir -p "$tmp"
	tar -xJf "$tarball" -C "$tmp" --strip-components=1 || {
		rm -rf "$tmp"
		echo "cache_extract_tarball: extracting $tarball failed" >&2
		return 1
	}
	cache_tarball_stamp "$tarball" > "$tmp/.extracted"
	rm -rf "$dest"
	mv "$tmp" "$dest"
}

# cache_extract_tarball TARBALL DEST: DEST holds TARBALL's tree (its top
# folder stripped), extracted once; a second caller waits for the first.
# The lock file is DEST.lock; nolibc/Makefile calls this function too, so
# kvm.sh and a nolibc test extracting the same tree take turns.
cache_extract_tarball() {
	cache_with_lock "$2.lock" "the extraction of $(basename "$1")" cache_extract_locked "$1" "$2"
}

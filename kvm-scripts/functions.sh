# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# Pure helpers for the torture runner: which QEMU to use for a kernel, what
# arguments it gets, how many CPUs a scenario wants, how long a run lasts,
# and what a console log says about the run. Nothing here boots anything.
# Source this file; it defines functions only. Per-arch facts come from
# configs/arch.sh (configs/arches.tsv), never from a case of our own.
# Errors go to stderr as one line starting with the function's name, and
# the function returns 1.

KVM_FUNCTIONS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=/dev/null
. "$KVM_FUNCTIONS_DIR/../configs/arch.sh"

# kvm_err FUNCTION MESSAGE...: one error line on stderr.
kvm_err() {
	local fn="$1"
	shift
	echo "$fn: $*" >&2
}

# kvm_note FUNCTION MESSAGE...: one informational line on stderr.
kvm_note() {
	local fn="$1"
	shift
	echo "$fn: note: $*" >&2
}

# is_positive_int VALUE: true when VALUE is a decimal integer > 0
# (at most 9 digits, so the shell's arithmetic cannot overflow).
is_positive_int() {
	[[ $1 =~ ^[0-9]{1,9}$ ]] && [ "$((10#$1))" -gt 0 ]
}

# is_memory_size VALUE: true for a size QEMU's -m takes: N (MiB) or N with
# a k, M, G or T suffix (either case), N > 0.
is_memory_size() {
	[[ $1 =~ ^([0-9]{1,9})[kKmMgGtT]?$ ]] && [ "$((10#${BASH_REMATCH[1]}))" -gt 0 ]
}

# ---------------------------------------------------------------------------
# Which QEMU, which image, which arguments.

# identify_qemu_from_file_output TEXT: the qemu-system binary for a kernel
# that "file" described as TEXT.
identify_qemu_from_file_output() {
	local arch
	arch=$(arch_from_file_output "$1") || {
		kvm_err identify_qemu "no arch in configs/arches.tsv matches this kernel: $1"
		return 1
	}
	arch_get "$arch" qemu_system
}

# identify_qemu VMLINUX: the qemu-system binary that boots VMLINUX.
identify_qemu() {
	local text
	if [ ! -e "$1" ]; then
		kvm_err identify_qemu "no such file: $1"
		return 1
	fi
	text=$(file -L -- "$1") || {
		kvm_err identify_qemu "'file $1' failed"
		return 1
	}
	identify_qemu_from_file_output "$text"
}

# arch_of_qemu QEMU_BINARY: our arch name for a qemu-system binary (a bare
# name or a path). Fails when no row, or more than one row, uses it: then
# the caller must name the arch itself.
arch_of_qemu() {
	local bin col matches count
	bin=$(basename -- "${1:-}")
	col=$(arch_column_index qemu_system) || return 1
	matches=$(arch_rows | awk -F'\t' -v b="$bin" -v c="$col" '$c == b { print $1 }')
	count=$(printf '%s' "$matches" | grep -c . || true)
	if [ "$count" -eq 0 ]; then
		kvm_err arch_of_qemu "no arch uses QEMU binary '$1'"
		return 1
	fi
	if [ "$count" -gt 1 ]; then
		kvm_err arch_of_qemu "'$bin' serves several arches ($(echo "$matches" | tr '\n' ' ')); name the arch instead"
		return 1
	fi
	echo "$matches"
}

# kvm_arch_of TARGET: TARGET is an arch name (ours or an alias) or a
# qemu-system binary; prints our arch name.
kvm_arch_of() {
	arch_canonical "$1" || arch_of_qemu "$1"
}

# identify_boot_image TARGET: boot image path inside the kernel build tree.
# TARGET is a qemu-system binary or an arch name. A non-empty
# TORTURE_BOOT_IMAGE overrides the table.
identify_boot_image() {
	local arch
	if [ -n "${TORTURE_BOOT_IMAGE:-}" ]; then
		echo "$TORTURE_BOOT_IMAGE"
		return 0
	fi
	arch=$(kvm_arch_of "$1") || return 1
	arch_get "$arch" boot_image
}

# identify_qemu_args TARGET ACCEL: machine, CPU and extra QEMU arguments,
# one line. ACCEL is "tcg" (table CPU model) or "kvm" (accel=kvm, -cpu host).
identify_qemu_args() {
	local arch machine cpu extra args
	arch=$(kvm_arch_of "$1") || return 1
	machine=$(arch_get "$arch" machine) || return 1
	cpu=$(arch_get "$arch" cpu) || return 1
	extra=$(arch_get "$arch" qemu_extra) || return 1
	case "${2:-}" in
	tcg)
		args="-M $machine"
		[ -z "$cpu" ] || args="$args -cpu $cpu"
		;;
	kvm)
		args="-M $machine,accel=kvm -cpu host"
		;;
	*)
		kvm_err identify_qemu_args "accelerator must be tcg or kvm, not '${2:-}'"
		return 1
		;;
	esac
	[ -z "$extra" ] || args="$args $extra"
	echo "$args"
}

# identify_qemu_append TARGET: kernel command-line words for the console,
# one line: "console=DEV" plus the table's append column, if any.
identify_qemu_append() {
	local arch console extra
	arch=$(kvm_arch_of "$1") || return 1
	console=$(arch_get "$arch" console) || return 1
	extra=$(arch_get "$arch" append) || return 1
	if [ -n "$extra" ]; then
		echo "console=$console $extra"
	else
		echo "console=$console"
	fi
}

# specify_qemu_cpus TARGET QEMU_ARGS NCPUS: QEMU_ARGS with "-smp NCPUS"
# appended when the machine takes -smp (table column smp). QEMU_ARGS that
# already hold -smp are left alone: an explicit choice wins.
specify_qemu_cpus() {
	local arch smp args="$2"
	arch=$(kvm_arch_of "$1") || return 1
	if ! is_positive_int "$3"; then
		kvm_err specify_qemu_cpus "CPU count must be a positive integer, not '$3'"
		return 1
	fi
	smp=$(arch_get "$arch" smp) || return 1
	if [ "$smp" = yes ] && ! [[ " $args " =~ [[:space:]]-smp[[:space:]] ]]; then
		args="${args:+$args }-smp $3"
	fi
	echo "$args"
}

# gdb_free_port FROM CLAIMS OWNER: the first TCP port from FROM up (at
# most 100 tried) that nothing on this machine listens on and no live run
# has claimed, for --gdb; claimed for OWNER (a PID) in the folder CLAIMS
# as CLAIMS/PORT, which gdb_release_ports removes when its QEMU is gone
# (an interrupted run included). QEMU's
# -s always takes 1234, so a second --gdb run beside the first could not
# start; the lone run keeps 1234, which is what gdb scripts and IDEs are
# set up for. The claim closes the gap between choosing the port and
# QEMU listening on it, where two runs started together took the same
# one; a claim whose owner has died is stale and taken over.
gdb_free_port() {
	local from="$1" claims="$2" owner="$3"
	mkdir -p "$claims" || return 1
	(
		flock 9
		for ((port = from; port < from + 100; port++)); do
			# /proc, not kill -0: another user's live run is alive too
			if [ -e "$claims/$port" ] && [ -d "/proc/$(cat "$claims/$port")" ]; then
				continue
			fi
			# A connect that fails means no listener: bash's /dev/tcp
			# needs no nc or ss on the machine.
			if ! (exec 8<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then
				echo "$owner" > "$claims/$port"
				echo "$port"
				exit 0
			fi
		done
		kvm_err gdb_free_port "every TCP port from $from to $((port - 1)) is taken"
		exit 1
	) 9> "$claims/.lock"
}

# gdb_release_ports CLAIMS OWNER: drops the ports OWNER claimed in CLAIMS.
gdb_release_ports() {
	local f
	for f in "$1"/[0-9]*; do
		[ -e "$f" ] && [ "$(cat "$f")" = "$2" ] && rm -f "$f"
	done
	return 0
}

# ---------------------------------------------------------------------------
# Run length and scenario lists.

# sanitizer_refusal ARCH GCC KASAN KCSAN: why --kasan (KASAN non-empty)
# or --kcsan cannot be built for ARCH with GCC; prints the reason and fails,
# or prints nothing. The arch facts are those of the kernel being tortured
# (configs/kernel-arches.tsv, ARCH_KERNEL); the compiler is asked with the
# flags the kernel's Kconfig tests for.
sanitizer_refusal() {
	local arch="$1" gcc="$2" kasan="$3" kcsan="$4" kind name with a
	if [ -n "$kasan" ] && [ -n "$kcsan" ]; then
		echo "--kasan and --kcsan exclude each other (Linux's KCSAN depends on !KASAN)"
		return 1
	fi
	for kind in ${kasan:+kasan} ${kcsan:+kcsan}; do
		[ "$(arch_kernel_get "$arch" "$kind")" != yes ] || continue
		name=${kind^^}
		with=""
		for a in $(arch_kernel_list); do
			[ "$(arch_kernel_get "$a" "$kind")" != yes ] || with="$with $a"
		done
		echo "--$kind: Linux $(arch_kernel_facts "$arch") has no $name for $arch (its Kconfig does not select HAVE_ARCH_$name; configs/kernel-arches.tsv$(arch_kernel_stand_in "$arch")); it has for:${with:- none}"
		return 1
	done
	command -v "$gcc" > /dev/null || return 0	# kvm.sh names the package later
	if [ -n "$kasan" ] && ! echo 'int x;' | "$gcc" -fsanitize=kernel-address -x c -c -o /dev/null - 2> /dev/null; then
		echo "--kasan: $gcc cannot build KASAN code (-fsanitize=kernel-address)"
		return 1
	fi
	if [ -n "$kcsan" ] && ! echo 'int x;' | "$gcc" -fsanitize=thread --param tsan-distinguish-volatile=1 -x c -c -o /dev/null - 2> /dev/null; then
		echo "--kcsan: $gcc cannot build KCSAN code (-fsanitize=thread --param tsan-distinguish-volatile=1; gcc 11 or later)"
		return 1
	fi
}

# sanitizer_kconfig ARCH KASAN KCSAN: the options --kasan or --kcsan add.
# KASAN needs SLUB and SYSFS, which tinyconfig leaves out, and not
# SLUB_TINY, which 6.12's tinyconfig sets (without SLUB_TINY=n, KASAN=y did
# not stick there; 6.1 has no SLUB_TINY, and an absent option counts as n);
# KALLSYMS makes its reports name functions. KCSAN is set up as the
# kernel's own --kcsan does (strict, verbose, lockdep), and wants EXPERT on
# arm64.
sanitizer_kconfig() {
	if [ -n "$2" ]; then
		echo "CONFIG_SLUB=y CONFIG_SLUB_TINY=n CONFIG_SYSFS=y CONFIG_KALLSYMS=y CONFIG_STACKTRACE=y CONFIG_KASAN=y"
	elif [ -n "$3" ]; then
		[ "$(arch_get "$1" kernel_arch)" != arm64 ] || printf 'CONFIG_EXPERT=y '
		echo "CONFIG_KALLSYMS=y CONFIG_KCSAN=y CONFIG_KCSAN_STRICT=y CONFIG_KCSAN_REPORT_ONCE_IN_MS=100000 CONFIG_KCSAN_VERBOSE=y CONFIG_DEBUG_LOCK_ALLOC=y CONFIG_PROVE_LOCKING=y"
	fi
}

# duration_unit_seconds UNIT: seconds in one UNIT ("" means minutes).
duration_unit_seconds() {
	case "$1" in
	s) echo 1 ;;
	'' | m) echo 60 ;;
	h) echo 3600 ;;
	d) echo 86400 ;;
	*) return 1 ;;
	esac
}

# parse_duration STRING: seconds in STRING, which is N (minutes) or Ns, Nm,
# Nh, Nd with N a positive integer. Zero is rejected: it would test nothing.
parse_duration() {
	local num unit
	if ! [[ ${1:-} =~ ^([0-9]{1,9})([smhd]?)$ ]]; then
		kvm_err parse_duration "bad duration '${1:-}': want N (minutes) or N followed by s, m, h or d"
		return 1
	fi
	num=$((10#${BASH_REMATCH[1]}))
	unit=${BASH_REMATCH[2]}
	if [ "$num" -eq 0 ]; then
		kvm_err parse_duration "duration '$1' is zero"
		return 1
	fi
	echo $((num * $(duration_unit_seconds "$unit")))
}

# is_scenario_name NAME: true for names a scenario file can have.
is_scenario_name() {
	[[ $1 =~ ^[A-Za-z0-9][A-Za-z0-9_.+-]*$ ]]
}

# expand_config_list LIST...: scenario names, one per line. LIST words are
# NAME or COUNT*NAME (NAME repeated COUNT times, COUNT >= 1).
expand_config_list() {
	local words word count name i
	read -ra words <<< "$*"
	if [ "${#words[@]}" -eq 0 ]; then
		kvm_err expand_config_list "empty scenario list"
		return 1
	fi
	for word in "${words[@]}"; do
		count=1
		name=$word
		if [[ $word == *'*'* ]]; then
			count=${word%%\**}
			name=${word#*\*}
			if ! is_positive_int "$count"; then
				kvm_err expand_config_list "bad repeat count in '$word': want COUNT*NAME with COUNT >= 1"
				return 1
			fi
		fi
		if ! is_scenario_name "$name"; then
			kvm_err expand_config_list "bad scenario name in '$word'"
			return 1
		fi
		for ((i = 0; i < 10#$count; i++)); do
			echo "$name"
		done
	done
}

# ---------------------------------------------------------------------------
# Config fragments (see configs/README.md for the format).

# config_value NAME FILE...: the value the files give CONFIG option NAME,
# the last assignment winning, "n" for "# NAME is not set"; empty if unset.
# Files may be fragments (NAME=n) or .config files.
config_value() {
	local name="$1"
	shift
	awk -v n="$name" '
		index($0, n "=") == 1 { v = substr($0, length(n) + 2) }
		$0 == "# " n " is not set" { v = "n" }
		END { print v }' "$@"
}

# scenario_cpus FILE...: how many CPUs a scenario wants, from its fragment
# (and any later files, e.g. CFcommon or extra options, last one winning):
# 1 when CONFIG_SMP=n, else CONFIG_NR_CPUS, else 1 when SMP is not asked
# for (the base config is uniprocessor). CONFIG_SMP=y without
# CONFIG_NR_CPUS is an error: the kernel's default CPU count is no answer.
scenario_cpus() {
	local nr smp
	nr=$(config_value CONFIG_NR_CPUS "$@") || return 1
	smp=$(config_value CONFIG_SMP "$@") || return 1
	if [ "$smp" = n ]; then
		echo 1
	elif [ -n "$nr" ]; then
		if ! is_positive_int "$nr"; then
			kvm_err scenario_cpus "CONFIG_NR_CPUS=$nr is not a positive integer in $*"
			return 1
		fi
		echo $((10#$nr))
	elif [ "$smp" = y ]; then
		kvm_err scenario_cpus "CONFIG_SMP=y without CONFIG_NR_CPUS in $*"
		return 1
	else
		echo 1
	fi
}

# scenario_boot_args BOOTFILE: the kernel parameters in a scenario's .boot
# file as one line (comment lines dropped); empty when there is no file.
scenario_boot_args() {
	[ -e "$1" ] || return 0
	grep -v -e '^#' -e '^[[:space:]]*$' -- "$1" | tr -s '\n\t' '  ' | sed 's/^ *//; s/ *$//'
}

# fragment_to_kconfig FILE...: the fragments as .config lines: comments and
# blank lines dropped, CONFIG_X=n written as "# CONFIG_X is not set".
fragment_to_kconfig() {
	sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*\)=n$/# \1 is not set/p' \
		-e '/^CONFIG_[A-Za-z0-9_]*=/p' "$@" | grep -v '^CONFIG_[A-Za-z0-9_]*=n$'
}

# fragments_merged FILE...: the fragments as one, in .config spelling, each
# option once with the value of its last assignment.
fragments_merged() {
	fragment_to_kconfig "$@" | awk '
		{ k = $0; sub(/=.*/, "", k); if (/^# /) { k = $2 } if (!(k in v)) o[++n] = k; v[k] = $0 }
		END { for (i = 1; i <= n; i++) print v[o[i]] }'
}

# config_mismatches DOTCONFIG FILE...: checks that every option the FILEs
# set has that value in DOTCONFIG (an option DOTCONFIG lacks counts as n).
# Prints one line per option that did not stick:
#   CONFIG_X wanted VALUE got VALUE
# and returns 1 if there was any.
config_mismatches() {
	local dotconfig="$1"
	shift
	awk '
		FNR == NR {
			if (/^CONFIG_[A-Za-z0-9_]*=/) { i = index($0, "="); have[substr($0, 1, i - 1)] = substr($0, i + 1) }
			else if (/^# CONFIG_[A-Za-z0-9_]* is not set$/) have[$2] = "n"
			next
		}
		/^CONFIG_[A-Za-z0-9_]*=/ { i = index($0, "="); want[substr($0, 1, i - 1)] = substr($0, i + 1); order[++n] = substr($0, 1, i - 1) }
		END {
			bad = 0
			for (k = 1; k <= n; k++) {
				o = order[k]
				if (o in seen) continue
				seen[o] = 1
				got = (o in have) ? have[o] : "n"
				if (got != want[o]) { print o " wanted " want[o] " got " got; bad = 1 }
			}
			exit bad
		}' "$dotconfig" "$@"
}

# scenario_na_reason ARCH FILE...: why a scenario made of FILEs (CFcommon,
# its fragment, the --kconfig options; the last setting of an option wins)
# cannot apply to ARCH, known from configs/kernel-arches.tsv before
# anything is built, for the kernel being tortured (ARCH_KERNEL):
# CONFIG_SMP=n where Linux builds only SMP kernels, CONFIG_SMP=y where it
# has no SMP (kernel_smp), or CONFIG_X=y for an X the arch's Kconfig cannot
# give (kernel_lacks: alpha's preemption, 6.1 parisc's tick). Each would
# end as a CONFIG-MISMATCH after a configure that can only fail. Prints the
# reason and succeeds when the scenario is N/A; prints nothing and fails
# when it applies.
scenario_na_reason() {
	local arch="$1" kernel_smp lacks frags smp sym linux ref
	shift
	kernel_smp=$(arch_kernel_get "$arch" kernel_smp) || return 1
	lacks=$(arch_kernel_get "$arch" kernel_lacks) || return 1
	linux="Linux $(arch_kernel_facts "$arch")"
	ref=$(arch_kernel_stand_in "$arch")
	# read once: a FILE may be a pipe (kvm.sh passes --kconfig as <(...))
	frags=$(cat -- "$@") || return 1
	smp=$(config_value CONFIG_SMP /dev/stdin <<<"$frags")
	case "$kernel_smp/$smp" in
	always/n)
		echo "CONFIG_SMP=n, but every $linux $arch kernel is SMP (configs/kernel-arches.tsv kernel_smp=always$ref)"
		return 0 ;;
	never/y)
		echo "CONFIG_SMP=y, but $linux has no SMP for $arch (configs/kernel-arches.tsv kernel_smp=never$ref)"
		return 0 ;;
	esac
	for sym in ${lacks//,/ }; do
		if [ "$(config_value "CONFIG_$sym" /dev/stdin <<<"$frags")" = y ]; then
			echo "CONFIG_$sym=y, but $linux cannot give $arch CONFIG_$sym (configs/kernel-arches.tsv kernel_lacks$ref)"
			return 0
		fi
	done
	return 1
}

# kernel_srcarch KERNEL_ARCH: the arch/ folder of KERNEL_ARCH, as the
# kernel Makefile folds ARCH into SRCARCH.
kernel_srcarch() {
	case "$1" in
	i386 | x86_64) echo x86 ;;
	sparc32 | sparc64) echo sparc ;;
	parisc64) echo parisc ;;
	*) echo "$1" ;;
	esac
}

# kconfig_foreign KERNEL_SRC KERNEL_ARCH CONFIG_X...: those of the options
# that only other arches' Kconfig files define (CONFIG_MAXSMP, x86's, in
# the tree's TREE01; CONFIG_PARAVIRT, in 6.12's CFcommon, on s390): a
# scenario the tree writes for x86 asks for them, and on another arch they
# cannot stick. An option no Kconfig defines is not foreign: a typo or a
# removed option stays a mismatch.
kconfig_foreign() {
	local src="$1" srcarch opt here anywhere
	srcarch=$(kernel_srcarch "$2")
	shift 2
	for opt in "$@"; do
		here=$(grep -rlE --include='Kconfig*' --exclude-dir=arch "^(menu)?config ${opt#CONFIG_}\$" "$src" \
			"$src/arch/$srcarch" 2> /dev/null | head -n 1)
		[ -z "$here" ] || continue
		anywhere=$(grep -rlE --include='Kconfig*' "^(menu)?config ${opt#CONFIG_}\$" "$src/arch" 2> /dev/null | head -n 1)
		[ -z "$anywhere" ] || echo "$opt"
	done
}

# kconfig_smp_kind KERNEL_SRC KERNEL_ARCH: what the kernel's Kconfig says
# about SMP for KERNEL_ARCH, read without configuring anything: "always"
# (arch/KERNEL_ARCH/Kconfig has "config SMP" with "def_bool y"), "never" (no
# "config SMP" under arch/KERNEL_ARCH), "select" (a prompt, but some
# platform selects SMP or FORCE_SMP: the answer depends on the machine),
# "either" (a prompt only). The tests check kernel_smp against it.
kconfig_smp_kind() {
	local dir
	dir="$1/arch/$(kernel_srcarch "$2")"
	[ -d "$dir" ] || { kvm_err kconfig_smp_kind "no $dir"; return 1; }
	if awk '/^config SMP$/ { s = 1; next } s && /^[ \t]*def_bool y/ { f = 1 } /^(config|menu|endmenu|if|endif)/ { s = 0 } END { exit !f }' \
		"$dir/Kconfig"; then
		echo always
	elif ! grep -rqs -x 'config SMP' --include='Kconfig*' "$dir"; then
		echo never
	elif grep -rqs -E '^[[:space:]]+select (SMP|FORCE_SMP)$' --include='Kconfig*' "$dir"; then
		echo select
	else
		echo either
	fi
}

# ---------------------------------------------------------------------------
# Boot parameters that name CPUs.

# is_cpulist_param NAME: true for kernel parameters whose value is a CPU list.
is_cpulist_param() {
	case "$1" in
	nohz_full | rcu_nocbs | isolcpus | irqaffinity) return 0 ;;
	*) return 1 ;;
	esac
}

# cap_cpu_item ITEM NCPUS: one CPU-list item (CPU, A-B, A-B:U/G, N, all)
# limited to CPUs below NCPUS; prints nothing when no CPU is left.
# Items of a syntax not known here are kept as they are.
cap_cpu_item() {
	local item="$1" n="$2" first last stride
	if [[ $item =~ ^[0-9]+$ ]]; then
		[ "$((10#$item))" -ge "$n" ] || echo "$item"
	elif [[ $item =~ ^([0-9]+)-([0-9]+|N)(:[0-9]+/[0-9]+)?$ ]]; then
		first=$((10#${BASH_REMATCH[1]}))
		last=${BASH_REMATCH[2]}
		stride=${BASH_REMATCH[3]}
		[ "$first" -lt "$n" ] || return 0
		if [ "$last" != N ] && [ "$((10#$last))" -ge "$n" ]; then
			last=$((n - 1))
		fi
		if [ "$last" = "$first" ] && [ -z "$stride" ]; then
			echo "$first"
		else
			echo "$first-$last$stride"
		fi
	else
		echo "$item"
	fi
}

# cap_cpulist VALUE NCPUS: a CPU-list parameter value (optionally led by
# isolcpus-style flags such as "nohz,domain,") limited to CPUs below
# NCPUS; prints nothing when no CPU is left.
cap_cpulist() {
	local items item capped flags=() kept=()
	IFS=, read -ra items <<< "$1"
	for item in "${items[@]}"; do
		if [ "${#kept[@]}" -eq 0 ] && [[ $item =~ ^[a-z_]+$ ]] && [ "$item" != all ]; then
			flags+=("$item")
			continue
		fi
		capped=$(cap_cpu_item "$item" "$2")
		[ -z "$capped" ] || kept+=("$capped")
	done
	[ "${#kept[@]}" -gt 0 ] || return 0
	(IFS=,; echo "${flags[*]}${flags[*]:+,}${kept[*]}")
}

# cap_boot_cpus BOOTARGS NCPUS: BOOTARGS (one line) with the CPU lists of
# nohz_full=, rcu_nocbs=, isolcpus= and irqaffinity= limited to CPUs below
# NCPUS. A parameter left with no CPU is dropped. Each change is noted on
# stderr.
cap_boot_cpus() {
	local words word name value capped out=()
	if ! is_positive_int "${2:-}"; then
		kvm_err cap_boot_cpus "CPU count must be a positive integer, not '${2:-}'"
		return 1
	fi
	read -ra words <<< "$1"
	for word in "${words[@]}"; do
		name=${word%%=*}
		if [[ $word != *=* ]] || ! is_cpulist_param "$name"; then
			out+=("$word")
			continue
		fi
		value=${word#*=}
		capped=$(cap_cpulist "$value" "$2")
		if [ -z "$capped" ]; then
			kvm_note cap_boot_cpus "dropped $word: no CPU below $2 in it"
			continue
		fi
		[ "$capped" = "$value" ] || kvm_note cap_boot_cpus "$word -> $name=$capped ($2 CPUs)"
		out+=("$name=$capped")
	done
	echo "${out[*]}"
}

# ---------------------------------------------------------------------------
# Console logs: verdicts and work done are read by console.sh, sourced here
# so that every caller of functions.sh has them.

# shellcheck source=console.sh
. "$KVM_FUNCTIONS_DIR/console.sh"

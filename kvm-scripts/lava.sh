#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# LAVA (Linaro Automated Validation Architecture) for torture runs: job
# definitions for QEMU and for boards booted over TFTP, the device
# configuration that lets Debian's lava-run boot them on this machine, and
# the way back from a LAVA log to the console log our verdicts read.
#
# Source it for the functions (kvm.sh does), or run it:
#   lava.sh job-qemu NAME ARCH TORTURE TIMEOUT_MIN KERNEL_URL INITRD_URL QEMU_ARGS_FILE
#   lava.sh job-tftp NAME ARCH TORTURE TIMEOUT_MIN KERNEL_URL INITRD_URL APPEND DEVICE_TYPE
#   lava.sh device-qemu JOB [ACCEL]
#   lava.sh run-local JOB DEVICE OUTDIR       (lava-run; prints the job's results)
#   lava.sh console LAVA_LOG                  (the console lines of a lava-run log)
#   lava.sh results LAVA_LOG                  (one line per result: suite case result [measurement])
#
# The data flow: kvm.sh builds and writes each scenario's QEMU command into
# qemu-cmd.args, one argument per line. job-qemu turns exactly that command
# into a job: what comes before -kernel becomes the job's context (machine,
# CPU, memory, the rest as extra_options), -kernel/-initrd/-append become
# the deploy images. device-qemu renders the device configuration lava-run
# needs from the job's context, as a LAVA server renders qemu.jinja2 from a
# device dictionary and the job's context.
#
# The last part, before the command line, is kvm.sh's --lava, --lava-local
# and --lava-submit runs, made of the functions above. What reads YAML or
# JSON, and the HTTP server of --lava-submit, is lava.py beside this file.

LAVA_SH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# lava_err FUNCTION MESSAGE
lava_err() {
	echo "lava.sh: $1: $2" >&2
}

# lava_quote TEXT: TEXT as a single-quoted YAML scalar.
lava_quote() {
	printf "'%s'" "${1//\'/\'\'}"
}

# lava_monitors SUITE TORTURE: the "monitors:" list of a job's test action
# (indented for it). SUITE names the LAVA test suites (SUITE and SUITE-work).
# The work monitor ends just before the end line (a lookahead consumes
# nothing), so the verdict monitor that follows still sees it.
lava_monitors() {
	local suite="$1" end middle pass work stop
	end=$(torture_get "$2" lava_end) || return 1
	middle=$(torture_get "$2" lava_middle) pass=$(torture_get "$2" lava_pass)
	work=$(torture_get "$2" lava_work)
	[ -n "$end" ] || { lava_err monitors "no lava_end for torture type '$2' in configs/tortures.tsv"; return 1; }
	stop="(?=(?:$end)$middle|Kernel panic - not syncing)"
	echo "    monitors:"
	if [ -n "$work" ]; then
		echo "    - name: $suite-work"
		echo "      start: $(lava_quote 'Linux version')"
		echo "      end: $(lava_quote "$stop")"
		echo "      pattern: $(lava_quote "$work")"
	fi
	echo "    - name: $suite"
	echo "      start: $(lava_quote "$stop")"
	# The end of the verdict's line ends the monitor, so LAVA need not
	# wait for a power-off that a panic never prints. (A match at the
	# line's start would win over the pattern: pexpect takes the earliest.)
	echo "      end: $(lava_quote '[\r\n]')"
	# The pattern takes the verdict's line only once it has come whole (up
	# to its line end): LAVA matches each piece of console output as it
	# arrives, and a piece ending after "End of test" matched the empty,
	# failing, result before ": SUCCESS" came (LAVA said end_of_test fail
	# on a 6.12 TINY01 boot our verdict called SUCCESS).
	echo "      pattern: $(lava_quote "(?P<test_case_id>(?P<panic>Kernel panic)|$end)(?(panic)|$middle)(?P<result> - not syncing|$pass|)[^\r\n]*[\r\n]")"
	echo "      fixupdict:"
	echo "        ' - not syncing': fail"
	if [ -n "$pass" ]; then
		echo "        $(lava_quote "$pass"): pass"
		echo "        '': fail"
	else
		echo "        '': pass"
	fi
}

# lava_qemu_split QEMU_ARGS_FILE: the QEMU command of qemu-cmd.args as
# key=value lines: binary, machine, cpu, memory, smp, kernel, initrd,
# append, and "option=..." once per other option (with its value).
lava_qemu_split() {
	awk '
		NR == 1 { print "binary=" $0; next }
		want != "" { print want "=" $0; want = ""; next }
		$0 == "-M" || $0 == "-machine" { want = "machine"; next }
		$0 == "-cpu" { want = "cpu"; next }
		$0 == "-m" { want = "memory"; next }
		$0 == "-smp" { want = "smp"; next }
		$0 == "-kernel" { want = "kernel"; next }
		$0 == "-initrd" { want = "initrd"; next }
		$0 == "-append" { want = "append"; next }
		/^-/ { if (opt != "") print "option=" opt; opt = $0; next }
		{ opt = opt " " $0; print "option=" opt; opt = "" }
		END { if (opt != "") print "option=" opt }
	' "$1"
}

# lava_qemu_get QEMU_ARGS_FILE KEY: one value of lava_qemu_split.
lava_qemu_get() {
	lava_qemu_split "$1" | sed -n "s/^$2=//p" | head -n 1
}

# lava_memory_mb SIZE: QEMU's -m SIZE (512M, 1G, 512, 524288k) in MiB, as
# LAVA's "memory" context wants it.
lava_memory_mb() {
	case "$1" in
	*[Kk]) echo $(( 10#${1%[Kk]} / 1024 )) ;;
	*[Mm]) echo $(( 10#${1%[Mm]} )) ;;
	*[Gg]) echo $(( 10#${1%[Gg]} * 1024 )) ;;
	*[Tt]) echo $(( 10#${1%[Tt]} * 1024 * 1024 )) ;;
	*) echo $(( 10#$1 )) ;;
	esac
}

# lava_job_header NAME ARCH TIMEOUT_MIN DEVICE_TYPE TORTURE
lava_job_header() {
	cat <<-EOF
	# SPDX-License-Identifier: GPL-2.0
	# Written by nolibc-torture's kvm-scripts/lava.sh.
	job_name: $(lava_quote "nolibc-torture $5 $1 on $2")
	device_type: $(lava_quote "$4")
	visibility: public
	priority: medium
	timeouts:
	  job: {minutes: $(( 2 * $3 + 8 ))}
	  action: {minutes: $(( $3 + 2 ))}
	  connection: {minutes: 2}
	EOF
}

# lava_job_qemu NAME ARCH TORTURE TIMEOUT_MIN KERNEL_URL INITRD_URL QEMU_ARGS_FILE:
# a LAVA job for the "qemu" device type booting what QEMU_ARGS_FILE boots.
lava_job_qemu() {
	local name="$1" arch="$2" torture="$3" minutes="$4" kurl="$5" iurl="$6" args="$7"
	local append machine cpu memory smp opt
	[ -r "$args" ] || { lava_err job-qemu "cannot read QEMU arguments '$args'"; return 1; }
	append=$(lava_qemu_get "$args" append)
	machine=$(lava_qemu_get "$args" machine)
	cpu=$(lava_qemu_get "$args" cpu)
	memory=$(lava_qemu_get "$args" memory)
	smp=$(lava_qemu_get "$args" smp)
	lava_job_header "$name" "$arch" "$minutes" qemu "$torture"
	echo "context:"
	echo "  arch: $arch"
	[ -z "$machine" ] || echo "  machine: $(lava_quote "$machine")"
	[ -z "$cpu" ] || echo "  cpu: $(lava_quote "$cpu")"
	[ -z "$memory" ] || echo "  memory: $(lava_memory_mb "$memory")"
	echo "  extra_options:"
	[ -z "$smp" ] || echo "  - $(lava_quote "-smp $smp")"
	while IFS= read -r opt; do
		echo "  - $(lava_quote "$opt")"
	done < <(lava_qemu_split "$args" | sed -n 's/^option=//p')
	cat <<-EOF
	actions:
	- deploy:
	    to: tmpfs
	    timeout: {minutes: 2}
	    images:
	      kernel:
	        image_arg: $(lava_quote "-kernel {kernel} -append \"$append\"")
	        url: $(lava_quote "$kurl")
	      initrd:
	        image_arg: '-initrd {initrd}'
	        url: $(lava_quote "$iurl")
	- boot:
	    method: qemu
	    media: tmpfs
	    timeout: {minutes: $(( minutes + 1 ))}
	- test:
	    timeout: {minutes: $(( minutes + 1 ))}
	EOF
	lava_monitors "$(lava_suite "$torture" "$name")" "$torture"
}

# lava_suite TORTURE NAME: the LAVA test suite name of a run: letters,
# digits, "-", "_" and "." only.
lava_suite() {
	printf '%s-%s\n' "$1" "$2" | tr -c 'A-Za-z0-9_.\n-' '_'
}

# lava_kernel_type ARCH: the "type" a LAVA tftp deploy wants for the boot
# image of ARCH (from the table's boot_image).
lava_kernel_type() {
	case "$(basename "$(arch_get "$1" boot_image)")" in
	bzImage) echo bzimage ;;
	zImage) echo zimage ;;
	uImage) echo uimage ;;
	Image) echo image ;;
	*) echo image ;;
	esac
}

# lava_job_tftp NAME ARCH TORTURE TIMEOUT_MIN KERNEL_URL INITRD_URL APPEND DEVICE_TYPE:
# a LAVA job for a real board that fetches kernel and initrd over TFTP:
# iPXE on x86 machines, U-Boot elsewhere. APPEND loses its console= and
# earlyprintk= words: they name QEMU's console, and the device type
# supplies the board's.
lava_job_tftp() {
	local name="$1" arch="$2" torture="$3" minutes="$4" kurl="$5" iurl="$6" append="$7" dtype="$8" method
	# shellcheck disable=SC2086 # split the command line into its words
	append=$(printf '%s\n' $append | grep -v -E '^(console|earlyprintk)=' | tr '\n' ' ' | sed 's/ $//')
	case "$(arch_get "$arch" kernel_arch)" in
	x86_64 | i386) method=ipxe ;;
	*) method=u-boot ;;
	esac
	lava_job_header "$name" "$arch" "$minutes" "$dtype" "$torture"
	cat <<-EOF
	context:
	  extra_kernel_args: $(lava_quote "$append")
	actions:
	- deploy:
	    to: tftp
	    timeout: {minutes: 2}
	    kernel:
	      url: $(lava_quote "$kurl")
	      type: $(lava_kernel_type "$arch")
	    ramdisk:
	      url: $(lava_quote "$iurl")
	      compression: none
	- boot:
	    method: $method
	    commands: ramdisk
	    timeout: {minutes: $(( minutes + 3 ))}
	- test:
	    timeout: {minutes: $(( minutes + 1 ))}
	EOF
	lava_monitors "$(lava_suite "$torture" "$name")" "$torture"
}

# lava_device_dictionary ACCEL: the device dictionary of a "qemu" device
# on a LAVA server that runs these jobs: the stock qemu.jinja2 takes the
# arch, machine, CPU, memory and options from each job's context; without
# KVM (ACCEL tcg) it must not add -enable-kvm.
lava_device_dictionary() {
	echo "{# SPDX-License-Identifier: GPL-2.0 #}"
	echo "{# A qemu device for nolibc-torture jobs (kvm-scripts/lava.sh). #}"
	echo "{% extends 'qemu.jinja2' %}"
	[ "${1:-tcg}" = kvm ] || echo "{% set no_kvm = True %}"
	echo "{% set netdevice = 'user' %}"
}

# lava_job_context JOB: the job's context as KEY=VALUE lines (one
# "extra_options=..." line per option), the way a LAVA server reads it to
# render the device configuration.
lava_job_context() {
	python3 "$LAVA_SH_DIR/lava.py" context "$1"
}

# lava_device_qemu JOB [ACCEL [QEMU]]: the device configuration with which
# lava-run boots JOB, rendered from the job's context as a LAVA server
# renders its qemu.jinja2 device dictionary: the arch's QEMU binary (from
# configs/arches.tsv), machine, CPU, memory and the extra options. ACCEL
# (tcg, the default, or kvm) picks QEMU's accelerator; QEMU replaces the
# table's binary (kvm.sh --qemu-cmd).
lava_device_qemu() {
	local job="$1" accel="${2:-tcg}" binary="${3:-}" ctx arch machine cpu memory opt
	ctx=$(lava_job_context "$job") || return 1
	arch=$(sed -n 's/^arch=//p' <<< "$ctx")
	[ -n "$binary" ] || binary=$(arch_get "$arch" qemu_system 2> /dev/null) || binary=""
	[ -n "$binary" ] || { lava_err device-qemu "no QEMU for arch '$arch' in configs/arches.tsv"; return 1; }
	machine=$(sed -n 's/^machine=//p' <<< "$ctx")
	cpu=$(sed -n 's/^cpu=//p' <<< "$ctx")
	memory=$(sed -n 's/^memory=//p' <<< "$ctx")
	cat <<-EOF
	# SPDX-License-Identifier: GPL-2.0
	# Device configuration for lava-run, written by kvm-scripts/lava.sh.
	constants:
	  failure_retry: 1
	  boot_retry: 1
	  spawn_maxread: 4092
	  kernel-start-message: 'Linux version [0-9]'
	  shutdown-message: 'reboot: Power down'
	  default-shell-prompt: 'lava-test: # '
	parameters: {}
	available_architectures: [$arch]
	actions:
	  deploy:
	    methods:
	      image:
	        parameters: {}
	  boot:
	    connections:
	      serial:
	    methods:
	      qemu:
	        parameters:
	          command: $(lava_quote "$binary")
	          options:
	EOF
	case "$machine" in
	"" | *accel=*) ;;
	*) machine="$machine,accel=$accel" ;;
	esac
	[ -z "$machine" ] || echo "          - $(lava_quote "-M $machine")"
	[ -z "$cpu" ] || echo "          - $(lava_quote "-cpu $cpu")"
	[ -z "$memory" ] || echo "          - $(lava_quote "-m ${memory}M")"
	while IFS= read -r opt; do
		echo "          - $(lava_quote "$opt")"
	done < <(sed -n 's/^extra_options=//p' <<< "$ctx")
	cat <<-EOF
	timeouts:
	  actions: {}
	  connections: {}
	EOF
}

# lava_log_records LAVA_LOG KIND: the log lava-run writes, one JSON record
# per line ({dt, lvl, msg}; some values carry a YAML tag, ! "3.0"), read
# for KIND: "console" prints the console lines (the "target" and
# "feedback" records),
# "results" one line per test result, "SUITE CASE RESULT [MEASUREMENT]",
# leaving out LAVA's own "lava" suite except its "job" result (lava.py
# reads it: JSON is no work for bash).
lava_log_records() {
	python3 "$LAVA_SH_DIR/lava.py" "$2" "$1"
}

# lava_console LAVA_LOG: the console of a job, as QEMU printed it.
lava_console() {
	lava_log_records "$1" console
}

# lava_results LAVA_LOG: the job's results, "SUITE CASE RESULT [MEASUREMENT]".
lava_results() {
	lava_log_records "$1" results
}

# lava_log_from_yaml YAML_LOG: a server's job log (lavacli jobs logs --raw:
# a YAML list of {dt, lvl, msg}) as the JSON lines lava-run writes.
lava_log_from_yaml() {
	python3 "$LAVA_SH_DIR/lava.py" log-from-yaml "$1"
}

# lava_run_local JOB DEVICE OUTDIR: runs JOB with Debian's lava-run on this
# machine; its log goes to OUTDIR/lava.log, the console to
# OUTDIR/console.log, the results to OUTDIR/lava-results. The job id is
# unique per process and job, so that two runs at once keep their
# dispatcher folders apart. Returns lava-run's status.
lava_run_local() {
	local job="$1" device="$2" out="$3" id rc=0
	mkdir -p "$out/lava-run"
	id="nolibc-torture-$$-$(basename "$out")"
	lava-run --job-id "$id" --output-dir "$out/lava-run" --device "$device" "$job" \
		> "$out/lava.log" 2>&1 || rc=$?
	lava_console "$out/lava.log" > "$out/console.log"
	lava_results "$out/lava.log" > "$out/lava-results"
	return "$rc"
}

# lava_validate JOB DEVICE OUTDIR: lava-run --validate; prints its error
# line when the job is refused.
lava_validate() {
	local out="$3"
	mkdir -p "$out"
	if lava-run --validate --job-id "nolibc-torture-validate-$$" --output-dir "$out" \
		--device "$2" "$1" > "$out/validate.log" 2>&1; then
		return 0
	fi
	# the job result's error_msg says what is wrong; the error line only
	# that the job "cannot terminate cleanly"
	local why
	if why=$(grep -o -m1 '"error_msg": "[^"]*' "$out/validate.log"); then
		echo "${why#\"error_msg\": \"}" >&2
	else
		tail -n 3 "$out/validate.log" >&2
	fi
	return 1
}

# lava_url_answers URL: true when URL can be read from: an existing folder
# for file://, an HTTP answer (any status) for http:// and https://.
lava_url_answers() {
	case "$1" in
	file://*) [ -d "${1#file://}" ] ;;
	http://* | https://*) curl -s -o /dev/null --max-time 10 "$1" ;;
	*) return 1 ;;
	esac
}

# lava_http_addr ADDR: the address kvm.sh's artifact server listens on and
# names in the jobs' URLs, the one the dispatcher fetches from: ADDR
# (--lava-http-addr, TORTURE_LAVA_HTTP_ADDR) when given, else this
# machine's first address (hostname -I), else 127.0.0.1. One address, not
# all of them: the folder is served only where the dispatcher looks for it.
lava_http_addr() {
	local addr="$1"
	[ -n "$addr" ] || addr=$(hostname -I 2> /dev/null | awk '{ print $1 }')
	echo "${addr:-127.0.0.1}"
}

# lava_redact: stdin to stdout with every URL's user:token shown as
# user:***, for what lavacli prints (its errors quote the URL whole).
lava_redact() {
	sed -E 's#(://[^:/@ ]+):[^@/ ]*@#\1:***@#g'
}

# lava_cli URL ARGS...: lavacli against the LAVA server at URL (its RPC2
# address, with user:token). The token goes through a private identity
# file, not lavacli's command line where ps shows it, and what lavacli
# prints comes out redacted. Returns lavacli's status.
lava_cli() {
	local url="$1" dir rc
	shift
	dir=$(mktemp -d "${TMPDIR:-/tmp}/lavacli.XXXXXX") || return 1
	if [[ $url =~ ^([a-z]+://)([^:/@]+):([^@/]*)@(.*)$ ]]; then
		printf 'nt:\n  uri: %s\n  username: %s\n  token: %s\n' \
			"$(lava_quote "${BASH_REMATCH[1]}${BASH_REMATCH[4]}")" \
			"$(lava_quote "${BASH_REMATCH[2]}")" "$(lava_quote "${BASH_REMATCH[3]}")"
	else
		printf 'nt:\n  uri: %s\n' "$(lava_quote "$url")"
	fi > "$dir/lavacli.yaml"
	XDG_CONFIG_HOME="$dir" lavacli --identity nt "$@" 2>&1 | lava_redact
	rc=${PIPESTATUS[0]}
	rm -rf "$dir"
	return "$rc"
}

# lava_server_user URL: the user a LAVA server's RPC2 URL (with user:token)
# authenticates as. Fails, saying why, when the server does not answer or
# does not take the token (anonymous users cannot submit jobs).
lava_server_user() {
	local out
	if ! out=$(lava_cli "$1" system whoami); then
		lava_err submit "LAVA server $(lava_url_redacted "$1") refused: $(tail -n 1 <<< "$out")"
		return 1
	fi
	case "$out" in
	"" | "<AnonymousUser>")
		lava_err submit "LAVA server $(lava_url_redacted "$1") did not take the token (anonymous); give https://USER:TOKEN@HOST/RPC2"
		return 1
		;;
	esac
	printf '%s\n' "$out"
}

# lava_url_redacted URL: URL with its token hidden, for messages.
lava_url_redacted() {
	lava_redact <<< "$1"
}

# lava_option_error KIND ARCH DEVICE_TYPE ARTIFACTS_URL LOCAL SUBMIT_URL
# [HTTP_ADDR]: checks kvm.sh's --lava options before anything is built or
# written. Prints the reason and fails when they cannot work.
lava_option_error() {
	local kind="$1" arch="$2" dtype="$3" url="$4" local_run="$5" submit="$6" addr err
	case "$kind" in
	qemu | tftp) ;;
	*) echo "--lava-device must be qemu or tftp, not '$kind'"; return 1 ;;
	esac
	if [ -n "$dtype" ] && ! [[ $dtype =~ ^[A-Za-z0-9][A-Za-z0-9_.-]*$ ]]; then
		echo "bad --lava-device-type '$dtype' (a LAVA device type name: letters, digits, _ . -)"
		return 1
	fi
	if [ "$kind" = tftp ] && [ -z "$dtype" ]; then
		case "$(arch_get "$arch" kernel_arch)" in
		x86_64 | i386) ;;
		*) echo "--lava-device tftp on $arch needs --lava-device-type (the LAVA device type of the board, e.g. one booted by U-Boot)"; return 1 ;;
		esac
	fi
	if [ -n "$local_run" ] && [ -n "$submit" ]; then
		echo "--lava-local and --lava-submit exclude each other"; return 1
	fi
	if [ -n "$local_run" ] && [ "$kind" != qemu ]; then
		echo "--lava-local runs qemu jobs only; a tftp job needs a board (use --lava-submit)"; return 1
	fi
	if [ -n "$local_run" ]; then
		command -v lava-run > /dev/null || { echo "--lava-local needs lava-run; install it: apt-get install lava-dispatcher"; return 1; }
		if ! mkdir -p /var/lib/lava/dispatcher/tmp 2> /dev/null || [ ! -w /var/lib/lava/dispatcher/tmp ]; then
			echo "--lava-local needs to write /var/lib/lava/dispatcher/tmp (lava-run's work folder): run as root"
			return 1
		fi
	fi
	if [ -n "$url" ]; then
		case "$url" in
		file://* | http://* | https://*) ;;
		*) echo "--lava-artifacts-url must be file://, http:// or https://, not '$url'"; return 1 ;;
		esac
		lava_url_answers "$url" || { echo "--lava-artifacts-url $url does not answer"; return 1; }
	fi
	if [ -n "$submit" ] && [ -z "$url" ]; then
		# the artifact server starts after the builds: try its address now
		addr=$(lava_http_addr "${7:-}")
		err=$(python3 "$LAVA_SH_DIR/lava.py" serve "$addr" - - 2>&1) || {
			if [ -n "${7:-}" ]; then
				echo "--lava-http-addr $addr: cannot serve the artifacts there ($(tail -n 1 <<< "$err"))"
			else
				echo "cannot serve the artifacts on $addr, this machine's first address ($(tail -n 1 <<< "$err")): name another with --lava-http-addr"
			fi
			return 1
		}
	fi
	if [ -n "$submit" ]; then
		command -v lavacli > /dev/null || { echo "--lava-submit needs lavacli; install it: apt-get install lavacli"; return 1; }
		lava_server_user "$submit" > /dev/null 2> "${TMPDIR:-/tmp}/lava-user.$$" || {
			sed 's/^lava.sh: submit: /--lava-submit: /' "${TMPDIR:-/tmp}/lava-user.$$"
			rm -f "${TMPDIR:-/tmp}/lava-user.$$"
			return 1
		}
		rm -f "${TMPDIR:-/tmp}/lava-user.$$"
	fi
	return 0
}

# --- kvm.sh's LAVA runs (--lava, --lava-local, --lava-submit) ----------------
#
# The functions from here to the command line run inside kvm.sh: they read
# its run plan (PLAN, plan.sh), the built images (run_image, build.sh),
# share the boots' qemu_pids and boot_starts (boot.sh) and print progress
# with kvm.sh's say.

# lava_http_pid: the artifact server of lava_serve_artifacts while it runs.
lava_http_pid=""

# lava_write_jobs: one LAVA job per built scenario in $lava_dir/RUN/job.yaml,
# its kernel beside it and the initrd once in $lava_dir; for qemu jobs also
# device.yaml, the device configuration lava-run boots it with. The job
# boots exactly the QEMU command a local run would (qemu-cmd.args).
lava_write_jobs() {
	local run dir base url minutes image acc=tcg
	local -a qemu_argv
	[ "${PLAN[accel]}" != kvm ] || acc=kvm
	url="${PLAN[lava_url]:-file://${PLAN[lava_dir]}}"
	url="${url%/}"
	# the job's timeouts: the run, the grace a local run gives, a minute
	minutes=$(( (PLAN["duration"] + PLAN["grace"] + 59) / 60 + 1 ))
	cp "${PLAN[initrd]}" "${PLAN[lava_dir]}/initrd.cpio"
	[ "${PLAN[lava_device]}" != qemu ] || lava_device_dictionary "$acc" > "${PLAN[lava_dir]}/qemu-device.jinja2"
	for run in ${PLAN[run_names]}; do
		image=$(run_image "$run")
		[ -n "$image" ] || continue
		dir="${PLAN[lava_dir]}/$run"
		mkdir -p "$dir"
		base=$(basename "$image")
		cp "$image" "$dir/$base"
		mapfile -t qemu_argv < <(scenario_qemu_cmd "$run" "$dir/$base" "${PLAN[lava_dir]}/initrd.cpio" "$acc")
		printf '%s\n' "${qemu_argv[@]}" > "${PLAN[results]}/$run/qemu-cmd.args"
		if [ "${PLAN[lava_device]}" = qemu ]; then
			lava_job_qemu "$run" "${PLAN[arch]}" "${PLAN[torture]}" "$minutes" "$url/$run/$base" \
				"$url/initrd.cpio" "${PLAN[results]}/$run/qemu-cmd.args" > "$dir/job.yaml"
			lava_device_qemu "$dir/job.yaml" "$acc" "${PLAN[qemu_cmd]}" > "$dir/device.yaml"
		else
			lava_job_tftp "$run" "${PLAN[arch]}" "${PLAN[torture]}" "$minutes" "$url/$run/$base" \
				"$url/initrd.cpio" "$(lava_qemu_get "${PLAN[results]}/$run/qemu-cmd.args" append)" \
				"${PLAN[lava_device_type]:-x86}" > "$dir/job.yaml"
		fi
		verdict_write "${PLAN[results]}/$run" LAVA-JOB "$dir/job.yaml"
	done
	say "LAVA jobs (${PLAN[lava_device]}) in ${PLAN[lava_dir]}, artifacts at $url"
}

# lava_judge RUN_NAME: our verdict from the console LAVA logged, and LAVA's
# own results for the run beside it.
lava_judge() {
	local run="$1"
	judge_boot "${PLAN[results]}/$run" "${PLAN[torture]}" "${boot_starts[$run]}"
	say "$run: $(head -n 1 "${PLAN[results]}/$run/verdict") after $(cat "${PLAN[results]}/$run/boot-seconds")s; LAVA: $(grep -v -- '-work ' "${PLAN[results]}/$run/lava-results" 2> /dev/null | awk '{ printf "%s%s %s %s", sep, $1, $2, $3; sep = "; " }')"
}

# lava_boot_local: every job through Debian's lava-run, a batch at a time.
lava_boot_local() {
	local batch run
	local -a runs
	mapfile -t runs < <(plan_list run_names)
	say "LAVA: running the jobs here with lava-run"
	while read -r batch; do
		for run in $batch; do
			[ -n "$(run_image "$run")" ] || continue
			boot_starts["$run"]=$SECONDS
			say "$run: LAVA job $lava_dir/$run/job.yaml (lava-run; log: ${PLAN[results]}/$run/lava.log)"
			setsid "$LAVA_SH_DIR/lava.sh" run-local "$lava_dir/$run/job.yaml" \
				"$lava_dir/$run/device.yaml" "${PLAN[results]}/$run" > /dev/null 2>&1 < /dev/null &
			qemu_pids["$run"]=$!
		done
		for run in $batch; do
			[ -n "${qemu_pids[$run]:-}" ] || continue
			wait "${qemu_pids[$run]}" || true
			unset "qemu_pids[$run]"
			lava_judge "$run"
		done
	done < <(plan_batches "${PLAN[cpus]}" "${PLAN[config_dir]}" "${PLAN[bootargs_extra]}" "${runs[@]}")
}

# lava_serve_artifacts: a local HTTP server for $lava_dir while the run
# lasts (for --lava-submit without --lava-artifacts-url), on the one
# address lava_http_addr chooses; sets the plan's lava_url and lava_http_pid
# (lava_http_stop ends it).
lava_serve_artifacts() {
	local port_file="${PLAN[results]}/lava-http.port" addr host
	addr=$(lava_http_addr "${PLAN[lava_http_addr]}")
	python3 "$LAVA_SH_DIR/lava.py" serve "$addr" "${PLAN[lava_dir]}" "$port_file" > "${PLAN[results]}/lava-http.log" 2>&1 &
	lava_http_pid=$!
	for _ in $(seq 50); do [ -s "$port_file" ] && break; sleep 0.1; done
	[ -s "$port_file" ] || die "the local HTTP server for the LAVA artifacts did not start on $addr (see ${PLAN[results]}/lava-http.log)"
	host=$addr
	[[ $host != *:* ]] || host="[$host]"	# an IPv6 address in a URL
	plan_set lava_url "http://$host:$(cat "$port_file")"
	say "LAVA artifacts served from ${PLAN[lava_dir]} at ${PLAN[lava_url]} while the run lasts"
}

# lava_http_stop: ends the artifact server of lava_serve_artifacts, if one
# runs (also from kvm.sh's interrupt handler).
lava_http_stop() {
	[ -z "$lava_http_pid" ] || kill "$lava_http_pid" 2> /dev/null || true
	lava_http_pid=""
}

# lava_boot_submit: submits every job to the --lava-submit server, waits
# for each, fetches its log and judges its console.
lava_boot_submit() {
	local run id
	local -A ids=()
	for run in ${PLAN[run_names]}; do
		[ -n "$(run_image "$run")" ] || continue
		id=$(lava_cli "${PLAN[lava_submit]}" jobs submit "${PLAN[lava_dir]}/$run/job.yaml") || true
		if ! [[ $id =~ ^[0-9.]+$ ]]; then
			verdict_write "${PLAN[results]}/$run" LAVA-REFUSED "the server did not take ${PLAN[lava_dir]}/$run/job.yaml: $id"
			say "$run: LAVA-REFUSED: $id"
			continue
		fi
		ids[$run]=$id
		boot_starts["$run"]=$SECONDS
		echo "$id" > "${PLAN[results]}/$run/lava-job-id"
		say "$run: LAVA job $id submitted to $(lava_url_redacted "${PLAN[lava_submit]}")"
	done
	for run in ${PLAN[run_names]}; do
		[ -n "${ids[$run]:-}" ] || continue
		# a job that never gets a device must not hold the run forever
		lava_cli "${PLAN[lava_submit]}" jobs wait --timeout $(( (PLAN["duration"] + PLAN["grace"]) * 2 + 3600 )) "${ids[$run]}" > /dev/null || true
		lava_cli "${PLAN[lava_submit]}" jobs logs --raw "${ids[$run]}" > "${PLAN[results]}/$run/lava.yaml" || true
		lava_log_from_yaml "${PLAN[results]}/$run/lava.yaml" > "${PLAN[results]}/$run/lava.log" 2> /dev/null || true
		lava_console "${PLAN[results]}/$run/lava.log" > "${PLAN[results]}/$run/console.log"
		lava_results "${PLAN[results]}/$run/lava.log" > "${PLAN[results]}/$run/lava-results"
		lava_judge "$run"
	done
}

# lava_boot: kvm.sh's LAVA run once the kernels are built: the jobs written
# into $lava_dir, then run here (--lava-local) or on a server
# (--lava-submit), or left for one (--lava).
lava_boot() {
	mkdir -p "${PLAN[lava_dir]}" || die "cannot create --lava folder '${PLAN[lava_dir]}'"
	plan_set lava_dir "$(cd "${PLAN[lava_dir]}" && pwd)"
	[ -z "${PLAN[lava_submit]}" ] || [ -n "${PLAN[lava_url]}" ] || lava_serve_artifacts
	lava_write_jobs
	if [ -n "${PLAN[lava_local]}" ]; then
		lava_boot_local
	elif [ -n "${PLAN[lava_submit]}" ]; then
		lava_boot_submit
	fi
	lava_http_stop
}

# --- command line ------------------------------------------------------------

lava_main() {
	local cmd="${1:-}"
	[ $# -eq 0 ] || shift
	case "$cmd" in
	job-qemu) [ $# -eq 7 ] || { lava_err job-qemu "needs 7 arguments"; return 2; }; lava_job_qemu "$@" ;;
	job-tftp) [ $# -eq 8 ] || { lava_err job-tftp "needs 8 arguments"; return 2; }; lava_job_tftp "$@" ;;
	device-qemu) [ $# -ge 1 ] || { lava_err device-qemu "needs JOB"; return 2; }; lava_device_qemu "$@" ;;
	run-local) [ $# -eq 3 ] || { lava_err run-local "needs JOB DEVICE OUTDIR"; return 2; }
		local rc=0
		lava_run_local "$@" || rc=$?
		cat "$3/lava-results"
		return "$rc" ;;
	console) lava_console "$1" ;;
	results) lava_results "$1" ;;
	*) sed -n '9,16s/^# \{0,1\}//p' "${BASH_SOURCE[0]}" >&2; return 2 ;;
	esac
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -eu
	# shellcheck source=../configs/arch.sh
	source "$LAVA_SH_DIR/../configs/arch.sh"
	# shellcheck source=functions.sh
	source "$LAVA_SH_DIR/functions.sh"
	# shellcheck source=../configs/torture.sh
	source "$LAVA_SH_DIR/../configs/torture.sh"
	lava_main "$@"
fi

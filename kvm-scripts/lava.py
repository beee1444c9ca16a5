#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# The parts of kvm-scripts/lava.sh that read YAML and JSON or serve HTTP,
# which bash cannot do. lava.sh calls it; so can a user:
#
#   lava.py context JOB                  the job's context, KEY=VALUE lines
#   lava.py console LAVA_LOG             the console lines of a lava-run log
#   lava.py results LAVA_LOG             SUITE CASE RESULT [MEASUREMENT] lines
#   lava.py log-from-yaml YAML_LOG       a server's YAML job log as lava-run's
#                                        JSON lines
#   lava.py serve ADDR DIR PORT_FILE     DIR over HTTP on ADDR, a free port
#                                        written to PORT_FILE; DIR "-": bind
#                                        only, to see that it can, and exit
#
# Python 3 of Debian 12; context and log-from-yaml need python3-yaml (which
# lava-dispatcher and lavacli bring), the rest only the standard library.
# tests/unit/lava-py.sh tests each command.

import functools
import http.server
import json
import socket
import sys

USAGE = """usage: lava.py context JOB
       lava.py console|results LAVA_LOG
       lava.py log-from-yaml YAML_LOG
       lava.py serve ADDR DIR PORT_FILE"""


def job_context(job):
    """The context of a job as KEY=VALUE lines, one "KEY=ITEM" per item
    of a list (extra_options), the way a LAVA server reads it to render
    the device configuration."""
    import yaml  # only here: the log commands work without python3-yaml

    with open(job) as f:
        ctx = (yaml.safe_load(f) or {}).get("context") or {}
    for key, value in ctx.items():
        for item in value if isinstance(value, list) else [value]:
            yield "%s=%s" % (key, item)


def log_records(path):
    """The records of a lava-run log, one JSON object per line ({dt, lvl,
    msg}). Some values carry a YAML tag (! "3.0") that JSON does not take:
    the tag is dropped. Lines that are no JSON are skipped."""
    with open(path, errors="replace") as f:
        for line in f:
            try:
                rec = json.loads(line.replace(': ! "', ': "'))
            except ValueError:
                continue
            if isinstance(rec, dict):
                yield rec


def log_console(path):
    """The console lines: "target" records, and "feedback" ones, what the
    board printed while LAVA was between actions (the end of a run often
    comes as LAVA finishes)."""
    for rec in log_records(path):
        if rec.get("lvl") in ("target", "feedback") and isinstance(rec.get("msg"), str):
            yield rec["msg"]


def log_results(path):
    """One "SUITE CASE RESULT [MEASUREMENT]" line per test result, leaving
    out LAVA's own "lava" suite except its "job" result."""
    for rec in log_records(path):
        msg = rec.get("msg")
        if rec.get("lvl") != "results" or not isinstance(msg, dict):
            continue
        suite, case = msg.get("definition", "?"), msg.get("case", "?")
        if suite == "lava" and case != "job":
            continue
        words = [str(suite), str(case), str(msg.get("result", "?"))]
        if "measurement" in msg:
            words.append(str(msg["measurement"]))
        yield " ".join(words)


def log_from_yaml(path):
    """A server's job log (lavacli jobs logs --raw: a YAML list of {dt,
    lvl, msg}) as the JSON lines lava-run writes."""
    import yaml

    with open(path) as f:
        records = yaml.safe_load(f) or []
    for rec in records:
        yield json.dumps(rec, default=str)


def serve(addr, folder, port_file):
    """Serves folder over HTTP on addr (IPv4 or IPv6) at a port the kernel
    picks, written to port_file once it listens; with folder "-" only
    binds and returns. Raises OSError when addr cannot be bound."""
    class Server(http.server.ThreadingHTTPServer):
        address_family = socket.AF_INET6 if ":" in addr else socket.AF_INET

    handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                directory=folder)
    srv = Server((addr, 0), handler)
    if folder == "-":
        srv.server_close()
        return
    with open(port_file, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    srv.serve_forever()


def main(argv):
    commands = {
        "context": (1, job_context),
        "console": (1, log_console),
        "results": (1, log_results),
        "log-from-yaml": (1, log_from_yaml),
        "serve": (3, serve),
    }
    if len(argv) < 2 or argv[1] not in commands \
            or len(argv) - 2 != commands[argv[1]][0]:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        for line in commands[argv[1]][1](*argv[2:]) or []:
            print(line)
    except OSError as e:
        # one line, the reason last: lava.sh quotes its last line
        print("lava.py: %s: %s" % (argv[1], e), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

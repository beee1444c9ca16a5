#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
#
# A stand-in LAVA server for the tests of kvm.sh --lava-submit: the part of
# LAVA's XML-RPC API that lavacli uses to submit a job, wait for it and
# fetch its log (system.version, system.whoami, scheduler.jobs.submit,
# .show, .logs), with Debian's lava-run as its dispatcher. A real server
# needs PostgreSQL, Django and a web server; this one needs nothing more
# than what --lava-local does.
#
# Usage: lava-stand-in-server.py PORT_FILE WORKDIR USER:TOKEN
# Listens on 127.0.0.1 (a free port, written to PORT_FILE). Basic
# authentication other than USER:TOKEN gets HTTP 401; none is the
# anonymous user. Each job's device configuration is rendered from its
# context by kvm-scripts/lava.sh device-qemu, as a server renders
# qemu.jinja2.

import base64
import json
import os
import subprocess
import sys
import threading
import xmlrpc.client
from xmlrpc.server import SimpleXMLRPCRequestHandler, SimpleXMLRPCServer

import yaml

LAVA_SH = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       "..", "kvm-scripts", "lava.sh")


class Handler(SimpleXMLRPCRequestHandler):
    rpc_paths = ("/RPC2",)

    def parse_request(self):
        if not super().parse_request():
            return False
        auth = self.headers.get("Authorization", "")
        self.server.user = None
        if auth.startswith("Basic "):
            user, _, token = base64.b64decode(auth[6:]).decode().partition(":")
            if "%s:%s" % (user, token) != self.server.credentials:
                self.send_error(401, "Authentication with user and token failed")
                return False
            self.server.user = user
        return True


class Jobs:
    def __init__(self, workdir):
        self.workdir = workdir
        self.jobs = {}
        self.lock = threading.Lock()

    def _run(self, job_id):
        d = os.path.join(self.workdir, str(job_id))
        job, device = os.path.join(d, "job.yaml"), os.path.join(d, "device.yaml")
        with open(device, "w") as out:
            rc = subprocess.call([LAVA_SH, "device-qemu", job], stdout=out)
        if rc == 0:
            with open(os.path.join(d, "lava.log"), "w") as log:
                subprocess.call(["lava-run", "--job-id", "stand-in-%d-%d" % (os.getpid(), job_id),
                                 "--output-dir", os.path.join(d, "out"),
                                 "--device", device, job],
                                stdout=log, stderr=subprocess.STDOUT)
        with self.lock:
            self.jobs[job_id]["state"] = "Finished"

    def submit(self, definition):
        with self.lock:
            job_id = len(self.jobs) + 1
            self.jobs[job_id] = {"state": "Running"}
        d = os.path.join(self.workdir, str(job_id))
        os.makedirs(d)
        with open(os.path.join(d, "job.yaml"), "w") as f:
            f.write(definition)
        threading.Thread(target=self._run, args=(job_id,), daemon=True).start()
        return job_id

    def show(self, job_id):
        with self.lock:
            state = self.jobs[int(job_id)]["state"]
        return {"id": int(job_id), "state": state, "health": "Unknown", "failure_comment": None}

    def logs(self, job_id, start=0, end=None):
        job_id = int(job_id)
        with self.lock:
            finished = self.jobs[job_id]["state"] == "Finished"
        records = []
        path = os.path.join(self.workdir, str(job_id), "lava.log")
        if finished and os.path.exists(path):
            for line in open(path, errors="replace"):
                try:
                    records.append(json.loads(line.replace(': ! "', ': "')))
                except ValueError:
                    pass
        records = records[start:end]
        return (finished, xmlrpc.client.Binary(yaml.safe_dump(records).encode()))


def main():
    port_file, workdir, credentials = sys.argv[1:4]
    srv = SimpleXMLRPCServer(("127.0.0.1", 0), Handler, logRequests=False, allow_none=True)
    srv.credentials = credentials
    srv.user = None
    jobs = Jobs(workdir)
    srv.register_function(lambda: "2023.01", "system.version")
    srv.register_function(lambda: srv.user, "system.whoami")
    srv.register_function(jobs.submit, "scheduler.jobs.submit")
    srv.register_function(jobs.show, "scheduler.jobs.show")
    srv.register_function(jobs.logs, "scheduler.jobs.logs")
    with open(port_file, "w") as f:
        f.write("%d\n" % srv.server_address[1])
    srv.serve_forever()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs the commands of docs/getting-started.md's "The first hour", block
by block and in order, as a reader would: from a directory where `build`
is the build tree, each ```sh block in one bash with `set -e -o pipefail`
(the port of `hotpath serve` made a free one). Prints, per block, its
first line and exit status, then its output, for FileCheck.

  first_hour.py GETTING_STARTED.md BUILD_DIR WORK_DIR
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys

DOC, BUILD, WORK = sys.argv[1:4]
text = open(DOC).read()
section = re.search(r"^## 6\. The first hour\n(.*?)^## ", text, re.S | re.M).group(1)
blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
os.symlink(os.path.abspath(BUILD), os.path.join(WORK, "build"))
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = str(s.getsockname()[1])
s.close()
env = {k: v for k, v in os.environ.items() if not k.startswith("HOTPATH_")}
for n, block in enumerate(blocks, 1):
    script = "set -e -o pipefail\n" + block.replace("6770", port)
    # Output to files, not pipes, and the block in a process group of its
    # own, ended after it: a server a failing block leaves behind can
    # neither hold the test's pipes open nor outlive it.
    with open(os.path.join(WORK, "out.%d" % n), "w+") as out, \
            open(os.path.join(WORK, "err.%d" % n), "w+") as err:
        p = subprocess.Popen(["bash", "-c", script], cwd=WORK, env=env, stdout=out,
                             stderr=err, start_new_session=True)
        try:
            code = p.wait(timeout=900)
        except subprocess.TimeoutExpired:
            code = "timeout"
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    print("=== block %d: %s: exit %s" % (n, block.splitlines()[0][:60], code))
    print(stdout.replace(port, "PORT"))
    if code:
        print(stderr[-3000:])
for f in ("interp.svg", "change.svg", "comment.md", "hotpath.toml", "hotpath/policy.toml",
          ".hotpath/history.db"):
    print("file %s: %s" % (f, os.path.getsize(os.path.join(WORK, f)) > 0
                           if os.path.exists(os.path.join(WORK, f)) else "missing"))

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
    p = subprocess.run(["bash", "-c", script], cwd=WORK, env=env, capture_output=True,
                       text=True, timeout=900)
    print("=== block %d: %s: exit %d" % (n, block.splitlines()[0][:60], p.returncode))
    print(p.stdout.replace(port, "PORT"))
    if p.returncode:
        print(p.stderr[-3000:])
for f in ("interp.svg", "change.svg", "comment.md", "hotpath.toml", "hotpath/policy.toml",
          ".hotpath/history.db"):
    print("file %s: %s" % (f, os.path.getsize(os.path.join(WORK, f)) > 0
                           if os.path.exists(os.path.join(WORK, f)) else "missing"))

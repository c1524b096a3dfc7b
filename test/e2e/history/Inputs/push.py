#!/usr/bin/env python3
"""`hotpath push` to a real Pushgateway (Debian's prometheus-pushgateway,
started here on a free port of loopback): the run's figures are on the
gateway's /metrics under job and benchmark; a second push of the same
benchmark replaces them. Prints one line per check for FileCheck.

  push.py HOTPATH REPORT REPORT2 WORKDIR
"""
import re
import socket
import subprocess
import sys
import time
import urllib.request

HOTPATH, REPORT, REPORT2, WORK = sys.argv[1:5]
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
gw = subprocess.Popen(["prometheus-pushgateway", "--web.listen-address=127.0.0.1:%d" % port],
                      stdout=subprocess.DEVNULL, stderr=open(WORK + "/gateway.log", "w"))
base = "http://127.0.0.1:%d" % port
try:
    for _ in range(100):
        try:
            NO_PROXY.open(base + "/-/ready", timeout=2)
            break
        except Exception:
            time.sleep(0.1)

    def calls():
        text = NO_PROXY.open(base + "/metrics", timeout=10).read().decode()
        return sorted(set(re.findall(
            r'^hotpath_function_calls_total\{[^}]*benchmark="([^"]+)"[^}]*function="(work::leaf[^"]*)"[^}]*job="([^"]+)"[^}]*\} (\d+)',
            text, re.M)))

    for rep in (REPORT, REPORT2):
        p = subprocess.run([HOTPATH, "push", rep, "--gateway", base, "--job", "ci"],
                           capture_output=True, text=True)
        print("push: exit", p.returncode, re.sub(r"127.0.0.1:\d+", "GATEWAY", p.stderr.strip()))
        print("gateway:", calls())
    p = subprocess.run([HOTPATH, "push", REPORT, "--gateway", "http://127.0.0.1:1"],
                       capture_output=True, text=True)
    print("down: exit", p.returncode, p.stderr.strip())
finally:
    gw.terminate()
    gw.wait(timeout=30)

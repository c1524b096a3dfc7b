#!/usr/bin/env python3
"""`hotpath serve --history` seen as a person sees it: starts the server on
a free port of loopback, asks /api/history for a function's series, opens
/history in headless Chromium (its DOM after the page's script has drawn
the plots, and a screenshot), and stops the server. Prints one line per
check for FileCheck.

  serve_history.py HOTPATH STORE FUNCTION METRIC WORKDIR CHROMIUM...
"""
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

HOTPATH, STORE, FUNCTION, METRIC, WORK = sys.argv[1:6]
CHROMIUM = sys.argv[6:]
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))

s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
server = subprocess.Popen([HOTPATH, "serve", "--history", STORE, "--listen",
                           "127.0.0.1:%d" % port], stderr=subprocess.PIPE, text=True)
try:
    line = server.stderr.readline()
    print("server:", re.sub(r"http://127.0.0.1:\d+/", "http://127.0.0.1:PORT/", line.strip()))
    base = "http://127.0.0.1:%d" % port
    q = urllib.parse.urlencode({"function": FUNCTION, "metric": METRIC})
    d = json.load(NO_PROXY.open(base + "/api/history?" + q, timeout=30))
    for x in d["series"]:
        print("api: %s: %d points, change points at runs %s" % (
            x["function"], len(x["points"]), [c["run"] + 1 for c in x["change_points"]]))
    url = base + "/history?" + q
    dom = subprocess.run(CHROMIUM + ["--user-data-dir=" + os.path.join(WORK, "chrome"),
                                     "--virtual-time-budget=10000", "--dump-dom", url],
                         capture_output=True, text=True, timeout=150).stdout
    print("page: loaded:", 'data-loaded="1"' in dom)
    print("page: plots:", dom.count('<svg class="plot"'))
    print("page: points:", dom.count('class="point"'))
    print("page: change lines at runs:", re.findall(r'class="change"[^>]*data-run="(\d+)"', dom))
    status = re.search(r'<div id="status"[^>]*>([^<]*)</div>', dom)
    print("page: status:", status.group(1) if status else None)
    png = os.path.join(WORK, "history.png")
    subprocess.run(CHROMIUM + ["--user-data-dir=" + os.path.join(WORK, "chrome2"),
                               "--virtual-time-budget=10000", "--window-size=1000,700",
                               "--screenshot=" + png, url],
                   capture_output=True, timeout=150)
    head = open(png, "rb").read(24) if os.path.exists(png) else b""
    print("screenshot: PNG", head[:8] == b"\x89PNG\r\n\x1a\n",
          int.from_bytes(head[16:20], "big"), "px wide")
    bad = urllib.request.Request(base + "/api/history?metric=nosuch")
    try:
        NO_PROXY.open(bad, timeout=30)
        print("bad metric: answered")
    except urllib.error.HTTPError as e:
        print("bad metric:", e.code, e.read().decode().strip())
finally:
    server.terminate()
    server.wait(timeout=30)

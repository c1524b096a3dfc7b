#!/usr/bin/env python3
"""`hotpath serve` scraped by a real Prometheus.

  scrape.py HOTPATH SERVER WORKDIR

Runs SERVER (server.c, until its input closes, a snapshot every 250 ms),
serves its snapshot
with a token, starts Debian's Prometheus on loopback scraping it every
second with that token, and asks Prometheus's HTTP API (PromQL) for the
calls of handle_request: rising and at a positive rate while the program
runs, then exactly the calls of the program's final report, at a rate of
0. Prints one line per check for FileCheck.
"""
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request

HOTPATH, SERVER, WORK = sys.argv[1:4]
TOKEN = "prom-secret"
FN = 'function="handle_request"'
NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def wait_for(what, check, timeout):
    end = time.time() + timeout
    while time.time() < end:
        v = check()
        if v is not None:
            return v
        time.sleep(0.2)
    sys.exit("timed out waiting for " + what)


def query(prom_port, q):
    url = "http://127.0.0.1:%d/api/v1/query?query=%s" % (prom_port, urllib.parse.quote(q))
    try:
        with NO_PROXY.open(url, timeout=5) as r:
            d = json.load(r)
    except OSError:  # not up yet
        return None
    res = d.get("data", {}).get("result", [])
    if os.environ.get("SCRAPE_DEBUG"):
        print(q, d, file=sys.stderr)
    return float(res[0]["value"][1]) if res else None


snap = os.path.join(WORK, "live.json")
final = os.path.join(WORK, "final.json")
env = dict(os.environ, HOTPATH_SNAPSHOT_INTERVAL="250", HOTPATH_SNAPSHOT_PATH=snap,
           HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=final)
program = subprocess.Popen([SERVER, "120000", "--stdin"], env=env, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, text=True)
procs = [program]
try:
    wait_for("the first snapshot", lambda: True if os.path.exists(snap) else None, 20)
    serve = subprocess.Popen([HOTPATH, "serve", snap, "--listen", "127.0.0.1:0", "--token", TOKEN],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    procs.append(serve)
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", serve.stderr.readline())
    port = int(m.group(1))
    # promtool, Prometheus's own checker, on what /metrics serves.
    req = urllib.request.Request("http://127.0.0.1:%d/metrics" % port,
                                 headers={"Authorization": "Bearer " + TOKEN})
    with NO_PROXY.open(req, timeout=5) as r:
        text = r.read()
        ctype = r.headers["Content-Type"]
    lint = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True)
    print("content type: %s; promtool: exit %d %s" % (ctype, lint.returncode,
                                                      (lint.stdout + lint.stderr).decode().strip()))

    prom_port = free_port()
    with open(os.path.join(WORK, "prometheus.yml"), "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\n"
                "scrape_configs:\n  - job_name: hotpath\n"
                "    authorization:\n      credentials: %s\n"
                "    static_configs:\n      - targets: ['127.0.0.1:%d']\n" % (TOKEN, port))
    prom = subprocess.Popen(["prometheus", "--config.file=" + os.path.join(WORK, "prometheus.yml"),
                             "--storage.tsdb.path=" + os.path.join(WORK, "tsdb"),
                             "--web.listen-address=127.0.0.1:%d" % prom_port],
                            stdout=subprocess.DEVNULL, stderr=open(os.path.join(WORK, "prometheus.log"), "w"))
    procs.append(prom)

    first = wait_for("a first sample", lambda: query(prom_port, "hotpath_function_calls_total{%s}" % FN), 40)
    time.sleep(2.5)
    second = query(prom_port, "hotpath_function_calls_total{%s}" % FN)
    rate_running = query(prom_port, "rate(hotpath_function_calls_total{%s}[3s])" % FN)
    running = program.poll() is None
    print("while running (%s): calls rose: %s; rate > 0: %s" % (
        running, second > first, rate_running is not None and rate_running > 0))
    print("up: %s" % query(prom_port, 'up{job="hotpath"}'))
    # The profiled program itself opens no socket: serve reads its files.
    fds = os.listdir("/proc/%d/fd" % program.pid)
    sockets = [f for f in fds if os.readlink("/proc/%d/fd/%s" % (program.pid, f)).startswith("socket:")]
    print("the program's sockets: %d" % len(sockets))

    out, _ = program.communicate(timeout=60)  # closes its input: it stops
    handled = int(re.search(r"handled (\d+)", out).group(1))
    with open(final) as f:
        report_calls = next(r["calls"] for r in json.load(f)["functions_timing"]["data"]
                            if r["name"] == "handle_request")
    # The last snapshot holds the final figures; Prometheus scrapes it.
    last = wait_for("the final figures", lambda: (
        query(prom_port, "hotpath_function_calls_total{%s}" % FN) == handled or None), 20)
    calls = query(prom_port, "hotpath_function_calls_total{%s}" % FN)
    count = query(prom_port, "hotpath_function_duration_seconds_count{%s}" % FN)
    print("after the end: PromQL calls = the program's requests: %s; = the report's calls: %s; "
          "histogram count = calls: %s" % (calls == handled, calls == report_calls, count == calls))
    p95 = query(prom_port, "histogram_quantile(0.95, hotpath_function_duration_seconds_bucket{%s})" % FN)
    print("histogram_quantile(0.95) of handle_request in (0, 1 ms]: %s" % (p95 is not None and 0 < p95 <= 0.001))
    stopped = wait_for("the rate to fall to 0", lambda: (
        query(prom_port, "rate(hotpath_function_calls_total{%s}[3s])" % FN) == 0 or None), 20)
    print("rate after the end: 0")
finally:
    for p in procs:
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()

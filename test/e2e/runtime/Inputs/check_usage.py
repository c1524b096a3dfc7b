#!/usr/bin/env python3
"""Checks thread-usage.c's threads section against what its threads
measured themselves (OWN: "busy <ns>", "sleepy <ns>" lines).

  check_usage.py REPORT.json OWN
"""
import json
import re
import sys

report, own_file = sys.argv[1], sys.argv[2]
# The program's own lines; a sanitizer's or the runtime's may be beside.
own = dict(line.split() for line in open(own_file)
           if re.fullmatch(r"(busy|sleepy) \d+", line.strip()))
threads = json.load(open(report))["threads"]
rows = {r["name"]: r for r in threads["data"]}
busy, sleepy = rows["busy"], rows["sleepy"]
main = [r for r in threads["data"] if not r["exited"]]
assert main and "cpu_ns" in main[0], "main, still running, has no CPU time: %s" % main

b, ob = busy["cpu_ns"], int(own["busy"])
assert abs(b - ob) <= 0.10 * ob, "busy CPU %d ns, it measured %d" % (b, ob)
s = sleepy["cpu_ns"]
assert s < b / 4, "sleepy CPU %d ns, busy %d" % (s, b)
assert sleepy["voluntary_switches"] >= 200, sleepy
assert busy["cpu_percent"] > sleepy["cpu_percent"], (busy, sleepy)
assert abs(busy["cpu_percent"] - 100.0 * b / threads["elapsed_ns"]) < 0.01, busy
assert threads["peak_rss_bytes"] >= 64 << 20, threads["peak_rss_bytes"]
print("busy %.1f ms (own %.1f), sleepy %.2f ms with %d voluntary switches, "
      "peak RSS %d MiB" % (b / 1e6, ob / 1e6, s / 1e6,
                           sleepy["voluntary_switches"],
                           threads["peak_rss_bytes"] >> 20))

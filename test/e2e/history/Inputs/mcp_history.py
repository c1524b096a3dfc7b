#!/usr/bin/env python3
"""`hotpath mcp --history STORE` over its stdio, JSON-RPC a line: the
history tool listed, then asked for a function's series. Prints one line
per check for FileCheck.

  mcp_history.py HOTPATH DIR STORE
"""
import json
import subprocess
import sys

HOTPATH, DIR, STORE = sys.argv[1:4]
p = subprocess.Popen([HOTPATH, "mcp", DIR, "--history", STORE], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, text=True)
n = 0


def ask(method, params):
    global n
    n += 1
    p.stdin.write(json.dumps({"jsonrpc": "2.0", "id": n, "method": method, "params": params}) + "\n")
    p.stdin.flush()
    return json.loads(p.stdout.readline())


ask("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "1"}})
p.stdin.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}) + "\n")
tools = [t["name"] for t in ask("tools/list", {})["result"]["tools"]]
print("tools:", " ".join(tools))
r = ask("tools/call", {"name": "history", "arguments": {"function": "work::leaf", "metric": "icount"}})
d = json.loads(r["result"]["content"][0]["text"])
for s in d["series"]:
    print("history: %s %d points, change points %s" % (
        s["function"], len(s["points"]),
        [(c["run"] + 1, round(c["relative_change"], 3)) for c in s["change_points"]]))
r = ask("tools/call", {"name": "history", "arguments": {"metric": "nosuch"}})
print("bad metric:", r.get("error", {}).get("message"))
p.stdin.close()
print("exit", p.wait(timeout=30))

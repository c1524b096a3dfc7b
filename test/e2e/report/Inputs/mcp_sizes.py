"""Asks `hotpath mcp DIR` (argv[1] the tool, argv[2] DIR) for one
function's figures over stdio (newline-delimited JSON-RPC) and checks that
the answer carries its functions_sizes rows with the fit: argv[3] the
report, argv[4] the name, argv[5] the class expected."""
import json
import subprocess
import sys

hotpath, directory, report, name, expected = sys.argv[1:6]
messages = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                "clientInfo": {"name": "mcp_sizes", "version": "1"}}},
    {"jsonrpc": "2.0", "method": "notifications/initialized"},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
     "params": {"name": "function", "arguments": {"report": report, "name": name}}},
]
p = subprocess.run([hotpath, "mcp", directory], input="".join(json.dumps(m) + "\n" for m in messages),
                   capture_output=True, text=True, timeout=30)
answers = {}
for line in p.stdout.splitlines():
    m = json.loads(line)
    answers[m.get("id")] = m
text = answers[2]["result"]["content"][0]["text"]
rows = json.loads(text).get("functions_sizes", [])
classes = [r.get("complexity", {}).get("class") for r in rows]
if classes != [expected]:
    print("functions_sizes classes %r, expected [%r]" % (classes, expected))
    sys.exit(1)
print("mcp function %s: %s" % (name, expected))

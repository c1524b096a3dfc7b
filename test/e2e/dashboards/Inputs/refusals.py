#!/usr/bin/env python3
"""What `hotpath serve` refuses, and that it keeps serving afterwards.

  refusals.py HOTPATH DIR

DIR holds a report (report.json), a symlink out of it (escape.json) and
outside.json beside it (labelled "outside"). Prints one line per check for FileCheck.
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time

HOTPATH, DIR = sys.argv[1:3]
TOKEN = "s3cret-token"


def start(*extra):
    p = subprocess.Popen([HOTPATH, "serve", DIR, "--listen", "127.0.0.1:0", *extra],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not m:
        sys.exit("serve did not start: " + line)
    return p, int(m.group(1))


def get(port, path, headers=None, method="GET", timeout=10):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request(method, path, headers=headers or {})
    r = c.getresponse()
    body = r.read().decode("utf-8", "replace")
    c.close()
    return r.status, body.strip()


def raw(port, data, timeout=10):
    """Sends bytes as they are; the status line of the answer, or what
    happened to the connection."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        s.sendall(data)
    except (BrokenPipeError, ConnectionResetError):
        pass
    try:
        answer = s.recv(4096).decode("latin-1")
    except (ConnectionResetError, socket.timeout) as e:
        answer = type(e).__name__
    s.close()
    return answer.split("\r\n")[0] if answer else "closed"


# A non-loopback address without a token: refused before listening.
r = subprocess.run([HOTPATH, "serve", DIR, "--listen", "0.0.0.0:0"],
                   capture_output=True, text=True, timeout=30)
print("0.0.0.0 without a token: exit %d: %s" % (r.returncode, r.stderr.strip()))

server, port = start("--token", TOKEN)
print("no token: %d %s" % get(port, "/metrics"))
print("wrong token: %d %s" % get(port, "/metrics", {"Authorization": "Bearer nope"}))
print("wrong token in the URL: %d %s" % get(port, "/metrics?token=nope"))
status, body = get(port, "/metrics", {"Authorization": "Bearer " + TOKEN})
print("bearer token: %d %s" % (status, body.splitlines()[0]))
print("token in the URL: %d" % get(port, "/?token=" + TOKEN)[0])
server.terminate()
server.wait()

server, port = start()
print("another host: %d %s" % get(port, "/metrics", {"Host": "evil.example:80"}))
print("DELETE: %d %s" % get(port, "/api/report", method="DELETE"))

# 10 MB: as a body (refused from its Content-Length, before it is read),
# as header lines, and as the request line. The server answers (413, 400)
# or closes; a close with the rest unread can reach the client as a reset
# before the answer does, so any of them is a refusal.
def refusal(answer):
    if re.match(r"HTTP/1\.1 [23]", answer):
        return "ACCEPTED (%s)" % answer
    return "refused (%s)" % answer


big = 10 * 1024 * 1024
print("10 MB body: " + refusal(raw(port, b"POST /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                         b"Content-Length: %d\r\n\r\n" % big + b"x" * 65536)))
fill = b"".join(b"X-Fill-%d: %s\r\n" % (i, b"y" * 4000) for i in range(big // 4000))
print("10 MB of headers: " + refusal(raw(port, b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n" + fill + b"\r\n")))
print("10 MB request line: " + refusal(raw(port, b"GET /" + b"a" * big + b" HTTP/1.1\r\n\r\n")))

# Path traversal: nothing outside DIR is ever read.
for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
             "/api/report?name=../outside.json", "/api/report?name=../no-such.json",
             "/api/report?name=%2Fetc%2Fpasswd", "/api/report?name=%2Fno%2Fsuch",
             "/api/report?name=" + "..%2F" * 30 + "etc%2Fpasswd",
             "/api/report?name=escape.json"]:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"GET " + path.encode() + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    answer = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        answer += chunk
    s.close()
    text = answer.decode("utf-8", "replace")
    leaked = "root:" in text or '"hotpath_report"' in text
    body = text.split("\r\n\r\n", 1)[-1].strip() if "?" in path else ""
    print("%s: %s%s%s" % (path, text.split("\r\n")[0], " " + body if body else "",
                          " LEAKED" if leaked else ""))
print("by name inside: %d" % get(port, "/api/report?name=report.json")[0])
# The symlink out is the newest file: still not what is served, nor listed.
os.utime(os.path.join(DIR, "..", "outside.json"))
status, body = get(port, "/api/report")
print("newest is the symlink out: %d, served the outside file: %s" % (status, '"outside"' in body))
print("listed: %s" % " ".join(sorted(r["name"] for r in json.loads(get(port, "/api/reports")[1]))))

# 200 idle connections (connected, sending nothing): a client is still
# answered at once.
idle = []
for _ in range(200):  # from another address: one holds at most 32
    idle.append(socket.create_connection(("127.0.0.1", port), timeout=10,
                                         source_address=("127.0.0.2", 0)))
time.sleep(0.5)
t0 = time.time()
status, _ = get(port, "/metrics", timeout=10)
took = time.time() - t0
# Behind the idle ones it would wait for their 5 s timeout.
print("with 200 idle connections: %d, answered before they time out: %s" % (status, took < 4))
print("answered in %.2f s" % took, file=sys.stderr)
for s in idle:
    s.close()

# A report swapped for a symlink out of DIR and back, as fast as renames
# go, while four clients ask for it by name and as the newest: what is
# served was opened beneath DIR, so the outside file never is. Bounded in
# time (the check-then-open race leaked within seconds).
import threading
real = os.path.join(DIR, ".swap-real")
with open(os.path.join(DIR, "report.json")) as f, open(real, "w") as g:
    g.write(f.read())
os.link(real, os.path.join(DIR, "swap.json"))
stop = time.time() + 6
leaks = [0, 0]


def swapper():
    n = 0
    while time.time() < stop:
        tmp = os.path.join(DIR, ".swap-%d" % n)
        if n % 2:
            os.link(real, tmp)
        else:
            os.symlink(os.path.join(DIR, "..", "outside.json"), tmp)
        os.rename(tmp, os.path.join(DIR, "swap.json"))
        n += 1


def asker():
    while time.time() < stop:
        for path in ("/api/report?name=swap.json", "/api/report"):
            try:
                status, body = get(port, path)
            except OSError:
                continue
            leaks[0] += 1
            leaks[1] += '"outside"' in body


threads = [threading.Thread(target=swapper)] + [threading.Thread(target=asker) for _ in range(4)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print("swapped for a symlink out %s: outside served %d times" %
      ("while asked" if leaks[0] > 100 else "(too few requests: %d)" % leaks[0], leaks[1]))
os.unlink(os.path.join(DIR, "swap.json"))
os.unlink(real)

print("still serving: %d" % get(port, "/api/report")[0])
server.terminate()
server.wait()

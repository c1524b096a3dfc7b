#!/usr/bin/env python3
"""`hotpath serve` against clients that trickle their requests.

  trickle.py HOTPATH DIR

Opens 600 connections from another loopback address (more than the
server's 512 connection threads; one address may hold 32), each sending its
request a byte a second; meanwhile a client on 127.0.0.1 must be answered
at once. A trickling request is cut off at its 10 s deadline; SIGTERM ends
a server with trickling clients within a second; a Range header of 1,000
ranges is answered with the content once. Prints one line per check.
"""
import http.client
import re
import socket
import subprocess
import sys
import threading
import time

HOTPATH, DIR = sys.argv[1:3]


def start():
    p = subprocess.Popen([HOTPATH, "serve", DIR, "--listen", "127.0.0.1:0"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", p.stderr.readline())
    if not m:
        sys.exit("serve did not start")
    return p, int(m.group(1))


def get(port, path, headers=None):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", path, headers=headers or {})
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body


def trickler(port, source):
    s = socket.socket()
    s.settimeout(20)
    s.bind((source, 0))
    try:
        s.connect(("127.0.0.1", port))
    except OSError:
        return None
    return s


server, port = start()
full = len(get(port, "/api/report")[1])
status, body = get(port, "/api/report", {"Range": "bytes=" + ",".join(["0-"] * 1000)})
print("1,000 ranges: %d, %s" % (status, "the content once" if len(body) <= full * 1.1 else
                                "%d bytes for %d" % (len(body), full)))

socks = [trickler(port, "127.0.0.2") for i in range(600)]
socks = [s for s in socks if s]
start_t = time.time()
request = b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"a" * 40
cut = {}


def trickle():
    i = 0
    while time.time() - start_t < 14 and i < len(request):
        for s in socks:
            if s in cut:
                continue
            try:
                s.send(request[i:i + 1])
            except OSError:
                cut[s] = time.time() - start_t
        i += 1
        time.sleep(1)


t = threading.Thread(target=trickle)
t.start()
time.sleep(2.5)
t0 = time.time()
status, _ = get(port, "/metrics")
print("while %d connections from one address trickle: %d, answered at once: %s" % (len(socks), status, time.time() - t0 < 2))
t.join()
# Each trickling connection has been answered (400) or closed by now.
closed = 0
for s in socks:
    s.settimeout(0.5)
    try:
        data = s.recv(100)
        closed += data == b"" or data.startswith(b"HTTP/1.1 400")
    except (ConnectionResetError, BrokenPipeError):
        closed += 1
    except socket.timeout:
        pass
    s.close()
print("trickling connections cut off within 14 s: %s" % (closed == len(socks)))
print("(%d of %d)" % (closed, len(socks)), file=sys.stderr)

# SIGTERM while clients trickle: the server is gone within a second.
socks = [trickler(port, "127.0.0.%d" % (20 + i // 32)) for i in range(64)]
for s in socks:
    if s:
        s.send(b"GET /met")
time.sleep(0.5)
t0 = time.time()
server.terminate()
server.wait(timeout=30)
print("SIGTERM with trickling clients: exit %d, within a second: %s" % (server.returncode, time.time() - t0 < 1))
for s in socks:
    if s:
        s.close()

#!/usr/bin/env python3
"""Opens a trace in speedscope's web app (test/node's copy, offline) in
headless Chromium, as a person would: a screenshot and the page's DOM
after it loaded the trace.

  open_in_viewer.py VIEWER_DIR TRACE.json OUT_PREFIX -- CHROMIUM ARGS...

Serves VIEWER_DIR and the trace from 127.0.0.1 on a free port (the app's
modules do not load from file://), opens
index.html#profileURL=<the trace>, writes OUT_PREFIX.png and
OUT_PREFIX.html.
"""
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading


def main():
    sep = sys.argv.index("--")
    viewer, trace, out = sys.argv[1:sep]
    chromium = sys.argv[sep + 1:]
    www = tempfile.mkdtemp(prefix="hotpath-viewer-")
    try:
        shutil.copytree(viewer, os.path.join(www, "app"))
        shutil.copy(trace, os.path.join(www, "app", "trace.json"))
        handler = functools.partial(http.server.SimpleHTTPRequestHandler,
                                    directory=os.path.join(www, "app"))
        handler.log_message = lambda *a: None
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = "http://127.0.0.1:%d/" % server.server_address[1]
        url = base + "index.html#profileURL=" + base + "trace.json"
        common = ["--window-size=1400,800", "--virtual-time-budget=10000"]
        for n, (flag, dest) in enumerate([("--screenshot=" + out + ".png", None),
                                          ("--dump-dom", out + ".html")]):
            cmd = chromium + ["--user-data-dir=" + os.path.join(www, "profile%d" % n)] + common + [flag, url]
            with open(dest or os.devnull, "w") as f:
                subprocess.run(cmd, stdout=f, stderr=subprocess.DEVNULL, check=True, cwd=www)
        server.shutdown()
    finally:
        shutil.rmtree(www, ignore_errors=True)


if __name__ == "__main__":
    main()

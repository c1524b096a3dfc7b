#!/usr/bin/env python3
"""Runs `hotpath top` in a real terminal (tmux) on a running program's
snapshots, as a person would: looks at the screen, presses keys.

  top_in_tmux.py HOTPATH SERVER OUT_DIR

Starts SERVER (it runs until OUT_DIR/stop exists) with snapshots every
100 ms into OUT_DIR/snap.json, starts `hotpath top` on that file in a
detached 120x32 tmux session, and writes what the pane shows to
OUT_DIR/screen1.txt (first frame with rates), screen2.txt (after `c`:
sorted by calls), screen3.txt (after `m`); then presses `q` and records in
OUT_DIR/after-q.txt whether top has exited, and its exit status.
"""
import os
import subprocess
import sys
import time


def tmux(*args):
    return subprocess.run(["tmux", "-L", "hotpath-test"] + list(args),
                          capture_output=True, text=True)


def capture(path):
    text = tmux("capture-pane", "-p", "-t", "top").stdout
    open(path, "w").write(text)
    return text


def wait_for(pred, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        if pred():
            return True
        time.sleep(0.1)
    return False


def main():
    hotpath, server, out = sys.argv[1:4]
    snap, stop = os.path.join(out, "snap.json"), os.path.join(out, "stop")
    env = dict(os.environ, HOTPATH_SNAPSHOT_INTERVAL="100", HOTPATH_SNAPSHOT_PATH=snap,
               HOTPATH_OUTPUT_FORMAT="none")
    p = subprocess.Popen([server, "0", stop], env=env, stdout=subprocess.DEVNULL)
    try:
        if not wait_for(lambda: os.path.exists(snap)):
            sys.exit("top_in_tmux: no snapshot appeared")
        tmux("kill-server")
        # The shell records top's exit status (tmux may leave the pane's
        # process unreaped, and its status unknown, for a while).
        status_file = os.path.join(out, "top-status")
        tmux("new-session", "-d", "-s", "top", "-x", "120", "-y", "32",
             "%s top %s --interval 0.2; echo $? > %s; sleep 60"
             % (hotpath, snap, status_file))
        # A frame with rates needs two snapshots seen by top.
        if not wait_for(lambda: "rates over" in capture(os.path.join(out, "screen1.txt"))):
            sys.exit("top_in_tmux: no frame with rates")
        tmux("send-keys", "-t", "top", "c")
        wait_for(lambda: "sorted by calls" in capture(os.path.join(out, "screen2.txt")), 5)
        tmux("send-keys", "-t", "top", "m")
        wait_for(lambda: "sorted by alloc" in capture(os.path.join(out, "screen3.txt")), 5)
        tmux("send-keys", "-t", "top", "q")
        dead = wait_for(lambda: os.path.exists(status_file) and
                        open(status_file).read().strip() != "", 10)
        status = open(status_file).read().strip() if dead else ""
        open(os.path.join(out, "after-q.txt"), "w").write(
            "top exited: %s, status %s\n" % ("yes" if dead else "no", status))
    finally:
        tmux("kill-server")
        open(stop, "w").close()
        p.wait(timeout=30)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks a flame graph SVG, as written or as Chromium's --dump-dom shows it
after the page's script ran.

  check_svg.py FILE [NAME...]        well-formed frames, each child inside
                                     its parent, these names present
  check_svg.py FILE --id-of NAME     prints the id of NAME's widest frame
  check_svg.py FILE --zoomed NAME --hidden NAME --matched NAME
                                     after #zoom / #search: NAME fills the
                                     width, NAME is hidden, NAME's visible
                                     frames are marked as matches
  check_svg.py FILE --red PATH --not-red PATH
                                     a differential graph: the frame of
                                     PATH ("a;b") is red / is not red
"""
import html
import re
import sys

G_RE = re.compile(r'<g\s([^>]*class="fr[^"]*"[^>]*)>(.*?)</g>', re.S)
ATTR_RE = re.compile(r'([\w-]+)="([^"]*)"')


def frames(text):
    out = []
    for attrs, body in G_RE.findall(text):
        a = {k: html.unescape(v) for k, v in ATTR_RE.findall(attrs)}
        rect = re.search(r"<rect\s([^>]*)>", body)
        r = {k: v for k, v in ATTR_RE.findall(rect.group(1))} if rect else {}
        title = re.search(r"<title>(.*?)</title>", body, re.S)
        out.append({"id": a.get("id"), "cls": a.get("class", ""), "name": a.get("data-full"),
                    "x": float(a["data-x"]), "w": float(a["data-w"]),
                    "y": float(r.get("y", "nan")), "rx": float(r.get("x", "nan")),
                    "rw": float(r.get("width", "nan")), "fill": r.get("fill", ""),
                    "title": html.unescape(title.group(1)) if title else None})
    return out


def parent_of(fs, f):
    for p in fs:
        if abs(p["y"] - (f["y"] + 16)) < 0.5 and p["x"] - 1e-7 <= f["x"] and \
                f["x"] + f["w"] <= p["x"] + p["w"] + 1e-7:
            return p
    return None


def path_of(fs, f):
    names = []
    while f is not None:
        names.append(f["name"])
        f = parent_of(fs, f)
    return ";".join(reversed(names))


def main():
    args = sys.argv[1:]
    text = open(args.pop(0), encoding="utf-8").read()
    fs = frames(text)
    fails = []
    if not fs:
        fails.append("no frames")
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--id-of":
            i += 1
            best = max((f for f in fs if f["name"] == args[i]), key=lambda f: f["w"])
            print(best["id"])
            return
        elif a in ("--zoomed", "--hidden", "--matched", "--red", "--not-red"):
            i += 1
            v = args[i]
            if a == "--zoomed":
                f = max((f for f in fs if f["name"] == v), key=lambda f: f["w"])
                if "hide" in f["cls"] or abs(f["rw"] - 1200) > 2:
                    fails.append("%s is not zoomed: width %s, class %s" % (v, f["rw"], f["cls"]))
            elif a == "--hidden":
                for f in fs:
                    if f["name"] == v and "hide" not in f["cls"]:
                        fails.append("%s is not hidden" % v)
            elif a == "--matched":
                vis = [f for f in fs if f["name"] == v and "hide" not in f["cls"]]
                if not vis or any("match" not in f["cls"] for f in vis):
                    fails.append("%s is not marked as a match" % v)
                if "Matched: " not in text:
                    fails.append("no 'Matched:' line")
            else:
                hits = [f for f in fs if path_of(fs, f) == v]
                if not hits:
                    fails.append("no frame for path %s" % v)
                for f in hits:
                    m = re.match(r"rgb\((\d+),(\d+),(\d+)\)", f["fill"])
                    red = m and int(m.group(1)) == 255 and int(m.group(2)) < 200
                    if red != (a == "--red"):
                        fails.append("%s: fill %s" % (v, f["fill"]))
        else:
            if not any(f["name"] == a for f in fs):
                fails.append("no frame named %s" % a)
        i += 1
    if not any(a.startswith("--") for a in args):
        for f in fs:
            if f["title"] is None or not (0 <= f["x"] and f["x"] + f["w"] <= 1 + 1e-6):
                fails.append("bad frame %s" % f["id"])
            bottom = max(g["y"] for g in fs)
            if f["y"] < bottom - 0.5 and parent_of(fs, f) is None:
                fails.append("frame %s (%s) is not inside a parent" % (f["id"], f["name"]))
    for f in fails[:20]:
        print("check_svg: " + f)
    if fails:
        sys.exit(1)
    print("check_svg: %d frames ok" % len(fs))


if __name__ == "__main__":
    main()

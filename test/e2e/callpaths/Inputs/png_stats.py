#!/usr/bin/env python3
"""Prints what a PNG shows: its size and how many distinct colours it has.

  png_stats.py FILE.png [--min-colours N]

Fails when the picture has fewer than N colours (default 8): a blank or
one-colour page. Decodes the PNG itself (zlib and the five filters), so
that the test needs nothing beyond Python.
"""
import struct
import sys
import zlib


def decode(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w, h, ctype = 8, b"", 0, 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and ctype in (2, 6), "8-bit RGB or RGBA only"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1:
                line[x] = (line[x] + a) & 255
            elif f == 2:
                line[x] = (line[x] + b) & 255
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[x] = (line[x] + pr) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def main():
    args = sys.argv[1:]
    need = 8
    if "--min-colours" in args:
        need = int(args[args.index("--min-colours") + 1])
    w, h, bpp, rows = decode(open(args[0], "rb").read())
    colours = set()
    for r in rows:
        for x in range(0, len(r), bpp * 3):  # every third pixel is plenty
            colours.add(r[x:x + 3])
    print("png: %dx%d, %d colours" % (w, h, len(colours)))
    if len(colours) < need:
        sys.exit(1)


if __name__ == "__main__":
    main()

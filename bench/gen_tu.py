#!/usr/bin/env python3
"""Writes a large C translation unit for the compile-time benchmark:
N small functions of mixed shapes (arithmetic, loops, branches, calls to
earlier functions), all external so that none is discarded, and a main
that calls a few of them.

    gen_tu.py N OUT.c
"""
import sys


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    lines = ["#include <stddef.h>", "int sink;"]
    for i in range(n):
        k = i % 4
        callee = f"f{i // 2}" if i else None
        body = []
        if k == 0:
            body.append(f"  int r = x * {i + 3} + y;")
        elif k == 1:
            body.append("  int r = 0;")
            body.append(f"  for (int j = 0; j < y; ++j) r += (x ^ j) * {i % 7 + 1};")
        elif k == 2:
            body.append(f"  int r = x > y ? x - {i} : y + {i};")
            body.append("  if (r & 1) r = r * 3 + 1; else r /= 2;")
        else:
            body.append("  int a[8];")
            body.append("  for (int j = 0; j < 8; ++j) a[j] = x + j * y;")
            body.append("  int r = a[(unsigned)x % 8] + a[(unsigned)y % 8];")
        if callee:
            body.append(f"  if (r % {i % 5 + 2} == 0) r += {callee}(r, y - 1);")
        lines.append(f"int f{i}(int x, int y) {{")
        lines += body
        lines.append("  return r;")
        lines.append("}")
    lines.append("int main(int argc, char **argv) {")
    lines.append("  (void)argv;")
    for i in range(0, n, max(1, n // 16)):
        lines.append(f"  sink += f{i}(argc, 3);")
    lines.append("  return sink == 42;")
    lines.append("}")
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Fails when the folders of the sources depend on each other in a cycle.

Each `#include "..."` of a C/C++ source under lib/, runtime/, pass/,
tools/, include/ makes the includer's folder depend on the included file's folder
(resolved as the compiler would: the includer's own folder first, then the
include directories the build uses). Folders must depend only downward:
any cycle (a -> b -> a, or longer) is printed and the exit status is 1.
The runtime's folders are also layered: each may include only the folders
listed before it in RUNTIME_LAYERS (runtime/CMakeLists.txt says what each
holds); an upward include is printed and fails the same way.

  python3 scripts/check-include-cycles.py [ROOT]
"""
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
TREES = ["lib", "runtime", "pass", "tools", "include"]
RUNTIME_LAYERS = ["base", "core", "alloc", "locks", "sampling", "drain", "valgrind", "output",
                  "session"]
INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources():
    for tree in TREES:
        for dirpath, _, names in os.walk(os.path.join(ROOT, tree)):
            for n in names:
                if n.endswith((".h", ".cpp", ".c")):
                    yield os.path.join(dirpath, n)


def main():
    files = list(sources())
    # The include directories the build passes, every source folder alike.
    # lib/<name>/include holds "hotpath/<name>/X.h".
    include_dirs = sorted({os.path.dirname(f) for f in files} | {os.path.join(ROOT, "include"), os.path.join(ROOT, "runtime")} |
                          {os.path.join(ROOT, "lib", n, "include") for n in
                           (os.listdir(os.path.join(ROOT, "lib")) if os.path.isdir(os.path.join(ROOT, "lib")) else [])})
    deps = {}
    for f in files:
        here = os.path.dirname(f)
        text = open(f, encoding="utf-8", errors="replace").read()
        for inc in INCLUDE_RE.findall(text):
            for d in [here] + include_dirs:
                target = os.path.normpath(os.path.join(d, inc))
                if os.path.isfile(target):
                    there = os.path.dirname(target)
                    if there != here:
                        deps.setdefault(os.path.relpath(here, ROOT), {}).setdefault(
                            os.path.relpath(there, ROOT), []).append(
                            "%s includes %s" % (os.path.relpath(f, ROOT), inc))
                    break
    # Cycles: depth-first search over the folder graph.
    cycles, state, stack = [], {}, []

    def visit(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(deps.get(n, {})):
            if state.get(m) == 1:
                cycles.append(stack[stack.index(m):] + [m])
            elif not state.get(m):
                visit(m)
        stack.pop()
        state[n] = 2

    for n in sorted(deps):
        if not state.get(n):
            visit(n)
    upward = []
    for a in sorted(deps):
        for b in sorted(deps[a]):
            la, lb = (os.path.relpath(x, "runtime").split(os.sep)[0] if x.startswith("runtime" + os.sep) else None
                      for x in (a, b))
            if la in RUNTIME_LAYERS and lb in RUNTIME_LAYERS and \
                    RUNTIME_LAYERS.index(lb) > RUNTIME_LAYERS.index(la):
                upward.append((a, b))
    if cycles or upward:
        for c in cycles:
            print("include cycle between folders: " + " -> ".join(c))
            for a, b in zip(c, c[1:]):
                print("  %s -> %s: %s" % (a, b, deps[a][b][0]))
        for a, b in upward:
            print("upward include in the runtime: %s -> %s: %s" % (a, b, deps[a][b][0]))
        sys.exit(1)
    edges = sum(len(v) for v in deps.values())
    print("check-include-cycles: %d folders, %d folder dependencies, no cycle" % (len(deps), edges))


if __name__ == "__main__":
    main()

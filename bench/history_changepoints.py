#!/usr/bin/env python3
"""The change-point methods side by side on the recorded series of the
history tests (test/e2e/history/Inputs/loaded-times.txt: 40 runs of one
build on a loaded 2-core VM), with a 10% step made at run 25 and without:
the rank test `hotpath history check` uses for time (the standardized
Mann-Whitney rank sum, largest over the splits, p-value by shuffling) and
E-divisive means (Matteson & James: the energy distance of the two sides,
the same shuffling), each split's p-value with 999 shuffles.

  python3 bench/history_changepoints.py

docs/history.md quotes what it prints.
"""
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
SERIES = os.path.join(HERE, "..", "test", "e2e", "history", "Inputs", "loaded-times.txt")
MIN_RUNS = 4


def ranks(x):
    order = sorted(range(len(x)), key=lambda i: x[i])
    r = [0] * len(x)
    for k, i in enumerate(order):
        r[i] = k + 1
    return r


def rank_stat(x):
    r, n, s, best, at = ranks(x), len(x), 0, -1, 0
    for t in range(n - 1):
        s += r[t]
        n1, n2 = t + 1, n - t - 1
        if n1 < MIN_RUNS or n2 < MIN_RUNS:
            continue
        z = abs(s - n1 * (n1 + 1) / 2 - n1 * n2 / 2) / math.sqrt(n1 * n2 * (n + 1) / 12)
        if z > best:
            best, at = z, t + 1
    return at, best


def energy_stat(x):
    n, best, at = len(x), -1, 0
    for t in range(MIN_RUNS, n - MIN_RUNS + 1):
        a, b = x[:t], x[t:]
        cross = sum(abs(i - j) for i in a for j in b) * 2 / (len(a) * len(b))
        wa = sum(abs(a[i] - a[j]) for i in range(len(a)) for j in range(i + 1, len(a))) / (len(a) * (len(a) - 1) / 2)
        wb = sum(abs(b[i] - b[j]) for i in range(len(b)) for j in range(i + 1, len(b))) / (len(b) * (len(b) - 1) / 2)
        q = len(a) * len(b) / n * (cross - wa - wb)
        if q > best:
            best, at = q, t
    return at, best


def test(x, stat, shuffles=999):
    at, value = stat(x)
    rng, y, larger = random.Random(1), list(x), 0
    for _ in range(shuffles):
        rng.shuffle(y)
        larger += stat(y)[1] >= value
    return at + 1, (larger + 1) / (shuffles + 1)


x = [float(l) for l in open(SERIES)]
step = [v * (1.10 if i >= 24 else 1) for i, v in enumerate(x)]
print("series: %d runs, %.2fx from the fastest to the slowest" % (len(x), max(x) / min(x)))
for name, series in (("10% step at run 25", step), ("no step", x)):
    for method, stat in (("rank test", rank_stat), ("E-divisive means", energy_stat)):
        run, p = test(series, stat)
        print("%-18s %-17s best split before run %2d, p = %.3f" % (name, method, run, p))

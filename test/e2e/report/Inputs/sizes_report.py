"""Adds a functions_sizes section to a report the runtime's writer wrote
(argv[1]) and writes it to argv[2]: a quadratic duplicate finder with
instruction counts, a linear scan timed only, and a lookup whose sizes
span too little to fit. argv[3], if given, scales the calls (a second
process of the same build, for `hotpath merge`); argv[4] "quadratic"
makes the scan quadratic past 256 characters (an injected slow path, for
`hotpath diff`)."""
import json
import sys

scale = int(sys.argv[3]) if len(sys.argv) > 3 else 1
quadratic = len(sys.argv) > 4 and sys.argv[4] == "quadratic"


def scan_ns(n):
    return 25 + 3 * n + (n * n / 256 if quadratic and n > 256 else 0)


def bucket(k, calls, ir=0, timed=0, ns=0, alloc=0):
    lo = 0 if k == 0 else 1 << (k - 1)
    hi = 0 if k == 0 else (1 << k) - 1
    return {"bucket_lo": lo, "bucket_hi": hi, "calls": calls, "timed_calls": timed,
            "time_ns": ns, "ir": ir, "alloc_bytes": alloc}


def mid(k):
    return 1 if k == 0 else ((1 << (k - 1)) * (1 << k)) ** 0.5


rows = [
    {"name": "find_duplicates(std::vector<int> const&)", "file": "dup.cpp", "line": 12,
     "size": "arg1.size",
     "buckets": [bucket(k, 4 * scale, ir=int(4 * scale * (40 + 2 * mid(k) ** 2)),
                        alloc=64 * 4 * scale) for k in range(1, 15)]},
    {"name": "scan(char const*, unsigned long)", "file": "scan.cpp", "line": 3,
     "size": "arg1:arg2",
     "buckets": [bucket(k, 10 * scale, timed=10 * scale, ns=int(10 * scale * scan_ns(mid(k))))
                 for k in range(0, 17)]},
    {"name": "lookup(int)", "file": "map.cpp", "line": 7, "size": "arg1",
     "buckets": [bucket(k, 100 * scale, ir=100 * scale * 30) for k in (3, 4)]},
]
report = json.load(open(sys.argv[1]))
report["functions_sizes"] = {"description": "Cost against input size.", "data": rows}
json.dump(report, open(sys.argv[2], "w"))

"""Checks a default-mode report (default-mode.test).

usage: check_default_mode.py DEFAULT.json COUNT.json SCALE
"""
import json
import sys

d = json.load(open(sys.argv[1]))
c = json.load(open(sys.argv[2]))
scale = int(sys.argv[3])
assert d["meta"]["mode"] == "default", d["meta"].get("mode")
assert c["meta"]["mode"] == "count", c["meta"].get("mode")
t = d["functions_timing"]
assert "sampling_rate" not in t, "the default mode has no single rate"
rows = {r["name"].split("(")[0]: r for r in t["data"]}
print("rows:", " ".join(sorted(rows)))

# The noinline loop function is measured, every call of it timed.
lw = rows["loopWork"]
assert lw["calls"] == 20 and lw["time_source"] == "measured", lw
assert lw["avg"] > 0 and lw["total"] >= lw["calls"] * lw["min"], lw
# The short function: counted, its time from CPU samples, none shown.
sc = rows["shortCall"]
assert sc["calls"] == 1000 * scale and sc["time_source"] == "samples", sc
assert sc["total"] == 0 and sc["avg"] == 0, sc
# The recursive one: counted.
rc = rows["recurse"]
assert rc["calls"] == 10 * scale * 51 and rc["time_source"] == "samples", rc
# Named exactly: measured although the plain build would inline it.
assert rows["twice<int>"]["calls"] == 1, rows
# The inline helper was left out, and the report says so.
assert "tinyHelper" not in rows, rows
left = {f["name"].split("(")[0]: f["reason"] for f in d["meta"].get("left_out", [])}
assert left.get("tinyHelper") == "inline helper", left
print("left out:", " ".join(f"{n}={r}" for n, r in sorted(left.items())))

# Counts identical to a count-only run.
counts = {r["name"].split("(")[0]: r["calls"] for r in c["functions_timing"]["data"]}
assert counts == {n: r["calls"] for n, r in rows.items()}, (counts, rows)
print("counts as in the count mode")

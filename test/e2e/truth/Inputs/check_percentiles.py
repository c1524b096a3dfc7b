"""Every timed row's percentiles lie in [min, max], and a row with a timed
call has a non-zero total and percentiles (docs/report-format.md)."""
import json
import sys

report = json.load(open(sys.argv[1]))
sec = report["functions_timing"]
bad = []
for row in sec["data"]:
    if row["total"] == 0 and row["max"] == 0:
        continue
    for p in sec["percentiles"]:
        key = "p" + (str(int(p)) if p == int(p) else str(p))
        v = row[key]
        if v is None or not row["min"] <= v <= row["max"]:
            bad.append(f"{row['name']}: {key} {v} outside [{row['min']}, {row['max']}]")
names = {row["name"]: row for row in sec["data"]}
for want in sys.argv[2:]:
    if want not in names:
        bad.append(f"{want}: no row")
for b in bad:
    print(b)
sys.exit(1 if bad else 0)

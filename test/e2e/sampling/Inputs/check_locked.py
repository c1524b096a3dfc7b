"""locked-memory.c's report: every thread either sampled or counted in one
warning, the kernel's event never reported refused, and where the user's
allowance cannot hold 13 full rings, some threads unsampled."""
import json
import re
import sys

report = json.load(open(sys.argv[1]))
cpu = report["cpu_samples"]
warnings = report["meta"]["warnings"]
assert not any("refused" in w for w in warnings), warnings
unsampled = 0
for w in warnings:
    m = re.match(r"HOTPATH_CPU_SAMPLING: (\d+) threads? not sampled: no locked memory", w)
    if m:
        unsampled += int(m.group(1))
assert cpu["threads"] >= 1 and cpu["samples"] >= 100, cpu
assert cpu["threads"] + unsampled == 13, (cpu["threads"], unsampled, warnings)
allowance_kb = int(open("/proc/sys/kernel/perf_event_mlock_kb").read())
if allowance_kb < 13 * 260:  # 13 rings of 64 data pages and a header page
    assert unsampled >= 1 or cpu["threads"] == 13, warnings
print("sampled", cpu["threads"], "unsampled", unsampled)

"""Checks a report's locks section and wait figures against what the
program printed about itself (its own clock around its lock calls).

check_locks.py REPORT PROGRAM_OUTPUT CHECK...
  lock|NAME|KIND|acquisitions=N   a row named NAME (a prefix) of KIND, N exact
  lock|NAME|KIND|holds_timed~N    ... N within 1%
  lock|NAME|KIND|contended>0      ... with contended acquisitions
  wait~self                       the locks' wait total within 15% of the
                                  program's "self wait ns" line, which
                                  also holds its uncontended lock calls'
                                  time and the interposer's, not waits
                                  (5% in quiet runs, up to 10% under load)
  hold~self|NAME                  NAME's hold within 10% of "self hold ns"
  fnwait>0|FUNCTION               the function's row has wait > 0
  fnwait=0|FUNCTION               ... no wait
  waiter|NAME|FUNCTION            FUNCTION waited most for NAME
"""
import json
import subprocess
import sys


def main():
    report_path, out_path = sys.argv[1], sys.argv[2]
    hotpath = sys.argv[3]
    # The names as the tool gives them (symbols, first lockers).
    named = json.loads(subprocess.run([hotpath, "report", report_path, "--format", "json"],
                                      check=True, capture_output=True, text=True).stdout)
    locks = named["locks"]["data"]
    rows = {r["name"]: r for r in named["functions_timing"]["data"]}
    own = {}
    for line in open(out_path):
        parts = line.split()
        if len(parts) == 4 and parts[0] == "self":
            own[parts[1]] = int(parts[3])

    def lock(name, kind):
        found = [r for r in locks if r["name"].startswith(name) and r["kind"] == kind]
        assert found, "no %s lock named %s in %s" % (kind, name, [(r["name"], r["kind"]) for r in locks])
        return found[0]

    for check in sys.argv[4:]:
        if check.startswith("lock|"):
            _, name, kind, cond = check.split("|", 3)
            r = lock(name, kind)
            if "~" in cond:  # within 1%
                key, want = cond.split("~")
                assert abs(r[key] - int(want)) <= 0.01 * int(want), (check, r[key])
            elif "=" in cond:
                key, want = cond.split("=")
                assert r[key] == int(want), (check, r[key])
            else:
                key = cond.split(">")[0]
                assert r[key] > 0, (check, r)
        elif check == "wait~self":
            total = sum(r["wait_ns"] for r in locks if r["kind"] == "mutex")
            mine = own["wait"]
            # and 100 ns a call of uncontended time (a run where the load
            # serialised the threads has no wait at all).
            assert abs(total - mine) <= 0.15 * mine + 2000000, (total, mine)
            print("wait: hotpath %d ns, the program %d ns" % (total, mine))
        elif check.startswith("hold~self|"):
            r = lock(check.split("|", 1)[1], "mutex")
            mine = own["hold"]
            assert abs(r["hold_ns"] - mine) <= 0.10 * mine, (r["hold_ns"], mine)
            print("hold: hotpath %d ns, the program %d ns" % (r["hold_ns"], mine))
        elif check.startswith("fnwait>0|"):
            fn = check.split("|", 1)[1]
            assert rows[fn].get("wait", 0) > 0, (fn, rows[fn])
        elif check.startswith("fnwait=0|"):
            fn = check.split("|", 1)[1]
            assert rows[fn].get("wait", 0) == 0, (fn, rows[fn])
        elif check.startswith("waiter|"):
            _, name, fn = check.split("|", 2)
            found = [r for r in locks if r["name"].startswith(name) and r["waiters"]]
            assert found and found[0]["waiters"][0]["function"] == fn, (check, found)
        else:
            raise SystemExit("unknown check " + check)
    print("ok")


main()

#!/usr/bin/env bash
# Writers adding runs to one store at once: WRITERS processes, each adding
# its own 10 runs and then 5 runs every writer adds (the same reports: one
# run each). Prints how many runs the store then has, and what `check`
# says over them.
#
#   writers.sh HOTPATH STORE WRITERS WORKDIR
set -euo pipefail
HOTPATH=$1 STORE=$2 N=$3 WORK=$4
HERE=$(cd "$(dirname "$0")" && pwd)
rm -rf "$WORK" && mkdir -p "$WORK"
for w in $(seq 1 "$N"); do
  python3 "$HERE/make_series.py" "$HERE/template.json" "$WORK/own$w" 10 \
    work::leaf --metric icount --start-pid $((w * 100)) \
    --start-time $((1700000000000000000 + w * 1000000000000))
done
python3 "$HERE/make_series.py" "$HERE/template.json" "$WORK/shared" 5 \
  work::leaf --metric icount --start-pid 99000
pids=()
for w in $(seq 1 "$N"); do
  (for f in "$WORK"/own$w/*.json "$WORK"/shared/*.json; do
     "$HOTPATH" history add "$f" --store "$STORE" --branch main 2>>"$WORK/w$w.log" || exit 1
   done) &
  pids+=($!)
done
fail=0
for p in "${pids[@]}"; do wait "$p" || fail=1; done
[ $fail = 0 ] || { cat "$WORK"/w*.log; echo "a writer failed"; exit 1; }
echo "added: $(grep -c '^hotpath: added' "$WORK"/w*.log | awk -F: '{s += $2} END {print s}')"
echo "already stored: $(grep -c 'already stored' "$WORK"/w*.log | awk -F: '{s += $2} END {print s}')"
"$HOTPATH" history show --store "$STORE" --metric icount --format json work::leaf |
  python3 -c "import json,sys; d=json.load(sys.stdin); print('runs:', len(d['runs'])); print('points:', sum(len(s['points']) for s in d['series']))"

#!/usr/bin/env bash
# The habits CI enforces, beside the build's -Werror (scripts/test.sh):
#  1. sources and docs stand on their own: no comment or page cites the
#     product contract, the documents it was modelled on ("SPEC 5.3",
#     "seed 001") or the tracker's issues ("issue 4"), which users never
#     have;
#  2. every C/C++ source is clang-format-19 clean (LLVM style,
#     .clang-format), except the lit test inputs of test/e2e and test/pass,
#     whose RUN and CHECK lines must not be reflowed;
#  3. no include cycle between source folders (check-include-cycles.py);
#  4. the README's Layout names every source folder and pass component
#     (check-layout.py);
#  5. the pages of docs/ carry no date, time of day or commit hash in
#     their prose (check-docs-dated.py): they say what is true now.
# Exits non-zero when any fails, naming what to fix.
#
#   bash scripts/check-habits.sh [ROOT]
set -uo pipefail
ROOT=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$ROOT" || exit 2
status=0

cited=$(grep -rnE '\bSPEC( §?[0-9]| [0-9])|\bseed 0[0-9]{2}\b|\bthe seeds\b|\b[Ii]ssues? #?[0-9]+' \
  --include='*.c' --include='*.cpp' --include='*.h' --include='*.md' \
  --include='*.py' --include='*.cmake' --include='CMakeLists.txt' --include='*.sh' \
  --include='*.toml' --include='*.test' --exclude-dir=node_modules \
  runtime pass tools include cmake examples \
  bench scripts test docs README.md 2>/dev/null | grep -v '^scripts/check-habits.sh:\|^test/e2e/scripts/habits.test:')
if [ -n "$cited" ]; then
  echo "check-habits: comments or docs cite documents users do not have; say it, or link into docs/:"
  printf '%s\n' "$cited" | sed 's/^/  /'
  status=1
fi

if command -v clang-format-19 >/dev/null; then
  files=$(git ls-files '*.c' '*.cpp' '*.h' 2>/dev/null | grep -v '^test/e2e/\|^test/pass/')
  [ -n "$files" ] || files=$(find runtime pass tools include examples bench test/unit test/support test/fuzz \
    -name '*.c' -o -name '*.cpp' -o -name '*.h' 2>/dev/null)
  # shellcheck disable=SC2086
  if ! out=$(clang-format-19 --dry-run --Werror $files 2>&1); then
    echo "check-habits: not clang-format-19 clean (run clang-format-19 -i on these):"
    printf '%s\n' "$out" | grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error)' | cut -d: -f1 | sort -u | sed 's/^/  /'
    status=1
  fi
else
  echo "check-habits: clang-format-19 is not installed (scripts/setup.sh installs it)"
  status=1
fi

python3 scripts/check-include-cycles.py "$ROOT" || status=1
python3 scripts/check-layout.py "$ROOT" || status=1
python3 scripts/check-docs-dated.py "$ROOT" || status=1
[ $status -eq 0 ] && echo "check-habits: citations, format, include cycles, the layout and undated docs clean"
exit $status

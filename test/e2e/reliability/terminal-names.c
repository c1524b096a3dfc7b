/* Names never reach a terminal raw: a function whose symbol holds ESC, BEL
 * and a newline (it could set the terminal's title, clear the screen, fake
 * a line) is shown with visible escapes by the program's own exit table,
 * `hotpath report` (table, markdown, --tree) and `hotpath diff`; and a
 * name with U+FFFF, which XML forbids, leaves the flame graph readable.
 *
 * RUN: rm -rf %t.d && mkdir -p %t.d
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared
 * RUN: %t 2> %t.d/table.txt
 * RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.d/r.json %t
 * RUN: %hotpath report %t.d/r.json > %t.d/report.txt
 * RUN: %hotpath report %t.d/r.json --format markdown > %t.d/report.md
 * RUN: %hotpath report %t.d/r.json --tree > %t.d/tree.txt
 * RUN: %hotpath diff %t.d/r.json %t.d/r.json > %t.d/diff.txt || true
 * RUN: for f in table.txt report.txt report.md tree.txt diff.txt; do \
 * RUN:   %python -c "import sys; b = open(sys.argv[1], 'rb').read(); bad = [c for c in b if c < 0x20 and c not in (9, 10) or c == 0x7f]; sys.exit('%%s: raw control bytes %%r' %% (sys.argv[1], bad) if bad else 0)" %t.d/$f || exit 1; \
 * RUN:   grep -q 'app_esc\\x1b\]0;pwned\\x07\\x1b\[2J\\x0anewline' %t.d/$f || { echo "$f: no escaped name"; cat %t.d/$f; exit 1; }; done
 *
 * `hotpath top` in a real terminal (tmux): the title stays, the name is
 * shown escaped.
 * RUN: cd %t.d && tmux -L hp-names new-session -d -x 120 -y 30 "%hotpath top r.json"
 * RUN: sleep 1.5; tmux -L hp-names display -p '#{pane_title}' > %t.d/title.txt; tmux -L hp-names capture-pane -p > %t.d/pane.txt; tmux -L hp-names kill-server
 * RUN: not grep -q pwned %t.d/title.txt
 * RUN: grep -q 'app_esc\\x1b\]0;pwned\\x07\\x1b\[2J\\x0anewline' %t.d/pane.txt
 *
 * RUN: %python -c "import json; r = json.load(open('%t.d/r.json')); r['functions_timing']['data'][0]['name'] = 'parse\uffff\u0085x'; r['call_tree']['nodes'][0]['name'] = 'parse\uffff'; json.dump(r, open('%t.d/ffff.json', 'w'))"
 * RUN: %hotpath flamegraph %t.d/ffff.json -o %t.d/ffff.svg
 * RUN: %python -c "import xml.dom.minidom, sys; xml.dom.minidom.parse(sys.argv[1])" %t.d/ffff.svg
 * RUN: %hotpath report %t.d/ffff.json | %FileCheck %s --check-prefix=C1
 * C1: parse{{.+}}\u0085x
 *
 * REQUIRES: tmux
 */
int app_esc(int) __asm__("app_esc\x1b]0;pwned\x07\x1b[2J\nnewline");
int app_esc(int N) { return N * 3 + 1; }

int main(void) {
  int S = 0;
  for (int I = 0; I < 3; ++I)
    S += app_esc(I);
  return S == 12 ? 0 : 1;
}

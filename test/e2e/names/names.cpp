// Readable names in tables: the standard library as written in source
// (std::string, std::vector<std::string>, no default allocators), long
// template arguments and parameter lists elided to fit the Function column
// (HOTPATH_NAME_WIDTH, or the terminal's width: checked in a real terminal
// under tmux), full names in JSON, and a Location column by option
// (HOTPATH_LOCATION=1, `hotpath report --location`).
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O1 -g %s -o %t/prog %rt_shared
// RUN: env HOTPATH_OUTPUT_PATH=%t/r.json %t/prog
// RUN: grep -q 'app::count(std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>>> const&)' %t/r.json
//
// RUN: %t/prog 2> %t/table.txt
// Rows are in order of time, which differs from run to run: -DAG.
// RUN: %FileCheck %s --check-prefix=SHORT < %t/table.txt
// SHORT-DAG: | app::count(std::vector<std::string> const&) {{ *}}|
// SHORT-DAG: | app::parse(std::string const&) {{ *}}|
// SHORT-DAG: | app::Grid<…>::fill(std::map<…> const&, unsigned long) {{ *}}|
//
// RUN: env HOTPATH_NAME_WIDTH=34 %t/prog 2>&1 | %FileCheck %s --check-prefix=NARROW
// NARROW-DAG: | app::count(std::vector<…> const&) {{ *}}|
// NARROW-DAG: | app::Grid<…>::fill(…) {{ *}}|
// RUN: env HOTPATH_NAME_WIDTH=0 %t/prog 2>&1 | %FileCheck %s --check-prefix=FULL
// FULL: | app::Grid<app::Cell<std::map<int, long>>, app::Cell<std::string>>::fill(std::map<int, long> const&, unsigned long) |
//
// RUN: env HOTPATH_LOCATION=1 %t/prog 2>&1 | %FileCheck %s --check-prefix=LOC
// RUN: cd %S && %hotpath report %t/r.json --location | %FileCheck %s --check-prefix=LOC
// LOC: | Function {{ *}}| Location {{ *}}| Calls |
// LOC: | app::parse(std::string const&) {{ *}}| {{.*}}names.cpp:{{[0-9]+}} {{ *}}|
// RUN: %hotpath report %t/r.json --name-width 34 | %FileCheck %s --check-prefix=NARROW
//
// A real terminal, 100 columns wide: the table fits it, row by row.
// RUN: tmux kill-session -t hp-names 2>/dev/null || true
// RUN: tmux new-session -d -s hp-names -x 100 -y 60 "%t/prog; sleep 30"
// RUN: sleep 1 && tmux capture-pane -p -t hp-names > %t/pane.txt; tmux kill-session -t hp-names
// RUN: %python %S/Inputs/check_pane.py %t/pane.txt 100
// RUN: %FileCheck %s --check-prefix=PANE < %t/pane.txt
// PANE: | app::parse(std::string const&)
#include <map>
#include <string>
#include <vector>

namespace app {
template <class T> struct Cell { T Value; };
template <class A, class B> struct Grid {
  __attribute__((noinline)) long fill(const std::map<int, long> &M, unsigned long N);
};
__attribute__((noinline)) long parse(const std::string &S) { return long(S.size()); }
__attribute__((noinline)) long count(const std::vector<std::string> &V) {
  long N = 0;
  for (const std::string &S : V)
    N += parse(S);
  return N;
}
template <class A, class B>
long Grid<A, B>::fill(const std::map<int, long> &M, unsigned long N) {
  return long(M.size() + N);
}
} // namespace app

int main() {
  std::vector<std::string> V = {"one", "two", "three"};
  std::map<int, long> M = {{1, 2}};
  app::Grid<app::Cell<std::map<int, long>>, app::Cell<std::string>> G;
  return int(app::count(V) + G.fill(M, 3)) == 15 ? 0 : 1;
}

// REQUIRES: valgrind
// Callgrind attributes each body to its marker and, through the GNU
// demangler, names it `f(int) [clone .hotpath.<N>]`; calls= into a marker
// equal the calls of the function (names uncompressed: each cfn= line
// names its callee). (DWARF 4: Valgrind 3.19 misreads 5.) The function
// list only: with the default --auto=yes the annotated source of this file
// holds the CHECK lines themselves, and the default 99% threshold leaves out
// step()'s few instructions.
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -gdwarf-4 %s %trace_hooks -o %t
// RUN: env HOTPATH_TRACE_FILE=/dev/null %valgrind --tool=callgrind --compress-strings=no --callgrind-out-file=%t.cg %t
// RUN: callgrind_annotate --inclusive=yes --auto=no --threshold=100 %t.cg | %FileCheck %s
// RUN: %FileCheck %s --check-prefix=CALLS < %t.cg
// CHECK: fib(int) [clone .hotpath.{{[0-9]+}}]
// CHECK: step(int) [clone .hotpath.{{[0-9]+}}]
// CALLS: cfn=step(int) [clone .hotpath.{{[0-9]+}}]
// CALLS-NEXT: calls=5 
#include <cstdio>

__attribute__((noinline)) int step(int x) { return x + 1; }

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  int r = 0;
  for (int i = 0; i < 5; ++i)
    r = step(r);
  std::printf("%d\n", fib(20) + r);
  return 0;
}

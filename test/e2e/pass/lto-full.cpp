// An instrumented program compiled at -O2 -flto links with lld and runs;
// the pass runs once, in the pre-link compiles, and the link-time optimizer
// keeps every hook call. Across two translation units, with a template used
// in both.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -flto -c %s -o %t/a.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -flto -c %S/Inputs/two-tu-b.cpp -o %t/b.o
// RUN: %clangxx -O2 -flto -fuse-ld=lld %t/a.o %t/b.o %trace_hooks -o %t/lto
// RUN: env HOTPATH_TRACE_FILE=%t/trace %t/lto | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t/trace
// With -g, the LTO-linked program's DWARF verifies.
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -g -O2 -flto -c %s -o %t/ga.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -g -O2 -flto -c %S/Inputs/two-tu-b.cpp -o %t/gb.o
// RUN: %clangxx -g -O2 -flto -fuse-ld=lld %t/ga.o %t/gb.o %trace_hooks -o %t/glto
// RUN: llvm-dwarfdump --verify %t/glto | %FileCheck %s --check-prefix=DWARF
// RUN: %t/glto | %FileCheck %s --check-prefix=OUT
// DWARF: No errors.
// OUT: 14
// CHECK-DAG: count main enter=1 exit=1
// CHECK-DAG: count helper(int) enter=2 exit=2
// CHECK-DAG: count scaled<int>(int) enter=2 exit=2
// CHECK-DAG: count bump(int) enter=2 exit=2
// CHECK-DAG: count from_b(int) enter=1 exit=1
#include "Inputs/two-tu.h"
#include <cstdio>

static int helper(int x) { return x * 2; }

int main() {
  int r = helper(scaled(1)) + from_b(2) + bump(0);
  std::printf("%d\n", r);
  return r == 14 ? 0 : 1;
}

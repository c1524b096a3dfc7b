// Functions defined in two translation units (a template instance, an inline
// function) link cleanly and
// carry the same hash in both descriptors (also once the wrapper is inlined
// into a caller outside the function's comdat); two `static helper` functions
// with the same name in two files have different hashes. Separate compiles
// at -O0 and -O2, and -O2 -flto=thin.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O0 -c %s -o %t/a0.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O0 -c %S/Inputs/two-tu-b.cpp -o %t/b0.o
// RUN: %clangxx %t/a0.o %t/b0.o %trace_hooks -o %t/O0
// RUN: env HOTPATH_TRACE_FILE=%t/O0.trace %t/O0
// RUN: %FileCheck %s < %t/O0.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -c %s -o %t/a2.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -c %S/Inputs/two-tu-b.cpp -o %t/b2.o
// RUN: %clangxx %t/a2.o %t/b2.o %trace_hooks -o %t/O2
// RUN: env HOTPATH_TRACE_FILE=%t/O2.trace %t/O2
// RUN: %FileCheck %s < %t/O2.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -flto=thin -c %s -o %t/at.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -flto=thin -c %S/Inputs/two-tu-b.cpp -o %t/bt.o
// RUN: %clangxx -flto=thin -fuse-ld=lld %t/at.o %t/bt.o %trace_hooks -o %t/thin
// RUN: env HOTPATH_TRACE_FILE=%t/thin.trace %t/thin
// RUN: %FileCheck %s < %t/thin.trace
// Two hashes for the two helpers, one for the template instance.
// RUN: grep '^register helper' %t/O2.trace | cut -d' ' -f3 | sort -u | count 2
// RUN: grep '^register scaled' %t/O2.trace | cut -d' ' -f3 | sort -u | count 1
// Both objects define the template's marker (hidden linkonce_odr in a
// comdat of its own: the copies fold).
// RUN: llvm-nm %t/a2.o | %FileCheck %s --check-prefix=NM
// RUN: llvm-nm %t/b2.o | %FileCheck %s --check-prefix=NM
// NM: W _Z6scaledIiET_S0_.hotpath.{{[0-9]+}}

// Without -g a descriptor's file is its translation unit's.
// CHECK-DAG: register helper(int) hash={{[0-9]+}} flags=56 line={{[0-9]+}} symbol=_ZL6helperi file={{.*}}two-tu.cpp
// CHECK-DAG: register helper(int) hash={{[0-9]+}} flags=56 line={{[0-9]+}} symbol=_ZL6helperi file={{.*}}two-tu-b.cpp
// CHECK-DAG: register scaled<int>(int) hash=[[S:[0-9]+]] flags=48 {{.*}}file={{.*}}two-tu.cpp
// CHECK-DAG: register scaled<int>(int) hash=[[S]] flags=48 {{.*}}file={{.*}}two-tu-b.cpp
// CHECK-DAG: register bump(int) hash=[[B:[0-9]+]] flags=48 {{.*}}file={{.*}}two-tu.cpp
// CHECK-DAG: register bump(int) hash=[[B]] flags=48 {{.*}}file={{.*}}two-tu-b.cpp
// CHECK: count bump(int) enter=2 exit=2
// CHECK: count from_b(int) enter=1 exit=1
// CHECK: count helper(int) enter=2 exit=2
// CHECK: count scaled<int>(int) enter=2 exit=2
#include "Inputs/two-tu.h"
#include <cstdio>

static int helper(int x) { return x * 2; }

int main() {
  int r = helper(scaled(1)) + from_b(2) + bump(0);
  std::printf("%d\n", r);
  return r == 14 ? 0 : 1;
}

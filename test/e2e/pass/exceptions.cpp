// An exception thrown through three wrapped frames: every entry has exactly
// one exit (from the cleanup pads), at -O0, -O2 and -O2 -flto=thin.
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O0 %s %trace_hooks -o %t.O0
// RUN: env HOTPATH_TRACE_FILE=%t.O0.trace %t.O0 && %FileCheck %s < %t.O0.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 %s %trace_hooks -o %t.O2
// RUN: env HOTPATH_TRACE_FILE=%t.O2.trace %t.O2 && %FileCheck %s < %t.O2.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clangxx -O2 -flto=thin -fuse-ld=lld %s %trace_hooks -o %t.thin
// RUN: env HOTPATH_TRACE_FILE=%t.thin.trace %t.thin && %FileCheck %s < %t.thin.trace

// CHECK: enter main
// CHECK: enter level1(int)
// CHECK: enter level2(int)
// CHECK: enter level3(int)
// CHECK: exit level3(int)
// CHECK: exit level2(int)
// CHECK: exit level1(int)
// CHECK: exit main
// CHECK-DAG: count level1(int) enter=3 exit=3
// CHECK-DAG: count level2(int) enter=3 exit=3
// CHECK-DAG: count level3(int) enter=3 exit=3
// CHECK-DAG: count catcher(int) enter=3 exit=3
// CHECK-DAG: count main enter=1 exit=1
#include <cstdio>
#include <stdexcept>

__attribute__((noinline)) int level3(int x) {
  if (x > 0)
    throw std::runtime_error("boom");
  return x;
}
__attribute__((noinline)) int level2(int x) { return level3(x) + 1; }
int level1(int x) { return level2(x) + 1; }

int catcher(int x) {
  try {
    return level1(x);
  } catch (const std::exception &e) {
    return -100;
  }
}

int main() {
  int r = catcher(1) + catcher(2) + catcher(-5);
  std::printf("%d\n", r);
  return r == -203 ? 0 : 1;
}

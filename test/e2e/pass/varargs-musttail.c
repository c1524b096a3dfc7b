// Hooks in place: a variadic function and a function ending in a musttail
// call have exactly one exit per entry, at -O0, -O2 and -O2 -flto=thin. The
// exit of the musttail caller comes before its callee's entry (its frame
// is gone when the callee runs).
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O0 %s %trace_hooks -o %t.O0
// RUN: env HOTPATH_TRACE_FILE=%t.O0.trace %t.O0 && %FileCheck %s < %t.O0.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O2 %s %trace_hooks -o %t.O2
// RUN: env HOTPATH_TRACE_FILE=%t.O2.trace %t.O2 && %FileCheck %s < %t.O2.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O2 -flto=thin -fuse-ld=lld %s %trace_hooks -o %t.thin
// RUN: env HOTPATH_TRACE_FILE=%t.thin.trace %t.thin && %FileCheck %s < %t.thin.trace

// CHECK: register sum hash={{[0-9]+}} flags=2
// CHECK: register forward hash={{[0-9]+}} flags=2
// CHECK: enter forward
// CHECK-NEXT: exit forward
// CHECK-NEXT: enter target
// CHECK-NEXT: exit target
// CHECK-DAG: count sum enter=3 exit=3
// CHECK-DAG: count forward enter=4 exit=4
// CHECK-DAG: count target enter=4 exit=4
#include <stdarg.h>
#include <stdio.h>

int sum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

__attribute__((noinline)) int target(int x, int y) { return x * y; }

int forward(int x, int y) {
  __attribute__((musttail)) return target(x + 1, y);
}

int main(void) {
  int r = sum(3, 1, 2, 3) + sum(0) + sum(1, 10);
  for (int i = 0; i < 4; ++i)
    r += forward(i, 2);
  printf("%d\n", r);
  return r == 36 ? 0 : 1;
}

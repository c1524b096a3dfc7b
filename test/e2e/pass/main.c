// With `main = true` the session begins first thing in main and ends at
// each of its returns: __hotpath_main_begin precedes every hook call that
// main makes, __hotpath_main_end follows them. At -O0 and -O2.
// RUN: env HOTPATH_CONFIG=%S/Inputs/main.toml %clang -O0 %s %trace_hooks -o %t.O0
// RUN: env HOTPATH_TRACE_FILE=%t.O0.trace %t.O0 && %FileCheck %s < %t.O0.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/main.toml %clang -O2 %s %trace_hooks -o %t.O2
// RUN: env HOTPATH_TRACE_FILE=%t.O2.trace %t.O2 && %FileCheck %s < %t.O2.trace
// RUN: env HOTPATH_TRACE_FILE=%t.O2.one.trace %t.O2 one && %FileCheck %s --check-prefix=ONE < %t.O2.one.trace

// CHECK: register work hash=
// CHECK-NEXT: main_begin
// CHECK-NEXT: enter work
// CHECK-NEXT: exit work
// CHECK-NEXT: enter work
// CHECK-NEXT: exit work
// CHECK-NEXT: main_end
// CHECK-NEXT: count work enter=2 exit=2
// ONE: main_begin
// ONE-NEXT: enter work
// ONE-NEXT: exit work
// ONE-NEXT: main_end
#include <stdio.h>

volatile int sink;
void work(int x) { sink = x; }

int main(int argc, char **argv) {
  (void)argv;
  work(1);
  if (argc > 1)
    return 0; // an early return ends the session too
  work(2);
  return 0;
}

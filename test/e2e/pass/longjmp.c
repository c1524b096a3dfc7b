// longjmp across wrapped frames: the frames it abandons (mid, inner) have
// an entry and no exit; the frame that called setjmp (outer) and every
// completed call have exactly one exit. The runtime closes the abandoned
// ones from their recorded stack addresses; the pass must
// neither add nor lose exits. At -O0, -O2 and -O2 -flto=thin.
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O0 %s %trace_hooks -o %t.O0
// RUN: env HOTPATH_TRACE_FILE=%t.O0.trace %t.O0 && %FileCheck %s < %t.O0.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O2 %s %trace_hooks -o %t.O2
// RUN: env HOTPATH_TRACE_FILE=%t.O2.trace %t.O2 && %FileCheck %s < %t.O2.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %clang -O2 -flto=thin -fuse-ld=lld %s %trace_hooks -o %t.thin
// RUN: env HOTPATH_TRACE_FILE=%t.thin.trace %t.thin && %FileCheck %s < %t.thin.trace

// CHECK: enter outer
// CHECK-NEXT: enter mid
// CHECK-NEXT: enter inner
// CHECK-NEXT: enter leaf
// CHECK-NEXT: exit leaf
// CHECK-NEXT: exit outer
// CHECK-DAG: count outer enter=1 exit=1
// CHECK-DAG: count mid enter=1 exit=0
// CHECK-DAG: count inner enter=1 exit=0
// CHECK-DAG: count leaf enter=1 exit=1
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
volatile int sink;

__attribute__((noinline)) void leaf(int x) { sink = x; }

__attribute__((noinline)) void inner(int x) {
  leaf(x);
  longjmp(env, x);
}

__attribute__((noinline)) void mid(int x) {
  inner(x + 1);
  sink = 0; // never reached
}

__attribute__((noinline)) int outer(int x) {
  int r = setjmp(env);
  if (r == 0) {
    mid(x);
    return -1;
  }
  return r;
}

int main(void) {
  int r = outer(41);
  printf("%d\n", r);
  return r == 42 ? 0 : 1;
}

// A function's tail call of itself becomes the plain build's loop again
// after the optimizer (SelfTailCalls.h): the marker loops, each iteration
// counted by the hooks, and calls neither its wrapper nor itself. A
// recursion that is not a tail call keeps its calls of the wrapper. At
// -O0, where the plain build keeps its frames, nothing changes.
// REQUIRES: llvm-19
// RUN: env HOTPATH_CONFIG=%S/Inputs/tail-self.toml %clang -O2 -S -emit-llvm %s -o - | %FileCheck %s
// RUN: env HOTPATH_CONFIG=%S/Inputs/tail-self.toml %clang -O0 -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=O0
// CHECK-LABEL: define internal {{.*}}@sum.hotpath.{{[0-9]+}}(
// CHECK-NOT: call {{.*}}@sum
// CHECK: call void @__hotpath_enter(ptr {{.*}}@__hotpath_desc.[[D:[0-9]+]])
// CHECK-NEXT: call void @__hotpath_exit(ptr {{.*}}@__hotpath_desc.[[D]])
// CHECK-NOT: call {{.*}}@sum
// CHECK: ret i64
// CHECK-LABEL: define internal {{.*}}@depth.hotpath.{{[0-9]+}}(
// CHECK: call {{.*}}i64 @depth(
// CHECK-NOT: hotpath-self-calls
// O0-LABEL: define internal {{.*}}@sum.hotpath.{{[0-9]+}}(
// O0: call i64 @sum(
unsigned long sum(unsigned long N, unsigned long Acc) {
  if (N == 0)
    return Acc;
  return sum(N - 1, Acc + N);
}

unsigned long depth(unsigned long N) {
  if (N == 0)
    return 0;
  return N + depth(N - 1);
}

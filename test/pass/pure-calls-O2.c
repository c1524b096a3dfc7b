// The marker can be neither deleted nor merged even when its body is pure:
// a `const` function whose result is unused, called twice at -O2 (after the
// wrapper is inlined into the caller), still makes two fast-path gates and
// two calls of the hooked thunk, which calls the marker between an enter
// and an exit. On the fast path the marker is inlined and, its result
// unused, nothing is left of it but its empty pin: there the gate alone
// counts the call (square calls nothing: self-contained, its gate leaves the
// current function alone). Same in a -flto=thin and an -flto pre-link
// compile.
// RUN: env HOTPATH_CONFIG=%S/Inputs/empty.toml %clang -O2 -Wno-unused-value -I%include -S -emit-llvm %s -o - | %FileCheck %s
// RUN: env HOTPATH_CONFIG=%S/Inputs/empty.toml %clang -O2 -flto=thin -Wno-unused-value -I%include -S -emit-llvm %s -o - | %FileCheck %s
// RUN: env HOTPATH_CONFIG=%S/Inputs/empty.toml %clang -O2 -flto -Wno-unused-value -I%include -S -emit-llvm %s -o - | %FileCheck %s
#include <hotpath/hotpath.h>

HOTPATH_MEASURE __attribute__((const)) int square(int x) { return x * x; }
// A wrapper that is not inlined: its calls stay too.
HOTPATH_MEASURE __attribute__((pure, noinline)) int cube(int x) { return x * x * x; }

// CHECK:       define {{.*}}@square.hotpath_hooked.[[N:[0-9]+]](
// CHECK:         call void @__hotpath_enter({{.*}}@__hotpath_desc.[[N]]{{[ )]}}
// CHECK-NEXT:    notail call {{.*}}@square.hotpath.[[N]](
// CHECK-NEXT:    call void @__hotpath_exit({{.*}}@__hotpath_desc.[[N]]{{[ )]}}
// CHECK-LABEL: define {{.*}}i32 @main(
// CHECK:         callbr void asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx{{.*}}@__hotpath_desc.[[N]]{{[, ]}}
// CHECK-NOT:     @square.hotpath.
// CHECK:         call {{.*}}@square.hotpath_hooked.[[N]](
// CHECK:         callbr void asm sideeffect "movl %fs:__hotpath_fast@tpoff, %ecx{{.*}}@__hotpath_desc.[[N]]{{[, ]}}
// CHECK-NOT:     @square.hotpath.
// CHECK:         call {{.*}}@square.hotpath_hooked.[[N]](
// CHECK:         call {{.*}}i32 @cube(
// CHECK-NEXT:    call {{.*}}i32 @cube(
// CHECK-NEXT:    ret i32 0
int main(int argc, char **argv) {
  (void)argv;
  square(argc);
  square(argc);
  cube(argc);
  cube(argc);
  return 0;
}

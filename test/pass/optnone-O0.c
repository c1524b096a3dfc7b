// At -O0 clang marks every function optnone; the pass is required, so it
// runs anyway (at the pipeline start) and the wrapper, the marker and the
// hooked thunk keep optnone + noinline.
// RUN: env HOTPATH_CONFIG=%S/Inputs/empty.toml %clang -O0 -I%include -S -emit-llvm %s -o - | %FileCheck %s
#include <hotpath/hotpath.h>

// CHECK:       define {{.*}}i32 @measured(i32 noundef %{{.*}}) #[[ATTR:[0-9]+]]
// CHECK:         {{^  %[0-9]+ = call}} i32 @measured.hotpath.[[N:[0-9]+]](
// CHECK:         tail call i32 @measured.hotpath_hooked.[[N]](
// CHECK:       define internal i32 @measured.hotpath.[[N]](i32 noundef %{{.*}}) #[[ATTR]]
// CHECK:       define internal i32 @measured.hotpath_hooked.[[N]](i32 noundef %{{.*}}) #[[ATTR]]
// CHECK:         call void @__hotpath_enter(
// CHECK-NEXT:    %[[R:[0-9]+]] = notail call i32 @measured.hotpath.[[N]](
// CHECK-NEXT:    call void @__hotpath_exit(
// CHECK-NEXT:    ret i32 %[[R]]
// CHECK:       attributes #[[ATTR]] = { noinline nounwind optnone
HOTPATH_MEASURE int measured(int x) { return x + 1; }

int main(void) { return measured(-1); }

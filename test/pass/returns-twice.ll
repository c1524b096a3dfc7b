; REQUIRES: llvm-19
; A returns_twice function gets the hooks in place, no marker.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

; CHECK: @__hotpath_desc.[[N:[0-9]+]] = internal global {{.*}} { i32 5, i32 2, i64
; CHECK:       define i32 @twice(ptr %p) #[[A:[0-9]+]] {
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    %v = load i32, ptr %p
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    ret i32 %v
; CHECK-NEXT:  }
; CHECK-NOT:   @twice.hotpath.
; CHECK:       attributes #[[A]] = { nounwind returns_twice }
define i32 @twice(ptr %p) nounwind returns_twice {
  %v = load i32, ptr %p
  ret i32 %v
}

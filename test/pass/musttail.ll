; REQUIRES: llvm-19
; A function with a musttail call is instrumented in place; its frame is
; gone once the musttail call starts, so the exit hook runs before it (the
; call must stay right before the `ret`). Other returns get the exit hook
; before the `ret`.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

declare i32 @target(i32)

; CHECK: @__hotpath_desc.[[N:[0-9]+]] = internal global {{.*}} { i32 5, i32 2, i64
; CHECK-LABEL: define i32 @forward(i32 %x) {
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    %c = icmp eq i32 %x, 0
; CHECK-NEXT:    br i1 %c, label %zero, label %tail
; CHECK:       zero:
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    ret i32 0
; CHECK:       tail:
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    %r = musttail call i32 @target(i32 %x)
; CHECK-NEXT:    ret i32 %r
; The musttail call may unwind, but it cannot become an invoke, and the
; exit hook already ran: no cleanup pad.
; CHECK-NOT:   landingpad
; CHECK-NOT:   @forward.hotpath.
define i32 @forward(i32 %x) {
  %c = icmp eq i32 %x, 0
  br i1 %c, label %zero, label %tail
zero:
  ret i32 0
tail:
  %r = musttail call i32 @target(i32 %x)
  ret i32 %r
}

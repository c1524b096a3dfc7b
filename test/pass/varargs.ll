; REQUIRES: llvm-19
; A variadic function cannot forward its `...`: it gets the hooks in place,
; no marker. Enter after the allocas, exit before every return, and calls
; that may unwind go through a cleanup that runs the exit hook.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath -pass-remarks=hotpath -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK

; REMARK: remark: {{.*}}instrumented sum(int, ...) (matches include regex '.' in {{.*}}all.toml{{.*}}; hooks in place: variadic)

; The descriptor says HOTPATH_FN_IN_PLACE (2).
; CHECK: @__hotpath_desc.[[N:[0-9]+]] = internal global {{.*}} { i32 5, i32 2, i64
; CHECK-NOT: .hotpath.{{[0-9]+}}(
; CHECK-LABEL: define i32 @_Z3sumiz(i32 %n, ...) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT:    %ap = alloca ptr
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    call void @llvm.va_start.p0(ptr %ap)
; CHECK-NEXT:    %c = icmp eq i32 %n, 0
; CHECK-NEXT:    br i1 %c, label %zero, label %more
; CHECK:       zero:
; CHECK-NEXT:    call void @llvm.va_end.p0(ptr %ap)
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    ret i32 0
; CHECK:       more:
; CHECK-NEXT:    %v = va_arg ptr %ap, i32
; CHECK-NEXT:    invoke void @may_throw()
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %hotpath.cleanup
; CHECK:       [[CONT]]:
; CHECK-NEXT:    call void @llvm.va_end.p0(ptr %ap)
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    ret i32 %v
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[LP:[^ ]+]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    resume { ptr, i32 } %[[LP]]
; CHECK-NEXT:  }
; CHECK-NOT: .hotpath.{{[0-9]+}}(
define i32 @_Z3sumiz(i32 %n, ...) {
  %ap = alloca ptr
  call void @llvm.va_start.p0(ptr %ap)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %zero, label %more
zero:
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 0
more:
  %v = va_arg ptr %ap, i32
  call void @may_throw()
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %v
}

declare void @may_throw()
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

; REQUIRES: llvm-14
; LLVM 14 (typed pointers) version of varargs.ll and musttail.ll.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

declare void @may_throw()
declare i32 @target(i32)
declare void @llvm.va_start(i8*)
declare void @llvm.va_end(i8*)

; CHECK-LABEL: define i32 @sum(i32 %n, ...) personality i32 (...)* @__gcc_personality_v0 {
; CHECK-NEXT:    %ap = alloca i8*
; CHECK-NEXT:    call void @__hotpath_enter(
; CHECK-NEXT:    %ap1 = bitcast i8** %ap to i8*
; CHECK-NEXT:    call void @llvm.va_start(i8* %ap1)
; CHECK-NEXT:    invoke void @may_throw()
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %hotpath.cleanup
; CHECK:       [[CONT]]:
; CHECK-NEXT:    %v = va_arg i8** %ap, i32
; CHECK-NEXT:    call void @llvm.va_end(i8* %ap1)
; CHECK-NEXT:    call void @__hotpath_exit(
; CHECK-NEXT:    ret i32 %v
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    landingpad { i8*, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(
; CHECK-NEXT:    resume
define i32 @sum(i32 %n, ...) {
  %ap = alloca i8*
  %ap1 = bitcast i8** %ap to i8*
  call void @llvm.va_start(i8* %ap1)
  call void @may_throw()
  %v = va_arg i8** %ap, i32
  call void @llvm.va_end(i8* %ap1)
  ret i32 %v
}

; CHECK-LABEL: define i32 @forward(i32 %x) {
; CHECK-NEXT:    call void @__hotpath_enter(
; CHECK-NEXT:    call void @__hotpath_exit(
; CHECK-NEXT:    %r = musttail call i32 @target(i32 %x)
; CHECK-NEXT:    ret i32 %r
define i32 @forward(i32 %x) {
  %r = musttail call i32 @target(i32 %x)
  ret i32 %r
}
; CHECK-NOT: .hotpath.{{[0-9]+}}(

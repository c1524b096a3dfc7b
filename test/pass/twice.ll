; REQUIRES: llvm-19
; Running the pass again on its own output changes nothing: no wrapper of
; a wrapper, no second constructor.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,hotpath,verify -S %s | %FileCheck %s

; The constructor is the module's first function (the link check, abi.h).
; CHECK:         define internal void @hotpath.module_ctor()
; CHECK-NOT:     @hotpath.module_ctor.1
; CHECK-COUNT-1: call void @__hotpath_enter(
; CHECK-NOT:     call void @__hotpath_enter(
; CHECK-NOT:     @hotpath.module_ctor.1
define void @f() nounwind {
  ret void
}

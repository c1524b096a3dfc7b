; REQUIRES: llvm-19
; A body that may unwind is called with `invoke`; the cleanup pad runs the
; exit hook and resumes. The personality is the function's own, else the
; C one for C functions and the C++ one for C++ functions.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

declare void @may_throw()
declare i32 @my_personality(...)

; CHECK-LABEL: define void @c_func() personality ptr @__gcc_personality_v0 {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[C:[0-9]+]])
; CHECK-NEXT:    invoke void @c_func.hotpath.[[C]]() #[[NOINLINE:[0-9]+]]
; CHECK-NEXT:            to label %hotpath.ret unwind label %hotpath.cleanup
; CHECK:       hotpath.ret:
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[C]])
; CHECK-NEXT:    ret void
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[LP:[0-9]+]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[C]])
; CHECK-NEXT:    resume { ptr, i32 } %[[LP]]
; CHECK-NEXT:  }
; The marker keeps the body and needs no personality of its own.
; CHECK:       define internal void @c_func.hotpath.[[C]]() {
; CHECK-NEXT:    call void asm sideeffect "", ""()
; CHECK-NEXT:    call void @may_throw()
define void @c_func() {
  call void @may_throw()
  ret void
}

; CHECK-LABEL: define i32 @_Z5throwi(i32 %x) personality ptr @__gxx_personality_v0 {
; CHECK:         %[[R:[0-9]+]] = invoke i32 @_Z5throwi.hotpath.[[T:[0-9]+]](i32 %x)
; CHECK:         call void @__hotpath_exit(ptr @__hotpath_desc.[[T]])
; CHECK-NEXT:    ret i32 %[[R]]
; CHECK:         landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[T]])
; CHECK-NEXT:    resume
define i32 @_Z5throwi(i32 %x) {
  call void @may_throw()
  ret i32 %x
}

; A function with a personality keeps it; its own landing pads move to the
; marker with the body.
; CHECK-LABEL: define void @_Z3ownv() personality ptr @my_personality {
; CHECK:         invoke void @_Z3ownv.hotpath.[[O:[0-9]+]]()
; CHECK:       define internal void @_Z3ownv.hotpath.[[O]]() personality ptr @my_personality {
; CHECK:         invoke void @may_throw()
; CHECK:         landingpad { ptr, i32 }
; CHECK-NEXT:            catch ptr null
define void @_Z3ownv() personality ptr @my_personality {
  invoke void @may_throw() to label %ok unwind label %lp
ok:
  ret void
lp:
  %e = landingpad { ptr, i32 } catch ptr null
  ret void
}

; The hooks' call of the marker is never inlined; the marker itself may be.
; CHECK: attributes #[[NOINLINE]] = { noinline }

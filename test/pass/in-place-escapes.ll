; REQUIRES: llvm-19
; In-place hooks find their exits with LLVM's EscapeEnumerator: every `ret`
; and `resume` gets the exit hook, and each call that may unwind becomes an
; invoke of one cleanup that runs it. Two kinds of call must stay calls, or
; the module would be broken: inline asm without the `unwind` flag (it
; cannot throw, and is marked nounwind), and an intrinsic that may throw but
; cannot be invoked (llvm.experimental.guard), left as it was.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

; CHECK-LABEL: define i32 @_Z4evalPKciz(ptr %p, i32 %n, ...) personality ptr @__gxx_personality_v0 {
; CHECK-NEXT:    call void @__hotpath_enter(ptr @__hotpath_desc.[[N:[0-9]+]])
; CHECK-NEXT:    call void asm sideeffect "nop", ""() #[[NOUNWIND:[0-9]+]]
; CHECK-NEXT:    call void (i1, ...) @llvm.experimental.guard(i1 true) [ "deopt"() ]{{$}}
; CHECK-NEXT:    invoke void @may_throw()
; CHECK-NEXT:            to label %[[CONT:.*]] unwind label %hotpath.cleanup
; CHECK:       [[CONT]]:
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    ret i32 0
; CHECK:       hotpath.cleanup:
; CHECK-NEXT:    %[[LP:[^ ]+]] = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.[[N]])
; CHECK-NEXT:    resume { ptr, i32 } %[[LP]]
define i32 @_Z4evalPKciz(ptr %p, i32 %n, ...) {
  call void asm sideeffect "nop", ""()
  call void (i1, ...) @llvm.experimental.guard(i1 true) [ "deopt"() ]
  call void @may_throw()
  ret i32 0
}

; An existing landing pad's `resume` is an exit too: the hook runs once on
; the way out, before the resume, and the invoke that leads there is kept.
; CHECK-LABEL: define void @_Z7cleanupz(...) personality ptr @__gxx_personality_v0 {
; CHECK:       lpad:
; CHECK-NEXT:    %lp = landingpad { ptr, i32 }
; CHECK-NEXT:            cleanup
; CHECK-NEXT:    call void @__hotpath_exit(ptr @__hotpath_desc.{{[0-9]+}})
; CHECK-NEXT:    resume { ptr, i32 } %lp
; CHECK-NOT:   hotpath.cleanup:
; CHECK:       }
; CHECK: attributes #[[NOUNWIND]] = { {{.*}}nounwind{{.*}} }
define void @_Z7cleanupz(...) personality ptr @__gxx_personality_v0 {
  invoke void @may_throw() to label %ok unwind label %lpad
ok:
  ret void
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

declare void @may_throw()
declare void @llvm.experimental.guard(i1, ...)
declare i32 @__gxx_personality_v0(...)

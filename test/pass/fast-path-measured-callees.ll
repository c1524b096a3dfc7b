; REQUIRES: llvm-19
; A measured function is its own current call while it runs (its wrapper's
; gate or its hooks make it so), so what it allocates is never its
; caller's: a function whose calls, transitively, go only to measured
; functions of its unit defined once in the program (pass/SelfContained.h)
; charges nothing to itself and its gate leaves the current call alone
; (`callbr void`, no saved value, no restore), even where those functions
; allocate. A callee that is not measured, or whose definition another
; unit's copy may replace (an inline function, a weak one), gives nothing
; of the kind: its allocations would be the caller's.
; RUN: env HOTPATH_CONFIG=%S/Inputs/measured-callees.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare ptr @malloc(i64)

; CHECK-LABEL: define dso_local ptr @allocates(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define dso_local ptr @allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define internal ptr @allocates_internal(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define internal ptr @allocates_internal(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; Calls of measured functions only: nothing is charged to it.
; CHECK-LABEL: define dso_local ptr @calls_measured(i64 %n)
; CHECK:         callbr void asm
; CHECK-NOT:     hotpath.saved
; CHECK-LABEL: define {{.*}} @calls_measured.hotpath.
define dso_local ptr @calls_measured(i64 %n) {
  %p = call ptr @allocates(i64 %n)
  %q = call ptr @allocates_internal(i64 %n)
  ret ptr %q
}

; ... and so with its callers, through a function that is not measured
; but calls only measured ones.
; CHECK-LABEL: define dso_local ptr @unmeasured_between(i64 %n)
; CHECK-NOT:     callbr
; CHECK:         ret ptr
define dso_local ptr @unmeasured_between(i64 %n) {
  %p = call ptr @calls_measured(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @calls_between(i64 %n)
; CHECK:         callbr void asm
; CHECK-NOT:     hotpath.saved
; CHECK-LABEL: define {{.*}} @calls_between.hotpath.
define dso_local ptr @calls_between(i64 %n) {
  %p = call ptr @unmeasured_between(i64 %n)
  ret ptr %p
}

; A callee that is not measured and allocates: the caller is the current
; call for it.
; CHECK-LABEL: define dso_local ptr @unmeasured_allocates(i64 %n)
; CHECK-NOT:     callbr
define dso_local ptr @unmeasured_allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @calls_unmeasured(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define dso_local ptr @calls_unmeasured(i64 %n) {
  %p = call ptr @unmeasured_allocates(i64 %n)
  ret ptr %p
}

; An inline function's copy: the linker may keep another unit's, which
; may not be measured.
; CHECK-LABEL: define linkonce_odr ptr @inline_allocates(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define linkonce_odr ptr @inline_allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @calls_inline(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define dso_local ptr @calls_inline(i64 %n) {
  %p = call ptr @inline_allocates(i64 %n)
  ret ptr %p
}

; External and not marked dso_local, in code for an executable (the
; module has no PIC level): nothing can interpose the executable's own
; definition, so it is the program's. (In a shared library's code it is
; not: fast-path-measured-callees-pic.ll.)
; CHECK-LABEL: define ptr @external_allocates(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define ptr @external_allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @calls_external(i64 %n)
; CHECK:         callbr void asm
; CHECK-NOT:     hotpath.saved
; CHECK-LABEL: define {{.*}} @calls_external.hotpath.
define dso_local ptr @calls_external(i64 %n) {
  %p = call ptr @external_allocates(i64 %n)
  ret ptr %p
}

; A measured callee reached by a call that also may reach anything else
; (an indirect call beside it) keeps it.
; CHECK-LABEL: define dso_local void @measured_and_indirect(ptr %f, i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define dso_local void @measured_and_indirect(ptr %f, i64 %n) {
  %p = call ptr @allocates(i64 %n)
  call void %f()
  ret void
}

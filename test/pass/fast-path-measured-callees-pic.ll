; REQUIRES: llvm-19
; In code for a shared library (-fPIC without -fPIE) an external function
; not bound in the object (semantic interposition) may lose its calls to a
; definition loaded earlier, perhaps one hotpath does not measure: its
; caller stays the current call for what it allocates. One bound in the
; object (dso_local: -fno-semantic-interposition, hidden visibility) is
; the program's, as in code for an executable
; (fast-path-measured-callees.ll).
; RUN: env HOTPATH_CONFIG=%S/Inputs/measured-callees.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare ptr @malloc(i64)

; CHECK-LABEL: define ptr @interposable_allocates(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define ptr @interposable_allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @calls_interposable(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define dso_local ptr @calls_interposable(i64 %n) {
  %p = call ptr @interposable_allocates(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @bound_allocates(i64 %n)
; CHECK:         %hotpath.saved = callbr i64 asm
define dso_local ptr @bound_allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define dso_local ptr @calls_bound(i64 %n)
; CHECK:         callbr void asm
; CHECK-NOT:     hotpath.saved
; CHECK-LABEL: define {{.*}} @calls_bound.hotpath.
define dso_local ptr @calls_bound(i64 %n) {
  %p = call ptr @bound_allocates(i64 %n)
  ret ptr %p
}

!llvm.module.flags = !{!0}
!0 = !{i32 8, !"PIC Level", i32 2}

; REQUIRES: llvm-19
; A self-contained function (pass/SelfContained.h: every call it makes,
; transitively, stays in the module, to a definition the linker keeps)
; cannot allocate nor take a lock, so its fast path leaves the thread's
; current call alone: a `callbr void` gate that stops at the countdown's
; `jle`, no saved value, no restore. Anything that may leave the module
; keeps the current call: a declaration, a weak definition, an indirect
; call, inline asm with text, and every caller of such a function.
; Calls that end the program (never return, never throw) do not count;
; nor do a few C library functions that neither allocate, lock nor call
; back, nor the guard of a local static. A call that throws allocates the
; exception: it counts.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

declare ptr @malloc(i64)
declare i64 @strlen(ptr)
declare void @abort() noreturn nounwind
declare void @__assert_fail(ptr, ptr, i32, ptr) noreturn nounwind
declare void @_ZSt20__throw_length_errorPKc(ptr) noreturn
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; CHECK-LABEL: define i32 @leaf(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm sideeffect "movq __hotpath_fast@GOTTPOFF(%rip), %rax\0A\09movl %fs:(%rax), %ecx\0A\09movq __hotpath_epoch@GOTPCREL(%rip), %rdx\0A\09cmpl (%rdx), %ecx\0A\09jne ${1:l}\0A\09movl $0, %ecx\0A\09movq %fs:16(%rax), %rdx\0A\09decq 2097152(%rdx,%rcx,8)\0A\09jle ${1:l}", "*m,!i,~{rax},~{rcx},~{rdx},~{memory},~{dirflag},~{fpsr},~{flags}"(ptr elementtype(i32) getelementptr inbounds ({{.*}}, i32 0, i32 7))
; CHECK-NEXT:            to label %hotpath.fast [label %hotpath.hooked]
; CHECK:       hotpath.fast:
; CHECK-NEXT:    %[[R:[0-9]+]] = call i32 @leaf.hotpath.{{[0-9]+}}(i32 %x)
; CHECK-NEXT:    ret i32 %[[R]]
define i32 @leaf(i32 %x) {
  ret i32 %x
}

; Calls of self-contained functions, intrinsics, recursion, strlen, a call
; that ends the program: self-contained.
; CHECK-LABEL: define i32 @calls_inside(ptr %p, i32 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm
; CHECK-NOT:     hotpath.saved
; CHECK-LABEL: define {{.*}} @calls_inside.hotpath.
define i32 @calls_inside(ptr %p, i32 %n) {
  %a = call i32 @leaf(i32 %n)
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 8, i1 false)
  %l = call i64 @strlen(ptr %p)
  %c = icmp eq i32 %n, 0
  br i1 %c, label %done, label %again
again:
  %m = sub i32 %n, 1
  %b = call i32 @calls_inside(ptr %p, i32 %m)
  %bad = icmp slt i32 %b, 0
  br i1 %bad, label %fail, label %done
fail:
  call void @__assert_fail(ptr %p, ptr %p, i32 1, ptr %p)
  unreachable
done:
  ret i32 %a
}

; Anything else keeps the current call: the saved value and its restore.
; CHECK-LABEL: define ptr @allocates(i64 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
; CHECK:         call void asm sideeffect {{.*}}(i64 %hotpath.saved)
define ptr @allocates(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

; ... and so does a caller of it, however deep.
; CHECK-LABEL: define ptr @calls_allocates(i64 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define ptr @calls_allocates(i64 %n) {
  %p = call ptr @allocates(i64 %n)
  ret ptr %p
}

; CHECK-LABEL: define ptr @calls_calls_allocates(i64 %n)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define ptr @calls_calls_allocates(i64 %n) {
  %p = call ptr @calls_allocates(i64 %n)
  ret ptr %p
}

; An indirect call may reach anything.
; CHECK-LABEL: define void @indirect(ptr %f)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define void @indirect(ptr %f) {
  call void %f()
  ret void
}

; A weak definition may be replaced by one that allocates.
; CHECK-LABEL: define weak i32 @replaceable(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define weak i32 @replaceable(i32 %x) {
  ret i32 %x
}

; CHECK-LABEL: define i32 @calls_replaceable(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define i32 @calls_replaceable(i32 %x) {
  %r = call i32 @replaceable(i32 %x)
  ret i32 %r
}

; Inline asm with text may call anything; an empty one runs nothing.
; CHECK-LABEL: define void @asm_text()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define void @asm_text() {
  call void asm sideeffect "call something", ""()
  ret void
}

; CHECK-LABEL: define void @asm_empty()
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm
define void @asm_empty() {
  call void asm sideeffect "", ""()
  ret void
}

; Any call that ends the program, not only the known ones.
; CHECK-LABEL: define void @aborts(i1 %c)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    callbr void asm
define void @aborts(i1 %c) {
  br i1 %c, label %die, label %ok
die:
  call void @abort()
  unreachable
ok:
  ret void
}

; A call that throws (and so allocates the exception) keeps it.
; CHECK-LABEL: define void @throws(i1 %c)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm
define void @throws(i1 %c) {
  br i1 %c, label %bad, label %ok
bad:
  call void @_ZSt20__throw_length_errorPKc(ptr null)
  unreachable
ok:
  ret void
}

; Code for a shared library: the gate reaches the runtime state through the GOT
; (fast-path-local.ll has the form of code for an executable).
!llvm.module.flags = !{!900}
!900 = !{i32 8, !"PIC Level", i32 2}

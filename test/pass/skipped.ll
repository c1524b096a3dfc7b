; REQUIRES: llvm-19
; Functions that cannot be measured stay untouched, with a missed remark
; (and a HOTPATH_VERBOSE=2 line) saying why.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath -pass-remarks-missed=hotpath -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml HOTPATH_VERBOSE=2 %opt -passes=hotpath -disable-output %s 2>&1 | %FileCheck %s --check-prefix=VERBOSE

; REMARK-DAG: remark: <unknown>:0:0: skipped naked: naked function: no prologue where a hook could run
; REMARK-DAG: remark: <unknown>:0:0: skipped inl: always_inline: it must disappear into its callers
; REMARK-DAG: remark: <unknown>:0:0: skipped avail: available_externally: the definition that runs is in another module
; REMARK-DAG: remark: <unknown>:0:0: skipped ext: declaration: no body in this module
; REMARK-DAG: remark: <unknown>:0:0: skipped inalloca: inalloca argument: its stack slot cannot be forwarded
; REMARK-DAG: remark: <unknown>:0:0: skipped prealloc: preallocated argument: its stack slot cannot be forwarded
; REMARK-DAG: remark: <unknown>:0:0: skipped resolver: ifunc resolver or called by one: runs before relocations are done
; REMARK-DAG: remark: <unknown>:0:0: skipped cpu_helper: ifunc resolver or called by one: runs before relocations are done
; REMARK-DAG: remark: <unknown>:0:0: skipped cpu_leaf: ifunc resolver or called by one: runs before relocations are done

; VERBOSE-DAG: hotpath: skipped naked: naked function
; VERBOSE-DAG: hotpath: skipped inl: always_inline
; VERBOSE-DAG: hotpath: skipped avail: available_externally
; VERBOSE-DAG: hotpath: skipped ext: declaration
; VERBOSE-DAG: hotpath: skipped inalloca: inalloca argument
; VERBOSE-DAG: hotpath: skipped prealloc: preallocated argument
; VERBOSE-DAG: hotpath: skipped resolver: ifunc resolver
; VERBOSE-DAG: hotpath: skipped cpu_helper: ifunc resolver or called by one

@picked = ifunc i32 (i32), ptr @resolver

; Nothing was instrumented: no hook, no descriptor, no constructor.
; CHECK-NOT: __hotpath
; CHECK-NOT: .hotpath.
; CHECK-NOT: llvm.global_ctors

; CHECK: define void @naked() #0 {
; CHECK-NEXT: call void asm sideeffect "ret", ""()
define void @naked() naked nounwind {
  call void asm sideeffect "ret", ""()
  unreachable
}

; CHECK: define i32 @inl(i32 %x) #1 {
; CHECK-NEXT: ret i32 %x
define i32 @inl(i32 %x) alwaysinline {
  ret i32 %x
}

; CHECK: define available_externally i32 @avail(i32 %x) {
; CHECK-NEXT: ret i32 %x
define available_externally i32 @avail(i32 %x) {
  ret i32 %x
}

declare i32 @ext(i32)

; CHECK: define void @inalloca(ptr inalloca(i32) %a) {
; CHECK-NEXT: ret void
define void @inalloca(ptr inalloca(i32) %a) {
  ret void
}

; CHECK: define void @prealloc(ptr preallocated(i32) %a) {
; CHECK-NEXT: ret void
define void @prealloc(ptr preallocated(i32) %a) {
  ret void
}

; A resolver and what it calls, directly or not (a measured helper there
; crashed a -z now library or a static executable at load).
; CHECK: define ptr @resolver() {
; CHECK-NEXT: %f = call i32 @cpu_helper()
define ptr @resolver() {
  %f = call i32 @cpu_helper()
  ret ptr @inl
}

; CHECK: define i32 @cpu_helper() {
; CHECK-NEXT: %l = call i32 @cpu_leaf()
define i32 @cpu_helper() {
  %l = call i32 @cpu_leaf()
  ret i32 %l
}

; CHECK: define i32 @cpu_leaf() {
; CHECK-NEXT: ret i32 3
define i32 @cpu_leaf() {
  ret i32 3
}

; REQUIRES: llvm-19
; A module that names the runtime's fast-path state (it includes
; hotpath/abi.h and reads __hotpath_fast, as test/e2e/runtime/Inputs/
; fast_path.cpp does) may not be told that the gate and the hooks touch
; only inaccessible memory: they write that state (the restore of the
; current function too). Both then keep no memory
; attributes, and the optimizer reloads the state after a measured call.
; (The function calls outside the module, so that its gate keeps the
; current function: fast-path-self-contained.ll.)
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s

target triple = "x86_64-pc-linux-gnu"

%struct.fast = type { i32, i32, i64, ptr }
@__hotpath_fast = external thread_local(initialexec) global %struct.fast

; CHECK-LABEL: define i32 @_Z4leafi(i32 %x)
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %hotpath.saved = callbr i64 asm sideeffect {{.*}}i32 0, i32 7)){{$}}
; CHECK:         call void asm sideeffect {{.*}}(i64 %hotpath.saved) #[[RESTORE:[0-9]+]]
declare void @opaque()
define i32 @_Z4leafi(i32 %x) nounwind {
  call void @opaque()
  ret i32 %x
}

; CHECK:       declare void @__hotpath_enter(ptr) #[[HOOK:[0-9]+]]
; CHECK-DAG:   attributes #[[HOOK]] = { nounwind nonlazybind }
; CHECK-DAG:   attributes #[[RESTORE]] = { nounwind }

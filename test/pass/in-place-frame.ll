; REQUIRES: llvm-19
; Wrapping would change what a function sees as its own frame or return
; address (the marker's caller is the wrapper), and label addresses cannot
; move to another function: such functions get the hooks in place.
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath,verify -S %s | %FileCheck %s
; RUN: env HOTPATH_CONFIG=%S/Inputs/all.toml HOTPATH_VERBOSE=2 %opt -passes=hotpath -disable-output %s 2>&1 | %FileCheck %s --check-prefix=WHY

; WHY-DAG: hotpath: instrumented caller_pc (matches include regex '.' in all.toml:3; hooks in place: reads its own frame or return address)
; WHY-DAG: hotpath: instrumented jump (matches include regex '.' in all.toml:3; hooks in place: address of a label taken)

; CHECK-LABEL: define ptr @caller_pc()
; CHECK-NEXT:    call void @__hotpath_enter(
; CHECK-NEXT:    %r = call ptr @llvm.returnaddress(i32 0)
; CHECK-NEXT:    call void @__hotpath_exit(
; CHECK-NEXT:    ret ptr %r
define ptr @caller_pc() nounwind {
  %r = call ptr @llvm.returnaddress(i32 0)
  ret ptr %r
}

; CHECK-LABEL: define i32 @jump(i1 %c)
; CHECK-NEXT:    call void @__hotpath_enter(
; CHECK-NEXT:    %t = select i1 %c, ptr blockaddress(@jump, %a), ptr blockaddress(@jump, %b)
define i32 @jump(i1 %c) nounwind {
  %t = select i1 %c, ptr blockaddress(@jump, %a), ptr blockaddress(@jump, %b)
  indirectbr ptr %t, [label %a, label %b]
a:
  ret i32 1
b:
  ret i32 2
}

; CHECK-NOT: .hotpath.{{[0-9]+}}(
declare ptr @llvm.returnaddress(i32)

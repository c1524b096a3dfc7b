; REQUIRES: llvm-asserts
; -debug-only=hotpath prints each decision, where LLVM has assertions.
; RUN: env HOTPATH_CONFIG=%S/Inputs/stats.toml %opt -passes=hotpath -debug-only=hotpath -disable-output %s 2>&1 | %FileCheck %s
; CHECK-DAG: hotpath: wrap _Z7wrappedi
; CHECK-DAG: hotpath: skip _Z5otheri: no rule selects it

define i32 @_Z7wrappedi(i32 %x) {
  ret i32 %x
}
define i32 @_Z5otheri(i32 %x) {
  ret i32 %x
}

; REQUIRES: llvm-stats
; The pass counts its decisions as LLVM statistics (DEBUG_TYPE "hotpath"):
; `opt -stats`, or `clang -mllvm -stats`, prints them where LLVM is built
; with statistics (release builds such as Debian's are not).
; RUN: env HOTPATH_CONFIG=%S/Inputs/stats.toml %opt -passes=hotpath -stats -disable-output %s 2>&1 | %FileCheck %s

; CHECK-DAG: 1 hotpath {{.*}}Functions wrapped (marker and hooks)
; CHECK-DAG: 1 hotpath {{.*}}Functions with the hooks in place
; CHECK-DAG: 1 hotpath {{.*}}Functions excluded (exclude rule or HOTPATH_SKIP)
; CHECK-DAG: 1 hotpath {{.*}}Functions no rule selects

define i32 @_Z7wrappedi(i32 %x) {
  ret i32 %x
}
define i32 @_Z7inplaceiz(i32 %x, ...) {
  ret i32 %x
}
define i32 @_Z8excludedi(i32 %x) {
  ret i32 %x
}
define i32 @_Z5otheri(i32 %x) {
  ret i32 %x
}

; REQUIRES: llvm-19
; min_instructions skips small functions that the config selects; an
; explicit HOTPATH_MEASURE in the source is never overruled by a size.
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-min-instructions.toml HOTPATH_VERBOSE=2 \
; RUN:   %opt -passes=hotpath,verify -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s --check-prefix=IR < %t.ll
; RUN: FileCheck %s --check-prefix=WHY < %t.err
; RUN: grep -c '^define internal .*\.hotpath\.[0-9]*(' %t.ll \
; RUN:   | FileCheck %s --check-prefix=COUNT

; COUNT: 3

@.str = private unnamed_addr constant [16 x i8] c"hotpath.measure\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"min.c\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @f_tiny_measured, ptr @.str, ptr @.str.1, i32 1, ptr null }
], section "llvm.metadata"

define i32 @f_tiny(i32 %x) {
  ret i32 %x
}
; WHY-DAG: hotpath: skipped f_tiny: matches include regex '^f_' in config-min-instructions.toml:2, but has 1 IR instructions, fewer than min_instructions = 4 (config-min-instructions.toml:3)

define i32 @f_three(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 2
  ret i32 %b
}
; WHY-DAG: hotpath: skipped f_three: {{.*}} has 3 IR instructions, fewer than min_instructions = 4

; Exactly the threshold: selected.
define i32 @f_four(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 2
  %c = sub i32 %b, %x
  ret i32 %c
}
; IR-DAG: define internal {{.*}}@f_four.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented f_four (matches include regex '^f_' in config-min-instructions.toml:2)

define i32 @f_big(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 2
  %c = sub i32 %b, %x
  %d = xor i32 %c, 7
  ret i32 %d
}
; IR-DAG: define internal {{.*}}@f_big.hotpath.{{[0-9]+}}(

define i32 @f_tiny_measured(i32 %x) {
  ret i32 %x
}
; IR-DAG: define internal {{.*}}@f_tiny_measured.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented f_tiny_measured (HOTPATH_MEASURE)

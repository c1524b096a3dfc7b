; REQUIRES: llvm-19
; HOTPATH_MEASURE / HOTPATH_SKIP / HOTPATH_LABEL as clang emits them
; (@llvm.global.annotations), and their precedence over hotpath.toml:
;   HOTPATH_SKIP > exclude > HOTPATH_MEASURE / HOTPATH_LABEL > include
; config-annotations-14.ll is the same test in LLVM 14's typed-pointer IR.
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-annotations.toml HOTPATH_VERBOSE=2 \
; RUN:   %opt -passes=hotpath,verify -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s --check-prefixes=IR,IR-CFG < %t.ll
; RUN: FileCheck %s --check-prefix=WHY < %t.err
; RUN: grep -c '^define internal .*\.hotpath\.[0-9]*(' %t.ll \
; RUN:   | FileCheck %s --check-prefix=COUNT
; An empty hotpath.toml selects nothing: only the source marks count.
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-empty.toml HOTPATH_VERBOSE=2 \
; RUN:   %opt -passes=hotpath,verify -S %s -o %t.empty.ll 2> %t.empty.err
; RUN: FileCheck %s --check-prefixes=IR,IR-EMPTY < %t.empty.ll
; RUN: FileCheck %s --check-prefix=EMPTY < %t.empty.err

; COUNT: 3

; The label is the reported name.
; IR-DAG: c"fast path\00"

@.str = private unnamed_addr constant [16 x i8] c"hotpath.measure\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [6 x i8] c"ann.c\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [24 x i8] c"hotpath.label=fast path\00", section "llvm.metadata"
@.str.3 = private unnamed_addr constant [13 x i8] c"hotpath.skip\00", section "llvm.metadata"
@.str.4 = private unnamed_addr constant [11 x i8] c"other.note\00", section "llvm.metadata"
@llvm.global.annotations = appending global [7 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @measured, ptr @.str, ptr @.str.1, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @labeled, ptr @.str.2, ptr @.str.1, i32 3, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @lib_skipped, ptr @.str.3, ptr @.str.1, i32 4, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @measured_excluded, ptr @.str, ptr @.str.1, i32 5, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @both, ptr @.str, ptr @.str.1, i32 6, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @both, ptr @.str.3, ptr @.str.1, i32 6, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @plain, ptr @.str.4, ptr @.str.1, i32 8, ptr null }
], section "llvm.metadata"

define i32 @measured(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}
; IR-DAG: define internal {{.*}}@measured.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented measured (HOTPATH_MEASURE)
; EMPTY-DAG: hotpath: instrumented measured (HOTPATH_MEASURE)

define i32 @labeled(i32 %x) {
  %r = add i32 %x, 2
  ret i32 %r
}
; IR-DAG: define internal {{.*}}@labeled.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented fast path (HOTPATH_LABEL("fast path"))
; EMPTY-DAG: hotpath: instrumented fast path (HOTPATH_LABEL("fast path"))

define i32 @lib_skipped(i32 %x) {
  %r = add i32 %x, 3
  ret i32 %r
}
; WHY-DAG: hotpath: skipped lib_skipped: HOTPATH_SKIP

define i32 @measured_excluded(i32 %x) {
  %r = add i32 %x, 4
  ret i32 %r
}
; WHY-DAG: hotpath: skipped measured_excluded: excluded by '_excluded$' (config-annotations.toml:3)
; EMPTY-DAG: hotpath: instrumented measured_excluded (HOTPATH_MEASURE)
; IR-EMPTY-DAG: define internal {{.*}}@measured_excluded.hotpath.{{[0-9]+}}(

define i32 @both(i32 %x) {
  %r = add i32 %x, 5
  ret i32 %r
}
; WHY-DAG: hotpath: skipped both: HOTPATH_SKIP
; EMPTY-DAG: hotpath: skipped both: HOTPATH_SKIP

define i32 @lib_plain(i32 %x) {
  %r = add i32 %x, 6
  ret i32 %r
}
; IR-CFG-DAG: define internal {{.*}}@lib_plain.hotpath.{{[0-9]+}}(
; WHY-DAG: hotpath: instrumented lib_plain (matches include regex '^lib_' in config-annotations.toml:2)
; EMPTY-DAG: hotpath: skipped lib_plain: no rule selects it

; Annotations that are not hotpath's select nothing.
define i32 @plain(i32 %x) {
  %r = add i32 %x, 7
  ret i32 %r
}
; WHY-DAG: hotpath: skipped plain: no rule selects it

; REQUIRES: llvm-19
; The N of an internal-linkage function includes its translation unit: two
; `static helper()` in two files are two functions (HOTPATH_FN_INTERNAL).
; An external function's N does not depend on the module.
; RUN: sed 's/^source_filename = .*/source_filename = "one.c"/' %s | env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath -S > %t.one
; RUN: sed 's/^source_filename = .*/source_filename = "two.c"/' %s | env HOTPATH_CONFIG=%S/Inputs/all.toml %opt -passes=hotpath -S > %t.two
; RUN: %FileCheck %s < %t.one
; RUN: %FileCheck %s < %t.two
; RUN: grep -o 'helper.hotpath.[0-9]*' %t.one > %t.h1
; RUN: grep -o 'helper.hotpath.[0-9]*' %t.two > %t.h2
; RUN: not diff %t.h1 %t.h2
; RUN: grep -o 'shared.hotpath.[0-9]*' %t.one > %t.s1
; RUN: grep -o 'shared.hotpath.[0-9]*' %t.two > %t.s2
; RUN: diff %t.s1 %t.s2

; Flags: HOTPATH_FN_INTERNAL (8) for the static one only.
; CHECK: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 8, i64
; CHECK: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 0, i64
; CHECK: define internal void @helper.hotpath.{{[0-9]+}}()
; CHECK: define internal void @shared.hotpath.{{[0-9]+}}()
source_filename = "x.c"

define internal void @helper() nounwind {
  ret void
}

define void @shared() nounwind {
  call void @helper()
  ret void
}

// Source marks reach the rewrite through @llvm.global.annotations:
// HOTPATH_MEASURE and HOTPATH_LABEL select without any config rule, the
// label becomes the record's name with HOTPATH_FN_LABELLED (1), and
// HOTPATH_SKIP leaves a function alone even when a rule selects it. Both
// wrappers have the x86-64 fast path in an executable's form:
// HOTPATH_FN_FAST_PATH | HOTPATH_FN_LOCAL_GATE (16 | 32).
// RUN: env HOTPATH_CONFIG=%S/Inputs/annotations.toml %clang -O1 -I%include -S -emit-llvm %s -o - | %FileCheck %s
#include <hotpath/hotpath.h>

// CHECK-DAG: @[[LNAME:__hotpath_str[.0-9]*]] = private unnamed_addr constant [12 x i8] c"parse-block\00"
// CHECK-DAG: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 49, i64 {{-?[0-9]+}}, {{.*}}@[[LNAME]]
// CHECK-DAG: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 5, i32 48, i64

// CHECK-DAG: define {{.*}}i32 @measured.hotpath.{{[0-9]+}}(
// CHECK-DAG: define {{.*}}i32 @labelled.hotpath.{{[0-9]+}}(
// CHECK-NOT: @skipped.hotpath.
HOTPATH_MEASURE int measured(int x) { return x + 1; }
HOTPATH_LABEL("parse-block") int labelled(int x) { return x * 2; }
HOTPATH_SKIP int skipped(int x) { return x - 1; }

// Without HOTPATH_CONFIG, clang finds hotpath.toml by searching upward from
// the translation unit's source directory (like .clang-format); the
// nearest one wins; HOTPATH_CONFIG overrides the search.
//
// RUN: %clang -O0 -S -emit-llvm %S/Inputs/config-discovery/src/deep/lib.c -o - \
// RUN:   | FileCheck %s --check-prefix=UP
// A relative source path, from another working directory, at -O2.
// RUN: cd %S/Inputs/config-discovery/src && %clang -O2 -S -emit-llvm deep/lib.c -o - \
// RUN:   | FileCheck %s --check-prefix=UP
// UP-NOT: near_a.hotpath.
// UP: define internal {{.*}}@disc_a.hotpath.{{[0-9]+}}(
// UP: define internal {{.*}}@disc_a.hotpath_hooked.{{[0-9]+}}(
// UP-NOT: near_a.hotpath
// UP-NOT: define {{.*}}.hotpath
//
// RUN: %clang -S -emit-llvm %S/Inputs/config-discovery/src/near/lib.c -o - \
// RUN:   | FileCheck %s --check-prefix=NEAR
// NEAR-NOT: disc_a.hotpath.
// NEAR: define internal {{.*}}@near_a.hotpath.{{[0-9]+}}(
// NEAR: define internal {{.*}}@near_a.hotpath_hooked.{{[0-9]+}}(
// NEAR-NOT: disc_a.hotpath
// NEAR-NOT: define {{.*}}.hotpath
//
// Source on stdin: the search starts in the working directory.
// RUN: cd %S/Inputs/config-discovery/src/near && %clang -S -emit-llvm -x c - -o - \
// RUN:   < %S/Inputs/config-discovery/src/deep/lib.c | FileCheck %s --check-prefix=NEAR
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-empty.toml \
// RUN:   %clang -S -emit-llvm %S/Inputs/config-discovery/src/deep/lib.c -o - \
// RUN:   | FileCheck %s --check-prefix=OVERRIDE
// OVERRIDE-NOT: .hotpath.
// OVERRIDE: define {{.*}}@disc_a(
// OVERRIDE-NOT: .hotpath.
int unused_here;

// A bad hotpath.toml stops the compile with one error naming the file, the
// line and the problem: no crash, no stack dump, no object file.
// RUN: rm -f %t.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/bad-regex.toml not %clang -c %s -o %t.o 2>&1 | %FileCheck %s
// RUN: test ! -e %t.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/does-not-exist.toml not %clang -c %s -o %t.o 2>&1 | %FileCheck %s --check-prefix=MISSING
// And through opt.
// RUN: env HOTPATH_CONFIG=%S/Inputs/bad-regex.toml not %opt -passes=hotpath -disable-output %S/Inputs/empty.ll 2>&1 | %FileCheck %s

// CHECK: error: {{.*}}bad-regex.toml:2:12: invalid regex '(unclosed'
// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE
// MISSING: error: HOTPATH_CONFIG={{.*}}does-not-exist.toml
// MISSING-NOT: Stack dump
int f(int x) { return x; }

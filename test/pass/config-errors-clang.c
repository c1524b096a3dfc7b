// clang stops too, with the same message, and writes no object.
// RUN: rm -f %t.o
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-bad-regex.toml \
// RUN:   not %clang -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not test -e %t.o
// CHECK: error: {{.*}}config-bad-regex.toml:3:3: invalid regex '^myapp::(parser' in 'include': parentheses not balanced
// CHECK: 1 error generated.
int f(int x) { return x; }

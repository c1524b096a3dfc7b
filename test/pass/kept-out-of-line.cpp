// The inline-helper rule leaves out only what the plain build inlines: a
// function with a loop is measured however small (a static noinline loop
// was the program's hottest function and was left out as "static, 5 IR
// instructions"); a small `noinline` function without one is a helper at
// -O0 and at -O2 alike (clang marks every function noinline at -O0, so the
// source's attribute cannot be seen there: googletest's
// StackLowerThanAddress was measured at -O2 only); a template named by a plain name in
// `include` is measured though it is an inline helper; what is left out is
// registered with the unit's measured functions (HOTPATH_FN_LEFT_OUT, its
// reason in the top byte) so that the report can list it.
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/kept-out-of-line.toml HOTPATH_VERBOSE=2 \
// RUN:   %clangxx -O2 -S -emit-llvm %s -o %t.ll 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: env HOTPATH_CONFIG=%S/Inputs/kept-out-of-line.toml HOTPATH_VERBOSE=2 \
// RUN:   %clangxx -O0 -S -emit-llvm %s -o %t0.ll 2> %t0.err
// RUN: FileCheck %s < %t0.err
//
// CHECK-DAG: hotpath: instrumented ko::spin(int) (matches include regex '^ko::'
// CHECK-DAG: hotpath: instrumented ko::loop(unsigned int) (matches include regex '^ko::'
// CHECK-DAG: hotpath: instrumented twice<int>(int) (named by include 'twice<int>'
// CHECK-DAG: hotpath: skipped ko::inc(int): {{.*}} inline helper (static,
// CHECK-DAG: hotpath: skipped ko::lower(void const*, bool*): {{.*}} inline helper (static,
//
// The left-out helper's record: flags HOTPATH_FN_LEFT_OUT (128) | INTERNAL
// (8) | reason 1 (inline helper) << 24 = 16777352.
// IR: @__hotpath_desc.{{[0-9]+}} = internal global {{.*}} { i32 {{[0-9]+}}, i32 16777352, i64
// IR: @__hotpath_descs = private constant [6 x {{ptr|i8\*}}]
namespace ko {
__attribute__((noinline)) static int spin(int n) {
  for (volatile int i = 0; i < n; ++i)
    ;
  return n;
}
static unsigned loop(unsigned n) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; ++i)
    s += i;
  return s;
}
static int inc(int x) { return x + 1; }
__attribute__((noinline)) static void lower(const void *p, bool *r) {
  int here = 0;
  *r = &here < p;
}
int run(int n) {
  bool down;
  lower(&n, &down);
  return spin(n) + int(loop(unsigned(n))) + inc(n) + down;
}
} // namespace ko

template <typename T> T twice(T x) { return x * 2; }

int main(int argc, char **) { return ko::run(argc) + twice<int>(argc); }

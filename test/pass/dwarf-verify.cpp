// -g output of instrumented code passes the IR verifier and
// `llvm-dwarfdump --verify`: methods, templates, lambdas, inline functions,
// exceptions, at -O0 and -O2, DWARF 4 and 5.
// RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clangxx -g -O0 -c %s -o %t.O0.o
// RUN: llvm-dwarfdump --verify %t.O0.o | %FileCheck %s
// RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clangxx -g -O2 -c %s -o %t.O2.o
// RUN: llvm-dwarfdump --verify %t.O2.o | %FileCheck %s
// RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clangxx -gdwarf-4 -O2 -c %s -o %t.d4.o
// RUN: llvm-dwarfdump --verify %t.d4.o | %FileCheck %s
// RUN: env HOTPATH_CONFIG=%S/Inputs/everything.toml %clangxx -gline-tables-only -O2 -c %s -o %t.lt.o
// RUN: llvm-dwarfdump --verify %t.lt.o | %FileCheck %s
// The markers are in the object; wrapper and marker each have a DIE.
// RUN: llvm-nm %t.O2.o | %FileCheck %s --check-prefix=NM
// RUN: llvm-dwarfdump --debug-info %t.O0.o | %FileCheck %s --check-prefix=DIE
// CHECK: No errors.
// NM: W _ZN5Shape4areaEv.hotpath.{{[0-9]+}}
// DIE: DW_AT_specification ({{.*}} "_ZN5Shape4areaEv")
// DIE: DW_AT_specification ({{.*}} "_ZN5Shape4areaEv")

#include <stdexcept>

struct Shape {
  int w, h;
  __attribute__((noinline)) int area() {
    int a = w * h;
    if (a < 0)
      throw std::runtime_error("negative");
    return a;
  }
};

template <typename T> T twice(T x) { return x + x; }

static int apply(int (*f)(int), int x) { return f(x); }

int run(int n) {
  Shape s{n, n + 1};
  auto lam = [](int v) { return v * 3; };
  int r = 0;
  try {
    r = s.area() + twice(n) + twice(1.5) + apply(+lam, n);
  } catch (const std::exception &) {
    r = -1;
  }
  return r;
}

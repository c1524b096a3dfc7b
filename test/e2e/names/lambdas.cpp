// Lambdas read as lambdas in reports (`worker(int, long&)::{lambda #1}(long)`,
// not `worker(int, long&)::$_0::operator()(long) const`), are selected by
// their enclosing function's name, and survive the "::operator" exclude
// that the README and `hotpath init` suggest; "\{lambda" excludes them.
// The comments `hotpath init` writes cite nothing a user does not have.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t && %hotpath init > /dev/null
// RUN: not grep -n 'SPEC\|seed' %t/hotpath.toml %t/hotpath/policy.toml
// Acc::add is a one-line member, an inline helper: measured on request.
// RUN: sed -e 's|^  # "^myapp::",|  "^worker", "^Acc::",|' -e 's|^\[functions\]$|[functions]\nmeasure_inline_helpers = true|' %t/hotpath.toml > %t/sel.toml
// RUN: grep -q '^measure_inline_helpers = true' %t/sel.toml
// RUN: grep -q '"::operator"' %t/sel.toml
// RUN: env HOTPATH_CONFIG=%t/sel.toml %clangxx -O1 %s -o %t/prog %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/r.json %t/prog
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t/r.json \
// RUN:   'worker(int, long&)=1' 'worker(int, long&)::{lambda #1}(long)=100' 'Acc::add(long)=100'
// RUN: %t/prog 2>&1 >/dev/null | %FileCheck %s
// CHECK: | worker(int, long&)::{lambda #1}(long) |
//
// RUN: printf '[functions]\ninclude = ["^worker"]\nexclude = ["\\\\{lambda"]\nmain = true\n' > %t/nolambda.toml
// RUN: env HOTPATH_CONFIG=%t/nolambda.toml %clangxx -O1 %s -o %t/prog2 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/r2.json %t/prog2
// RUN: %python %S/../runtime/Inputs/check_counts.py --only %t/r2.json 'worker(int, long&)=1'
#include <cstdio>

struct Acc {
  long Sum = 0;
  __attribute__((noinline)) void add(long X) { Sum += X; }
  Acc &operator+=(long X) { // an operator: excluded by "::operator"
    add(X);
    return *this;
  }
};

static Acc A;

__attribute__((noinline)) int worker(int N, long &Out) {
  auto Step = [&](long X) __attribute__((noinline)) { A += X * N; };
  for (long I = 0; I < 100; ++I)
    Step(I);
  Out = A.Sum;
  return 0;
}

int main() {
  long Out = 0;
  worker(2, Out);
  std::printf("%ld\n", Out);
  return 0;
}

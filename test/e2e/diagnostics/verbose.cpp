// What HOTPATH_VERBOSE=1 tells a new user, one unit at a time: each
// instrumented function, then one summary line of what was skipped and why
// (not a line per skip: HOTPATH_VERBOSE=2 lists each), each include pattern
// that matched nothing in the unit (with the near miss when only the case
// differs), what `main = true` gives main instead of "skipped main"; and a
// pattern that looks like a glob is a warning with the regex meant.
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/shop.toml HOTPATH_VERBOSE=1 %clangxx -O1 -c %s -o %t.o 2> %t.err
// RUN: %FileCheck %s < %t.err
// CHECK: shop.toml:4:23: warning: 'shop::*' in 'include' looks like a glob, but patterns are regexes (there '::*' is ':' followed by any number of ':'); did you mean '^shop::'?
// CHECK-DAG: hotpath: instrumented shop::price(int) (matches include regex 'shop::*' in shop.toml:4)
// CHECK-DAG: hotpath: instrumented shop::total(int) (matches include regex 'shop::*' in shop.toml:4)
// CHECK-DAG: hotpath: main: begins and ends the session (main = true in shop.toml:6); not measured itself: no rule selects it
// CHECK: hotpath: verbose.cpp: 2 instrumented, [[N:[0-9]+]] skipped: {{.*}}no rule{{.*}} (HOTPATH_VERBOSE=2 lists each)
// CHECK-NEXT: hotpath: verbose.cpp: include pattern '^Shop::' (shop.toml:4) matched no function of this unit (patterns are case-sensitive: '^Shop::' ignoring case matches shop::price(int))
// RUN: %FileCheck %s --check-prefix=NOSKIP < %t.err
// NOSKIP-NOT: skipped main
// NOSKIP-NOT: hotpath: skipped
//
// HOTPATH_VERBOSE=2 adds a line per skipped function.
// RUN: env HOTPATH_CONFIG=%S/Inputs/shop.toml HOTPATH_VERBOSE=2 %clangxx -O1 -c %s -o %t.o 2>&1 | %FileCheck %s --check-prefix=DETAIL
// DETAIL: hotpath: skipped helper(int): no rule selects it
// DETAIL: hotpath: verbose.cpp: 2 instrumented, {{[0-9]+}} skipped: {{.*}}no rule
// DETAIL-NOT: HOTPATH_VERBOSE=2 lists each
//
// A leading '*' is not even a regex: the error says what was meant.
// RUN: printf '[functions]\ninclude = ["*parse*"]\n' > %t.star.toml
// RUN: env HOTPATH_CONFIG=%t.star.toml not %clangxx -O1 -c %s -o %t.o 2>&1 | %FileCheck %s --check-prefix=STAR
// STAR: error: {{.*}}star.toml:2:12: invalid regex '*parse*' in 'include': {{.*}}; patterns are regexes, not globs: did you mean 'parse'?

#include <string>

namespace shop {
int price(int X) { return X * 3 + 1; }
int total(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += price(I);
  return S;
}
} // namespace shop

int helper(int X) { return X + 1; }

int main(int argc, char **) { return shop::total(argc) + helper(argc); }

// A broad rule leaves out inline helpers: functions defined inline (in a
// class body, `inline`, templates: linkonce_odr) or static and called
// only directly, whose bodies LLVM's inliner would take at -O2
// (InlineCost.h), that call only inline or static functions: the plain
// build inlines them into their callers. The
// same at -O0 and -O2 (the linkage decides, not inlinehint); a larger
// inline function, a small one that calls out (a lock, I/O), an
// out-of-line one and a marked one stay measured; measure_inline_helpers
// = true measures the helpers too.
//
// RUN: for o in "-O0" "-O2"; do \
// RUN:   env HOTPATH_CONFIG=%S/Inputs/config-inline-helpers.toml HOTPATH_VERBOSE=2 \
// RUN:     %clangxx $o -I%include -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:     | FileCheck %s || exit 1; \
// RUN: done
// RUN: env HOTPATH_CONFIG=%S/Inputs/config-inline-helpers-on.toml HOTPATH_VERBOSE=2 \
// RUN:   %clangxx -O2 -I%include -S -emit-llvm %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ON
//
// CHECK-DAG: hotpath: skipped ih::Slice::size() const: matches include regex '^ih::' in {{.*}}config-inline-helpers.toml:2, but is an inline helper (defined inline, inline cost {{[0-9]+}}, under -O2's threshold of 225, calling only inline or static functions): the plain build inlines it, and measuring it would cost more than it takes (measure_inline_helpers = true measures it)
// CHECK-DAG: hotpath: skipped ih::twice(int): {{.*}} inline helper (defined inline, inline cost
// CHECK-DAG: hotpath: skipped ih::add<int>(int, int): {{.*}} inline helper
// CHECK-DAG: hotpath: instrumented ih::outOfLine(int) (matches include regex '^ih::'
// CHECK-DAG: hotpath: instrumented ih::big(unsigned int) (matches include regex '^ih::'
// CHECK-DAG: hotpath: instrumented ih::marked(int) (HOTPATH_MEASURE)
// CHECK-DAG: hotpath: instrumented ih::say(char const*) (matches include regex '^ih::'
// CHECK-DAG: hotpath: instrumented ih::viaExtern(ih::Box<int> const&) (matches include regex '^ih::'
// CHECK-DAG: hotpath: instrumented ih::viaOutOfLine(int) (matches include regex '^ih::'
// CHECK-DAG: hotpath: skipped ih::tiny(int): {{.*}} inline helper (static, inline cost
// CHECK-DAG: hotpath: skipped ih::manyLocals(int, int): {{.*}} inline helper (defined inline, inline cost {{[0-9]+}},
// CHECK-DAG: hotpath: instrumented ih::tinyViaPointer(int) (matches include regex '^ih::'
//
// ON-DAG: hotpath: instrumented ih::Slice::size() const (matches include regex '^ih::'
// ON-DAG: hotpath: instrumented ih::twice(int) (matches include regex '^ih::'
// ON-DAG: hotpath: instrumented ih::add<int>(int, int) (matches include regex '^ih::'

#include "hotpath/hotpath.h"

#include <cstdio>

namespace ih {
struct Slice {
  const char *p;
  unsigned n;
  unsigned size() const { return n; }
};
inline int twice(int x) { return 2 * x; }
template <class T> T add(T a, T b) { return a + b; }
int outOfLine(int x) { return x + 1; }
inline unsigned big(unsigned x) {
  unsigned s = x;
  for (unsigned i = 0; i < x; ++i) {
    s = s * 31 + (i ^ (s >> 7));
    if (s % 3 == 0)
      s += i * 5;
    else if (s % 5 == 1)
      s ^= i << 3;
    else if (s % 7 == 2)
      s += s >> 9;
    else
      s -= i;
  }
  return s;
}
HOTPATH_MEASURE inline int marked(int x) { return x - 1; }
inline int say(const char *s) { return std::puts(s); } // calls out: kept
// Calls a member of an `extern template`: defined in another file, a
// declaration at -O0 and an available_externally body at -O2 (as
// libstdc++'s streams and strings are). It calls out at every level
// (googletest's Message::operator<< was measured at -O0 only).
template <class T> struct Box {
  T v;
  T get() const { return v + 1; }
};
extern template struct Box<int>;
inline int viaExtern(const Box<int> &b) { return b.get(); }
// Calls a function this file defines out of line: every other file that
// includes the inline one sees a declaration. The choice must be the same
// in every file, or the linker keeps one file's copy at random
// (googletest's AlwaysFalse(), which calls AlwaysTrue() of gtest.cc).
inline int viaOutOfLine(int x) { return outOfLine(x) * 2; }
// Static and called directly: inlined like an inline function (C has
// no other kind of helper). One whose address is taken is called through
// a pointer, which the plain build does not inline: measured.
static int tiny(int x) { return x + 3; }
// More than 20 IR instructions as clang emits it (each local a stack slot
// and its loads and stores), a few once SROA is done: the inliner takes
// it, so it is a helper (it was measured by a count of 20 instructions).
inline int manyLocals(int a, int b) {
  int x = a + 1;
  int y = b * 2;
  int z = x ^ y;
  int w = z - a;
  int v = w + b;
  int u = v * 3;
  return u + x - y;
}
static int tinyViaPointer(int x) { return x + 4; }
int (*volatile Callback)(int) = tinyViaPointer;
} // namespace ih

int use(ih::Slice s, int x) {
  return int(s.size()) + ih::twice(x) + ih::add(x, 2) + ih::outOfLine(x) +
         int(ih::big(unsigned(x))) + ih::marked(x) + ih::say("x") +
         ih::viaExtern(ih::Box<int>{x}) + ih::viaOutOfLine(x) +
         ih::tiny(x) + ih::Callback(x) + ih::manyLocals(x, 2);
}

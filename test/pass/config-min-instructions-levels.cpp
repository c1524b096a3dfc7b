// min_instructions selects the same functions at every -O level, with and
// without -g or -flto: clang's bookkeeping (allocas, local loads and
// stores, lifetime markers with their cleanup flags and landing pads,
// __builtin_expect, debug intrinsics) is not counted. lv_expect has 25
// instructions by that count at every level; its raw IR count (78 at -O0,
// 96 at -O2) would select it at some levels and not at others.
//
// RUN: for o in "-O0" "-O1 -g" "-O2" "-O3 -gline-tables-only" "-O2 -flto=thin"; do \
// RUN:   env HOTPATH_CONFIG=%S/Inputs/config-min-levels-25.toml HOTPATH_VERBOSE=2 \
// RUN:     %clangxx $o -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:     | FileCheck %s --check-prefix=AT25 || exit 1; \
// RUN:   env HOTPATH_CONFIG=%S/Inputs/config-min-levels-26.toml HOTPATH_VERBOSE=2 \
// RUN:     %clangxx $o -S -emit-llvm %s -o /dev/null 2>&1 \
// RUN:     | FileCheck %s --check-prefix=AT26 || exit 1; \
// RUN: done
//
// AT25-DAG: hotpath: skipped lv_small(int): {{.*}} has 4 IR instructions, fewer than min_instructions = 25
// AT25-DAG: hotpath: instrumented lv_expect(int, bool) (matches include regex '^lv_'
// AT26-DAG: hotpath: skipped lv_small(int): {{.*}} has 4 IR instructions, fewer than min_instructions = 26
// AT26-DAG: hotpath: skipped lv_expect(int, bool): {{.*}} has 25 IR instructions, fewer than min_instructions = 26

struct Guard {
  int *p;
  ~Guard() { ++*p; }
};
struct Text {
  const char *s;
  Text(const char *s) : s(s) {}
  ~Text() { s = nullptr; }
  int size() const { return s ? 4 : 0; }
};

int lv_expect(int x, bool b) {
  int n = 0;
  {
    Guard g{&n};
    Text s(x > 3 ? "big" : "small");
    if (__builtin_expect(b, 0))
      n += s.size();
    if (__builtin_expect(x, 1))
      n += 2;
  }
  for (int i = 0; i < x; ++i) {
    Guard h{&n};
    n += i;
  }
  return n;
}

int lv_small(int x) {
  int y = x;
  { Guard g{&y}; }
  return y;
}

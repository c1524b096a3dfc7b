// A program whose call structure is known, checked path by path in the
// report's call_tree (Inputs/check_tree.py): one function called from three
// callers with different costs, direct recursion (one node), mutual
// recursion deeper than the depth limit (a [deeper] node), an exception and
// a longjmp crossing paths, two threads (one merged tree), allocations on
// one path. Every call is timed, so the tree is exact: calls per path,
// self + children = total, the flat calls equal the tree's, and every
// percent_total is at most 100 while the recursive function's flat total
// is many times its time on the stack.
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 -g %s -o %t -pthread %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t > %t.out
// (Allocations per path are checked where they are tracked: not under
// ASan, which owns malloc.)
// RUN: %python %S/../report/Inputs/check_schema.py %src/docs/report-schema.json %t.json --require call_tree
// RUN: %python %S/Inputs/check_tree.py %t.json \
// RUN:   'app::from_a();app::leaf(int)=200' 'app::from_b();app::leaf(int)=400' 'app::from_c();app::leaf(int)=600' \
// RUN:   'app::from_a()=100' 'app::from_b()=100' 'app::from_c()=100' \
// RUN:   'app::recurse(int)=4000' '!app::recurse(int);app::recurse(int)' 'app::recurse(int);app::leaf(int)=100' \
// RUN:   'app::ping(int);app::pong(int)=1' '[deeper]=745' \
// RUN:   'app::catcher()=10' 'app::catcher();app::middle()=10' 'app::catcher();app::middle();app::thrower()=10' \
// RUN:   'app::setter()=10' 'app::setter();app::deep1()=10' 'app::setter();app::deep1();app::deep2()=10' \
// RUN:   'app::worker()=2' 'app::worker();app::leaf(int)=2000' \
// RUN:   'app::allocator()=5' %if !sanitizer %{ 'app::allocator()@alloc_bytes=500' 'app::allocator()@allocs=5' %} \
// RUN:   --exact --partial 'app::ping(int)' --partial 'app::pong(int)' --max-percent 100 --recursive 'app::recurse(int)'
//
// The sampled mode is retired: asked for, it says so and the default mode
// runs, whose call tree the tool builds from CPU samples (the runtime's
// report has none): no estimated tree whose times could pass the session.
// RUN: env HOTPATH_TIME_SAMPLING_RATE=0.1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.s.json %t > /dev/null 2> %t.s.err
// RUN: %FileCheck %s --check-prefix=RETIRED < %t.s.err
// RETIRED: hotpath: the sampled mode (HOTPATH_MODE=sampled, or a HOTPATH_TIME_SAMPLING_RATE between 0 and 1) is retired
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['meta']['mode'] == 'default' and 'call_tree' not in r and any('retired' in w for w in r['meta']['warnings']), r['meta']" %t.s.json
// The bound: past HOTPATH_MAX_PATHS, calls fold into their parent's path
// ([paths not kept]), with one warning; the flat sections keep them all.
// RUN: env HOTPATH_MAX_PATHS=6 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.m.json %t 2> %t.m.err > /dev/null
// RUN: %FileCheck %s --check-prefix=FULL < %t.m.err
// FULL: hotpath: more call paths than HOTPATH_MAX_PATHS=6: the calls beyond it are folded into their parent's path (marked [paths not kept] in the call tree)
// FULL-NOT: HOTPATH_MAX_PATHS
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); n=r['call_tree']['nodes']; assert len(n) <= 12 and any(x.get('kind') == 'folded' for x in n) and r['call_tree']['full'], n; assert sum(x['calls'] for x in r['functions_timing']['data'] if x['name'] == 'app::leaf(int)') == 3300" %t.m.json
// Per thread: a subtree each, under a [thread] node; the same figures.
// RUN: env HOTPATH_TREE_PER_THREAD=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.p.json %t > /dev/null
// RUN: %python %S/../report/Inputs/check_schema.py %src/docs/report-schema.json %t.p.json --require call_tree
// RUN: %python %S/Inputs/check_tree.py %t.p.json --exact --partial 'app::ping(int)' --partial 'app::pong(int)' --max-percent 100
// RUN: %python -c "import json,sys; n=json.load(open(sys.argv[1]))['call_tree']['nodes']; th=[i for i,x in enumerate(n) if x.get('kind') == 'thread']; w=[x for x in n if x['name'] == 'app::worker()']; assert len(th) == 3 and all(x['parent'] is None for x in (n[i] for i in th)), th; assert len(w) == 2 and all(x['parent'] in th and x['calls'] == 1 for x in w), w; assert all(x['parent'] is not None for x in n if not x.get('kind'))" %t.p.json
// RUN: env HOTPATH_MAX_PATHS=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.z.json %t > /dev/null
// RUN: %python -c "import json,sys; r=json.load(open(sys.argv[1])); assert 'call_tree' not in r" %t.z.json
//
// RUN: %hotpath report %t.json --tree --depth 2 | %FileCheck %s --check-prefix=TREE
// TREE: call tree - Call paths: {{.*}} Every call timed: exact.
// TREE: Calls Total Self % Total Path
// TREE-DAG: {{^ +}}100 {{.*}}  app::from_c()
// TREE-DAG: {{^ +}}600 {{.*}}    app::leaf(int)
// TREE: paths not shown
// Focus: the paths through recurse only, by --focus or HOTPATH_FOCUS.
// RUN: %hotpath report %t.json --tree --focus recurse | %FileCheck %s --check-prefix=FOCUS
// RUN: env HOTPATH_FOCUS=/^app::rec/ %hotpath report %t.json --tree | %FileCheck %s --check-prefix=FOCUS
// FOCUS: Calls Total Self % Total Path
// FOCUS-NEXT: {{^ +}}4000 {{.*}}  app::recurse(int)
// FOCUS-NEXT: {{^ +}}100 {{.*}}    app::leaf(int)
// FOCUS-NOT: app::from
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <thread>

static volatile unsigned long Sink;
static std::jmp_buf Env;

namespace app {
__attribute__((noinline)) void leaf(int N) {
  for (int I = 0; I < N * 50; ++I)
    Sink += I;
}
__attribute__((noinline)) void from_a() { leaf(1), leaf(1); }
__attribute__((noinline)) void from_b() {
  for (int I = 0; I < 4; ++I)
    leaf(2);
}
// SLOWER_C=1 (views.test): from_c calls leaf twice as often.
static const int CCalls = std::getenv("SLOWER_C") ? 12 : 6;
__attribute__((noinline)) void from_c() {
  for (int I = 0; I < CCalls; ++I)
    leaf(3);
}
__attribute__((noinline)) void recurse(int D) {
  if (D == 0)
    return leaf(1);
  recurse(D - 1);
  Sink += D;
}
__attribute__((noinline)) int pong(int N);
__attribute__((noinline)) int ping(int N) { return N ? pong(N - 1) + 1 : 0; }
__attribute__((noinline)) int pong(int N) { return N ? ping(N - 1) + 1 : 0; }
__attribute__((noinline)) void thrower() { throw std::runtime_error("x"); }
__attribute__((noinline)) void middle() {
  thrower();
  Sink += 1;
}
__attribute__((noinline)) void catcher() {
  try {
    middle();
  } catch (const std::exception &) {
    Sink += 2;
  }
}
__attribute__((noinline)) void deep2() { std::longjmp(Env, 1); }
__attribute__((noinline)) void deep1() {
  deep2();
  Sink += 1;
}
__attribute__((noinline)) void setter() {
  if (setjmp(Env) == 0)
    deep1();
}
__attribute__((noinline)) void worker() {
  for (int I = 0; I < 1000; ++I)
    leaf(1);
}
__attribute__((noinline)) void allocator() {
  char *P = static_cast<char *>(std::malloc(100));
  P[0] = 1;
  Sink += reinterpret_cast<unsigned long>(P) + P[0];
  std::free(P);
}
} // namespace app

int main() {
  for (int I = 0; I < 100; ++I) {
    app::from_a();
    app::from_b();
    app::from_c();
  }
  for (int I = 0; I < 100; ++I)
    app::recurse(39); // 40 calls each, one node
  Sink += app::ping(1000); // 1001 calls: 256 on the path, 745 below
  for (int I = 0; I < 10; ++I) {
    app::catcher();
    app::setter();
  }
  std::thread T1(app::worker), T2(app::worker);
  T1.join();
  T2.join();
  for (int I = 0; I < 5; ++I)
    app::allocator();
  std::printf("done\n");
  return 0;
}

// C++20 coroutines stay correct: the marker is the coroutine (CoroSplit
// splits it into ramp, .resume and .destroy), the wrapper is a plain
// function that measures the ramp. Same output and exits at -O0 and -O2.
// RUN: env HOTPATH_CONFIG=%S/Inputs/coroutine.toml %clangxx -std=c++20 -O0 %s %trace_hooks -o %t.O0
// RUN: env HOTPATH_TRACE_FILE=%t.O0.trace %t.O0 | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t.O0.trace
// RUN: env HOTPATH_CONFIG=%S/Inputs/coroutine.toml %clangxx -std=c++20 -O2 %s %trace_hooks -o %t.O2
// RUN: env HOTPATH_TRACE_FILE=%t.O2.trace %t.O2 | %FileCheck %s --check-prefix=OUT
// RUN: %FileCheck %s < %t.O2.trace
// RUN: llvm-nm %t.O2 | c++filt | %FileCheck %s --check-prefix=NM
// The optimized IR verifies (test/pass/coroutine.cpp checks the rewrite).
// RUN: env HOTPATH_CONFIG=%S/Inputs/coroutine.toml %clangxx -std=c++20 -O2 -S -emit-llvm %s -o %t.post.ll
// RUN: opt -passes=verify -disable-output %t.post.ll

// OUT: 1
// OUT-NEXT: 4
// OUT-NEXT: 9
// OUT-NEXT: 16
// OUT-NEXT: 25
// OUT-NEXT: sum 55
// CHECK-DAG: count count_to(int) enter=1 exit=1
// CHECK-DAG: count Gen::next() enter=6 exit=6
// NM: count_to(int) [clone .hotpath.[[N:[0-9]+]]]
// NM: count_to(int) [clone .hotpath.[[N]]] [clone .resume]
#include <coroutine>
#include <cstdio>
#include <exception>

struct Gen {
  struct promise_type {
    int value = 0;
    Gen get_return_object() { return Gen{std::coroutine_handle<promise_type>::from_promise(*this)}; }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) noexcept { value = v; return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Gen(std::coroutine_handle<promise_type> h) : h(h) {}
  Gen(Gen &&o) noexcept : h(o.h) { o.h = nullptr; }
  ~Gen() { if (h) h.destroy(); }
  bool next() { h.resume(); return !h.done(); }
  int value() const { return h.promise().value; }
};

Gen count_to(int n) {
  for (int i = 1; i <= n; ++i)
    co_yield i * i;
}

int main() {
  long sum = 0;
  Gen g = count_to(5);
  while (g.next()) { std::printf("%d\n", g.value()); sum += g.value(); }
  std::printf("sum %ld\n", sum);
  return sum == 55 ? 0 : 1;
}

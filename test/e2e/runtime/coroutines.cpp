// C++20 coroutines with the real runtime: what is measured is the ramp
// (the call that creates the coroutine and runs it to its first
// suspension: docs/rewrite.md), once per coroutine, whichever thread later
// resumes it; functions that the body calls are measured on the thread
// that runs them. A generator and a task that hops to a new thread at
// every co_await, at -O0 and -O2: exact counts, output unchanged.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -std=c++20 -O2 %s -o %t.plain -lpthread && %t.plain > %t.expected
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -std=c++20 -O0 -g %s -o %t.O0 %rt_shared -lpthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py --only %t.O0.json @%S/Inputs/coroutines.counts
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -std=c++20 -O2 %s -o %t.O2 %rt_shared -lpthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py --only %t.O2.json @%S/Inputs/coroutines.counts
#include <coroutine>
#include <cstdio>
#include <exception>
#include <thread>

namespace app {
struct Gen {
  struct promise_type {
    int value = 0;
    Gen get_return_object() {
      return Gen{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int v) noexcept {
      value = v;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  std::coroutine_handle<promise_type> h;
  explicit Gen(std::coroutine_handle<promise_type> h) : h(h) {}
  Gen(Gen &&o) noexcept : h(o.h) { o.h = nullptr; }
  ~Gen() {
    if (h)
      h.destroy();
  }
};

int square(int i) { return i * i; }

// 1 ramp call per generator; square() runs in the resumes, 10 per generator.
Gen squares(int n) {
  for (int i = 1; i <= n; ++i)
    co_yield square(i);
}

// A task that starts eagerly and finishes on another thread.
struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

// Slots[id][k] runs task id from its k-th co_await on. It is created by
// the thread before it (or main), which main joins first: join orders the
// store before main's read.
std::thread Slots[4][3];

// co_await hop: the rest of the coroutine runs on a new thread.
struct Hop {
  std::thread &slot;
  bool await_ready() noexcept { return false; }
  void await_suspend(std::coroutine_handle<> h) {
    // The new thread may finish the coroutine, and free this Hop with its
    // frame, before the assignment: read the slot first.
    std::thread &s = slot;
    s = std::thread([h] { h.resume(); });
  }
  void await_resume() noexcept {}
};

int Results[4];
int work(int x) { return x * 3 + 1; }

// 1 ramp call per task; work() runs 3 times, each on a different thread.
Task hopper(int id) {
  int acc = id;
  for (int k = 0; k < 3; ++k) {
    co_await Hop{Slots[id][k]};
    acc = work(acc);
  }
  Results[id] = acc;
}
} // namespace app

int main() {
  long sum = 0;
  for (int g = 0; g < 3; ++g) {
    app::Gen gen = app::squares(10);
    while (true) {
      gen.h.resume();
      if (gen.h.done())
        break;
      sum += gen.h.promise().value;
    }
  }
  std::printf("sum %ld\n", sum);
  for (int id = 0; id < 4; ++id)
    app::hopper(id);
  for (int id = 0; id < 4; ++id)
    for (int k = 0; k < 3; ++k)
      app::Slots[id][k].join();
  for (int id = 0; id < 4; ++id)
    std::printf("task %d -> %d\n", id, app::Results[id]);
  return sum == 3 * 385 ? 0 : 1;
}

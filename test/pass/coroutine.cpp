// A C++20 coroutine (a presplit coroutine at the pipeline start): the marker
// takes the body and stays the coroutine; the wrapper is a plain function
// (no coroutine attribute) calling it, and its hooked thunk calling it
// between the hooks. CoroSplit then
// splits the marker. The IR comes from the matching clang, so this runs
// on LLVM 14 ("coroutine.presplit") and 19 (presplitcoroutine) alike.
// RUN: %plainclangxx -std=c++20 -O0 -Xclang -disable-O0-optnone -Xclang -disable-llvm-passes -S -emit-llvm %s -o %t.ll
// RUN: env HOTPATH_CONFIG=%S/Inputs/coroutine.toml %opt -passes=hotpath,verify -S %t.ll -o %t.hp.ll
// RUN: %FileCheck %s < %t.hp.ll
// After the rest of the pipeline the marker is split and everything verifies.
// RUN: opt -passes='default<O0>,verify' -S %t.hp.ll | %FileCheck %s --check-prefix=SPLIT

// CHECK:      define {{.*}} @_Z8count_toi({{.*}}) #[[WRAP:[0-9]+]]
// CHECK-NOT:  coro.begin
// CHECK:        {{call|invoke}} {{.*}} @_Z8count_toi.hotpath.[[N:[0-9]+]](
// CHECK-NOT:  coro.begin
// CHECK:        tail call {{.*}} @_Z8count_toi.hotpath_hooked.[[N]](
// CHECK:      define internal {{.*}} @_Z8count_toi.hotpath.[[N]]({{.*}}) #[[MARK:[0-9]+]]
// CHECK:        call {{.*}}@llvm.coro.begin(
// CHECK:      define internal {{.*}} @_Z8count_toi.hotpath_hooked.[[N]]({{.*}}) #[[WRAP]]
// CHECK-NOT:  coro.begin
// CHECK:        call void @__hotpath_enter(
// CHECK-NEXT:   invoke {{.*}} @_Z8count_toi.hotpath.[[N]](
// CHECK-NOT:  attributes #[[WRAP]] = {{.*}}presplit
// CHECK:      attributes #[[MARK]] = {{.*}}{{presplitcoroutine|"coroutine.presplit"}}
// CHECK-NOT:  attributes #[[WRAP]] = {{.*}}presplit

// SPLIT-DAG: define {{.*}} @_Z8count_toi.hotpath.[[N:[0-9]+]].resume(
// SPLIT-DAG: define {{.*}} @_Z8count_toi.hotpath.[[N]].destroy(
#include <coroutine>
#include <exception>

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
};

Gen count_to(int n) {
  for (int i = 1; i <= n; ++i)
    co_yield i * i;
}

// The names that regexes see, for the functions clang really emits: the
// same on LLVM 14 and 19 (">>", never "> >"), template return types
// dropped, ABI tags, anonymous namespaces, lambdas and operators as
// c++filt shows them.
//
// RUN: for o in -O0 -O2; do \
// RUN:   env HOTPATH_CONFIG=%S/Inputs/config-names.toml HOTPATH_VERBOSE=2 \
// RUN:     %clangxx -std=c++17 $o -c %s -o /dev/null 2>&1 \
// RUN:     | FileCheck %s --implicit-check-not=instrumented || exit 1; \
// RUN: done

// CHECK-DAG: hotpath: instrumented app::(anonymous namespace)::hidden(int) (matches include regex '^app::' in config-names.toml:2)
// CHECK-DAG: hotpath: instrumented app::Box<app::Box<std::vector<int, std::allocator<int>>>>::get() const (matches
// CHECK-DAG: hotpath: skipped app::Box<app::Box<std::vector<int, std::allocator<int>>>>::~Box(): excluded by '^app::Box<app::Box<std::vector<int, std::allocator<int>>>>::~Box\(\)$' (config-names.toml:4)
// CHECK-DAG: hotpath: instrumented app::Box<std::vector<int, std::allocator<int>>>::~Box() (matches
// CHECK-DAG: hotpath: instrumented app::Box<std::vector<int, std::allocator<int>>>::get() const (matches
// CHECK-DAG: hotpath: instrumented app::Box<std::vector<int, std::allocator<int>>>::Box(app::Box<std::vector<int, std::allocator<int>>> const&) (matches
// CHECK-DAG: hotpath: instrumented app::Vec::operator+(app::Vec const&) const (matches
// CHECK-DAG: hotpath: instrumented app::Vec::operator>(app::Vec const&) const (matches
// CHECK-DAG: hotpath: instrumented app::label[abi:cxx11](int) (matches
// CHECK-DAG: hotpath: instrumented app::run(int) (matches
// CHECK-DAG: hotpath: skipped app::run(int)::{lambda #1}(int): excluded by '::\{lambda #[0-9]+\}' (config-names.toml:5)
// CHECK-DAG: hotpath: instrumented app::twice<long>(long) (matches

#include <string>
#include <vector>

namespace app {
template <class T> struct Box {
  T v;
  T get() const { return v; }
};
template <class T> T twice(T x) { return x + x; }
struct Vec {
  int x;
  Vec operator+(const Vec &o) const { return {x + o.x}; }
  bool operator>(const Vec &o) const { return x > o.x; }
};
std::string label(int n) { return std::string(n, 'x'); }
namespace {
int hidden(int x) { return x * 7; }
} // namespace
int run(int n) {
  Box<Box<std::vector<int>>> b{};
  auto lam = [n](int y) { return y * n; };
  Vec a{1}, c{2};
  return (int)b.get().get().size() + twice<long>(n) + lam(3) + (a + c).x +
         (a > c) + (int)label(n).size() + hidden(n);
}
} // namespace app

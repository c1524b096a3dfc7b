// The same functions are measured at every optimisation level: the entry
// counts of a corpus that optimizers love to fold away (single-use static
// functions, templates, virtual calls, lambdas, const/pure functions whose
// results are unused, recursion) are identical at -O0, -O2 and
// -O2 -flto=thin (destructors aside: Inputs/corpus.toml says why).
// RUN: env HOTPATH_CONFIG=%S/Inputs/corpus.toml %clangxx -O0 %s %trace_hooks -o %t.O0
// RUN: env HOTPATH_CONFIG=%S/Inputs/corpus.toml %clangxx -O2 %s %trace_hooks -o %t.O2
// RUN: env HOTPATH_CONFIG=%S/Inputs/corpus.toml %clangxx -O2 -flto=thin -fuse-ld=lld %s %trace_hooks -o %t.thin
// RUN: env HOTPATH_TRACE_FILE=%t.O0.trace %t.O0
// RUN: env HOTPATH_TRACE_FILE=%t.O2.trace %t.O2
// RUN: env HOTPATH_TRACE_FILE=%t.thin.trace %t.thin
// RUN: grep '^count' %t.O0.trace > %t.O0.counts
// RUN: grep '^count' %t.O2.trace > %t.O2.counts
// RUN: grep '^count' %t.thin.trace > %t.thin.counts
// RUN: diff %t.O0.counts %t.O2.counts
// RUN: diff %t.O0.counts %t.thin.counts
// RUN: %FileCheck %s < %t.O2.counts

// CHECK-DAG: count once() enter=1 exit=1
// CHECK-DAG: count add<int>(int, int) enter=10 exit=10
// CHECK-DAG: count add<double>(double, double) enter=10 exit=10
// CHECK-DAG: count Square::area() const enter=10 exit=10
// CHECK-DAG: count Circle::area() const enter=10 exit=10
// CHECK-DAG: count main::{lambda #1}(int) enter=20 exit=20
// CHECK-DAG: count cube(int) enter=20 exit=20
// CHECK-DAG: count peek(int const*) enter=20 exit=20
// CHECK-DAG: count fib(int) enter=177 exit=177
// CHECK-DAG: count total(Shape const&) enter=20 exit=20
#include <cstdio>

static int once() { return 7; }

template <typename T> T add(T a, T b) { return a + b; }

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
};
struct Square : Shape {
  double s;
  explicit Square(double s) : s(s) {}
  double area() const override { return s * s; }
};
struct Circle : Shape {
  double r;
  explicit Circle(double r) : r(r) {}
  double area() const override { return 3 * r * r; }
};

double total(const Shape &sh) { return sh.area(); }

__attribute__((const)) int cube(int x) { return x * x * x; }
__attribute__((pure)) int peek(const int *p) { return *p; }

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  int acc = once();
  double d = 0;
  Square sq(2);
  Circle ci(1);
  auto twice = [](int v) { return 2 * v; };
  for (int i = 0; i < 10; ++i) {
    acc = add(acc, i);
    d = add(d, 0.5);
    d += total(sq) + total(ci);
    acc += twice(i) + twice(1);
    cube(i); // result unused: still measured
    cube(i);
    peek(&acc);
    peek(&acc);
  }
  acc += fib(10);
  std::printf("%d %g\n", acc, d);
  return 0;
}

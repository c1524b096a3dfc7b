// Deterministic workload for the Callgrind attribution tests: a leaf (no
// measured callees), a caller of it, a recursive function, and with
// argument "threads" the same work on two more threads.
#include <cstdio>
#include <cstring>
#include <thread>

// -DINLINE_LEAF: leaf may be inlined (when measured, its wrapper is: the
// fast-path gate then runs inside work).
#ifdef INLINE_LEAF
#define LEAF_ATTR
#else
#define LEAF_ATTR __attribute__((noinline))
#endif

namespace demo {
LEAF_ATTR int leaf(int X) {
  int S = 0;
  for (int I = 0; I < X; ++I)
    S += I * X;
  return S;
}
__attribute__((noinline)) int work(int N) {
  int S = 0;
  for (int I = 0; I < N; ++I)
    S += leaf(I);
  return S;
}
int fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }
} // namespace demo

#ifdef OTHER
volatile int OtherBuild = 1; // a different binary (merged-mode tests)
#endif

int main(int Argc, char **Argv) {
  int S = demo::work(30) + demo::fib(15);
  if (Argc > 1 && !std::strcmp(Argv[1], "threads")) {
    int A = 0, B = 0;
    std::thread T1([&] { A = demo::work(20); });
    T1.join(); // one after the other: Valgrind's scheduling stays the same
    std::thread T2([&] { B = demo::fib(10); });
    T2.join();
    S += A + B;
  }
  std::printf("%d\n", S);
  return 0;
}

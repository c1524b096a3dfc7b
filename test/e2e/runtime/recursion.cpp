// Recursion: direct, mutual and deep recursion keep exact call counts at
// -O0 and -O2, with the shared and the static runtime, and the program's
// output is unchanged.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %s -o %t.plain && %t.plain > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.json app::fib=177 app::is_even=501 app::is_odd=501 app::depth=20001
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.json app::fib=177 app::is_even=501 app::is_odd=501 app::depth=20001
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.static %rt_static
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.static.json %t.static > %t.static.out
// RUN: diff %t.expected %t.static.out
// RUN: %python %S/Inputs/check_counts.py %t.static.json app::fib=177 app::is_even=501 app::is_odd=501 app::depth=20001
#include <cstdio>
#include <cstdlib>

namespace app {
int fib(int N) { return N < 2 ? N : fib(N - 1) + fib(N - 2); }

bool is_even(unsigned N);
bool is_odd(unsigned N) { return N == 0 ? false : is_even(N - 1); }
bool is_even(unsigned N) { return N == 0 ? true : is_odd(N - 1); }

// Deep enough to stress the runtime's per-thread stack of open calls.
unsigned long depth(unsigned N) { return N == 0 ? 0 : 1 + depth(N - 1); }
} // namespace app

int main(int argc, char **argv) {
  // Inputs from the command line so that nothing folds to a constant.
  int N = argc > 1 ? std::atoi(argv[1]) : 10;
  std::printf("fib(%d) = %d\n", N, app::fib(N));
  std::printf("is_even(1001) = %d\n", app::is_even(1000 + N / 10));
  std::printf("depth(20000) = %lu\n", app::depth(20000 * (N / 10)));
  return 0;
}

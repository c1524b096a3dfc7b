// longjmp across measured frames: the frames it abandons are closed once
// by the runtime, the counts stay exact, and the per-thread stack recovers
// (calls after the jump are counted and nested normally). Both with the
// setjmp in a measured function (which the pass hooks in place:
// returns_twice) and in an unmeasured one.
//
// RUN: rm -f %t*.json
// RUN: %plainclangxx -O2 %s -o %t.plain && %t.plain > %t.expected
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O0 -g %s -o %t.O0 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O0.json %t.O0 > %t.O0.out
// RUN: diff %t.expected %t.O0.out
// RUN: %python %S/Inputs/check_counts.py %t.O0.json app::attempt=100 app::dive=800 app::after=150 app::leaf=450
//
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clangxx -O2 %s -o %t.O2 %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.O2.json %t.O2 > %t.O2.out
// RUN: diff %t.expected %t.O2.out
// RUN: %python %S/Inputs/check_counts.py %t.O2.json app::attempt=100 app::dive=800 app::after=150 app::leaf=450
#include <csetjmp>
#include <cstdio>

static std::jmp_buf Env;
static volatile int Sink;

namespace app {
// Jumps out from the bottom of N + 1 measured frames.
void dive(int N) {
  if (N == 0)
    std::longjmp(Env, 1);
  dive(N - 1);
  Sink = Sink + 1; // not a tail call
}

// Measured, and the target of the jump.
int attempt(int N) {
  if (setjmp(Env) == 0) {
    dive(N);
    return 0;
  }
  return 1;
}

void leaf() { Sink = Sink + 1; }
int after() {
  for (int I = 0; I < 3; ++I)
    leaf();
  return 1;
}
} // namespace app

// Not measured: the jump leaves only measured frames below it.
static int unmeasuredAttempt(int N) {
  if (setjmp(Env) == 0) {
    app::dive(N);
    return 0;
  }
  return 1;
}

int main() {
  int Jumps = 0, After = 0;
  for (int I = 0; I < 100; ++I) {
    Jumps += app::attempt(5); // dive: 6 frames
    After += app::after();
  }
  for (int I = 0; I < 50; ++I) {
    Jumps += unmeasuredAttempt(3); // dive: 4 frames
    After += app::after();
  }
  std::printf("jumps %d, after %d\n", Jumps, After);
  return 0;
}

/* The cost of counting is not the program's work. In a count-only run
 * (no hook is called: every call is counted by the wrapper's inline gate),
 * the CPU samples that land in the gate's instructions are named hotpath's
 * by the debug info (an inlined frame `__hotpath_gate`) and counted as the
 * cost of measuring, not as the function's. `helper` (measured, a few
 * instructions) is called 200 million times by `counted`; `inlined_same`
 * does the same work with an unmeasured copy, `mix`, inlined into it:
 * `mix` shows in the tree as a sampled frame marked inlined.
 *
 * REQUIRES: perf-events
 * RUN: env HOTPATH_CONFIG=%S/Inputs/gate.toml %clang -O2 -g -fno-omit-frame-pointer %s -o %t %rt_shared
 * RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0 HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_PATH=%t.json %t | %FileCheck %s
 * RUN: %python %S/Inputs/check_gate.py %hotpath %t.json
 * CHECK: done
 */
#include <stdio.h>
#include <stdlib.h>

static inline unsigned long mix(unsigned long X) {
  X ^= X >> 13;
  X *= 0x9E3779B97F4A7C15ul;
  return X ^ (X >> 29);
}

unsigned long helper(unsigned long X) { return mix(X); }

unsigned long counted(long N) {
  unsigned long A = 1;
  for (long I = 0; I < N; ++I)
    A = helper(A + (unsigned long)I);
  return A;
}

unsigned long inlined_same(long N) {
  unsigned long A = 1;
  for (long I = 0; I < N; ++I)
    A = mix(A + (unsigned long)I);
  return A;
}

int main(int argc, char **argv) {
  long N = argc > 1 ? atol(argv[1]) : 200000000;
  unsigned long R = 0;
  for (int K = 0; K < 4; ++K)
    R += counted(N / 4) + inlined_same(N / 4);
  printf("done %lu\n", R);
  return 0;
}

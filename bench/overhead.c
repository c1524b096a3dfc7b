// Per-call overhead: a tight loop over bench_tiny (tiny.c), built once per
// peer. Prints the wall time per call of the timed loop and the exact
// number of calls made, which bench.py checks against hotpath's report.
//
//   overhead [CALLS]      (default 20,000,000)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int bench_tiny(int X);
// Present only when the hotpath runtime is linked: the session then covers
// the whole run instead of beginning lazily inside the first call.
void hotpath_session_begin(void) __attribute__((weak));

static uint64_t nowNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (uint64_t)T.tv_sec * 1000000000u + (uint64_t)T.tv_nsec;
}

int main(int Argc, char **Argv) {
  uint64_t N = Argc > 1 ? strtoull(Argv[1], 0, 10) : 20000000u;
  const uint64_t Warm = 10000;
  if (hotpath_session_begin)
    hotpath_session_begin();
  int Acc = 1;
  for (uint64_t I = 0; I < Warm; ++I)
    Acc = bench_tiny(Acc);
  uint64_t T0 = nowNs();
  for (uint64_t I = 0; I < N; ++I)
    Acc = bench_tiny(Acc); // a dependency chain: calls cannot overlap
  uint64_t T1 = nowNs();
  printf("ns_per_call %.4f\ncalls %llu\nacc %d\n", (double)(T1 - T0) / N,
         (unsigned long long)(N + Warm), Acc);
  return 0;
}

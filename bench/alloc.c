// Allocation tracking: ns per malloc/free pair (32 bytes), in one measured
// call (alloc_loop.c). Built without the runtime, and with it (run with
// HOTPATH_ALLOC=0 and with tracking on).
//
//   alloc [PAIRS]      (default 5,000,000)
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void bench_alloc_pairs(long N, size_t Size);
void hotpath_session_begin(void) __attribute__((weak));

static uint64_t nowNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return (uint64_t)T.tv_sec * 1000000000u + (uint64_t)T.tv_nsec;
}

int main(int Argc, char **Argv) {
  long N = Argc > 1 ? atol(Argv[1]) : 5000000;
  if (hotpath_session_begin)
    hotpath_session_begin();
  bench_alloc_pairs(10000, 32); // warm the allocator's caches
  uint64_t T0 = nowNs();
  bench_alloc_pairs(N, 32);
  uint64_t T1 = nowNs();
  printf("ns_per_pair %.4f\npairs %ld\n", (double)(T1 - T0) / N, N);
  return 0;
}

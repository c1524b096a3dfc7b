// The allocation benchmark's measured function: N malloc/free pairs of
// Size bytes, inside one measured call, so that the tracker
// attributes every one of them to it.
#include <stdlib.h>

void *volatile bench_alloc_sink;

void bench_alloc_pairs(long N, size_t Size) {
  for (long I = 0; I < N; ++I) {
    void *P = malloc(Size);
    bench_alloc_sink = P; // the pair cannot be optimised away
    free(P);
  }
}

// Benchmarks that `hotpath bench` must not take at face value: one fixes
// its own iteration count, one runs for a minimum time (so not the same
// work natively and under Callgrind).
#include <benchmark/benchmark.h>

namespace odd {
__attribute__((noinline)) int step(int X) { return X * 3 + 1; }
} // namespace odd

static void BM_Fixed(benchmark::State &S) {
  int X = 1;
  for (auto _ : S)
    benchmark::DoNotOptimize(X = odd::step(X));
}
BENCHMARK(BM_Fixed)->Iterations(3);

static void BM_Timed(benchmark::State &S) {
  int X = 1;
  for (auto _ : S)
    benchmark::DoNotOptimize(X = odd::step(X));
}
BENCHMARK(BM_Timed)->MinTime(0.05);

BENCHMARK_MAIN();

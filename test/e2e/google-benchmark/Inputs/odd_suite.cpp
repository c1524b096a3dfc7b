// Benchmarks that `hotpath bench` must not take at face value: one fixes
// its own iteration count, one runs for a minimum time (so not the same
// work natively and under Callgrind). And a main that does what
// BENCHMARK_MAIN does since Google Benchmark 1.9.2: re-execute itself
// without address-space randomisation, which would leave Callgrind behind
// unless the suite already runs without it.
#include <benchmark/benchmark.h>

#include <sys/personality.h>
#include <unistd.h>

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

int main(int argc, char **argv) {
  int P = personality(0xffffffff);
  if (P != -1 && !(P & ADDR_NO_RANDOMIZE) &&
      personality((unsigned)P | ADDR_NO_RANDOMIZE) != -1)
    execv(argv[0], argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

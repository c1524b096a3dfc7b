// The causes test's suite: one leaf called by three measured callers.
// -DSLOW_LEAF makes the leaf do twice the rounds (every caller's cost goes
// up with it); -DSLOW_SCAN gives scan() own work of its own besides.
#include <benchmark/benchmark.h>

#include <vector>

namespace work {
volatile unsigned Rounds = 8; // read at run time: the leaf keeps its loop

unsigned leaf(unsigned X) {
  unsigned N = Rounds;
#ifdef SLOW_LEAF
  N *= 2;
#endif
  for (unsigned I = 0; I < N; ++I)
    X = (X ^ I) * 16777619u;
  return X;
}

unsigned parse(const std::vector<unsigned> &V) {
  unsigned S = 0;
  for (unsigned X : V)
    S += leaf(X) >> 3;
  return S;
}

unsigned scan(const std::vector<unsigned> &V) {
  unsigned S = 1;
  for (unsigned X : V) {
    S ^= leaf(X + S);
#ifdef SLOW_SCAN
    for (unsigned I = 0; I < Rounds; ++I) // scan's own work, not the leaf's
      S = S * 31 + I;
#endif
  }
  return S;
}

unsigned sum(const std::vector<unsigned> &V) {
  unsigned S = 0;
  for (size_t I = 0; I < V.size(); I += 2)
    S += leaf(V[I]);
  return S;
}
} // namespace work

static std::vector<unsigned> input() {
  std::vector<unsigned> V(256);
  for (unsigned I = 0; I < V.size(); ++I)
    V[I] = I * 2654435761u;
  return V;
}

static void BM_All(benchmark::State &State) {
  std::vector<unsigned> V = input();
  for (auto _ : State)
    benchmark::DoNotOptimize(work::parse(V) + work::scan(V) + work::sum(V));
}
BENCHMARK(BM_All);

static void BM_Parse(benchmark::State &State) {
  std::vector<unsigned> V = input();
  for (auto _ : State)
    benchmark::DoNotOptimize(work::parse(V));
}
BENCHMARK(BM_Parse);

BENCHMARK_MAIN();

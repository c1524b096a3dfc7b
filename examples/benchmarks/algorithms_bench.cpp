// A Google Benchmark suite of a few algorithms whose cost has a known
// shape, used by `hotpath bench` (docs/benchmarks.md):
//  - BM_Checksum/N: a hash over N words, one multiply-add per word: its
//    instruction count doubles when N does;
//  - BM_Encode: allocates exactly one 4096-byte buffer per iteration (and
//    per thread in BM_Encode/threads:2);
//  - BM_Chase/sequential and BM_Chase/shuffled: the same pointer chase over
//    8 MiB, in order and in a random order: equal instruction counts, very
//    different cache behaviour (`hotpath bench --cache-sim`);
//  - every benchmark builds its input with algo::makeInput, in its setup
//    or (BM_EncodeFresh) while the timer is paused; it is measured too, and
//    must not appear in a benchmark's report.
// Build with -DALGO_SLOW_CHECKSUM to get a slower checksum (two passes), the
// regression that `hotpath diff` is shown to catch.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace algo {

// Deterministic input: the same words in every run.
__attribute__((noinline)) std::vector<uint32_t> makeInput(size_t N) {
  std::vector<uint32_t> V(N);
  uint64_t X = 0x9E3779B97F4A7C15ull;
  for (uint32_t &W : V) {
    X ^= X << 13, X ^= X >> 7, X ^= X << 17;
    W = uint32_t(X);
  }
  return V;
}

// A serial dependency on H: neither vectorised nor computed in closed form.
__attribute__((noinline)) uint64_t checksum(const std::vector<uint32_t> &V) {
  uint64_t H = 1469598103934665603ull;
  for (uint32_t W : V)
    H = (H ^ W) * 1099511628211ull;
#ifdef ALGO_SLOW_CHECKSUM
  for (uint32_t W : V)
    H = (H + W) * 1099511628211ull;
#endif
  return H;
}

struct Block {
  std::unique_ptr<uint8_t[]> Data;
  size_t Size;
};

// One allocation of exactly BlockBytes per call.
constexpr size_t BlockBytes = 4096;
__attribute__((noinline)) Block encode(const std::vector<uint32_t> &V) {
  Block B{std::unique_ptr<uint8_t[]>(new uint8_t[BlockBytes]), BlockBytes};
  for (size_t I = 0; I < BlockBytes; ++I)
    B.Data[I] = uint8_t(V[I % V.size()] >> (I % 4 * 8));
  return B;
}

// Next[i] is the slot visited after i: one cycle through every slot.
std::vector<uint32_t> chain(size_t N, bool Shuffled) {
  std::vector<uint32_t> Order(N);
  for (size_t I = 0; I < N; ++I)
    Order[I] = uint32_t(I);
  if (Shuffled) {
    std::vector<uint32_t> R = makeInput(N);
    for (size_t I = N - 1; I > 0; --I)
      std::swap(Order[I], Order[R[I] % (I + 1)]);
  }
  std::vector<uint32_t> Next(N);
  for (size_t I = 0; I < N; ++I)
    Next[Order[I]] = Order[(I + 1) % N];
  return Next;
}

__attribute__((noinline)) uint32_t chase(const std::vector<uint32_t> &Next,
                                         size_t Steps) {
  uint32_t P = 0;
  for (size_t I = 0; I < Steps; ++I)
    P = Next[P];
  return P;
}

} // namespace algo

static void BM_Checksum(benchmark::State &State) {
  std::vector<uint32_t> Input = algo::makeInput(size_t(State.range(0)));
  for (auto _ : State)
    benchmark::DoNotOptimize(algo::checksum(Input));
  State.SetItemsProcessed(State.iterations() * State.range(0));
}
BENCHMARK(BM_Checksum)->Arg(1024)->Arg(2048);

static void BM_Encode(benchmark::State &State) {
  std::vector<uint32_t> Input = algo::makeInput(256);
  for (auto _ : State) {
    algo::Block B = algo::encode(Input);
    benchmark::DoNotOptimize(B.Data.get());
  }
}
BENCHMARK(BM_Encode);
BENCHMARK(BM_Encode)->Threads(2); // a loop on each of two threads

// A fresh input per iteration, made while the timer is paused: left out
// like the setup.
static void BM_EncodeFresh(benchmark::State &State) {
  for (auto _ : State) {
    State.PauseTiming();
    std::vector<uint32_t> Input = algo::makeInput(256);
    State.ResumeTiming();
    algo::Block B = algo::encode(Input);
    benchmark::DoNotOptimize(B.Data.get());
  }
}
BENCHMARK(BM_EncodeFresh);

static void BM_Chase(benchmark::State &State, bool Shuffled) {
  std::vector<uint32_t> Next = algo::chain(size_t(2) << 20, Shuffled);
  for (auto _ : State)
    benchmark::DoNotOptimize(algo::chase(Next, 100000));
}
BENCHMARK_CAPTURE(BM_Chase, sequential, false);
BENCHMARK_CAPTURE(BM_Chase, shuffled, true);

BENCHMARK_MAIN();

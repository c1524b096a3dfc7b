// A cache_sequential vs cache_random pair: the same loop over the
// same data, in order or in a shuffled order. Both execute the same number
// of instructions (equal Ir); the shuffled one misses the caches on almost
// every access. `hotpath run --cache-sim` shows it in functions_cache.
//
//   cache [N]   N elements of 16 bytes (default 1M = 16 MiB, above the
//               pinned 8 MiB LL cache of `hotpath run --cache-sim`)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Item {
  int64_t Value, Pad;
};

// Identical bodies: only the order in Idx differs. C names keep the
// report's rows short.
extern "C" __attribute__((noinline)) int64_t
cache_sequential(const Item *D, const uint32_t *Idx, size_t N) {
  int64_t S = 0;
  for (size_t I = 0; I < N; ++I)
    S += D[Idx[I]].Value;
  return S;
}

extern "C" __attribute__((noinline)) int64_t cache_random(const Item *D,
                                                          const uint32_t *Idx,
                                                          size_t N) {
  int64_t S = 0;
  for (size_t I = 0; I < N; ++I)
    S += D[Idx[I]].Value;
  return S;
}

int main(int Argc, char **Argv) {
  size_t N = Argc > 1 ? std::strtoul(Argv[1], nullptr, 10) : 1u << 20;
  if (N < 2)
    N = 2;
  std::vector<Item> Data(N);
  std::vector<uint32_t> Seq(N), Rnd(N);
  for (size_t I = 0; I < N; ++I) {
    Data[I].Value = int64_t(I % 1000);
    Seq[I] = Rnd[I] = uint32_t(I);
  }
  uint64_t X = 88172645463325252ull; // fixed seed: the same run every time
  for (size_t I = N - 1; I > 0; --I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
    std::swap(Rnd[I], Rnd[X % (I + 1)]);
  }
  int64_t A = cache_sequential(Data.data(), Seq.data(), N);
  int64_t B = cache_random(Data.data(), Rnd.data(), N);
  std::printf("sequential %lld random %lld\n", (long long)A, (long long)B);
  return A == B ? 0 : 1;
}

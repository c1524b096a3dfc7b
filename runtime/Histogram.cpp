//===- Histogram.cpp - Sparse log-linear histogram ------------------------===//
//
// Bucket layout: values below 128 have a bucket each (exact). A value
// v >= 128 with highest set bit e (7 <= e <= 63) falls into one of 128
// equal sub-buckets of [2^e, 2^(e+1)), each 2^(e-7) wide, i.e. at most
// 1/128 of its lower bound. The representative value is the bucket's
// midpoint, so it is within 1/256 (0.4%) of any value in the bucket.
//
//===----------------------------------------------------------------------===//
#include "Histogram.h"

#include <algorithm>
#include <cmath>

namespace hotpath::rt {

namespace {
constexpr unsigned SubBits = 7; // 128 sub-buckets per power of two
constexpr uint64_t Linear = 1u << SubBits;

unsigned highBit(uint64_t V) { return 63 - __builtin_clzll(V); }
} // namespace

uint32_t Histogram::bucketOf(uint64_t Value) {
  if (Value < Linear)
    return static_cast<uint32_t>(Value);
  unsigned E = highBit(Value);
  unsigned Shift = E - SubBits;
  uint64_t Sub = (Value >> Shift) & (Linear - 1);
  return static_cast<uint32_t>(Linear + Shift * Linear + Sub);
}

uint64_t Histogram::valueOf(uint32_t Bucket) {
  if (Bucket < Linear)
    return Bucket;
  unsigned Shift = (Bucket - Linear) / Linear;
  uint64_t Sub = (Bucket - Linear) % Linear;
  uint64_t Lower = (Linear + Sub) << Shift;
  uint64_t Width = uint64_t(1) << Shift;
  return Lower + (Width - 1) / 2;
}

void Histogram::record(uint64_t Value, uint64_t Count) {
  if (Count == 0)
    return;
  Total += Count;
  Min = std::min(Min, Value);
  Max = std::max(Max, Value);
  uint32_t B = bucketOf(Value);
  // Most functions hit a handful of buckets; the last one is the likeliest.
  if (!Buckets.empty() && Buckets.back().first == B) {
    Buckets.back().second += Count;
    return;
  }
  auto It = std::lower_bound(Buckets.begin(), Buckets.end(), B,
                             [](const std::pair<uint32_t, uint64_t> &E,
                                uint32_t K) { return E.first < K; });
  if (It != Buckets.end() && It->first == B)
    It->second += Count;
  else
    Buckets.insert(It, {B, Count});
}

void Histogram::merge(const Histogram &Other) {
  if (Other.Total == 0)
    return;
  std::vector<std::pair<uint32_t, uint64_t>> Out;
  Out.reserve(Buckets.size() + Other.Buckets.size());
  auto A = Buckets.begin(), AE = Buckets.end();
  auto B = Other.Buckets.begin(), BE = Other.Buckets.end();
  while (A != AE || B != BE) {
    if (B == BE || (A != AE && A->first < B->first))
      Out.push_back(*A++);
    else if (A == AE || B->first < A->first)
      Out.push_back(*B++);
    else {
      Out.push_back({A->first, A->second + B->second});
      ++A;
      ++B;
    }
  }
  Buckets.swap(Out);
  Total += Other.Total;
  Min = std::min(Min, Other.Min);
  Max = std::max(Max, Other.Max);
}

// Nearest-rank definition: the smallest recorded value such that at least
// P% of all values are <= it, i.e. the value of rank ceil(P/100 * N)
// (rank 1 for P = 0). Read from the bucket holding that rank and clamped to
// the exact [min, max], so p0 and p100 are exact.
uint64_t Histogram::percentile(double P) const {
  if (Total == 0)
    return 0;
  if (!(P > 0))
    return Min;
  if (P >= 100)
    return Max;
  // The relative epsilon keeps 95% of 100 at rank 95 although 95/100 is
  // not exact in binary.
  long double Exact = (long double)P / 100.0L * (long double)Total;
  uint64_t Rank = static_cast<uint64_t>(std::ceil(Exact * (1 - 1e-12L)));
  Rank = std::clamp<uint64_t>(Rank, 1, Total);
  uint64_t Seen = 0;
  for (const auto &[Bucket, Count] : Buckets) {
    Seen += Count;
    if (Seen >= Rank)
      return std::clamp(valueOf(Bucket), Min, Max);
  }
  return Max;
}

} // namespace hotpath::rt

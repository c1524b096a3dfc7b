//===- Histogram.cpp - Two-level log-linear histogram ---------------------===//
//
// Bucket layout: values below 128 have a bucket each (exact). A value
// v >= 128 with highest set bit e (7 <= e <= 63) falls into one of 128
// equal sub-buckets of [2^e, 2^(e+1)), each 2^(e-7) wide, i.e. at most
// 1/128 of its lower bound. The representative value is the bucket's
// midpoint, so it is within 1/256 (0.4%) of any value in the bucket.
// Bucket b belongs to range b / 128 (range 0 is [0, 128), range r >= 1 is
// [2^(r+6), 2^(r+7))) and is counter b % 128 of that range's block.
//
//===----------------------------------------------------------------------===//
#include "base/Histogram.h"

#include <algorithm>
#include <cmath>

namespace hotpath::rt {

uint64_t Histogram::valueOf(uint32_t Bucket) {
  if (Bucket < Sub)
    return Bucket;
  unsigned Shift = (Bucket - Sub) / Sub;
  uint64_t S = (Bucket - Sub) % Sub;
  uint64_t Lower = (Sub + S) << Shift;
  uint64_t Width = uint64_t(1) << Shift;
  return Lower + (Width - 1) / 2;
}

uint32_t Histogram::addBlock(uint32_t Range) {
  Counts.resize(Counts.size() + Sub, 0);
  uint32_t S = static_cast<uint32_t>(Counts.size() / Sub);
  Slot[Range] = static_cast<uint8_t>(S);
  return S;
}

Histogram::Window Histogram::window(uint64_t V) {
  uint32_t R = bucketOf(V) >> SubBits;
  // Range R >= 1 is [128 << (R-1), 256 << (R-1)): V >> (R-1) is in
  // [128, 256), counter (V >> (R-1)) - 128 of its block.
  unsigned Shift = R ? R - 1 : 0;
  uint64_t RLo = R ? uint64_t(Sub) << Shift : 0;
  uint64_t RHi = RLo + (uint64_t(Sub) << Shift) - 1;
  uint64_t Lo = RLo > Min ? RLo : Min, Hi = RHi < Max ? RHi : Max;
  // Offset in integers: the base itself may lie before the block.
  uintptr_t Block = uintptr_t(&Counts[(Slot[R] - 1) * Sub]);
  uint64_t *Base =
      reinterpret_cast<uint64_t *>(Block - (R ? Sub : 0) * sizeof(uint64_t));
  return {0 - Lo, Hi - Lo + 1, Base, Shift, R};
}

uint64_t Histogram::count() const {
  uint64_t N = 0;
  for (uint64_t C : Counts)
    N += C;
  return N;
}

size_t Histogram::bucketCount() const {
  size_t N = 0;
  for (uint64_t C : Counts)
    N += C != 0;
  return N;
}

void Histogram::merge(const Histogram &Other) {
  if (Other.Min > Other.Max)
    return;
  for (uint32_t R = 0; R < Ranges; ++R) {
    uint32_t O = Other.Slot[R];
    if (!O)
      continue;
    uint32_t S = Slot[R] ? Slot[R] : addBlock(R);
    const uint64_t *From = &Other.Counts[(O - 1) * Sub];
    uint64_t *To = &Counts[(S - 1) * Sub];
    for (uint32_t I = 0; I < Sub; ++I)
      To[I] += From[I];
  }
  Min = std::min(Min, Other.Min);
  Max = std::max(Max, Other.Max);
}

// Nearest-rank definition: the smallest recorded value such that at least
// P% of all values are <= it, i.e. the value of rank ceil(P/100 * N)
// (rank 1 for P = 0). Read from the bucket holding that rank and clamped to
// the exact [min, max], so p0 and p100 are exact.
uint64_t Histogram::percentile(double P) const {
  uint64_t Total = count();
  if (Total == 0)
    return 0;
  if (!(P > 0))
    return scaled(Min);
  if (P >= 100)
    return scaled(Max);
  // The relative epsilon keeps 95% of 100 at rank 95 although 95/100 is
  // not exact in binary.
  long double Exact = (long double)P / 100.0L * (long double)Total;
  uint64_t Rank = static_cast<uint64_t>(std::ceil(Exact * (1 - 1e-12L)));
  Rank = std::clamp<uint64_t>(Rank, 1, Total);
  uint64_t Seen = 0, At = Max;
  forEachBucket([&](uint64_t Value, uint64_t Count) {
    Seen += Count;
    if (Seen < Rank)
      return true;
    At = Value;
    return false;
  });
  return scaled(At);
}

uint64_t Histogram::countAtMost(uint64_t V) const {
  uint64_t N = 0;
  forEachBucket([&](uint64_t Value, uint64_t Count) {
    if (scaled(Value) > V)
      return false; // buckets ascend
    N += Count;
    return true;
  });
  return N;
}

} // namespace hotpath::rt

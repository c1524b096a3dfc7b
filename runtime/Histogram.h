//===- Histogram.h - Two-level log-linear histogram, <=1% error -*- C++ -*-===//
//
// Durations (ns) and byte counts per call go into buckets whose width is at
// most 1/128 of their lower bound, so any percentile read back is within 1%
// of the exact value. Storage is two-level: a 58-byte dense index of the
// power-of-two ranges (one per magnitude), and a block of 128 counters for
// each range ever hit, allocated on first hit. Memory grows only with the
// number of distinct magnitudes (1 KiB each), so thousands of functions stay
// cheap, and recording is O(1) without searching (~15 instructions). Lives in
// the aggregator (drain thread), never on the hot path.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_HISTOGRAM_H
#define HOTPATH_RUNTIME_HISTOGRAM_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace hotpath::rt {

class Histogram {
public:
  static constexpr unsigned SubBits = 7; // 128 sub-buckets per power of two
  static constexpr unsigned Sub = 1u << SubBits;
  static constexpr unsigned Ranges = 58; // [0,128) then 2^7 .. 2^63

  void record(uint64_t Value, uint64_t Count = 1) {
    if (Count == 0)
      return;
    Total += Count;
    Min = Value < Min ? Value : Min;
    Max = Value > Max ? Value : Max;
    uint32_t B = bucketOf(Value);
    uint32_t R = B >> SubBits;
    uint32_t S = Slot[R];
    if (__builtin_expect(S == 0, 0))
      S = addBlock(R);
    Counts[(S - 1) * Sub + (B & (Sub - 1))] += Count;
  }
  void merge(const Histogram &Other);
  uint64_t count() const { return Total; }
  /// Value at percentile P in [0, 100]; 0 when empty. Within 1% of exact.
  uint64_t percentile(double P) const;
  /// Bucket index of a value (branch-free) and the representative value of
  /// a bucket. Values below 128 are exact; a value with highest set bit
  /// E >= 7 lands in bucket (V >> (E-7)) + (E-7) * 128.
  static uint32_t bucketOf(uint64_t Value) {
    unsigned Shift = (63 - __builtin_clzll(Value | Sub)) - SubBits;
    return static_cast<uint32_t>((Value >> Shift) + (uint64_t(Shift) << SubBits));
  }
  static uint64_t valueOf(uint32_t Bucket);
  /// Exact smallest and largest recorded values (0 when empty).
  uint64_t min() const { return Total ? Min : 0; }
  uint64_t max() const { return Max; }
  /// Number of distinct buckets in use.
  size_t bucketCount() const;
  /// Number of 128-counter blocks allocated (memory is proportional to it).
  size_t blockCount() const { return Counts.size() / Sub; }

private:
  uint32_t addBlock(uint32_t Range);

  uint8_t Slot[Ranges] = {};    // per range: 1 + its block, 0 = none yet
  std::vector<uint64_t> Counts; // blocks of Sub counters, in order of first hit
  uint64_t Total = 0;
  uint64_t Min = UINT64_MAX, Max = 0;
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_HISTOGRAM_H

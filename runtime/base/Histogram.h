//===- Histogram.h - Two-level log-linear histogram, <=1% error -*- C++ -*-===//
//
// Values per call (ticks, bytes) go into buckets whose width is at most
// 1/128 of their lower bound, so any percentile read back is within 1% of
// the exact value. Storage is two-level: a 58-byte dense index of the
// power-of-two ranges (one per magnitude), and a block of 128 counters for
// each range ever hit, allocated on first hit. Memory grows only with the
// number of distinct magnitudes (1 KiB each), so thousands of functions stay
// cheap, and recording is O(1) without searching. The count is the sum of
// the counters (computed when read), so that the drain's run loop can count
// a value with one increment (window()). Values may be kept in one unit
// (ticks) and read in another (ns): setScale(). Lives in the aggregator
// (drain thread), never on the hot path.
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
    Min = Value < Min ? Value : Min;
    Max = Value > Max ? Value : Max;
    uint32_t B = bucketOf(Value);
    uint32_t R = B >> SubBits;
    uint32_t S = Slot[R];
    if (__builtin_expect(S == 0, 0))
      S = addBlock(R);
    Counts[(S - 1) * Sub + (B & (Sub - 1))] += Count;
  }

  /// Where values can be counted without record(): a value V with
  /// V - Lo < Span (unsigned) is counted by ++Base[V >> Shift]. The window
  /// is the part of V's power-of-two range inside [min, max], so the values
  /// in it change neither. Valid for a V just recorded, until the next
  /// record() of a value outside it (which may add a block); moving the
  /// histogram keeps it valid. The default window is empty.
  struct Window {
    uint64_t NegLo = 0, Span = 0; // -Lo, Hi - Lo + 1
    uint64_t *Base = nullptr;
    unsigned Shift = 0;
    unsigned Range = ~0u; // of the values in it
  };
  Window window(uint64_t V);

  void merge(const Histogram &Other);
  uint64_t count() const;
  /// Value at percentile P in [0, 100]; 0 when empty. Within 1% of exact.
  uint64_t percentile(double P) const;
  /// How many recorded values are at most V (in the read-back unit, as
  /// percentile()): a bucket counts when its representative value, clamped
  /// to [min, max], is; so within 1% of V, as the percentiles.
  uint64_t countAtMost(uint64_t V) const;
  /// Bucket index of a value (branch-free) and the representative value of
  /// a bucket. Values below 128 are exact; a value with highest set bit
  /// E >= 7 lands in bucket (V >> (E-7)) + (E-7) * 128.
  static uint32_t bucketOf(uint64_t Value) {
    unsigned Shift = (63 - __builtin_clzll(Value | Sub)) - SubBits;
    return static_cast<uint32_t>((Value >> Shift) +
                                 (uint64_t(Shift) << SubBits));
  }
  static uint64_t valueOf(uint32_t Bucket);
  /// Exact smallest and largest recorded values (0 when empty).
  uint64_t min() const { return Min > Max ? 0 : scaled(Min); }
  uint64_t max() const { return scaled(Max); }
  /// Values read back (min, max, percentiles) are the recorded ones times
  /// F, rounded: the drain records ticks, the report reads ns.
  void setScale(double F) { Scale = F; }
  /// Number of distinct buckets in use.
  size_t bucketCount() const;
  /// Number of 128-counter blocks allocated (memory is proportional to it).
  size_t blockCount() const { return Counts.size() / Sub; }

private:
  /// Calls Visit(value, count) for each non-empty bucket in ascending
  /// order, the value its representative clamped to [Min, Max] (unscaled),
  /// until Visit returns false.
  template <typename VisitFn> void forEachBucket(VisitFn Visit) const {
    for (uint32_t R = 0; R < Ranges; ++R) {
      uint32_t S = Slot[R];
      if (!S)
        continue;
      const uint64_t *C = &Counts[(S - 1) * Sub];
      for (uint32_t I = 0; I < Sub; ++I) {
        uint64_t V = valueOf(R * Sub + I);
        if (C[I] && !Visit(V < Min ? Min : V > Max ? Max : V, C[I]))
          return;
      }
    }
  }
  uint32_t addBlock(uint32_t Range);
  uint64_t scaled(uint64_t V) const {
    return Scale == 1.0 ? V : uint64_t(double(V) * Scale + 0.5);
  }

  uint8_t Slot[Ranges] = {};    // per range: 1 + its block, 0 = none yet
  std::vector<uint64_t> Counts; // blocks of Sub counters, in order of first hit
  uint64_t Min = UINT64_MAX, Max = 0; // Min > Max: empty
  double Scale = 1.0;
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_HISTOGRAM_H

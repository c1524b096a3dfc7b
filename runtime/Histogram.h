//===- Histogram.h - Sparse log-linear histogram, <=1% error ---*- C++ -*-===//
//
// Durations (ns) and byte counts per call go into buckets whose width is at
// most 1/128 of their lower bound, so any percentile read back is within 1%
// of the exact value. Buckets are stored sparsely (only those ever hit), so
// thousands of functions with a few distinct magnitudes stay cheap. Lives in
// the aggregator (drain thread), never on the hot path.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_HISTOGRAM_H
#define HOTPATH_RUNTIME_HISTOGRAM_H

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace hotpath::rt {

class Histogram {
public:
  void record(uint64_t Value, uint64_t Count = 1);
  void merge(const Histogram &Other);
  uint64_t count() const { return Total; }
  /// Value at percentile P in [0, 100]; 0 when empty. Within 1% of exact.
  uint64_t percentile(double P) const;
  /// Bucket index of a value and the representative value of a bucket.
  static uint32_t bucketOf(uint64_t Value);
  static uint64_t valueOf(uint32_t Bucket);
  /// Exact smallest and largest recorded values (0 when empty).
  uint64_t min() const { return Total ? Min : 0; }
  uint64_t max() const { return Max; }
  /// Number of distinct buckets in use (memory is proportional to it).
  size_t bucketCount() const { return Buckets.size(); }

private:
  std::vector<std::pair<uint32_t, uint64_t>> Buckets; // sorted by index
  uint64_t Total = 0;
  uint64_t Min = UINT64_MAX, Max = 0;
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_HISTOGRAM_H

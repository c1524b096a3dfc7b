//===- Sizes.h - The functions_sizes section ---------------------*- C++
//-*-===//
//
// Cost against input size: for each function `[sizes]` in hotpath.toml
// gives a size (an integer argument, a container's size, a pointer and a
// length), its calls bucketed by the power of two of that size at entry,
// with each bucket's calls and totals (wall time of its timed calls,
// Callgrind instructions, bytes allocated), and the complexity fitted to
// them (lib/sizes). Totals are kept, not averages, so that merged runs add
// up; the JSON adds each bucket's cost per call for readers.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_SIZES_H
#define HOTPATH_REPORT_SIZES_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hotpath::report {

/// Sizes in [Lo, Hi]: bucket 0 is size 0, bucket k >= 1 is [2^(k-1), 2^k).
struct SizeBucket {
  uint64_t Lo = 0, Hi = 0;
  uint64_t Calls = 0;
  uint64_t TimedCalls = 0, TimeNs = 0; // the calls timed, and their time
  uint64_t Ir = 0;                     // instructions (Callgrind)
  uint64_t AllocBytes = 0;
};

/// The bucket a size falls in, and that bucket's bounds.
unsigned sizeBucketOf(uint64_t Size);
SizeBucket sizeBucketBounds(unsigned Bucket);

/// The fit of cost against size (lib/sizes/Complexity.h), as stored.
struct SizeFit {
  std::string Metric;               // "icount" or "time"
  std::optional<std::string> Class; // "O(n log n)"; none: not enough data
  std::string Why;                  // when there is no class
  double Constant = 0, Factor = 0, RelativeError = 0, RSquared = 0;
};

struct SizeRow {
  std::string Name, File;
  uint32_t Line = 0;
  std::string Size; // what measures the input: "arg1", "arg1.size", "arg2:arg3"
  std::vector<SizeBucket> Buckets; // by Lo, ascending
  std::optional<SizeFit> Complexity;
};

struct SizesSection {
  bool Present = false;
  std::string Description;
  std::vector<SizeRow> Data;
};

nlohmann::ordered_json sizesToJson(const SizesSection &S);
/// Validates; throws json::ReadError naming the bad key.
void sizesFromJson(const nlohmann::json &J, SizesSection &S);
/// Adds another run's buckets (`hotpath merge`): rows of the same name
/// and size add up bucket by bucket; the fits are to be made again.
void mergeSizes(SizesSection &Into, const SizesSection &From);
/// A native run's section takes a Callgrind run's instructions (`hotpath
/// merge NATIVE CALLGRIND`): bucket by bucket, the calls are the native
/// run's where it has the bucket.
void takeSizesIcount(SizesSection &Native, const SizesSection &Callgrind);

/// One function's table (`hotpath report --sizes`): a row per bucket with
/// its calls and its cost a call, the fit in the title.
void sizesTable(const SizeRow &R, std::string &Title,
                std::vector<std::string> &Header,
                std::vector<std::vector<std::string>> &Rows);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_SIZES_H

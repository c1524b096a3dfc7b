//===- ReportCache.h - The functions_cache section --------------*- C++ -*-===//
//
// Callgrind's cache simulation (--cache-sim=yes) per measured function:
// inclusive Ir, I1/D1/LL misses and the estimated cycles
//   Ir + 10 * (I1mr + D1mr + D1mw) + 100 * (ILmr + DLmr + DLmw)
// (the weights the Callgrind and Cachegrind docs suggest). Instruction
// counts alone hide cache locality (equal Ir, many times the time).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_REPORTCACHE_H
#define HOTPATH_REPORT_REPORTCACHE_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::report {

struct CacheRow {
  std::string Name, File;
  uint32_t Line = 0;
  uint64_t Calls = 0;
  uint64_t Ir = 0, I1mr = 0, D1mr = 0, D1mw = 0, ILmr = 0, DLmr = 0, DLmw = 0;
  uint64_t Cycles = 0;     // estimated, formula above
  uint64_t AvgCycles = 0;  // Cycles / Calls, rounded
  double PercentTotal = 0; // of TotalCycles
};

struct CacheSection {
  bool Present = false;
  std::string Description;
  std::string Formula =
      "Ir + 10 * (I1mr + D1mr + D1mw) + 100 * (ILmr + DLmr + DLmw)";
  std::vector<std::string> Caches; // Callgrind's "I1 cache: ..." lines
  uint64_t TotalCycles = 0;        // of the whole session
  std::vector<CacheRow> Data;      // sorted by Cycles, descending
};

nlohmann::ordered_json cacheToJson(const CacheSection &S);
/// Validates; throws std::runtime_error naming the bad key.
void cacheFromJson(const nlohmann::json &J, CacheSection &S);
/// Rows for the table: header and cells, after limit and focus.
void cacheTable(const CacheSection &S, unsigned Limit, const std::string &Focus,
                std::string &Title, std::vector<std::string> &Header,
                std::vector<std::vector<std::string>> &Rows);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTCACHE_H

//===- Rounding.h - How the report rounds its derived figures ---*- C++ -*-===//
//
// One rule for every writer of a report (the runtime, Callgrind counts,
// merges): averages to the nearest integer, shares to two decimals, so
// that a figure reads the same whoever computed it and survives a round
// trip through JSON.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_ROUNDING_H
#define HOTPATH_REPORT_ROUNDING_H

#include <cmath>
#include <cstdint>

namespace hotpath::report {

/// Num / Den rounded to the nearest integer; 0 when Den <= 0, clamped to
/// UINT64_MAX.
inline uint64_t roundDiv(long double Num, long double Den) {
  if (Den <= 0)
    return 0;
  long double Q = std::floor(Num / Den + 0.5L);
  return Q >= 18446744073709551615.0L ? UINT64_MAX : uint64_t(Q);
}

/// Part / Whole x 100, to two decimals; 0 when Whole is 0.
inline double percentOf(uint64_t Part, uint64_t Whole) {
  if (!Whole)
    return 0;
  return std::round((long double)Part * 10000.0L / Whole) / 100.0;
}

} // namespace hotpath::report

#endif // HOTPATH_REPORT_ROUNDING_H

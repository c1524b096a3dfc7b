//===- CallTreeReport.h - The snapshot's paths as the report's tree -------===//
//
// Turns Snapshot::Paths into the report's call_tree (parents first,
// siblings by inclusive time) and gives the timing rows what only the tree
// knows: each function's self time and the time it was on a stack at
// least once, which its percent_total is of (so a recursive function is
// never above 100%). docs/call-paths.md says what is exact and what is
// estimated.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OUTPUT_CALLTREEREPORT_H
#define HOTPATH_RUNTIME_OUTPUT_CALLTREEREPORT_H

#include "base/Snapshot.h"
#include "hotpath/report/Report.h"

#include <cstdint>
#include <vector>

namespace hotpath::rt {

/// What only the paths know of each function (by id): its self time and
/// the time it was on a stack at least once; and all threads' measured
/// time. Empty without paths.
struct PathTimes {
  // Overhead: per function, the cost of measuring taken out of its calls'
  // inclusive times (zero when not compensated).
  // Total: per function, the sum of its paths' totals (sampled sessions'
  // rows take it: estimated as the tree is).
  std::vector<uint64_t> Self, OnStack, Overhead, Total;
  uint64_t Measured = 0;
  bool present() const { return !Self.empty(); }
};

/// The descriptions' sentence on the cost of measuring taken out.
std::string compensationNote(const Snapshot &S);

/// Fills T (nothing without paths) and returns the times the timing rows
/// take.
PathTimes buildCallTree(const Snapshot &S, report::CallTree &T);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_CALLTREEREPORT_H

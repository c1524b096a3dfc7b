//===- Causes.h - Why a function's cost changed -----------------*- C++ -*-===//
//
// Internal to lib/policy: the judge's causes (docs/policy.md, "Causes").
// A caller's inclusive cost moves with every measured callee's, so a slower
// leaf makes each of its callers a regression too. Per call of a function
// F, its change splits exactly into
//   own:  its own cost (body and unmeasured code), plus for each measured
//         callee G the change in how often F calls it, at G's old cost;
//   via:  for each G, the change in G's cost per call, at F's new count.
// F is its own cause when `own` moved beyond the section's tolerance;
// otherwise the callees whose per-call change covers F's (within that
// tolerance) are, followed down to the functions whose own cost moved.
// A function whose cost per call did not move but whose total did is
// called more (or less): its callers that changed their counts are named.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_CAUSES_H
#define HOTPATH_POLICY_CAUSES_H

#include "hotpath/policy/Judge.h"

#include <map>
#include <optional>
#include <string>

namespace hotpath::policy {

/// One report's section as measured functions and the calls between them.
struct CostGraph {
  struct Edge {
    uint64_t Calls = 0, Cost = 0; // Cost: inclusive, hotpath's hooks out
  };
  struct Node {
    uint64_t Calls = 0, Total = 0;
    std::optional<uint64_t> Self; // own cost, measured callees out
    std::map<std::string, Edge> Callees;
  };
  std::map<std::string, Node> Nodes;
  bool HasEdges = false; // calls between functions are known
  bool HasSelf = false;  // every node has Self
};

/// The graph of section K of R: icount from icount_calls (or each row's
/// Callgrind self count), timing from the call tree. Empty (no self, no
/// edges) when the report has neither, or when its rows are own costs
/// already (exclusive times, allocations that are not cumulative).
CostGraph costGraph(const report::Report &R, SectionKind K);

/// "self_icount", "self_time", "self_alloc_bytes".
const char *selfMetricName(SectionKind K);

/// F's own cost per call on both sides, judged with the section's
/// thresholds as a share of F's whole (inclusive) cost a call; nullopt
/// when either side lacks it.
std::optional<MetricChange> selfChange(const CostGraph &B, const CostGraph &H,
                                       const std::string &F,
                                       double MinPercentChange,
                                       uint64_t MinChangePerCall);

/// Gives the section's regressions and improvements their causes, and
/// marks Covered the regressions whose causes are all regressions of the
/// section that are their own cause.
void assignCauses(SectionResult &S, const CostGraph &B, const CostGraph &H);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_CAUSES_H

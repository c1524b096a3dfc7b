//===- CallTreeReport.h - The snapshot's paths as the report's tree -*- C++
//-*-===//
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

namespace hotpath::rt {

/// Fills R.Tree and, when R.Timing is timed, its rows' Self and OnStack
/// and their percent_total. Nothing without paths.
void buildCallTree(const Snapshot &S, report::Report &R);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_CALLTREEREPORT_H

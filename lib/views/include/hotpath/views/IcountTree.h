//===- IcountTree.h - A call tree of instructions from Callgrind -*- C++
//-*-===//
//
// `hotpath flamegraph --metric icount|self-icount`: Callgrind records the
// calls between measured functions (a report's icount_calls: caller,
// callee, calls, inclusive Ir), not whole paths. The tree unrolls that
// graph from the functions no measured function calls (or the part of a
// function's cost its measured callers do not account for): the first
// level is exact, and below it each call path gets its caller's share of
// the callee's edge, in proportion (a callee is assumed to cost the same
// a call from every path of one caller) -- gprof's rule. Recursion is cut
// where a function would appear twice on one path.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_VIEWS_ICOUNTTREE_H
#define HOTPATH_VIEWS_ICOUNTTREE_H

#include "hotpath/report/Report.h"

#include <string>

namespace hotpath::views {

/// The report's instructions as a call tree (Total and Self in Ir); false
/// with Why when the report has no instruction counts or no calls between
/// measured functions.
bool icountTree(const report::Report &R, report::CallTree &Out,
                std::string &Why);

} // namespace hotpath::views

#endif // HOTPATH_VIEWS_ICOUNTTREE_H

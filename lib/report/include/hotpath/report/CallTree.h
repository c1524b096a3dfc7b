//===- CallTree.h - Reading, merging and printing a call tree ---*- C++ -*-===//
//
// The report's call_tree (Report.h) seen by the tool: the metric a view
// shows of each path, folded stacks (the input of flamegraph.pl, inferno
// and speedscope), the indented tree of `hotpath report --tree`, and the
// merge of two reports' trees (`hotpath merge`).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_CALLTREE_H
#define HOTPATH_REPORT_CALLTREE_H

#include "hotpath/report/Report.h"

#include <string>
#include <vector>

namespace hotpath::report {

/// What a flame graph or an export measures per path. Time is inclusive
/// (a frame's width holds its children's); Self is the path's own time;
/// Calls, Alloc (bytes) and Wait (the time its own calls waited on locks,
/// condition variables and semaphores) are the path's own.
/// Icount and SelfIcount read a tree of instructions (Total and Self in
/// Ir: views/IcountTree.h), as Time and Self read one of nanoseconds.
enum class TreeMetric { Time, Self, Calls, Alloc, Wait, Icount, SelfIcount };

/// "time", "self", "calls", "alloc", "wait", "icount", "self-icount";
/// false for another word.
bool parseTreeMetric(const std::string &Word, TreeMetric &Out);
const char *treeMetricName(TreeMetric M);
/// The unit of a metric: "nanoseconds", "calls", "bytes".
const char *treeMetricUnit(TreeMetric M);

/// The node's own share of M: what is not in its children (self time,
/// calls, bytes).
uint64_t ownValue(const TreeNode &N, TreeMetric M);

/// The deepest path a report may hold: the runtime writes at most 256
/// measured frames, a thread node and `[deeper]`; readers refuse more, so
/// that a crafted report cannot make a view quadratic (each line of
/// `report --tree` is indented by its depth) or take the machine's memory.
constexpr size_t MaxTreeDepth = 1024;

/// The names from the top-level call down to node I ("main", "a", "b").
std::vector<std::string> pathOf(const CallTree &T, size_t I);

/// One line per node with an own value: "a;b;c 42" (names with ';' or
/// newlines have them replaced by ','), in the tree's order.
std::string foldedStacks(const CallTree &T, TreeMetric M);

struct TreeView {
  size_t MaxDepth = 0;    // 0 = all
  size_t MaxChildren = 0; // per node, the largest first; 0 = all
  std::string Focus;      // only paths through a function matching it
  size_t NameWidth = 60;  // names are elided past it (0 = never)
  // The session's length (the timing section's total_elapsed_ns): a path's
  // % Total is of the larger of it and all measured time (the roots'), as
  // a row's is in the table. 0: of the measured time.
  uint64_t SessionNs = 0;
};

/// The indented tree of `hotpath report --tree`: calls, total, self and
/// % Total per path.
std::string renderTree(const CallTree &T, const TreeView &V);

/// Sums two trees path by path (same names from the top): calls, times and
/// allocations add. Used by `hotpath merge` for reports of one kind.
CallTree mergeTrees(const CallTree &A, const CallTree &B);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_CALLTREE_H

//===- Paths.h - The session's merged tree of call paths --------*- C++ -*-===//
//
// The drain merges every thread's paths (core/PathTree.h) into one tree:
// a thread's node maps, once, to the merged node of the same function
// under the same merged parent (PathTree::DrainMap remembers it). Per
// node it sums what the events and the threads' counters say:
//  - Timed: timed calls; Ticks: their inclusive ticks, of outermost
//    activations only (a nested call's time is in the outer one's), or,
//    with HOTPATH_TIME_EXCLUSIVE, every timed call's own ticks;
//  - Untimed: calls not timed (sampling);
//  - Folded: calls whose own path is not kept: a thread's overflow node
//    (at the root), paths past the merged tree's bound (at their nearest
//    kept ancestor), calls below a "[deeper]" node (there). Counted; their
//    time is in an outer call's.
// The merged tree has the same bound as each thread's (HOTPATH_MAX_PATHS).
// All under the drain lock.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_DRAIN_PATHS_H
#define HOTPATH_RUNTIME_DRAIN_PATHS_H

#include "base/Snapshot.h"
#include "core/PathTree.h"

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace hotpath::rt {

struct ThreadState;

struct PathStats {
  uint32_t Parent = 0, Fn = 0;
  uint64_t Timed = 0, Ticks = 0, Untimed = 0, Folded = 0;
  uint64_t AllocBytes = 0, Allocs = 0;
  uint64_t WaitTicks = 0; // lock and condition waits, exclusive
};

class PathAggregate {
public:
  PathAggregate();

  /// The merged node of T's node `Local`, with FoldedInto set when the
  /// call's own path is not kept (T's overflow node, or a path past the
  /// merged tree's bound: the node is then the nearest kept ancestor), or
  /// NestedInto for a twin (PathTree.h): calls of the node, time already in
  /// an outer call's.
  static constexpr uint32_t FoldedInto = 1u << 31;
  static constexpr uint32_t NestedInto = 1u << 30;
  static constexpr uint32_t Flags = FoldedInto | NestedInto;
  uint32_t map(ThreadState *T, uint32_t Local);

  /// Stable: events keep pointers into it while the tree grows.
  PathStats &node(uint32_t I) { return Nodes[I]; }

  /// Takes and zeroes T's per-node counters (untimed calls, queue-full
  /// folds, allocations), then forgets T's map: called when T's paths end
  /// (the session's end, the thread's exit). With Take false (a snapshot,
  /// into a copy that is Peeking) the counters and the map stay T's.
  void takeCounters(ThreadState *T, bool Take = true);

  /// The tree in ns, for the snapshot; empties the aggregate.
  std::vector<PathOut> take(double NsPerTick);

  bool Full = false; // a thread's tree was full, or this one
  // A copy for a snapshot: map() must not cache the nodes it adds in the
  // thread's DrainMap, which belongs to the real aggregate.
  bool Peeking = false;
  bool Exclusive = false; // events carry own times (set per session)
  bool PerThread = false; // a subtree per thread (set per session)

private:
  uint32_t find(uint32_t Parent, uint32_t Fn);
  uint32_t threadNode(ThreadState *T);
  std::deque<PathStats> Nodes;                       // [0]: the root
  std::unordered_map<uint64_t, uint32_t> Index;      // Parent << 32 | Fn
  std::unordered_map<uint64_t, uint32_t> ThreadNode; // by tid
  std::unordered_map<uint32_t, uint64_t> TidOf;      // by thread node
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_DRAIN_PATHS_H

//===- PathTree.h - Each thread's tree of call paths ------------*- C++ -*-===//
//
// A call path is the chain of measured functions from the session's root
// to a call. Each thread keeps its own tree of the paths it ran, written by
// that thread alone; every shadow-stack frame holds its call's node, so
// that the exit event names the path (the event's Caller word, below) and
// the drain aggregates per path (drain/Paths.h).
//
// Finding a call's node is one compare in steady state: each node
// remembers the child found last (a loop calling one function, a recursion
// finding itself). Anything else goes to pathChild (cold): look the child
// up in the tree's index, a hash table of (parent, function) -> node, or
// add one. (With sampling a timed call's parent is its nearest timed
// ancestor, so a node can have a child per function, met in any order.)
// Three rules keep the tree bounded:
//  - direct recursion: f called from f's own node is that node's *twin*, a
//    node that merges into it in the drain but says "nested": its calls
//    count there, its time is already in the outer call's;
//  - depth: below PathDepthLimit measured frames, every call is one
//    "[deeper]" node per parent (its inner calls its twin), so mutual
//    recursion a->b->a->... stays small;
//  - count: a thread holds at most MaxPaths nodes (HOTPATH_MAX_PATHS); a
//    call that needs another one gets the overflow node, PathOverflow,
//    counted in the report as "[paths not kept]", its time in its nearest
//    kept ancestor's own time.
// The node says it all: the exit hook queues it as it is, with no flag.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CORE_PATHTREE_H
#define HOTPATH_RUNTIME_CORE_PATHTREE_H

#include <atomic>
#include <cstdint>

namespace hotpath::rt {

/// The event Caller word of a timed call is its node: below 2^28, so never
/// AllocEventCaller.
constexpr uint32_t PathNodeMask = (1u << 28) - 1;

/// PathHot::Fn of the root, of a "[deeper]" node and of the overflow node.
constexpr uint32_t PathRootFn = ~0u;
constexpr uint32_t PathDeeperFn = ~2u;
constexpr uint32_t PathOverflowFn = ~3u;
/// The merged tree's node of one thread (HOTPATH_TREE_PER_THREAD).
constexpr uint32_t PathThreadFn = ~4u;
/// The overflow node: every tree has it, at index 1.
constexpr uint32_t PathOverflow = 1;

/// Measured frames a path keeps before the "[deeper]" node.
constexpr uint32_t PathDepthLimit = 256;
/// The default of HOTPATH_MAX_PATHS (per thread, and in the merged tree).
constexpr uint32_t DefaultMaxPaths = 16384;
/// The most HOTPATH_MAX_PATHS accepts (node numbers fit PathNodeMask).
constexpr uint32_t MaxPathsLimit = 1u << 22;

/// Written by the owning thread only, in two arrays: what every call reads
/// (8 bytes a node, so that the hook indexes it with one instruction) and
/// the rest. Fn and Parent never change once the node is published
/// (Count); the links do, and only the owner reads them.
struct PathHot {
  uint32_t Fn;
  uint32_t LastChild; // the child found last (may be the node itself)
};
struct PathNode {
  uint32_t Parent;   // the root is nobody's child
  uint32_t Depth;    // measured frames from the root
  uint32_t Twin;     // this node's nested twin, 0 until needed
  uint32_t Original; // a twin's node; a node's own index otherwise
};

/// What the owning thread counts per node beside the queued events: calls
/// not timed, timed calls folded when the queue was full, and the
/// allocations of calls on this path (exclusive). The drain takes and
/// zeroes them (final sweep, thread exit).
struct PathCounters {
  uint64_t Untimed;
  uint64_t FoldTimed, FoldTicks;
  uint64_t AllocBytes, Allocs;
  // Lock and condition waits of the path's calls, their own (LockTracker.h).
  uint64_t WaitTicks;
};

struct PathTree {
  PathHot *Hot = nullptr;           // reserved for Cap nodes; [0] the root
  PathNode *Nodes = nullptr;        // parallel to Hot
  PathCounters *Counters = nullptr; // parallel to Nodes
  uint32_t *Index = nullptr;        // (parent, fn) -> child, open addressing;
                                    // 0 is empty (twins are not in it)
  uint32_t IndexMask = 0;           // slots - 1 (a power of two >= 2 Cap)
  uint32_t *DrainMap = nullptr;     // the drain's: node -> merged node + 1
  uint32_t DrainMapHigh = 0;        // the drain's: entries it may have set
  uint32_t Cap = 0;
  uint32_t Full = 0;              // a node could not be added (the drain's
                                  // warning; reset with the tree)
  std::atomic<uint32_t> Count{0}; // published nodes (release)
  uint64_t Compares = 0;          // nodes pathChild compared (tests)

  /// Reserves the arrays (not committed). False when out of address space.
  bool init(uint32_t Capacity);
  /// Empties the tree: the root and the overflow node. By the owner,
  /// between sessions.
  void reset();
  /// The first index slot to probe for (parent, fn).
  uint32_t indexSlot(uint32_t Parent, uint32_t Fn) const;
  /// Zeroes the counters and the drain's map (in a fork's child, where the
  /// parent's copies must not be reported twice).
  void forgetCounts();
};

struct ThreadState;
/// The node of a call of `Fn` from node `Parent`, per the rules above (also
/// sets Parent's LastChild). Cold; never allocates nor locks.
__attribute__((noinline, cold)) uint32_t pathChild(ThreadState *T,
                                                   uint32_t Parent,
                                                   uint32_t Fn);

/// The per-thread node limit of this session (HOTPATH_MAX_PATHS), set at
/// session begin.
extern uint32_t MaxPaths __attribute__((visibility("hidden")));

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CORE_PATHTREE_H

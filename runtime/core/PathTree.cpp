//===- PathTree.cpp - Finding and adding call-path nodes ------------------===//
#include "core/PathTree.h"
#include "base/PageAlloc.h"
#include "core/ThreadState.h"

#include <atomic>

namespace hotpath::rt {

uint32_t MaxPaths = DefaultMaxPaths;

bool PathTree::init(uint32_t Capacity) {
  // The root and the overflow node always exist (HOTPATH_MAX_PATHS=0 asks
  // for no more).
  Capacity = Capacity < 2 ? 2 : Capacity;
  // All or none: a failed attempt keeps the tree this thread has.
  auto *H = static_cast<PathHot *>(reservePages(sizeof(PathHot) * Capacity));
  auto *N = static_cast<PathNode *>(reservePages(sizeof(PathNode) * Capacity));
  auto *C = static_cast<PathCounters *>(
      reservePages(sizeof(PathCounters) * Capacity));
  auto *M = static_cast<uint32_t *>(reservePages(4 * size_t(Capacity)));
  if (!H || !N || !C || !M)
    return false;
  Hot = H;
  Nodes = N;
  Counters = C;
  DrainMap = M;
  DrainMapHigh = 0;
  Cap = Capacity;
  reset();
  return true;
}

void PathTree::reset() {
  Hot[0] = {PathRootFn, 0};
  Nodes[0] = {0, 0, 0, 0, 0, 0};
  Hot[PathOverflow] = {PathOverflowFn, PathOverflow};
  Nodes[PathOverflow] = {0, 0, 0, 0, 0, PathOverflow};
  Full = 0;
  Count.store(2, std::memory_order_release);
}

void PathTree::forgetCounts() {
  uint32_t N = Count.load(std::memory_order_acquire);
  for (uint32_t I = 0; I < N; ++I)
    if (Counters[I].Untimed || Counters[I].FoldTimed || Counters[I].Allocs)
      Counters[I] = PathCounters{};
  for (uint32_t I = 0; I < DrainMapHigh; ++I)
    DrainMap[I] = 0;
  DrainMapHigh = 0;
}

namespace {
// Appends a node (published by Count, after its fields), or 0 when full.
// A twin is linked to its original only; a child to its parent's list.
uint32_t addNode(PathTree &P, uint32_t Parent, uint32_t Fn, uint32_t TwinOf) {
  uint32_t N = P.Count.load(std::memory_order_relaxed);
  if (N >= P.Cap || N >= MaxPaths || N > PathNodeMask) {
    P.Full = 1;
    return 0;
  }
  PathNode &Par = P.Nodes[Parent];
  if (TwinOf) {
    P.Hot[N] = {Fn, N};
    P.Nodes[N] = {Par.Parent, 0, 0, Par.Depth, 0, TwinOf};
  } else {
    P.Hot[N] = {Fn, 0};
    P.Nodes[N] = {Parent, 0, Par.FirstChild, Par.Depth + 1, 0, N};
  }
  P.Count.store(N + 1, std::memory_order_release);
  // Linked after it is complete: a signal handler's lookup that interrupts
  // this sees the old list or the new one, both whole.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  if (TwinOf)
    Par.Twin = N;
  else
    Par.FirstChild = N;
  return N;
}
} // namespace

uint32_t pathChild(ThreadState *T, uint32_t Parent, uint32_t Fn) {
  PathTree &P = T->Tree;
  PathHot *Hot = P.Hot;
  PathNode *Nodes = P.Nodes;
  if (Hot[Parent].Fn == PathOverflowFn)
    return PathOverflow; // below a call whose path was not kept
  // A twin's calls are its original's: the same path.
  uint32_t Orig = Nodes[Parent].Original;
  bool Look = T->InHook <= 1; // a hook nested in an interrupted one (a
                              // signal handler) only looks: the interrupted
                              // hook may be adding a node right now
  uint32_t C;
  if (Hot[Orig].Fn == Fn || Hot[Orig].Fn == PathDeeperFn) {
    // Direct recursion, or below the depth limit: the nested twin.
    C = Nodes[Orig].Twin;
    if (!C && Look)
      C = addNode(P, Orig, Hot[Orig].Fn, Orig);
  } else {
    uint32_t Want = Nodes[Orig].Depth >= PathDepthLimit ? PathDeeperFn : Fn;
    C = Nodes[Orig].FirstChild;
    while (C && Hot[C].Fn != Want)
      C = Nodes[C].NextSibling;
    if (!C && Look)
      C = addNode(P, Orig, Want, 0);
    if (!C)
      return PathOverflow; // the tree is full
    if (Want != Fn)
      return C; // a [deeper] node never matches an id: no LastChild
  }
  if (!C)
    return PathOverflow;
  Hot[Parent].LastChild = C;
  return C;
}

} // namespace hotpath::rt

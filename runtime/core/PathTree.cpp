//===- PathTree.cpp - Finding and adding call-path nodes ------------------===//
#include "core/PathTree.h"
#include "base/PageAlloc.h"
#include "core/ThreadState.h"

#include <atomic>

namespace hotpath::rt {

uint32_t MaxPaths = DefaultMaxPaths;

bool PathTree::init(uint32_t Capacity) {
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
  Nodes[0] = {0, 0, 0, 0};
  Full = 0;
  Count.store(1, std::memory_order_release);
}

void PathTree::forgetCounts() {
  uint32_t N = Count.load(std::memory_order_acquire);
  for (uint32_t I = 0; I < N; ++I)
    if (Counters[I].Untimed || Counters[I].FoldTimed || Counters[I].Folded ||
        Counters[I].Allocs)
      Counters[I] = PathCounters{};
  for (uint32_t I = 0; I < DrainMapHigh; ++I)
    DrainMap[I] = 0;
  DrainMapHigh = 0;
}

namespace {
// Appends a node (published by Count, after its fields), or 0 when full.
uint32_t addNode(PathTree &P, uint32_t Parent, uint32_t Fn) {
  uint32_t N = P.Count.load(std::memory_order_relaxed);
  if (N >= P.Cap || N >= MaxPaths || N > PathNodeMask) {
    P.Full = 1;
    return 0;
  }
  PathNode &Par = P.Nodes[Parent];
  P.Hot[N] = {Fn, 0};
  P.Nodes[N] = {Parent, 0, Par.FirstChild, Par.Depth + 1};
  P.Count.store(N + 1, std::memory_order_release);
  // Linked after it is complete: a signal handler's lookup that interrupts
  // this sees the old list or the new one, both whole.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  Par.FirstChild = N;
  return N;
}
} // namespace

uint32_t pathChild(ThreadState *T, uint32_t Parent, uint32_t Fn) {
  PathTree &P = T->Tree;
  PathHot *Hot = P.Hot;
  PathNode *Nodes = P.Nodes;
  PathNode &Par = Nodes[Parent];
  if (Hot[Parent].Fn == Fn || Hot[Parent].Fn == PathDeeperFn) {
    Hot[Parent].LastChild = Parent; // direct recursion, or below the limit
    return Parent;
  }
  uint32_t Want = Par.Depth >= PathDepthLimit ? PathDeeperFn : Fn;
  uint32_t C = Par.FirstChild;
  while (C && Hot[C].Fn != Want)
    C = Nodes[C].NextSibling;
  // A hook nested in an interrupted one (a signal handler) only looks: the
  // interrupted hook may be adding a node right now.
  if (!C && T->InHook <= 1)
    C = addNode(P, Parent, Want);
  if (!C)
    return Parent; // folded into the parent: the tree is full
  if (Want == Fn)
    Hot[Parent].LastChild = C; // a [deeper] node never matches an id
  return C;
}

} // namespace hotpath::rt

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
  uint32_t Slots = 4;
  while (Slots < 2 * Capacity)
    Slots *= 2;
  auto *I = static_cast<uint32_t *>(reservePages(4 * size_t(Slots)));
  if (!H || !N || !C || !M || !I)
    return false;
  Hot = H;
  Nodes = N;
  Counters = C;
  Index = I;
  IndexMask = Slots - 1;
  DrainMap = M;
  DrainMapHigh = 0;
  Cap = Capacity;
  reset();
  return true;
}

void PathTree::reset() {
  // Only slots that hold a node were written (and committed). The search
  // is bounded: in a fork()ed child, a thread that was inside addNode may
  // have published its last node by Count but not yet in the index.
  for (uint32_t N = 2, E = Count.load(std::memory_order_relaxed); N < E; ++N) {
    if (Nodes[N].Original != N)
      continue; // a twin is not in the index
    uint32_t I = indexSlot(Nodes[N].Parent, Hot[N].Fn);
    for (uint32_t Probes = 0; Probes <= IndexMask; ++Probes, ++I)
      if (Index[I & IndexMask] == N) {
        Index[I & IndexMask] = 0;
        break;
      }
  }
  Hot[0] = {PathRootFn, 0};
  Nodes[0] = {0, 0, 0, 0};
  Hot[PathOverflow] = {PathOverflowFn, PathOverflow};
  Nodes[PathOverflow] = {0, 0, 0, PathOverflow};
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

uint32_t PathTree::indexSlot(uint32_t Parent, uint32_t Fn) const {
  // Fibonacci hashing of both words: consecutive ids and parents spread.
  uint64_t K = (uint64_t(Parent) << 32 | Fn) * 0x9E3779B97F4A7C15ull;
  return uint32_t(K >> 32) & IndexMask;
}

namespace {
// The child of Parent for Fn, or 0. Stops at the first empty slot: slots
// are never emptied within a session.
uint32_t findChild(PathTree &P, uint32_t Parent, uint32_t Fn) {
  for (uint32_t I = P.indexSlot(Parent, Fn);; I = (I + 1) & P.IndexMask) {
    uint32_t C = __atomic_load_n(&P.Index[I], __ATOMIC_RELAXED);
    if (!C)
      return 0;
    ++P.Compares;
    if (P.Hot[C].Fn == Fn && P.Nodes[C].Parent == Parent)
      return C;
  }
}

// Appends a node (published by Count, after its fields), or 0 when full.
// A twin is linked to its original only; a child goes into the index.
uint32_t addNode(PathTree &P, uint32_t Parent, uint32_t Fn, uint32_t TwinOf) {
  uint32_t N = P.Count.load(std::memory_order_relaxed);
  if (N >= P.Cap || N >= MaxPaths || N > PathNodeMask) {
    P.Full = 1;
    return 0;
  }
  PathNode &Par = P.Nodes[Parent];
  if (TwinOf) {
    P.Hot[N] = {Fn, N};
    P.Nodes[N] = {Par.Parent, Par.Depth, 0, TwinOf};
  } else {
    P.Hot[N] = {Fn, 0};
    P.Nodes[N] = {Parent, Par.Depth + 1, 0, N};
  }
  P.Count.store(N + 1, std::memory_order_release);
  // Linked after it is complete: a signal handler's lookup that interrupts
  // this finds nothing or the whole node. The index has at least twice as
  // many slots as nodes: there is always an empty one.
  std::atomic_signal_fence(std::memory_order_seq_cst);
  if (TwinOf) {
    Par.Twin = N;
    return N;
  }
  uint32_t I = P.indexSlot(Parent, Fn);
  while (P.Index[I])
    I = (I + 1) & P.IndexMask;
  __atomic_store_n(&P.Index[I], N, __ATOMIC_RELAXED);
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
    C = findChild(P, Orig, Want);
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

//===- Paths.cpp - Merging the threads' call paths ------------------------===//
#include "drain/Paths.h"
#include "core/ThreadState.h"

namespace hotpath::rt {

PathAggregate::PathAggregate() {
  Nodes.emplace_back();
  Nodes[0].Fn = PathRootFn;
}

uint32_t PathAggregate::find(uint32_t Parent, uint32_t Fn) {
  uint64_t Key = uint64_t(Parent) << 32 | Fn;
  auto It = Index.find(Key);
  if (It != Index.end())
    return It->second;
  if (Nodes.size() >= MaxPaths || Nodes.size() > PathNodeMask) {
    Full = true;
    return Parent | FoldedInto;
  }
  uint32_t I = uint32_t(Nodes.size());
  Nodes.emplace_back();
  Nodes.back().Parent = Parent;
  Nodes.back().Fn = Fn;
  Index.emplace(Key, I);
  return I;
}

// One node per thread under the root, found by tid, not by function.
uint32_t PathAggregate::threadNode(ThreadState *T) {
  auto It = ThreadNode.find(T->Tid);
  if (It != ThreadNode.end())
    return It->second;
  if (Nodes.size() >= MaxPaths || Nodes.size() > PathNodeMask) {
    Full = true;
    return 0 | FoldedInto;
  }
  uint32_t I = uint32_t(Nodes.size());
  Nodes.emplace_back();
  Nodes.back().Fn = PathThreadFn;
  ThreadNode.emplace(T->Tid, I);
  TidOf.emplace(I, T->Tid);
  return I;
}

uint32_t PathAggregate::map(ThreadState *T, uint32_t Local) {
  PathTree &P = T->Tree;
  if (!Local || Local >= P.Cap)
    return 0;
  if (uint32_t M = P.DrainMap[Local])
    return M - 1;
  // The node (and its original or parent) was published before any event
  // naming it.
  uint32_t M;
  uint32_t Orig = P.Nodes[Local].Original;
  if (P.Hot[Local].Fn == PathOverflowFn)
    M = 0 | FoldedInto;
  else if (Orig != Local)
    M = (map(T, Orig) & ~NestedInto) | NestedInto;
  else if (uint32_t Parent = P.Nodes[Local].Parent || !PerThread
                                 ? map(T, P.Nodes[Local].Parent)
                                 : threadNode(T);
           Parent & Flags)
    M = (Parent & ~Flags) | FoldedInto; // below a path not kept
  else
    M = find(Parent, P.Hot[Local].Fn);
  if (Peeking)
    return M;
  P.DrainMap[Local] = M + 1;
  if (Local >= P.DrainMapHigh)
    P.DrainMapHigh = Local + 1;
  return M;
}

void PathAggregate::takeCounters(ThreadState *T, bool Take) {
  PathTree &P = T->Tree;
  if (!P.Cap)
    return;
  uint32_t N = P.Count.load(std::memory_order_acquire);
  for (uint32_t L = 0; L < N; ++L) {
    PathCounters &C = P.Counters[L];
    if (!C.Untimed && !C.FoldTimed && !C.Allocs && !C.WaitTicks)
      continue;
    uint32_t M = map(T, L);
    PathStats &S = Nodes[M & ~Flags];
    bool Own = !(M & Flags); // the node's own calls and time
    // A twin's calls are its node's, unless it stands below [deeper].
    bool Calls = Own || ((M & NestedInto) && S.Fn != PathDeeperFn);
    uint64_t N = C.Untimed + C.FoldTimed;
    if (Calls) {
      S.Untimed += C.Untimed;
      S.Timed += C.FoldTimed;
    } else {
      S.Folded += N;
    }
    if (Own || Exclusive)
      S.Ticks += C.FoldTicks; // else already in an outer call's
    S.AllocBytes += C.AllocBytes;
    S.Allocs += C.Allocs;
    S.WaitTicks += C.WaitTicks; // exclusive, as allocations
    if (Take)
      C = PathCounters{};
  }
  if (P.Full)
    Full = true;
  if (!Take)
    return;
  for (uint32_t I = 0; I < P.DrainMapHigh; ++I)
    P.DrainMap[I] = 0;
  P.DrainMapHigh = 0;
}

std::vector<PathOut> PathAggregate::take(double NsPerTick) {
  std::vector<PathOut> Out(Nodes.size());
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const PathStats &S = Nodes[I];
    PathOut &O = Out[I];
    O.Parent = S.Parent;
    O.Fn = S.Fn == PathDeeperFn ? PathOut::Deeper : S.Fn;
    O.Timed = S.Timed;
    O.Calls = S.Timed + S.Untimed;
    O.Folded = S.Folded;
    O.TicksNs = uint64_t(double(S.Ticks) * NsPerTick + 0.5);
    O.AllocBytes = S.AllocBytes;
    O.Allocs = S.Allocs;
    O.WaitNs = uint64_t(double(S.WaitTicks) * NsPerTick + 0.5);
    if (auto It = TidOf.find(uint32_t(I)); It != TidOf.end()) {
      O.Fn = PathOut::Thread;
      O.Tid = It->second;
    }
  }
  bool Excl = Exclusive, PT = PerThread;
  *this = PathAggregate();
  Exclusive = Excl;
  PerThread = PT;
  return Out;
}

} // namespace hotpath::rt

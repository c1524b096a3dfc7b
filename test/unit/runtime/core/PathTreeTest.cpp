//===- PathTreeTest.cpp - Call-path nodes and their aggregation -----------===//
//
// pathChild's three rules (direct recursion, the depth limit, the bound)
// and the drain's accounting per path: whatever the order of events, their
// values (inside or outside the histogram's window) and how often the
// queue is swept, each merged node gets exactly its calls and its
// outermost calls' ticks.
#include "core/PathTree.h"
#include "core/ThreadState.h"
#include "drain/Sweep.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

using namespace hotpath::rt;

namespace {

std::unique_ptr<ThreadState> newThread(uint32_t Cap) {
  auto T = std::make_unique<ThreadState>();
  EXPECT_TRUE(T->Tree.init(Cap));
  EXPECT_TRUE(T->Q.init());
  T->Paths = T->Tree.Hot;
  T->InHook = 1; // as inside a hook
  return T;
}

TEST(PathTree, ChildrenAreFoundAndRemembered) {
  auto T = newThread(64);
  uint32_t A = pathChild(T.get(), 0, 5);
  uint32_t B = pathChild(T.get(), A, 6);
  EXPECT_NE(A, 0u);
  EXPECT_NE(B, A);
  EXPECT_EQ(pathChild(T.get(), 0, 5), A); // found again, not added
  EXPECT_EQ(T->Tree.Count.load(), 4u);    // the root, the overflow node, A, B
  EXPECT_EQ(T->Paths[0].LastChild, A);    // the hook's one compare finds it
  EXPECT_EQ(T->Paths[A].LastChild, B);
}

// With sampling, a timed call's parent is its nearest timed ancestor, so
// one node can have as many children as there are functions, visited in
// any order: each must still be found in a few compares, not by walking
// its siblings (a parser with 1,900 functions ran 7x slower that way).
TEST(PathTree, ManyChildrenAreFoundWithoutWalkingTheirSiblings) {
  auto T = newThread(16384);
  constexpr uint32_t Children = 8000;
  std::vector<uint32_t> Node(Children);
  for (uint32_t F = 0; F < Children; ++F)
    Node[F] = pathChild(T.get(), 0, 100 + F);
  uint64_t Before = T->Tree.Compares;
  std::mt19937 Rng(3);
  for (uint32_t I = 0; I < 4 * Children; ++I) {
    uint32_t F = Rng() % Children;
    ASSERT_EQ(pathChild(T.get(), 0, 100 + F), Node[F]);
  }
  EXPECT_LT(T->Tree.Compares - Before, 3ull * 4 * Children);
  EXPECT_EQ(T->Tree.Count.load(), 2 + Children); // nothing added twice
  // Same function, other parents: other nodes.
  uint32_t Below = pathChild(T.get(), Node[0], 100);
  EXPECT_NE(Below, Node[0]);
  EXPECT_EQ(pathChild(T.get(), Node[1], 100), pathChild(T.get(), Node[1], 100));
  EXPECT_NE(pathChild(T.get(), Node[1], 100), Below);
  // A fresh session's tree finds none of them.
  T->Tree.reset();
  EXPECT_EQ(T->Tree.Count.load(), 2u);
  uint32_t Again = pathChild(T.get(), 0, 100 + 7);
  EXPECT_EQ(Again, 2u);
  EXPECT_EQ(pathChild(T.get(), 0, 100 + 8), 3u);
}

TEST(PathTree, DirectRecursionIsItsTwin) {
  auto T = newThread(64);
  uint32_t F = pathChild(T.get(), 0, 7);
  uint32_t Twin = pathChild(T.get(), F, 7);
  EXPECT_NE(Twin, F);
  EXPECT_EQ(T->Tree.Nodes[Twin].Original, F);
  EXPECT_EQ(pathChild(T.get(), Twin, 7), Twin); // deeper recursion: the same
  // The next recursive call, from either, needs no search.
  EXPECT_EQ(T->Paths[F].LastChild, Twin);
  EXPECT_EQ(T->Paths[Twin].LastChild, Twin);
  // A call from the nested activation is on the outer one's path.
  uint32_t G = pathChild(T.get(), F, 8);
  EXPECT_EQ(pathChild(T.get(), Twin, 8), G);
  EXPECT_EQ(T->Tree.Count.load(), 5u);
}

TEST(PathTree, MutualRecursionStopsAtTheDepthLimit) {
  auto T = newThread(4096);
  uint32_t N = 0;
  for (uint32_t D = 0; D < 100000; ++D)
    N = pathChild(T.get(), N, 1 + D % 2);
  // PathDepthLimit nodes of a and b, one [deeper] node below them, and its
  // twin for the calls below it.
  EXPECT_EQ(T->Tree.Count.load(), 2 + PathDepthLimit + 2);
  EXPECT_EQ(T->Paths[N].Fn, PathDeeperFn);
  EXPECT_NE(T->Tree.Nodes[N].Original, N);
  EXPECT_EQ(T->Tree.Full, 0u);
}

TEST(PathTree, PastTheBoundCallsGetTheOverflowNode) {
  auto T = newThread(5); // the root, the overflow node and three nodes
  uint32_t A = pathChild(T.get(), 0, 1);
  pathChild(T.get(), 0, 2);
  pathChild(T.get(), 0, 3);
  EXPECT_EQ(pathChild(T.get(), 0, 4), PathOverflow);
  EXPECT_EQ(pathChild(T.get(), A, 9), PathOverflow);
  EXPECT_EQ(pathChild(T.get(), PathOverflow, 1), PathOverflow); // below it
  EXPECT_EQ(T->Tree.Full, 1u);
  // A hook nested in an interrupted one never adds a node.
  auto U = newThread(64);
  U->InHook = 2;
  EXPECT_EQ(pathChild(U.get(), 0, 1), PathOverflow);
  EXPECT_EQ(U->Tree.Count.load(), 2u);
}

TEST(PathTree, AlwaysHoldsTheRootAndTheOverflowNode) {
  auto T = newThread(0); // as HOTPATH_MAX_PATHS=0 asks
  EXPECT_EQ(T->Tree.Cap, 2u);
  EXPECT_EQ(pathChild(T.get(), 0, 1), PathOverflow);
  EXPECT_EQ(T->Paths[PathOverflow].Fn, PathOverflowFn);
}

// fork() copies a thread that may be inside addNode: its node published
// by Count, not yet in the index. The child resets that thread's tree and
// must not search the index for it forever (a soak test hung there).
TEST(PathTree, ResetFinishesWhenAForkCutANodeInHalf) {
  auto T = newThread(64);
  uint32_t A = pathChild(T.get(), 0, 5);
  uint32_t B = pathChild(T.get(), A, 6);
  // B as the interrupted addNode left it: counted, its index slot empty.
  for (uint32_t I = 0; I <= T->Tree.IndexMask; ++I)
    if (T->Tree.Index[I] == B)
      T->Tree.Index[I] = 0;
  T->Tree.reset();
  EXPECT_EQ(T->Tree.Count.load(), 2u);
  for (uint32_t I = 0; I <= T->Tree.IndexMask; ++I)
    EXPECT_EQ(T->Tree.Index[I], 0u) << "slot " << I;
  EXPECT_NE(pathChild(T.get(), 0, 5), 0u); // the tree works again
}

// Random events on a few paths, some nested (direct recursion), values
// spread over several powers of two so that many fall outside the sweep's
// window; swept every `Every` events.
void checkSweep(size_t Every, uint32_t Seed) {
  auto T = newThread(64);
  uint32_t Fn[4] = {1, 2, 2, 3};
  uint32_t Node[4];
  Node[0] = pathChild(T.get(), 0, Fn[0]);
  Node[1] = pathChild(T.get(), Node[0], Fn[1]);
  Node[2] = pathChild(T.get(), Node[1], Fn[2]); // Fn 2 from itself: the twin
  Node[3] = pathChild(T.get(), Node[1], Fn[3]);
  uint64_t WantCalls[4] = {}, WantTicks[4] = {};
  Aggregate A;
  std::mt19937 Rng(Seed);
  for (size_t I = 0; I < 20000; ++I) {
    unsigned K = Rng() % 4;
    // Runs of one path, as loops make them, broken now and then.
    if (I % 7 == 0)
      K = (K + 1) % 4;
    uint64_t Ticks = 1 + (Rng() % 5000) * (1u << (Rng() % 6));
    bool Nested = K == 2;
    ASSERT_EQ(T->Q.push(Fn[K], Node[K], Ticks), PushResult::Ok);
    WantCalls[K == 2 ? 1 : K] += 1;
    if (!Nested)
      WantTicks[K] += Ticks;
    if (Every && (I + 1) % Every == 0)
      sweepQueue(A, T->Q, T.get());
  }
  sweepQueue(A, T->Q, T.get());
  for (unsigned K : {0u, 1u, 3u}) {
    const PathStats &S = A.Paths.node(A.Paths.map(T.get(), Node[K]));
    EXPECT_EQ(S.Fn, Fn[K]);
    EXPECT_EQ(S.Timed, WantCalls[K]) << "path " << K;
    EXPECT_EQ(S.Ticks, WantTicks[K]) << "path " << K;
    EXPECT_EQ(S.Folded, 0u);
  }
}

TEST(PathSweep, EachPathGetsItsCallsAndOutermostTicks) {
  for (size_t Every : {0, 1, 3, 97, 4096})
    checkSweep(Every, uint32_t(Every) + 1);
}

} // namespace

//===- SweepPeriodTest.cpp - The drain sweeps sooner for a fast producer --===//
//
// A thread whose queue fills between two sweeps folds every further call
// into its own tables, which costs it more than a push: every call timed
// on the tiny benchmark (20 million calls a second) folded four calls in
// five at the default 50 ms and ran 1.69 times the floor instead of 1.46.
// The drain halves its period while the fullest queue took in half of
// what it holds, down to 1 ms, and doubles it back to the interval once
// every queue stays below an eighth.
//
//===----------------------------------------------------------------------===//
#include "core/EventQueue.h"
#include "drain/Drain.h"

#include <gtest/gtest.h>

using namespace hotpath::rt;

namespace {

constexpr uint64_t Holds = uint64_t(EventQueue::MaxChunks) * Chunk::Slots;

TEST(SweepPeriodTest, HalvesWhileAQueueTakesInHalfOfWhatItHolds) {
  EXPECT_EQ(nextSweepPeriod(50, 50, Holds), 25u);
  EXPECT_EQ(nextSweepPeriod(50, 50, Holds / 2), 25u);
  EXPECT_EQ(nextSweepPeriod(25, 50, Holds), 12u);
  EXPECT_EQ(nextSweepPeriod(1, 50, Holds), 1u); // never below 1 ms
  unsigned P = 50;
  for (int I = 0; I < 10; ++I)
    P = nextSweepPeriod(P, 50, Holds);
  EXPECT_EQ(P, 1u);
}

TEST(SweepPeriodTest, BackToTheIntervalWhenQueuesAreQuiet) {
  EXPECT_EQ(nextSweepPeriod(1, 50, 0), 2u);
  EXPECT_EQ(nextSweepPeriod(40, 50, Holds / 8 - 1), 50u); // never above it
  EXPECT_EQ(nextSweepPeriod(50, 50, 0), 50u);
}

TEST(SweepPeriodTest, KeepsItsPeriodInBetween) {
  EXPECT_EQ(nextSweepPeriod(6, 50, Holds / 4), 6u);
  EXPECT_EQ(nextSweepPeriod(50, 50, Holds / 8), 50u);
}

} // namespace

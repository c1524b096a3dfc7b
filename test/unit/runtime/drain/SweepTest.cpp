//===- SweepTest.cpp - The drain's per-event loop against exact stats -----===//
//
// sweepQueue counts most events through a window of the histogram instead
// of record(): whatever the order of ids, callers and values, the result
// must equal recording every event (counts, sum, min, max exact; the same
// buckets, hence the same percentiles).
#include "drain/Sweep.h"
#include "alloc/AllocTracker.h"
#include "core/EventQueue.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <vector>

using namespace hotpath::rt;

namespace {

struct Expected {
  Histogram Hist;
  uint64_t Sum = 0;
};

// Pushes (Id, Caller, Ticks) events, sweeping whenever Every events are
// queued (0: once at the end), and compares with recording them directly.
void check(const std::vector<Event> &Events, size_t Every) {
  auto Q = std::make_unique<EventQueue>();
  ASSERT_TRUE(Q->init());
  Aggregate A;
  std::vector<Expected> Want;
  uint64_t Swept = 0, Timing = 0;
  for (size_t I = 0; I < Events.size(); ++I) {
    const Event &E = Events[I];
    ASSERT_EQ(Q->push(E.Id, E.Caller, E.Ticks), PushResult::Ok);
    if (Every && (I + 1) % Every == 0)
      Swept += sweepQueue(A, *Q);
    if (E.Caller == AllocEventCaller)
      continue; // bytes per call, not timing
    ++Timing;
    if (E.Id >= Want.size())
      Want.resize(E.Id + 1);
    Want[E.Id].Hist.record(E.Ticks);
    Want[E.Id].Sum += E.Ticks;
  }
  Swept += sweepQueue(A, *Q);
  EXPECT_EQ(Swept, Timing);
  ASSERT_GE(A.Timing.size(), Want.size());
  for (size_t Id = 1; Id < Want.size(); ++Id) {
    const Histogram &H = A.Timing[Id].Hist, &W = Want[Id].Hist;
    EXPECT_EQ(H.count(), W.count()) << Id;
    EXPECT_EQ(A.Timing[Id].SumTicks, Want[Id].Sum) << Id;
    EXPECT_EQ(H.min(), W.min()) << Id;
    EXPECT_EQ(H.max(), W.max()) << Id;
    EXPECT_EQ(H.bucketCount(), W.bucketCount()) << Id;
    for (double P : {1.0, 10.0, 50.0, 90.0, 99.0, 99.9})
      EXPECT_EQ(H.percentile(P), W.percentile(P)) << Id << " p" << P;
  }
  Q->release();
}

std::vector<Event> make(size_t N, uint32_t Ids, uint32_t RunLen,
                        uint64_t Seed) {
  std::mt19937_64 R(Seed);
  std::lognormal_distribution<double> D(6.0, 1.2); // 1 .. ~100k ticks
  std::vector<Event> V;
  uint32_t Id = 1;
  for (size_t I = 0; I < N; ++I) {
    if (I % RunLen == 0)
      Id = 1 + uint32_t(R() % Ids);
    uint32_t Caller = uint32_t(R() % 3); // runs broken by callers too
    V.push_back({uint64_t(D(R)), Caller, Id});
  }
  return V;
}

TEST(SweepTest, LongRunsOfOneFunction) {
  check(make(3 * Chunk::Slots + 5, 1, 1000000, 1), 0);
}

TEST(SweepTest, InterleavedFunctionsAndCallers) {
  check(make(20000, 7, 1, 2), 0);
  check(make(20000, 7, 3, 3), 0);
}

TEST(SweepTest, SweepsInTheMiddleOfRuns) {
  check(make(20000, 3, 50, 4), 97);
  check(make(20000, 3, 50, 5), 1);
}

TEST(SweepTest, ValuesAcrossEveryRange) {
  std::vector<Event> V;
  for (uint64_t I = 0; I < 5000; ++I) {
    uint64_t T = I % 3 ? (I * 2654435761u) >> (I % 64) : I % 300;
    V.push_back({T, 0, uint32_t(1 + I % 2)});
  }
  V.push_back({~0ull, 0, 1});
  V.push_back({0, 0, 1});
  check(V, 0);
}

TEST(SweepTest, AllocationEventsInsideRuns) {
  std::vector<Event> V = make(20000, 2, 200, 7);
  for (size_t I = 0; I < V.size(); I += 37)
    V[I].Caller = AllocEventCaller;
  check(V, 0);
}

TEST(SweepTest, IdsBeyondTheAggregateGrowIt) {
  std::vector<Event> V = make(5000, 4, 20, 6);
  for (size_t I = 0; I < V.size(); I += 100)
    V[I].Id = 500 + uint32_t(I / 100);
  check(V, 333);
}

} // namespace

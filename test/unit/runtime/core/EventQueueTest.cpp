//===- EventQueueTest.cpp - The per-thread chunked SPSC queue -------------===//
#include "core/EventQueue.h"
#include "base/PageAlloc.h"

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

using namespace hotpath::rt;

namespace {

// C++17 has no std::barrier.
class Barrier {
  std::mutex M;
  std::condition_variable CV;
  int N, Waiting = 0;
  uint64_t Gen = 0;

public:
  explicit Barrier(int N) : N(N) {}
  void arrive_and_wait() {
    std::unique_lock<std::mutex> L(M);
    uint64_t G = Gen;
    if (++Waiting == N) {
      Waiting = 0;
      ++Gen;
      CV.notify_all();
      return;
    }
    CV.wait(L, [&] { return Gen != G; });
  }
};

// Producer p sends events (Id = p + 1, Ticks = sequence number); the
// consumer checks that each producer's sequence arrives complete, once, in
// order: every element's life (produced -> consumed) is tracked.
struct Tracker {
  std::vector<uint64_t> Next;
  uint64_t Errors = 0;
  explicit Tracker(size_t N) : Next(N, 0) {}
  void operator()(const Event &E) {
    uint64_t &Want = Next[E.Id - 1];
    if (E.Ticks != Want || E.Caller != uint32_t(E.Ticks * 7))
      ++Errors;
    Want = E.Ticks + 1;
  }
};

TEST(EventQueueTest, SingleThreadOrderAndRecycling) {
  auto Q = std::make_unique<EventQueue>();
  ASSERT_TRUE(Q->init());
  Tracker T(1);
  const uint64_t N = 10 * Chunk::Slots + 17; // crosses chunk boundaries
  for (uint64_t I = 0; I < N; ++I) {
    ASSERT_EQ(Q->push(1, uint32_t(I * 7), I), PushResult::Ok);
    if (I % 1000 == 999)
      Q->consume(T);
  }
  Q->consume(T);
  EXPECT_EQ(T.Next[0], N);
  EXPECT_EQ(T.Errors, 0u);
  // Consumed as it went: chunks were recycled, never more than two or three.
  EXPECT_LE(Q->chunksHeld(), 3u);
  Q->release();
}

TEST(EventQueueTest, FullAtCapNothingOverwritten) {
  auto Q = std::make_unique<EventQueue>();
  ASSERT_TRUE(Q->init());
  uint64_t Cap = uint64_t(EventQueue::MaxChunks) * Chunk::Slots, I = 0;
  for (; I < Cap; ++I)
    ASSERT_EQ(Q->push(1, uint32_t(I * 7), I), PushResult::Ok) << I;
  EXPECT_EQ(Q->push(1, 0, I), PushResult::Full);
  EXPECT_EQ(Q->chunksHeld(), EventQueue::MaxChunks);
  Tracker T(1);
  EXPECT_EQ(Q->consume(T), Cap);
  EXPECT_EQ(T.Errors, 0u);
  // Drained: the producer gets recycled chunks, no new mapping.
  for (uint64_t J = 0; J < 2 * Chunk::Slots; ++J)
    ASSERT_EQ(Q->push(1, uint32_t((Cap + J) * 7), Cap + J), PushResult::Ok);
  EXPECT_EQ(Q->chunksHeld(), EventQueue::MaxChunks);
  Q->consume(T);
  EXPECT_EQ(T.Next[0], Cap + 2 * Chunk::Slots);
  EXPECT_EQ(T.Errors, 0u);
  Q->release();
}

// Free-running producers and one consumer sweeping all queues: every
// element consumed exactly once, in order per producer.
TEST(EventQueueTest, StressEveryElementOnceInOrder) {
  constexpr int P = 4;
  constexpr uint64_t N = 400000;
  std::vector<std::unique_ptr<EventQueue>> Qs;
  for (int I = 0; I < P; ++I) {
    Qs.push_back(std::make_unique<EventQueue>());
    ASSERT_TRUE(Qs.back()->init());
  }
  std::atomic<int> Done{0};
  std::vector<std::thread> Threads;
  for (int I = 0; I < P; ++I)
    Threads.emplace_back([&, I] {
      for (uint64_t S = 0; S < N; ++S)
        while (Qs[I]->push(I + 1, uint32_t(S * 7), S) != PushResult::Ok)
          std::this_thread::yield(); // full: wait for the consumer (test only)
      Done.fetch_add(1);
    });
  Tracker T(P);
  uint64_t Total = 0;
  for (;;) {
    bool AllDone = Done.load() == P;
    for (auto &Q : Qs)
      Total += Q->consume(T);
    if (AllDone)
      break;
  }
  for (auto &Th : Threads)
    Th.join();
  for (auto &Q : Qs)
    Total += Q->consume(T);
  EXPECT_EQ(Total, P * N);
  EXPECT_EQ(T.Errors, 0u);
  for (int I = 0; I < P; ++I)
    EXPECT_EQ(T.Next[I], N) << "producer " << I;
  for (auto &Q : Qs)
    Q->release();
}

// hotpath-rs's drain shape: 4 producers x 20 rounds x 12,500 events in
// lockstep (producers push a round, the consumer drains it). None lost, and
// the chunks mapped (the queue's only allocations) stay at the few that one
// round needs: recycled, not re-allocated, so ~0 allocations per event.
TEST(EventQueueTest, LockstepFourProducersNoLossNoAllocation) {
  constexpr int P = 4, Rounds = 20;
  constexpr uint64_t PerRound = 12500;
  std::vector<std::unique_ptr<EventQueue>> Qs;
  for (int I = 0; I < P; ++I) {
    Qs.push_back(std::make_unique<EventQueue>());
    ASSERT_TRUE(Qs.back()->init());
  }
  Tracker T(P);
  uint64_t Total = 0, MappedBefore = pageStats().ChunkBytes;
  std::atomic<uint64_t> Refused{0};
  Barrier Sync(P + 1);
  std::vector<std::thread> Threads;
  for (int I = 0; I < P; ++I)
    Threads.emplace_back([&, I] {
      uint64_t S = 0;
      for (int R = 0; R < Rounds; ++R) {
        for (uint64_t K = 0; K < PerRound; ++K, ++S)
          if (Qs[I]->push(I + 1, uint32_t(S * 7), S) != PushResult::Ok)
            Refused.fetch_add(1);
        Sync.arrive_and_wait(); // round pushed
        Sync.arrive_and_wait(); // round drained
      }
    });
  for (int R = 0; R < Rounds; ++R) {
    Sync.arrive_and_wait();
    for (auto &Q : Qs)
      Total += Q->consume(T);
    Sync.arrive_and_wait();
  }
  for (auto &Th : Threads)
    Th.join();
  EXPECT_EQ(Refused.load(), 0u);
  EXPECT_EQ(Total, P * Rounds * PerRound);
  EXPECT_EQ(T.Errors, 0u);
  // A round spans at most ceil(12,500 / Slots) + 1 chunks; one more may
  // wait in the free ring. 1,000,000 events, at most 4 x 6 chunk maps.
  uint32_t PerQueue = (PerRound + Chunk::Slots - 1) / Chunk::Slots + 2;
  EXPECT_LE(pageStats().ChunkBytes - MappedBefore,
            uint64_t(P) * PerQueue * ChunkBytes);
  for (auto &Q : Qs) {
    EXPECT_LE(Q->chunksHeld(), PerQueue);
    Q->release();
  }
}

} // namespace

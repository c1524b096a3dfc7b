//===- HooksTest.cpp - Hooks, shadow stack, sessions, registry ------------===//
#include "TestSupport.h"

#include "base/Clock.h"
#include "core/Registry.h"
#include "core/ThreadState.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <csetjmp>
#include <pthread.h>
#include <thread>
#include <vector>

using namespace hptest;
using hotpath::rt::Snapshot;

namespace {

TEST(RegistryTest, MergesByHashAndRefusesOtherAbi) {
  hotpath_fn_desc A{
      HOTPATH_ABI_VERSION, 0, 0x1111, "f", "_Z1fv", "a.cpp", 3, 0};
  hotpath_fn_desc B{
      HOTPATH_ABI_VERSION, 0, 0x1111, "f", "_Z1fv", "b.cpp", 3, 0};
  hotpath_fn_desc C{
      HOTPATH_ABI_VERSION, 0, 0x2222, "g", "_Z1gv", "a.cpp", 9, 0};
  hotpath_fn_desc Old{HOTPATH_ABI_VERSION + 1, 0, 0x3333, "h", "h", "", 0, 0};
  hotpath_fn_desc *One[] = {&A, &C}, *Two[] = {&B, &Old};
  __hotpath_register(One, 2, HOTPATH_ABI_VERSION);
  testing::internal::CaptureStderr();
  __hotpath_register(Two, 2, HOTPATH_ABI_VERSION);
  __hotpath_register(Two, 2, HOTPATH_ABI_VERSION); // warns only once
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(A.runtime_id, 0u);
  EXPECT_EQ(A.runtime_id, B.runtime_id);     // one function, two TUs
  EXPECT_EQ(C.runtime_id, A.runtime_id + 1); // dense
  EXPECT_EQ(Old.runtime_id, 0u);
  EXPECT_EQ(std::count(Err.begin(), Err.end(), '\n'), 1) << Err;
  EXPECT_STREQ(hotpath::rt::functionRecord(C.runtime_id).Name, "g");
  EXPECT_EQ(hotpath::rt::functionRecord(C.runtime_id).Line, 9u);
}

TEST(HooksTest, CountsOnlyInsideSession) {
  hotpath_fn_desc *F = makeFn("f", 0xa1);
  for (int I = 0; I < 10; ++I)
    call(F); // before: ignored, never crashes
  begin();
  for (int I = 0; I < 1000; ++I)
    call(F);
  const Snapshot &S = end();
  for (int I = 0; I < 10; ++I)
    call(F); // after: ignored
  const auto &T = timingOf(S, F);
  EXPECT_EQ(T.Calls, 1000u);
  EXPECT_EQ(T.Timed, 1000u);
  EXPECT_LE(T.MinNs, T.MaxNs);
  EXPECT_GT(S.ElapsedNs, 0u);
  EXPECT_EQ(S.Functions[F->runtime_id].Name, "f");
  // Idempotent end; a new session starts from zero.
  hotpath_session_end();
  begin();
  call(F);
  EXPECT_EQ(timingOf(end(), F).Calls, 1u);
}

__attribute__((noinline)) void recurse(hotpath_fn_desc *F, int N) {
  __hotpath_enter(F);
  if (N > 0)
    recurse(F, N - 1);
  __hotpath_exit(F);
}

TEST(HooksTest, RecursionAndNesting) {
  hotpath_fn_desc *F = makeFn("rec", 0xa2);
  begin();
  recurse(F, 99);
  recurse(F, 5000); // deep
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 100u + 5001u);
  EXPECT_EQ(T.Timed, T.Calls);
}

std::jmp_buf Jmp;
__attribute__((noinline)) void jumper(hotpath_fn_desc *F, int N) {
  __hotpath_enter(F);
  if (N == 0)
    std::longjmp(Jmp, 1);
  jumper(F, N - 1);
  __hotpath_exit(F);
}

TEST(HooksTest, LongjmpFramesClosedExactlyOnce) {
  hotpath_fn_desc *F = makeFn("jumper", 0xa3), *G = makeFn("after", 0xa4),
                  *Outer = makeFn("outer", 0xa5);
  begin();
  __hotpath_enter(Outer);
  for (int I = 0; I < 3; ++I)
    if (setjmp(Jmp) == 0)
      jumper(F, 9);      // 10 frames abandoned each time
  call(G);               // closes what is left of them, at its enter
  __hotpath_exit(Outer); // Outer is still matched
  const Snapshot &S = end();
  EXPECT_EQ(timingOf(S, F).Calls, 30u);
  EXPECT_EQ(timingOf(S, G).Calls, 1u);
  EXPECT_EQ(timingOf(S, Outer).Calls, 1u);
}

TEST(HooksTest, ExitPopsAbandonedFramesAndIgnoresStrayExits) {
  hotpath_fn_desc *A = makeFn("A", 0xa6), *B = makeFn("B", 0xa7);
  begin();
  __hotpath_exit(A); // exit without enter: ignored
  __hotpath_enter(A);
  call(B);
  if (setjmp(Jmp) == 0)
    jumper(B, 2);    // three B frames abandoned below A
  __hotpath_exit(A); // closes them, then A
  const Snapshot &S = end();
  EXPECT_EQ(timingOf(S, A).Calls, 1u);
  EXPECT_EQ(timingOf(S, B).Calls, 4u);
}

TEST(HooksTest, ThreadsThatExitDeliverEverything) {
  hotpath_fn_desc *F = makeFn("worker", 0xa8);
  begin({{"HOTPATH_DRAIN_INTERVAL", "1"}});
  std::vector<std::thread> Ts;
  for (int R = 0; R < 3; ++R) { // three generations reuse the states
    for (int I = 0; I < 4; ++I)
      Ts.emplace_back([F] {
        for (int K = 0; K < 5000; ++K)
          call(F);
      });
    for (auto &T : Ts)
      T.join();
    Ts.clear();
  }
  const Snapshot &S = end();
  EXPECT_EQ(timingOf(S, F).Calls, 12u * 5000u);
  uint64_t PerThread = 0, Exited = 0;
  for (auto &T : S.Threads) {
    PerThread += T.Events;
    Exited += T.Exited;
  }
  EXPECT_EQ(PerThread, 12u * 5000u);
  EXPECT_GE(Exited, 1u);
}

// A function whose wrapper has the gate, in a default session that never
// arms it (HOTPATH_FAST_PATH=0): the hooks run its countdown (they took
// the gate's decrement for done): the probes are timed, every call
// counted.
TEST(HooksTest, ProbesRunWhenTheGateIsNeverArmed) {
  hotpath_fn_desc *F = makeFn("gated_unarmed", 0xb3);
  F->flags |= HOTPATH_FN_FAST_PATH;
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_FAST_PATH", "0"}});
  for (int I = 0; I < 1000; ++I)
    call(F);
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 1000u);
  EXPECT_GE(T.Timed, 2u);
  EXPECT_LE(T.Timed, 12u);
}

// Each function has its own countdown: two functions called in step are
// both probed (with one countdown per thread, g was never timed).
TEST(HooksTest, ProbesArePerFunction) {
  hotpath_fn_desc *F = makeFn("step_f", 0xb1), *G = makeFn("step_g", 0xb2);
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_FAST_PATH", "0"}});
  for (int I = 0; I < 1000; ++I) {
    call(F);
    call(G);
  }
  hotpath::rt::Snapshot S = end();
  for (hotpath_fn_desc *D : {F, G}) {
    const auto &T = timingOf(S, D);
    EXPECT_EQ(T.Calls, 1000u);
    EXPECT_GE(T.Timed, 2u) << D->name;
  }
}

TEST(HooksTest, RateZeroCountsOnly) {
  hotpath_fn_desc *F = makeFn("counted", 0xaa);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}});
  for (int I = 0; I < 777; ++I)
    call(F);
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 777u);
  EXPECT_EQ(T.Timed, 0u);
  EXPECT_EQ(T.TotalNs, 0u);
}

__attribute__((noinline)) void spin(hotpath_fn_desc *F, int Us) {
  __hotpath_enter(F);
  auto End = std::chrono::steady_clock::now() + std::chrono::microseconds(Us);
  while (std::chrono::steady_clock::now() < End)
    ;
  __hotpath_exit(F);
}
__attribute__((noinline)) void parent(hotpath_fn_desc *P, hotpath_fn_desc *C) {
  __hotpath_enter(P);
  spin(C, 2000);
  __hotpath_exit(P);
}

TEST(HooksTest, ExclusiveSubtractsMeasuredChildren) {
  hotpath_fn_desc *P = makeFn("parent", 0xab), *C = makeFn("child", 0xac);
  begin({{"HOTPATH_TIME_EXCLUSIVE", "1"}});
  parent(P, C);
  const Snapshot &S = end();
  EXPECT_GE(timingOf(S, C).TotalNs, 1900000u);
  // Self time only: the child's 2 ms are not in the parent's (no bound in
  // microseconds, which a busy machine can break: the child's own time is
  // the yardstick).
  EXPECT_LT(timingOf(S, P).TotalNs, timingOf(S, C).TotalNs / 2);
}

TEST(HooksTest, InclusiveByDefault) {
  hotpath_fn_desc *P = makeFn("parent", 0xad), *C = makeFn("child", 0xae);
  begin();
  parent(P, C);
  const Snapshot &S = end();
  EXPECT_GE(timingOf(S, P).TotalNs, timingOf(S, C).TotalNs);
  EXPECT_GE(timingOf(S, P).TotalNs, 1900000u);
}

// Deeper than the shadow stack (MaxDepth frames): the extra calls are
// counted (not timed), and the frames below still match their exits.
TEST(HooksTest, RecursionDeeperThanShadowStack) {
  static hotpath_fn_desc *F = makeFn("deep", 0xb1);
  begin();
  pthread_attr_t A;
  pthread_attr_init(&A);
  pthread_attr_setstacksize(&A, 256u << 20); // room for 300,000 levels
  pthread_t Th;
  ASSERT_EQ(pthread_create(
                &Th, &A,
                [](void *) -> void * {
                  recurse(F, 299999);
                  return nullptr;
                },
                nullptr),
            0);
  pthread_join(Th, nullptr);
  pthread_attr_destroy(&A);
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 300000u);
  EXPECT_EQ(T.Timed, uint64_t(hotpath::rt::MaxDepth) - 1);
}

// Without an invariant TSC (forced here) the ticks are CLOCK_MONOTONIC_RAW
// nanoseconds; durations stay right.
TEST(HooksTest, ClockFallbackTimesInNs) {
  if (hotpath::rt::sessionEverBegan())
    GTEST_SKIP() << "the clock is chosen at the first session of a process";
  hotpath_fn_desc *P = makeFn("parent", 0xb2), *C = makeFn("child", 0xb3);
  begin({{"HOTPATH_CLOCK", "monotonic"}});
  EXPECT_FALSE(hotpath::rt::ClockUsesTsc);
  parent(P, C);
  const Snapshot &S = end();
  EXPECT_GE(timingOf(S, C).TotalNs, 1900000u);
  EXPECT_LT(timingOf(S, C).TotalNs, 50000000u);
  EXPECT_GE(timingOf(S, P).TotalNs, timingOf(S, C).TotalNs);
}

TEST(HooksTest, LazySessionAtFirstCallWhenNoMainAndNoBegin) {
  if (hotpath::rt::sessionEverBegan())
    GTEST_SKIP() << "needs a fresh process (ctest runs each test alone)";
  setenv("HOTPATH_OUTPUT_FORMAT", "none", 1);
  hotpath::rt::setSnapshotSinkForTesting(sink);
  hotpath_fn_desc *F = makeFn("lazy", 0xaf);
  call(F); // begins the session
  EXPECT_TRUE(hotpath::rt::sessionActive());
  call(F);
  EXPECT_EQ(timingOf(end(), F).Calls, 2u);
  call(F); // no second lazy session
  EXPECT_FALSE(hotpath::rt::sessionActive());
}

TEST(HooksTest, ExplicitBeginDiscardsLazySession) {
  if (hotpath::rt::sessionEverBegan())
    GTEST_SKIP() << "needs a fresh process (ctest runs each test alone)";
  hotpath_fn_desc *F = makeFn("lazy2", 0xb0);
  setenv("HOTPATH_OUTPUT_FORMAT", "none", 1);
  call(F); // lazy session (e.g. from a static constructor)
  begin(); // the program's own begin wins, from zero
  call(F);
  EXPECT_EQ(timingOf(end(), F).Calls, 1u);
}

} // namespace

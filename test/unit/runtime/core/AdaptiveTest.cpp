//===- AdaptiveTest.cpp - The default mode times the long functions -------===//
//
// No HOTPATH_* variable but the output: every call counted; a function
// whose calls are long has every call timed, a short one only its probes,
// a recursive one is counted (core/Adaptive.h).
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "base/Clock.h"
#include "core/Adaptive.h"

#include <gtest/gtest.h>

#include <chrono>

using namespace hptest;

namespace {

// CPU work, not a sleep: a call this long is long on any machine (the
// threshold is 100 timed calls' cost, a few microseconds).
void spinFor(std::chrono::microseconds D) {
  auto Until = std::chrono::steady_clock::now() + D;
  while (std::chrono::steady_clock::now() < Until)
    asm volatile("" ::: "memory");
}

__attribute__((noinline)) void longCall(hotpath_fn_desc *D) {
  __hotpath_enter(D);
  spinFor(std::chrono::microseconds(300));
  __hotpath_exit(D);
}

__attribute__((noinline)) void recurse(hotpath_fn_desc *D, int N) {
  __hotpath_enter(D);
  if (N > 0)
    recurse(D, N - 1);
  else
    spinFor(std::chrono::microseconds(300));
  __hotpath_exit(D);
}

// CPU samples are not what this tests.
void beginDefault() {
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_CPU_SAMPLING", "0"}});
}

} // namespace

TEST(AdaptiveTest, LongFunctionsTimedShortOnesCounted) {
  hotpath_fn_desc *Long = makeFn("long", 0xad1);
  hotpath_fn_desc *Short = makeFn("short", 0xad2);
  hotpath_fn_desc *Rec = makeFn("rec", 0xad3);
  beginDefault();
  for (int I = 0; I < 30; ++I)
    longCall(Long);
  for (int I = 0; I < 100000; ++I)
    call(Short);
  for (int I = 0; I < 30; ++I)
    recurse(Rec, 20);
  EXPECT_TRUE(hotpath::rt::adaptiveTimed(Long->runtime_id));
  EXPECT_FALSE(hotpath::rt::adaptiveTimed(Short->runtime_id));
  EXPECT_FALSE(hotpath::rt::adaptiveTimed(Rec->runtime_id));
  const hotpath::rt::Snapshot &S = end();
  const auto &L = timingOf(S, Long), &Sh = timingOf(S, Short),
             &R = timingOf(S, Rec);
  // Counts are exact in every mode.
  EXPECT_EQ(L.Calls, 30u);
  EXPECT_EQ(Sh.Calls, 100000u);
  EXPECT_EQ(R.Calls, 30u * 21u);
  // Every call of the long function timed: its report row is measured.
  EXPECT_EQ(L.Timed, L.Calls);
  EXPECT_GE(L.MinNs, 250000u);
  // The short one: its probes only, a few dozen at most.
  EXPECT_LT(Sh.Timed, 100u);
  EXPECT_GE(Sh.Timed, 1u);
  // The recursive one: counted once it was seen inside itself.
  EXPECT_LT(R.Timed, R.Calls);
}

TEST(AdaptiveTest, FewCallsAreAllTimedByTheirProbes) {
  hotpath_fn_desc *Once = makeFn("once", 0xad4);
  beginDefault();
  call(Once); // short, but its only call is probed
  const auto &T = timingOf(end(), Once);
  EXPECT_EQ(T.Calls, 1u);
  EXPECT_EQ(T.Timed, 1u);
}

TEST(AdaptiveTest, ANewSessionDecidesAgain) {
  hotpath_fn_desc *F = makeFn("f", 0xad5);
  beginDefault();
  for (int I = 0; I < 10; ++I)
    longCall(F);
  EXPECT_TRUE(hotpath::rt::adaptiveTimed(F->runtime_id));
  end();
  beginDefault();
  for (int I = 0; I < 10000; ++I)
    call(F);
  EXPECT_FALSE(hotpath::rt::adaptiveTimed(F->runtime_id));
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 10000u);
  EXPECT_LT(T.Timed, 100u);
}

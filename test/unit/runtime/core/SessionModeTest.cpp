//===- SessionModeTest.cpp - A session's mode over its whole truth table --===//
//
// deriveSessionMode (core/SessionMode.h) over every combination of the
// measure mode and the eight yes/no inputs: the invariants the hot path
// relies on hold in each, and the rows a user meets are what the docs say
// (docs/runtime.md, modes).
//
//===----------------------------------------------------------------------===//
#include "core/SessionMode.h"

#include <gtest/gtest.h>

using namespace hotpath::rt;

namespace {

// The rate Options resolves for each mode (base/Options.cpp).
double rateOf(MeasureMode M) { return M == MeasureMode::Timed ? 1.0 : 0.0; }

SessionInputs inputs(MeasureMode Mode, unsigned Bits) {
  SessionInputs In;
  In.Mode = Mode;
  In.Rate = rateOf(Mode);
  In.Exclusive = Bits & 1;
  In.FastPathAllowed = Bits & 2;
  In.UnderValgrind = Bits & 4;
  In.Tsc = Bits & 8;
  In.AllocTracked = Bits & 16;
  In.AllocCumulative = Bits & 32;
  In.LocksTracked = Bits & 64;
  In.TraceAsked = Bits & 128;
  return In;
}

const MeasureMode Modes[] = {MeasureMode::Default, MeasureMode::Timed,
                             MeasureMode::Count};

TEST(SessionModeTest, InvariantsHoldOverTheWholeTable) {
  for (MeasureMode Mode : Modes)
    for (unsigned Bits = 0; Bits < 256; ++Bits) {
      SessionInputs In = inputs(Mode, Bits);
      SessionMode M = deriveSessionMode(In);
      const SessionConfig &C = M.Config;
      SCOPED_TRACE(testing::Message()
                   << "mode " << measureModeName(Mode) << " bits " << Bits);
      // Under Valgrind every mode counts, through the hooks.
      if (In.UnderValgrind) {
        EXPECT_EQ(C.Period, ~0ull);
        EXPECT_FALSE(C.Adaptive);
        EXPECT_FALSE(C.FastPath);
        EXPECT_TRUE(M.TimesNothing);
        EXPECT_FALSE(M.AllocNeedsStack);
      }
      // The fast path counts without a frame: never where a call needs
      // one.
      if (C.FastPath) {
        EXPECT_TRUE(In.FastPathAllowed);
        EXPECT_NE(C.Period, 1u);
        EXPECT_FALSE(C.Exclusive);
        EXPECT_FALSE(M.Alloc == AllocAttribution::Cumulative);
        EXPECT_FALSE(M.TimesNothing && M.AllocNeedsStack);
      }
      // Count-only hooks keep no stack: nothing may need one.
      if (M.Hooks == HookMode::CountOnly) {
        EXPECT_TRUE(M.TimesNothing);
        EXPECT_FALSE(M.AllocNeedsStack);
        EXPECT_FALSE(M.Trace);
      }
      EXPECT_EQ(M.TimesNothing, C.Period == ~0ull && !C.Adaptive);
      // The hooks compiled for the mode are the mode's.
      EXPECT_NE(M.Hooks, HookMode::AnyMode);
      if (M.Hooks != HookMode::CountOnly) {
        EXPECT_EQ(allTimedOf(M.Hooks), C.Period == 1 ? 1 : 0);
        EXPECT_EQ(exclusiveOf(M.Hooks), C.Exclusive ? 1 : 0);
      }
      EXPECT_EQ(M.Tsc, In.Tsc);
      // Allocations: off exactly when untracked; by the current call
      // exactly when the fast path is armed and attribution exclusive.
      EXPECT_EQ(M.Alloc == AllocAttribution::Off, !In.AllocTracked);
      if (In.AllocTracked)
        EXPECT_EQ(M.Alloc == AllocAttribution::ByCurrentCall,
                  C.FastPath && !In.AllocCumulative);
      // The current call is kept only where the fast path is armed and
      // something is charged to it.
      EXPECT_EQ(M.KeepCurrentCall,
                C.FastPath && (M.Alloc == AllocAttribution::ByCurrentCall ||
                               In.LocksTracked));
      // A trace records timed calls: refused with a reason otherwise.
      EXPECT_EQ(M.Trace, In.TraceAsked && !In.UnderValgrind && !M.TimesNothing);
      EXPECT_EQ(M.TraceRefused != TraceRefusal::None,
                In.TraceAsked && !M.Trace);
    }
}

TEST(SessionModeTest, TheDefaultIsCountsAtTheFastPathAndAdaptiveTime) {
  SessionInputs In = inputs(MeasureMode::Default, 2 | 8 | 16 | 64);
  SessionMode M = deriveSessionMode(In);
  EXPECT_TRUE(M.Config.Adaptive);
  EXPECT_EQ(M.Config.Period, ~0ull);
  EXPECT_TRUE(M.Config.FastPath);
  EXPECT_FALSE(M.TimesNothing);
  EXPECT_EQ(M.Hooks, HookMode::Countdown);
  EXPECT_EQ(M.Alloc, AllocAttribution::ByCurrentCall);
  EXPECT_TRUE(M.KeepCurrentCall);
}

TEST(SessionModeTest, EveryCallTimedHasNoFastPath) {
  SessionMode M =
      deriveSessionMode(inputs(MeasureMode::Timed, 2 | 8 | 16 | 64 | 128));
  EXPECT_EQ(M.Config.Period, 1u);
  EXPECT_FALSE(M.Config.FastPath);
  EXPECT_EQ(M.Hooks, HookMode::EveryCallTimed);
  EXPECT_EQ(M.Alloc, AllocAttribution::ByTopFrame);
  EXPECT_FALSE(M.KeepCurrentCall);
  EXPECT_TRUE(M.Trace);
  M = deriveSessionMode(inputs(MeasureMode::Timed, 1 | 2 | 8));
  EXPECT_EQ(M.Hooks, HookMode::EveryCallExclusive);
}

TEST(SessionModeTest, DefaultWithExclusiveTimeHasNoFastPath) {
  SessionMode M = deriveSessionMode(inputs(MeasureMode::Default, 1 | 2 | 8));
  EXPECT_TRUE(M.Config.Adaptive);
  EXPECT_FALSE(M.Config.FastPath);
  EXPECT_EQ(M.Hooks, HookMode::CountdownExclusive);
}

TEST(SessionModeTest, CountingWithAllocationsKeepsFrames) {
  // Nothing timed: count-only hooks, unless allocations need the stack;
  // then every call keeps a frame, and the fast path stays off.
  SessionMode M = deriveSessionMode(inputs(MeasureMode::Count, 2 | 8));
  EXPECT_EQ(M.Hooks, HookMode::CountOnly);
  EXPECT_TRUE(M.Config.FastPath);
  M = deriveSessionMode(inputs(MeasureMode::Count, 2 | 8 | 16));
  EXPECT_EQ(M.Hooks, HookMode::Countdown);
  EXPECT_FALSE(M.Config.FastPath);
  EXPECT_EQ(M.Alloc, AllocAttribution::ByTopFrame);
  EXPECT_TRUE(M.AllocNeedsStack);
  M = deriveSessionMode(inputs(MeasureMode::Count, 2 | 8 | 128));
  EXPECT_FALSE(M.Trace);
  EXPECT_EQ(M.TraceRefused, TraceRefusal::TimesNothing);
}

TEST(SessionModeTest, ValgrindCountsInEveryMode) {
  for (MeasureMode Mode : Modes) {
    SessionMode M = deriveSessionMode(inputs(Mode, 2 | 4 | 8 | 16 | 128));
    EXPECT_EQ(M.Hooks, HookMode::CountOnly);
    EXPECT_FALSE(M.Config.FastPath);
    EXPECT_EQ(M.Alloc, AllocAttribution::ByTopFrame); // per thread only
    EXPECT_EQ(M.TraceRefused, TraceRefusal::UnderValgrind);
  }
}

TEST(SessionModeTest, CumulativeAllocationsNeedAFrameEveryCall) {
  SessionMode M =
      deriveSessionMode(inputs(MeasureMode::Default, 2 | 8 | 16 | 32));
  EXPECT_EQ(M.Alloc, AllocAttribution::Cumulative);
  EXPECT_FALSE(M.Config.FastPath);
  EXPECT_FALSE(M.KeepCurrentCall);
}

} // namespace

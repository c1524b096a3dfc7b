//===- CallgrindCostTest.cpp - What a measured call costs under Callgrind -===//
//
// fillCallgrindSections subtracts from a caller, per nested measured call,
// the hooks' Ir, the callee's wrapper when it is a function of its own, and
// otherwise, for a wrapper with the fast path inlined into the caller, the
// HOTPATH_FAST_PATH_GATE_IR instructions of its gate (never armed under
// Valgrind). A synthetic snapshot and attribution: `outer` calls `g` 30
// times.
//
//===----------------------------------------------------------------------===//
#include "valgrind/Callgrind.h"

#include "hotpath/abi.h"

#include <gtest/gtest.h>

using namespace hotpath;
using hotpath::rt::NestedCalls;

namespace {

constexpr uint64_t OuterHash = 0x10, GHash = 0x20;
constexpr uint64_t HookPerCall = 40; // Ir of enter + exit, per call
constexpr uint64_t OuterRaw = 10000, GRaw = 3000;

struct Result {
  uint64_t OuterTotal = 0, GTotal = 0;
  std::optional<uint64_t> HookCostIr;
};

/// `g` is called 30 times from `outer` (1 call); its wrapper was called as
/// a function `WrapperCalls` times, spending `WrapperIr` in total.
Result run(uint32_t GFlags, uint64_t WrapperCalls, uint64_t WrapperIr,
           bool KnownNesting = true) {
  rt::Snapshot S;
  S.UnderValgrind = true;
  S.Functions.resize(3);
  S.Timing.resize(3);
  S.Functions[1] = {1, OuterHash, 0, "outer", "outer", "w.cpp", 1};
  S.Functions[2] = {2, GHash, GFlags, "g", "g", "w.cpp", 2};
  S.Timing[1].Calls = 1;
  S.Timing[2].Calls = 30;

  callgrind::Attribution A;
  A.Events = {"Ir"};
  A.Totals = {20000};
  A.HookIr = HookPerCall * 31;
  A.Markers[OuterHash].Calls = 1;
  A.Markers[OuterHash].Raw = OuterRaw;
  A.Markers[OuterHash].Inclusive = {OuterRaw};
  A.Markers[GHash].Calls = 30;
  A.Markers[GHash].Raw = GRaw;
  A.Markers[GHash].Inclusive = {GRaw};
  A.Markers[GHash].WrapperIr = WrapperIr;
  A.Markers[GHash].WrapperCalls = WrapperCalls;

  std::vector<NestedCalls> Nested = {{1, 2, 30}};
  report::Report R;
  R.M.Tool = "callgrind-3.22.0";
  rt::fillCallgrindSections(R, S, A, {}, KnownNesting ? &Nested : nullptr);
  Result Out;
  Out.HookCostIr = R.Icount.HookCostIr;
  for (const report::FunctionRow &Row : R.Icount.Data) {
    if (Row.Name == "outer")
      Out.OuterTotal = Row.Total;
    else if (Row.Name == "g")
      Out.GTotal = Row.Total;
  }
  return Out;
}

TEST(CallgrindCostTest, InlinedGateChargedToTheCall) {
  static_assert(HOTPATH_FAST_PATH_GATE_IR == 5, "the gate's first jump");
  Result R = run(HOTPATH_FN_FAST_PATH, 0, 0);
  EXPECT_EQ(R.OuterTotal, OuterRaw - 30 * (HookPerCall + 5));
  EXPECT_EQ(R.GTotal, GRaw); // g nests no measured call
  // (40 * 31 + 5 * 30) / 31, rounded.
  EXPECT_EQ(R.HookCostIr, std::optional<uint64_t>(45));
}

TEST(CallgrindCostTest, InlinedLocalGateChargedToTheCall) {
  // An executable's gate (abi.h) reaches its first jump in 3 instructions.
  static_assert(HOTPATH_FAST_PATH_LOCAL_GATE_IR == 3, "the gate's first jump");
  Result R = run(HOTPATH_FN_FAST_PATH | HOTPATH_FN_LOCAL_GATE, 0, 0);
  EXPECT_EQ(R.OuterTotal, OuterRaw - 30 * (HookPerCall + 3));
  EXPECT_EQ(R.GTotal, GRaw);
  // (40 * 31 + 3 * 30) / 31, rounded.
  EXPECT_EQ(R.HookCostIr, std::optional<uint64_t>(43));
}

TEST(CallgrindCostTest, OutOfLineWrapperCountsItsOwnIr) {
  // The gate ran in the wrapper: it is part of WrapperIr already.
  Result R = run(HOTPATH_FN_FAST_PATH, 30, 30 * 12);
  EXPECT_EQ(R.OuterTotal, OuterRaw - 30 * (HookPerCall + 12));
  EXPECT_EQ(R.HookCostIr, std::optional<uint64_t>(52)); // 1600 / 31
}

TEST(CallgrindCostTest, PartlyInlinedWrapper) {
  // 10 calls through the wrapper as a function, 20 inlined into callers.
  Result R = run(HOTPATH_FN_FAST_PATH, 10, 10 * 12);
  EXPECT_EQ(R.OuterTotal, OuterRaw - 30 * HookPerCall - 10 * 12 - 20 * 5);
  EXPECT_EQ(R.HookCostIr, std::optional<uint64_t>(47)); // 1460 / 31
}

TEST(CallgrindCostTest, NoGateWithoutTheFlag) {
  Result R = run(HOTPATH_FN_LABELLED, 0, 0);
  EXPECT_EQ(R.OuterTotal, OuterRaw - 30 * HookPerCall);
  EXPECT_EQ(R.HookCostIr, std::optional<uint64_t>(HookPerCall));
}

TEST(CallgrindCostTest, NothingSubtractedWithoutNestedCounts) {
  Result R = run(HOTPATH_FN_FAST_PATH, 0, 0, /*KnownNesting=*/false);
  EXPECT_EQ(R.OuterTotal, OuterRaw);
  EXPECT_FALSE(R.HookCostIr.has_value());
}

} // namespace

//===- CalibrateTest.cpp - Spreads and suggested thresholds ---------------===//
#include "hotpath/policy/Calibrate.h"
#include "TestSupport.h"
#include "hotpath/policy/Judge.h"

using namespace hotpath::policy;
using namespace hotpath::policy::test;

TEST(Calibrate, Threshold) {
  EXPECT_DOUBLE_EQ(suggestThreshold(0), 0.5);
  EXPECT_DOUBLE_EQ(suggestThreshold(1), 1.5); // spread + 0.5
  EXPECT_DOUBLE_EQ(suggestThreshold(4), 5);   // 1.25 x spread
  EXPECT_DOUBLE_EQ(suggestThreshold(13.85), 18);
  EXPECT_DOUBLE_EQ(suggestThreshold(90), 115);
}

TEST(Calibrate, SpreadIsTheLargestPairwiseChange) {
  std::vector<hotpath::report::Report> Rs = {
      makeReport({row("f", 10, 1000, 50), row("g", 10, 100, 5),
                  row("tiny", 10, 1, 0.1)}),
      makeReport({row("f", 10, 1200, 50), row("g", 10, 105, 5),
                  row("tiny", 10, 9, 0.1)}),
      makeReport({row("f", 10, 900, 50), row("g", 10, 100, 5),
                  row("tiny", 10, 1, 0.1)})};
  Calibration C = calibrate(Rs, 0.5);
  ASSERT_GE(C.Spreads.size(), 2u);
  const Spread &Total = C.Spreads[1];
  EXPECT_EQ(Total.M.name(), "total");
  // (1200 - 900) / 900: "tiny" is below the floor and does not count.
  EXPECT_NEAR(Total.Percent, 33.333, 0.01);
  EXPECT_EQ(Total.Function, "f");
  EXPECT_EQ(Total.Functions, 2u);

  // The policy it writes judges no pair of these runs a regression.
  std::string Text = renderCalibratedPolicy(C);
  Policy P = parseOrDie(Text);
  EXPECT_TRUE(P.Timing.Judged);
  EXPECT_DOUBLE_EQ(P.Timing.MinPercentChange, 42);
  for (auto &A : Rs)
    for (auto &B : Rs)
      EXPECT_EQ(judge(&A, B, P).Regressions, 0u);
}

TEST(Calibrate, UnmeasuredSectionsAreNoted) {
  auto A = makeReport({row("f", 10, 1000, 50)});
  auto B = A;
  B.Timing.SamplingRate = 0;
  Calibration C = calibrate({A, B}, 0.5);
  EXPECT_TRUE(C.Spreads.empty());
  ASSERT_EQ(C.Notes.size(), 1u);
}

// A function that took 1 ns in one run and a second in another (a call
// compensated down to almost nothing) has a spread of 1e11%: the policy
// written must still be one the tool reads (min_percent_change is at most
// 1e9), not a file `hotpath diff` refuses.
TEST(Calibrate, AHugeSpreadStillWritesAPolicyTheToolReads) {
  std::vector<hotpath::report::Report> Rs = {
      makeReport({row("f", 2, 1256219377, 50), row("g", 10, 100, 5)}),
      makeReport({row("f", 1, 1, 50), row("g", 10, 105, 5)})};
  Calibration C = calibrate(Rs, 0.5);
  Policy P = parseOrDie(renderCalibratedPolicy(C));
  EXPECT_TRUE(P.Timing.Judged);
  EXPECT_DOUBLE_EQ(P.Timing.MinPercentChange, 1e9);
}

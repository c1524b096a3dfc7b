//===- TrimRankingTest.cpp - What `hotpath trim` excludes -----------------===//
#include "trim/TrimRanking.h"

#include "gtest/gtest.h"

using namespace hotpath;
using namespace hotpath::tool::trim;

namespace {

report::FunctionRow row(const std::string &Name, uint64_t Calls,
                        uint64_t CpuNs) {
  report::FunctionRow R;
  R.Name = Name;
  R.Calls = Calls;
  R.CpuNs = CpuNs;
  R.CpuSelfNs = CpuNs;
  return R;
}

} // namespace

// By CPU samples: the cost a call is the gates' samples over the calls,
// the budget a share of the run's CPU less them; a function the samples
// never saw is left alone while excluding the costly ones fits the budget.
TEST(TrimRanking, ByCpuSamplesCostlyFirstThenTheUnseen) {
  report::Report R;
  R.Timing.Present = true;
  R.Timing.Data = {row("hot_tiny", 900000, 90000), // 0.1 ns of CPU a call
                   row("unseen", 5000, 0),         // no sample
                   row("heavy", 1000, 9000000)};
  samples::SampleProfile P;
  P.CpuNs = 10000000;
  P.MeasuringNs = 906000; // 1 ns a call over 906,000 calls
  Params Pr;
  Pr.By = TrimBy::Cpu;
  Pr.Budget = 2; // of 9.094 ms: 182 us
  Trimmed T = trimOne(R, "run", Pr, &P);
  EXPECT_DOUBLE_EQ(T.CallCost, 1.0);
  EXPECT_DOUBLE_EQ(T.Plain, 9094000.0);
  ASSERT_EQ(T.Excluded.size(), 1u);
  EXPECT_EQ(T.Excluded[0].Name, "hot_tiny"); // 900 of the 906 us
  // A budget the costly one alone cannot meet: then the unseen one too
  // (5 us, under a hundredth of the excess), not the heavy one (1 us, a
  // thousandth or less).
  Pr.Budget = 0.05; // 4.5 us
  T = trimOne(R, "run", Pr, &P);
  ASSERT_EQ(T.Excluded.size(), 2u);
  EXPECT_EQ(T.Excluded[0].Name, "hot_tiny");
  EXPECT_EQ(T.Excluded[1].Name, "unseen");
}

TEST(TrimRanking, ExactRegexAndTomlString) {
  EXPECT_EQ(exactRegex("a::f(int) [clone .x]^"),
            "^a::f[(]int[)] [[]clone [.]x[]]\\^$");
  EXPECT_EQ(tomlString("a\"b\\c\x1b"), "\"a\\\"b\\\\c\\u001b\"");
}

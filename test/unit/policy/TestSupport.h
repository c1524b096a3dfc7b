//===- TestSupport.h - Small reports for the judge's tests ------*- C++ -*-===//
#ifndef HOTPATH_TEST_POLICY_REPORTS_H
#define HOTPATH_TEST_POLICY_REPORTS_H

#include "hotpath/policy/Policy.h"
#include "hotpath/report/Report.h"

#include <gtest/gtest.h>

namespace hotpath::policy::test {

/// A timing/alloc/icount row: `Total` and `Share` (% of the section) given,
/// avg = total / calls, one percentile (p95) = 2 × avg.
inline report::FunctionRow row(const std::string &Name, uint64_t Calls,
                               uint64_t Total, double Share) {
  report::FunctionRow R;
  R.Name = Name;
  R.Calls = Calls;
  R.Total = Total;
  R.Avg = Calls ? Total / Calls : 0;
  R.Percentiles = {R.Avg * 2};
  R.PercentTotal = Share;
  return R;
}

inline report::Report makeReport(std::vector<report::FunctionRow> Timing,
                                 std::vector<report::FunctionRow> Icount = {},
                                 std::vector<report::FunctionRow> Alloc = {}) {
  report::Report R;
  R.M.HotpathVersion = "0.1.0";
  R.M.Compiler = "clang";
  R.M.CompilerVersion = "19.1.7";
  R.M.CpuModel = "Model A";
  R.M.CpuVendor = "GenuineIntel";
  auto Fill = [](report::FunctionsSection &S,
                 std::vector<report::FunctionRow> Rows, bool Dist) {
    if (Rows.empty())
      return;
    S.Present = true;
    S.Total = 1000000;
    if (Dist)
      S.Percentiles = {95};
    else
      for (auto &R : Rows)
        R.Percentiles.clear();
    S.Data = std::move(Rows);
  };
  Fill(R.Timing, std::move(Timing), true);
  Fill(R.Icount, std::move(Icount), false);
  if (R.Icount.Present)
    R.Icount.Tool = "callgrind-3.19.0";
  Fill(R.Alloc, std::move(Alloc), true);
  return R;
}

inline Policy parseOrDie(const std::string &Text) {
  Policy P;
  std::string Error;
  EXPECT_TRUE(parsePolicy(Text, "p.toml", P, Error)) << Error;
  return P;
}

inline std::string parseError(const std::string &Text) {
  Policy P;
  std::string Error;
  EXPECT_FALSE(parsePolicy(Text, "p.toml", P, Error));
  return Error;
}

} // namespace hotpath::policy::test

#endif

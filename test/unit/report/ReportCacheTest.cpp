//===- ReportCacheTest.cpp - The functions_cache section ------------------===//
#include "hotpath/report/ReportCache.h"

#include "gtest/gtest.h"

using namespace hotpath::report;

TEST(ReportCache, JsonRoundTripAndTable) {
  CacheSection S;
  S.Present = true;
  S.Description = "caches";
  S.Caches = {"I1 cache: 32768 B, 64 B, 8-way associative"};
  S.TotalCycles = 5000;
  CacheRow R;
  R.Name = "app::work()";
  R.Calls = 10;
  R.Ir = 1000;
  R.D1mr = 20;
  R.DLmr = 5;
  R.Cycles = 1000 + 10 * 20 + 100 * 5;
  R.AvgCycles = R.Cycles / R.Calls;
  R.PercentTotal = 34;
  S.Data.push_back(R);

  CacheSection Back;
  cacheFromJson(nlohmann::json::parse(cacheToJson(S).dump()), Back);
  ASSERT_EQ(Back.Data.size(), 1u);
  EXPECT_EQ(Back.Data[0].Name, "app::work()");
  EXPECT_EQ(Back.Data[0].Cycles, 1700u);
  EXPECT_EQ(Back.Data[0].DLmr, 5u);
  EXPECT_EQ(Back.TotalCycles, 5000u);
  EXPECT_EQ(Back.Caches, S.Caches);

  std::string Title;
  std::vector<std::string> Header;
  std::vector<std::vector<std::string>> Rows;
  cacheTable(S, 0, "", Title, Header, Rows);
  ASSERT_EQ(Rows.size(), 1u);
  EXPECT_EQ(Rows[0][0], "app::work()");
  EXPECT_EQ(Header.size(), Rows[0].size());
  // A focus that matches nothing leaves no row.
  cacheTable(S, 0, "nothing", Title, Header, Rows);
  EXPECT_TRUE(Rows.empty());
}

//===- PolicyUnitsTest.cpp - Human units of budgets -----------------------===//
#include "hotpath/policy/PolicyUnits.h"

#include <gtest/gtest.h>

using namespace hotpath::policy;

namespace {
uint64_t parse(const std::string &S, Quantity Q) {
  uint64_t V = 0;
  std::string Error;
  EXPECT_TRUE(parseQuantity(S, Q, V, Error)) << S << ": " << Error;
  return V;
}
std::string error(const std::string &S, Quantity Q) {
  uint64_t V = 0;
  std::string Error;
  EXPECT_FALSE(parseQuantity(S, Q, V, Error)) << S;
  return Error;
}
} // namespace

TEST(Units, Bytes) {
  EXPECT_EQ(parse("2 B", Quantity::Bytes), 2u);
  EXPECT_EQ(parse("2", Quantity::Bytes), 2u);
  EXPECT_EQ(parse("1.5 MB", Quantity::Bytes), 1572864u);
  EXPECT_EQ(parse("1.5MB", Quantity::Bytes), 1572864u);
  EXPECT_EQ(parse("512 KiB", Quantity::Bytes), 524288u);
  EXPECT_EQ(parse("1 GB", Quantity::Bytes), 1073741824u);
  EXPECT_NE(error("1.5 mb", Quantity::Bytes).find("unknown unit 'mb'"),
            std::string::npos);
  EXPECT_NE(error("-1 B", Quantity::Bytes).find("expected a number"),
            std::string::npos);
  EXPECT_NE(error("MB", Quantity::Bytes).find("expected a number"),
            std::string::npos);
  // Decimal only: strtod would read 0x10 as 16.
  EXPECT_NE(error("0x10 B", Quantity::Bytes).find("unknown unit 'x10 B'"),
            std::string::npos);
  EXPECT_EQ(parse("1.5e3 B", Quantity::Bytes), 1500u);
}

TEST(Units, Durations) {
  EXPECT_EQ(parse("250 us", Quantity::Duration), 250000u);
  EXPECT_EQ(parse("250 µs", Quantity::Duration), 250000u);
  EXPECT_EQ(parse("1.5 ms", Quantity::Duration), 1500000u);
  EXPECT_EQ(parse("2 s", Quantity::Duration), 2000000000u);
  EXPECT_EQ(parse("850 ns", Quantity::Duration), 850u);
  EXPECT_EQ(parse("850", Quantity::Duration), 850u);
  EXPECT_NE(error("3 hours", Quantity::Duration).find("unknown unit 'hours'"),
            std::string::npos);
}

TEST(Units, Counts) {
  EXPECT_EQ(parse("3M", Quantity::Count), 3000000u);
  EXPECT_EQ(parse("1.5 K", Quantity::Count), 1500u);
  EXPECT_EQ(parse("2G", Quantity::Count), 2000000000u);
  EXPECT_EQ(parse("1200", Quantity::Count), 1200u);
  EXPECT_NE(error("3 MB", Quantity::Count).find("unknown unit 'MB'"),
            std::string::npos);
  EXPECT_NE(error("1e30", Quantity::Count).find("out of range"),
            std::string::npos);
}

TEST(Units, Format) {
  EXPECT_EQ(formatQuantity(1572864, Quantity::Bytes), "1.5 MB");
  EXPECT_EQ(formatQuantity(3000000, Quantity::Count), "3,000,000");
  EXPECT_EQ(formatQuantity(1500000, Quantity::Duration), "1.50 ms");
}

//===- PolicyTest.cpp - Policy files: schema, strictness, lookup ----------===//
#include "TestSupport.h"

#include <cstdio>
#include <fstream>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace hotpath::policy;
using namespace hotpath::policy::test;

TEST(Policy, DefaultsJudgeDeterministicSectionsOnly) {
  Policy P = defaultPolicy();
  EXPECT_TRUE(P.PrCheckFail);
  EXPECT_EQ(P.MinPercentTotal, 0.5);
  EXPECT_TRUE(P.Alloc.Judged);
  EXPECT_TRUE(P.Icount.Judged);
  EXPECT_FALSE(P.Timing.Judged);
  EXPECT_FALSE(P.Alloc.FailCheck || P.Icount.FailCheck || P.Timing.FailCheck);
  // An empty file is the defaults.
  Policy E = parseOrDie("");
  EXPECT_EQ(E.Alloc.MinPercentChange, P.Alloc.MinPercentChange);
}

// The seed's policy for the drain benchmark, verbatim.
TEST(Policy, SeedPolicy) {
  Policy P = parseOrDie(R"(
[functions]
min_percent_total = 0.5

[[functions.budgets]]
match = "hotpath_drain::EventProducer::push"
alloc = { avg = "2 B", total = "1.5 MB" }
calls = { min = 1000000, max = 1000000 }

[functions.alloc]
judged = true
min_percent_change = 2
metrics = ["avg", "total"]
min_calls = 0

[functions.icount]
judged = true
min_percent_change = 3
metrics = ["avg", "total"]
min_calls = 0

[functions.timing]
judged = false
)");
  ASSERT_EQ(P.Budgets.size(), 1u);
  const Budget &B = P.Budgets[0];
  EXPECT_EQ(B.Match, "hotpath_drain::EventProducer::push");
  EXPECT_EQ(*B.CallsMin, 1000000u);
  EXPECT_EQ(*B.CallsMax, 1000000u);
  ASSERT_EQ(B.Alloc.size(), 2u);
  EXPECT_EQ(B.Alloc[0].Max, 2u);
  EXPECT_EQ(B.Alloc[1].Max, 1572864u);
  EXPECT_TRUE(B.FailCheck);
  EXPECT_EQ(P.Alloc.MinPercentChange, 2);
  EXPECT_EQ(P.Icount.MinPercentChange, 3);
  EXPECT_FALSE(P.Timing.Judged);
  EXPECT_TRUE(P.Notes.empty());
}

TEST(Policy, FullSchema) {
  Policy P = parseOrDie(R"(
pr_check = "warn"
[functions]
ignore = ["std::*", "debug_*"]
[functions.timing]
judged = true
metrics = ["avg", "p95", "p99.9"]
min_percent_change = 12.5
min_calls = "1K"
fail_check = true
[[functions.budgets]]
match = "parse*"
timing = { avg = "250 us", p95 = "1 ms" }
icount = { total = "3M" }
message = "keep parse fast"
fail_check = false
)");
  EXPECT_FALSE(P.PrCheckFail);
  EXPECT_EQ(P.Ignore.size(), 2u);
  ASSERT_EQ(P.Timing.Metrics.size(), 3u);
  EXPECT_EQ(P.Timing.Metrics[2].name(), "p99.9");
  EXPECT_EQ(P.Timing.MinPercentChange, 12.5);
  EXPECT_EQ(P.Timing.MinCalls, 1000u);
  EXPECT_TRUE(P.Timing.FailCheck);
  const Budget &B = P.Budgets.at(0);
  EXPECT_EQ(B.Timing.at(0).Max, 250000u);
  EXPECT_EQ(B.Timing.at(1).M.name(), "p95");
  EXPECT_EQ(B.Icount.at(0).Max, 3000000u);
  EXPECT_EQ(B.Message, "keep parse fast");
  EXPECT_FALSE(B.FailCheck);
}

// hotpath-rs sections for resources this project has no reports of.
TEST(Policy, HotpathRsSectionsAcceptedWithNote) {
  Policy P = parseOrDie(R"(
[functions.icount]
judged = true
[channels.flow]
judged = true
min_percent_change = 5
[sql.timing]
judged = false
[futures]
x = 1
[threads.alloc]
judged = true
)");
  ASSERT_EQ(P.Notes.size(), 4u);
  EXPECT_NE(P.Notes[3].find("reports threads but does not judge them"),
            std::string::npos);
  EXPECT_NE(P.Notes[0].find("[channels] (line 4) is a hotpath-rs section"),
            std::string::npos)
      << P.Notes[0];
}

TEST(Policy, UnknownKeysAreErrorsWithFileLineAndKey) {
  EXPECT_EQ(parseError("[functions]\nmin_percent_totl = 1\n"),
            "p.toml:2: functions.min_percent_totl: unknown key (accepted "
            "here: min_percent_total, ignore, timing, alloc, icount, budgets)");
  EXPECT_EQ(parseError("[functions.icount]\njudge = true\n").substr(0, 36),
            "p.toml:2: functions.icount.judge: un");
  EXPECT_EQ(parseError("[functionz]\n").substr(0, 30),
            "p.toml:1: functionz: unknown k");
  EXPECT_NE(parseError("[[functions.budgets]]\nmatch = \"f\"\nalloc = { "
                       "mean = 1 }\n")
                .find("p.toml:3: functions.budgets[0].alloc.mean: unknown key"),
            std::string::npos);
}

TEST(Policy, WrongTypes) {
  EXPECT_EQ(parseError("[functions.alloc]\njudged = \"yes\"\n"),
            "p.toml:2: functions.alloc.judged: expected true or false, got a "
            "string");
  EXPECT_EQ(parseError("[functions]\nignore = \"std::*\"\n"),
            "p.toml:2: functions.ignore: expected an array of globs, got a "
            "string");
  EXPECT_EQ(parseError("functions = 3\n"),
            "p.toml:1: functions: expected a table, got an integer");
  EXPECT_NE(parseError("[functions]\nbudgets = { match = \"x\" }\n")
                .find("expected an array of tables"),
            std::string::npos);
}

TEST(Policy, ImpossibleValues) {
  EXPECT_EQ(parseError("[functions]\nmin_percent_total = 150\n"),
            "p.toml:2: functions.min_percent_total: must be between 0 and "
            "100, got 150");
  EXPECT_NE(parseError("[functions.timing]\nmin_percent_change = -1\n")
                .find("must be between 0 and"),
            std::string::npos);
  EXPECT_NE(parseError("[functions.timing]\nmin_calls = -5\n")
                .find("must not be negative"),
            std::string::npos);
  EXPECT_NE(parseError("pr_check = \"maybe\"\n")
                .find("expected \"fail\" or \"warn\""),
            std::string::npos);
  EXPECT_NE(parseError("[functions.timing]\nmetrics = [\"p101\"]\n")
                .find("unknown metric \"p101\""),
            std::string::npos);
  EXPECT_NE(parseError("[functions.timing]\nmetrics = []\n")
                .find("at least one metric"),
            std::string::npos);
  EXPECT_NE(parseError("[functions.icount]\nmetrics = [\"p95\"]\n")
                .find("icount has no percentiles"),
            std::string::npos);
  EXPECT_NE(parseError("[[functions.budgets]]\nmatch = \"f\"\ncalls = { min "
                       "= 5, max = 2 }\n")
                .find("min (5) is above max (2)"),
            std::string::npos);
  EXPECT_NE(parseError("[[functions.budgets]]\nmatch = \"f\"\nalloc = { avg "
                       "= \"2 parsecs\" }\n")
                .find("unknown unit 'parsecs'"),
            std::string::npos);
  EXPECT_NE(parseError("[[functions.budgets]]\nalloc = { avg = 2 }\n")
                .find("missing key 'match'"),
            std::string::npos);
  EXPECT_NE(parseError("[[functions.budgets]]\nmatch = \"f\"\n")
                .find("sets no limit"),
            std::string::npos);
}

TEST(Policy, EmptyBudgetList) {
  EXPECT_TRUE(parseOrDie("[functions]\nbudgets = []\n").Budgets.empty());
}

TEST(Policy, SyntaxErrorIsOneLine) {
  std::string E = parseError("[functions\nx = \n");
  EXPECT_EQ(E.rfind("p.toml:1: TOML syntax: ", 0), 0u) << E;
  EXPECT_EQ(E.find('\n'), std::string::npos);
}

TEST(Policy, Lookup) {
  char Tpl[] = "/tmp/hotpath-policy-test-XXXXXX";
  ASSERT_TRUE(mkdtemp(Tpl));
  std::string D = Tpl;
  EXPECT_EQ(findPolicy("", "bench", D), "");
  EXPECT_EQ(findPolicy("x.toml", "bench", D), "x.toml");
  ASSERT_EQ(mkdir((D + "/hotpath").c_str(), 0755), 0);
  std::ofstream(D + "/hotpath/policy.toml") << "";
  EXPECT_EQ(findPolicy("", "bench", D), D + "/hotpath/policy.toml");
  std::ofstream(D + "/hotpath/bench-policy.toml") << "";
  EXPECT_EQ(findPolicy("", "bench", D), D + "/hotpath/bench-policy.toml");
  EXPECT_EQ(findPolicy("", "other", D), D + "/hotpath/policy.toml");
  EXPECT_EQ(findPolicy("", "", D), D + "/hotpath/policy.toml");
  // A Google Benchmark name with arguments takes its family's policy; a
  // name that would leave hotpath/ takes the shared one.
  EXPECT_EQ(findPolicy("", "bench/1024/threads:2", D),
            D + "/hotpath/bench-policy.toml");
  EXPECT_EQ(findPolicy("", "../bench", D), D + "/hotpath/policy.toml");
  EXPECT_EQ(findPolicy("", "/bench", D), D + "/hotpath/policy.toml");
  std::remove((D + "/hotpath/bench-policy.toml").c_str());
  std::remove((D + "/hotpath/policy.toml").c_str());
  rmdir((D + "/hotpath").c_str());
  rmdir(D.c_str());
}

TEST(Policy, Globs) {
  EXPECT_TRUE(globMatch("std::*", "std::vector<int>::push_back(int&&)"));
  EXPECT_TRUE(globMatch("*::parse(*)", "app::Parser::parse(int)"));
  EXPECT_FALSE(globMatch("*::parse(*)", "app::Parser::parseAll(int)"));
  EXPECT_TRUE(globMatch("f?o", "foo"));
  EXPECT_TRUE(globMatch("[a-c]x", "bx"));
  EXPECT_FALSE(globMatch("[!a-c]x", "bx"));
  EXPECT_TRUE(globMatch("exact", "exact"));
  EXPECT_FALSE(globMatch("exact", "exactly"));
  EXPECT_TRUE(globMatch("*", ""));
}

TEST(Policy, Metrics) {
  Metric M;
  EXPECT_TRUE(parseMetric("p99.9", M));
  EXPECT_EQ(M.K, Metric::Percentile);
  EXPECT_EQ(M.name(), "p99.9");
  EXPECT_TRUE(parseMetric("avg", M));
  EXPECT_FALSE(parseMetric("mean", M));
  EXPECT_FALSE(parseMetric("p", M));
  EXPECT_FALSE(parseMetric("p95x", M));
}

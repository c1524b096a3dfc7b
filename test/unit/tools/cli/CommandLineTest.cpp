//===- CommandLineTest.cpp - The tool's command line (tools/cli) ----------===//
#include "cli/CommandLine.h"
#include "cli/HelpFormatter.h"

#include "gtest/gtest.h"

using namespace hotpath::tool;

namespace {

std::string check(const CLI::Validator &V, std::string Value) {
  return V(Value);
}

TEST(CommandLine, ChecksSayWhatTheyExpect) {
  CLI::Validator Formats = oneOf({"table", "markdown", "json"});
  EXPECT_EQ(check(Formats, "json"), "");
  EXPECT_EQ(check(Formats, "xml"),
            "expects table, markdown or json, got 'xml'");
  CLI::Validator Keys = oneOf({"total", "calls"}, {"t", "c"});
  EXPECT_EQ(check(Keys, "c"), "");
  EXPECT_EQ(check(Keys, "x"), "expects total or calls (or t, c), got 'x'");
  CLI::Validator N = unsignedIn(2, 10, "expects runs from 2 to 10");
  EXPECT_EQ(check(N, "5"), "");
  EXPECT_EQ(check(N, "-5"), "expects runs from 2 to 10, got '-5'");
  EXPECT_EQ(check(N, "11"), "expects runs from 2 to 10, got '11'");
  EXPECT_EQ(check(numberIn(0, 100, "expects a share"), "100.5"),
            "expects a share, got '100.5'");
}

TEST(CommandLine, UsageWrapsUnderTheFirstArgument) {
  std::string U = formatUsage(
      "hotpath bench [--filter REGEX] [--iterations N] [-o DIR|FILE.json] "
      "[--native-only|--callgrind-only] [--cache-sim] -- ./benchmarks\n"
      "hotpath bench --help");
  EXPECT_EQ(U, "usage: hotpath bench [--filter REGEX] [--iterations N] "
               "[-o DIR|FILE.json]\n"
               "                     [--native-only|--callgrind-only] "
               "[--cache-sim] --\n"
               "                     ./benchmarks\n"
               "       hotpath bench --help\n");
  // A bracketed group is never split.
  for (size_t B = 0, E; (E = U.find('\n', B)) != std::string::npos; B = E + 1)
    EXPECT_LE(E - B, 79u);
}

TEST(CommandLine, WrapKeepsWords) {
  EXPECT_EQ(wrapWords("aaa bbb ccc", 2, 0, 8), "aaa bbb\n  ccc");
}

TEST(CommandLine, FailThrowsTheMessage) {
  try {
    fail("cannot read x.json");
    FAIL() << "fail() returned";
  } catch (const CommandError &E) {
    EXPECT_STREQ(E.what(), "cannot read x.json");
  }
}

} // namespace

//===- ConfigEditTest.cpp - trim's lines added to a hotpath.toml ----------===//
#include "config/ConfigEdit.h"
#include "hotpath/support/SafeToml.h"

#include <gtest/gtest.h>

using namespace hotpath::tool;

namespace {

const std::vector<ExcludeEntry> Two = {
    {"\"^a::tiny[(][)]$\"", "47,820 calls, 34 Ir a call"},
    {"\"^a::load[(][)]$\"", ""}};

// The file parses, and [functions].exclude is exactly Want, in order.
void expectExcludes(const std::string &Text,
                    const std::vector<std::string> &Want) {
  toml::parse_result R = toml::parse(Text);
  ASSERT_TRUE(R) << R.error().description() << "\n" << Text;
  const toml::array *A = R.table()["functions"]["exclude"].as_array();
  ASSERT_TRUE(A) << Text;
  std::vector<std::string> Got;
  for (const toml::node &N : *A)
    Got.push_back(N.as_string()->get());
  EXPECT_EQ(Got, Want) << Text;
}

} // namespace

TEST(ConfigEdit, AddsToAMultiLineArrayAndKeepsComments) {
  std::string T = "# my config\n[functions]\ninclude = [\"^a::\"]\n"
                  "exclude = [\n  \"^std::\", # the library\n]\nmain = true\n";
  size_t Added;
  std::string Out = addExcludes(T, Two, Added);
  EXPECT_EQ(Added, 2u);
  expectExcludes(Out, {"^a::tiny[(][)]$", "^a::load[(][)]$", "^std::"});
  EXPECT_NE(Out.find("# my config\n"), std::string::npos);
  EXPECT_NE(Out.find("\"^std::\", # the library"), std::string::npos);
  EXPECT_NE(Out.find("# 47,820 calls, 34 Ir a call"), std::string::npos);
  // A second time adds nothing.
  EXPECT_EQ(addExcludes(Out, Two, Added), Out);
  EXPECT_EQ(Added, 0u);
}

TEST(ConfigEdit, AddsToAOneLineArray) {
  std::string T = "[functions]\ninclude = [\"^a::\"]\n"
                  "exclude = [\"^std::\", \"::operator\"]\n";
  size_t Added;
  expectExcludes(
      addExcludes(T, Two, Added),
      {"^a::tiny[(][)]$", "^a::load[(][)]$", "^std::", "::operator"});
}

TEST(ConfigEdit, AddsTheKeyUnderTheHeader) {
  // No exclude in [functions]; one in another table is not ours.
  std::string T = "[functions] # what to measure\ninclude = [\"^a::\"]\n"
                  "[other]\nexclude = [\"x\"]\n";
  size_t Added;
  std::string Out = addExcludes(T, Two, Added);
  expectExcludes(Out, {"^a::tiny[(][)]$", "^a::load[(][)]$"});
  toml::parse_result R = toml::parse(Out);
  EXPECT_EQ(R.table()["other"]["exclude"][0].value_or(std::string()), "x");
  EXPECT_EQ(R.table()["functions"]["include"][0].value_or(std::string()),
            "^a::");
}

TEST(ConfigEdit, AddsATableWhenThereIsNone) {
  size_t Added;
  expectExcludes(addExcludes("# empty\nmain_is_elsewhere = 1", Two, Added),
                 {"^a::tiny[(][)]$", "^a::load[(][)]$"});
  // A commented-out exclude line is not the array.
  std::string T = "[functions]\n# exclude = [\"old\"]\ninclude = [\"^a::\"]\n";
  expectExcludes(addExcludes(T, Two, Added),
                 {"^a::tiny[(][)]$", "^a::load[(][)]$"});
}

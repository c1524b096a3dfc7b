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

// The edited text, which must be produced.
std::string edit(const std::string &Text, size_t &Added,
                 const std::vector<ExcludeEntry> &Entries = Two) {
  std::string Out, Error;
  EXPECT_TRUE(addExcludes(Text, Entries, Out, Added, Error)) << Error << "\n"
                                                             << Text;
  return Out;
}

} // namespace

TEST(ConfigEdit, AddsToAMultiLineArrayAndKeepsComments) {
  std::string T = "# my config\n[functions]\ninclude = [\"^a::\"]\n"
                  "exclude = [\n  \"^std::\", # the library\n]\nmain = true\n";
  size_t Added;
  std::string Out = edit(T, Added);
  EXPECT_EQ(Added, 2u);
  expectExcludes(Out, {"^a::tiny[(][)]$", "^a::load[(][)]$", "^std::"});
  EXPECT_NE(Out.find("# my config\n"), std::string::npos);
  EXPECT_NE(Out.find("\"^std::\", # the library"), std::string::npos);
  EXPECT_NE(Out.find("# 47,820 calls, 34 Ir a call"), std::string::npos);
  // A second time adds nothing.
  EXPECT_EQ(edit(Out, Added), Out);
  EXPECT_EQ(Added, 0u);
}

TEST(ConfigEdit, AddsToAOneLineArray) {
  std::string T = "[functions]\ninclude = [\"^a::\"]\n"
                  "exclude = [\"^std::\", \"::operator\"]\n";
  size_t Added;
  expectExcludes(edit(T, Added), {"^a::tiny[(][)]$", "^a::load[(][)]$",
                                  "^std::", "::operator"});
}

TEST(ConfigEdit, AddsTheKeyUnderTheHeader) {
  // No exclude in [functions]; one in another table is not ours.
  std::string T = "[functions] # what to measure\ninclude = [\"^a::\"]\n"
                  "[other]\nexclude = [\"x\"]\n";
  size_t Added;
  std::string Out = edit(T, Added);
  expectExcludes(Out, {"^a::tiny[(][)]$", "^a::load[(][)]$"});
  toml::parse_result R = toml::parse(Out);
  EXPECT_EQ(R.table()["other"]["exclude"][0].value_or(std::string()), "x");
  EXPECT_EQ(R.table()["functions"]["include"][0].value_or(std::string()),
            "^a::");
}

TEST(ConfigEdit, AddsATableWhenThereIsNone) {
  size_t Added;
  expectExcludes(edit("# empty\nmain_is_elsewhere = 1", Added),
                 {"^a::tiny[(][)]$", "^a::load[(][)]$"});
  // A commented-out exclude line is not the array.
  std::string T = "[functions]\n# exclude = [\"old\"]\ninclude = [\"^a::\"]\n";
  expectExcludes(edit(T, Added), {"^a::tiny[(][)]$", "^a::load[(][)]$"});
}

// Every form of [functions] the plugin reads (toml++) is edited where the
// parser put it, never by matching the text: each of these was turned into
// invalid TOML, or the entries into another table, by a text search.
TEST(ConfigEdit, EditsEveryFormThePluginAccepts) {
  const char *Forms[] = {
      // A quoted header.
      "[\"functions\"]\ninclude = [\"^a::\"]\n",
      // A quoted exclude key.
      "[functions]\n\"exclude\" = [\"^std::\"]\n",
      "[functions]\n'exclude' = [ ]\n",
      // Dotted keys, with and without a table after them.
      "functions.include = [\"^a::\"]\nfunctions.main = true\n[other]\nx = 1\n",
      "functions.include = [\"^a::\"]",
      "functions.exclude = [\"^std::\"]\n",
      // Inline tables, empty or not, with the array or without.
      "functions = { include = [\"^a::\"] }\n",
      "functions = {}\n",
      "functions = { exclude = [\"^std::\"], main = true }\n",
      // Spaces in the header, a comment after it, a last line without a
      // newline, CRLF line ends.
      "[ functions ] # mine\ninclude = [\"^a::\"]",
      "[functions]",
      "[functions]\r\ninclude = [\"^a::\"]\r\n",
      // Only a sub-table defines [functions] (implicitly).
      "[functions.sub]\nx = 1\n",
      // Non-ASCII before the array on its line.
      "[functions]\nexclude = [\"é\"] # ü\n",
  };
  for (const char *F : Forms) {
    std::string Out, Error;
    size_t Added = 0;
    ASSERT_TRUE(addExcludes(F, Two, Out, Added, Error)) << Error << "\n" << F;
    EXPECT_EQ(Added, 2u) << F;
    toml::parse_result After = toml::parse(Out);
    ASSERT_TRUE(After) << After.error().description() << "\n" << Out;
    const toml::array *A = After.table()["functions"]["exclude"].as_array();
    ASSERT_TRUE(A) << Out;
    EXPECT_EQ((*A)[0].value_or(std::string()), "^a::tiny[(][)]$") << Out;
    EXPECT_EQ((*A)[1].value_or(std::string()), "^a::load[(][)]$") << Out;
    // A second time: nothing added, nothing changed.
    std::string Again;
    ASSERT_TRUE(addExcludes(Out, Two, Again, Added, Error)) << Error;
    EXPECT_EQ(Added, 0u);
    EXPECT_EQ(Again, Out);
  }
}

TEST(ConfigEdit, RefusesWhatItCannotEditWithOneLine) {
  std::string Out, Error;
  size_t Added;
  EXPECT_FALSE(addExcludes("functions = 3\n", Two, Out, Added, Error));
  EXPECT_EQ(Error, "'functions' is an integer, not a table");
  EXPECT_FALSE(
      addExcludes("[functions]\nexclude = \"x\"\n", Two, Out, Added, Error));
  EXPECT_EQ(Error, "[functions].exclude is a string, not an array");
  EXPECT_FALSE(addExcludes("[functions\n", Two, Out, Added, Error));
  EXPECT_EQ(Error.find('\n'), std::string::npos);
  EXPECT_EQ(Error.rfind("not valid TOML (line 1", 0), 0u) << Error;
}

// std::regex recursed once a character and overflowed the stack on a long
// comment or indent: the edit is now the parser's positions.
TEST(ConfigEdit, LongLinesDoNotOverflowTheStack) {
  std::string Comment = "# " + std::string(100000, 'x') + "\n[functions]\n";
  std::string Indent = std::string(200000, ' ') + "[functions]\n" +
                       std::string(200000, ' ') + "exclude = []\n";
  size_t Added;
  expectExcludes(edit(Comment, Added), {"^a::tiny[(][)]$", "^a::load[(][)]$"});
  expectExcludes(edit(Indent, Added), {"^a::tiny[(][)]$", "^a::load[(][)]$"});
}

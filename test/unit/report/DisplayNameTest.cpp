//===- DisplayNameTest.cpp - Names as tables show them --------------------===//
#include "hotpath/report/DisplayName.h"
#include "hotpath/report/Units.h"

#include <gtest/gtest.h>

using namespace hotpath::report;

TEST(DisplayName, StandardLibrarySpellings) {
  EXPECT_EQ(shortenStdNames("parse(std::__cxx11::basic_string<char, "
                            "std::char_traits<char>, std::allocator<char>> "
                            "const&)"),
            "parse(std::string const&)");
  EXPECT_EQ(shortenStdNames("f(std::vector<int, std::allocator<int>>&)"),
            "f(std::vector<int>&)");
  EXPECT_EQ(shortenStdNames(
                "g(std::vector<std::__cxx11::basic_string<char, "
                "std::char_traits<char>, std::allocator<char>>, "
                "std::allocator<std::__cxx11::basic_string<char, "
                "std::char_traits<char>, std::allocator<char>>>> const&)"),
            "g(std::vector<std::string> const&)");
  EXPECT_EQ(shortenStdNames("h(std::map<int, long, std::less<int>, "
                            "std::allocator<std::pair<int const, long>>>&)"),
            "h(std::map<int, long>&)");
  EXPECT_EQ(
      shortenStdNames("u(std::unordered_map<int, int, std::hash<int>, "
                      "std::equal_to<int>, std::allocator<std::pair<int const, "
                      "int>>>)"),
      "u(std::unordered_map<int, int>)");
  EXPECT_EQ(shortenStdNames("w(std::basic_ostream<char, "
                            "std::char_traits<char>>&, "
                            "std::basic_string_view<char, "
                            "std::char_traits<char>>)"),
            "w(std::ostream&, std::string_view)");
  EXPECT_EQ(shortenStdNames("p(std::unique_ptr<Node, "
                            "std::default_delete<Node>>)"),
            "p(std::unique_ptr<Node>)");
  EXPECT_EQ(shortenStdNames("c(std::__n4861::coroutine_handle<void>)"),
            "c(std::coroutine_handle<void>)");
  // Not defaults: kept.
  EXPECT_EQ(shortenStdNames("m(std::map<int, int, std::greater<int>, "
                            "std::allocator<std::pair<int const, int>>>)"),
            "m(std::map<int, int, std::greater<int>>)");
  EXPECT_EQ(shortenStdNames("plain(int)"), "plain(int)");
  // Operators are not brackets; malformed names stay as they are.
  EXPECT_EQ(shortenStdNames("std::vector<int, std::allocator<int>>::"
                            "operator<(int)"),
            "std::vector<int>::operator<(int)");
  EXPECT_EQ(shortenStdNames("broken<std::vector<int"),
            "broken<std::vector<int");
}

TEST(DisplayName, FitsTheWidth) {
  std::string Long = "app::Table<app::Row<int, long>, app::Key<char>>::"
                     "insert(app::Row<int, long> const&, unsigned long)";
  EXPECT_EQ(fitName(Long, 0), Long);
  EXPECT_EQ(fitName(Long, 200), Long);
  // Template arguments first, the longest first.
  EXPECT_EQ(fitName(Long, 70),
            "app::Table<…>::insert(app::Row<int, long> const&, unsigned long)");
  EXPECT_EQ(fitName(Long, 56), "app::Table<…>::insert(app::Row<…> const&, "
                               "unsigned long)");
  // Then the parameter list.
  EXPECT_EQ(fitName(Long, 30), "app::Table<…>::insert(…)");
  // Then the middle.
  std::string Cut = fitName(Long, 16);
  EXPECT_LE(displayWidth(Cut), 16u);
  EXPECT_NE(Cut.find("…"), std::string::npos);
  EXPECT_EQ(displayName("x(std::vector<int, std::allocator<int>>)", 0),
            "x(std::vector<int>)");
}

// Two instantiations, or two overloads, that fitName would show alike are
// widened until they differ: no two rows of a table read the same for two
// functions (three rows read re2::DFA::InlinedSearchLoop<…>(…)).
TEST(DisplayName, DistinctNamesStayDistinct) {
  std::vector<std::string> Names = {
      "re2::DFA::InlinedSearchLoop<false, false, "
      "true>(re2::DFA::SearchParams*)",
      "re2::DFA::InlinedSearchLoop<false, true, "
      "false>(re2::DFA::SearchParams*)",
      "re2::DFA::InlinedSearchLoop<true, false, "
      "false>(re2::DFA::SearchParams*)",
      "re2::RE2::Set::Match(std::string_view, std::vector<int>*) const",
      "short"};
  for (size_t W : {20u, 30u, 40u, 60u}) {
    std::vector<std::string> Out = fitDistinctNames(Names, W);
    ASSERT_EQ(Out.size(), Names.size());
    for (size_t I = 0; I < Out.size(); ++I)
      for (size_t J = I + 1; J < Out.size(); ++J)
        EXPECT_NE(Out[I], Out[J]) << W << ": " << Out[I];
    // What differs from nothing keeps the width asked for.
    EXPECT_LE(displayWidth(Out[3]), W);
    EXPECT_EQ(Out[4], "short");
  }
  // The same name twice (one function in two files) stays as it is.
  std::vector<std::string> Twice = {"app::Table<int>::insert(int)",
                                    "app::Table<int>::insert(int)"};
  EXPECT_EQ(fitDistinctNames(Twice, 20),
            std::vector<std::string>(2, fitName(Twice[0], 20)));
  EXPECT_EQ(fitDistinctNames(Names, 0), Names);
}

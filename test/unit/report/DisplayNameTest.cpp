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

//===- ViewsTest.cpp - The call tree's views (lib/views) ------------------===//
#include "hotpath/views/Export.h"
#include "hotpath/views/FlameGraph.h"
#include "hotpath/views/TopView.h"

#include <nlohmann/json.hpp>

#include "gtest/gtest.h"

using namespace hotpath;

namespace {

report::CallTree tree() {
  report::CallTree T;
  T.Present = true;
  report::TreeNode Main, Leaf;
  Main.Name = "main";
  Main.Calls = 1;
  Main.Total = 1000;
  Main.Self = 400;
  Leaf.Parent = 0;
  Leaf.Name = "work<a&b>";
  Leaf.Calls = 3;
  Leaf.Total = 600;
  Leaf.Self = 600;
  T.Nodes = {Main, Leaf};
  return T;
}

TEST(Views, FlameGraphIsOneSvgWithEveryFrame) {
  views::FlameGraphOptions O;
  O.Title = "t";
  std::string Svg = views::flameGraphSvg(tree(), O);
  EXPECT_EQ(Svg.rfind("<?xml", 0), 0u) << Svg.substr(0, 80);
  EXPECT_NE(Svg.find("</svg>"), std::string::npos);
  // Names are XML-escaped.
  EXPECT_NE(Svg.find("work&lt;a&amp;b&gt;"), std::string::npos);
}

TEST(Views, SpeedscopeHasBothFrames) {
  nlohmann::json J = nlohmann::json::parse(
      views::speedscopeJson(tree(), report::TreeMetric::Calls, "prog"));
  ASSERT_EQ(J["shared"]["frames"].size(), 2u);
  EXPECT_EQ(J["profiles"][0]["type"], "sampled");
}

TEST(Views, TopSortsByNameOrKey) {
  views::TopSort S;
  EXPECT_TRUE(views::topSortOfName("calls/s", S));
  EXPECT_EQ(S, views::TopSort::CallRate);
  EXPECT_TRUE(views::topSortOfName("p", S));
  EXPECT_EQ(S, views::TopSort::P95);
  EXPECT_FALSE(views::topSortOfName("speed", S));
  EXPECT_STREQ(views::topSortName(views::TopSort::Alloc), "alloc");
}

} // namespace

// A default-mode row of a function too short to time has no wall time:
// `hotpath top` shows dashes for it, where it showed 0 ns (a figure the
// run never measured).
TEST(Views, TopShowsNoTimeForAFunctionItDidNotTime) {
  report::Report R;
  R.Timing.Present = true;
  R.Timing.Percentiles = {95};
  report::FunctionRow Long, Short;
  Long.Name = "long_call";
  Long.Calls = 2;
  Long.Total = 3000000;
  Long.Avg = 1500000;
  Long.Percentiles = {1600000};
  Long.TimeSource = "measured";
  Short.Name = "short_call";
  Short.Calls = 1000000;
  Short.Percentiles = {0};
  Short.TimeSource = "samples";
  R.Timing.Data = {Long, Short};
  views::TopFrame F;
  F.Help = false;
  std::string Out = views::renderTop(R, nullptr, views::TopSort::Total, F);
  EXPECT_NE(Out.find("long_call"), std::string::npos) << Out;
  EXPECT_NE(Out.find("3.00 ms"), std::string::npos) << Out;
  size_t Row = Out.find("short_call");
  ASSERT_NE(Row, std::string::npos) << Out;
  std::string Line = Out.substr(Row, Out.find('\n', Row) - Row);
  EXPECT_EQ(Line.find("0 ns"), std::string::npos) << Line;
  EXPECT_NE(Line.find(" - "), std::string::npos) << Line;
}

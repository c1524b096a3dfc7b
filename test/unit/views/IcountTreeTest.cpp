//===- IcountTreeTest.cpp - A call tree of instructions from Callgrind ----===//
#include "hotpath/views/IcountTree.h"

#include <gtest/gtest.h>

using namespace hotpath;

namespace {

report::FunctionRow row(const std::string &Name, uint64_t Calls,
                        uint64_t Total) {
  report::FunctionRow R;
  R.Name = Name;
  R.Calls = Calls;
  R.Total = Total;
  return R;
}

// main-less: `top` is called from code that is not measured, calls `mid`
// (which calls `leaf`) and `leaf`; `rec` calls itself. Hooks: 10 Ir a call.
report::Report graph() {
  report::Report R;
  R.Icount.Present = true;
  R.Icount.Total = 10000;
  R.Icount.HookCostIr = 10;
  R.Icount.Data = {row("top", 1, 10000), row("mid", 10, 6000),
                   row("leaf", 30, 3000), row("rec", 5, 500)};
  R.IcountCalls.Present = true;
  R.IcountCalls.Data = {{"top", "mid", 10, 6000 + 100},
                        {"top", "leaf", 10, 1000 + 100},
                        {"mid", "leaf", 20, 2000 + 200},
                        {"rec", "rec", 4, 440}};
  return R;
}

} // namespace

TEST(IcountTree, UnrollsTheCallsFromTheRoots) {
  report::CallTree T;
  std::string Why;
  ASSERT_TRUE(views::icountTree(graph(), T, Why)) << Why;
  ASSERT_EQ(T.Nodes.size(), 5u); // top, mid, leaf under mid, leaf, rec
  EXPECT_EQ(T.Nodes[0].Name, "top");
  EXPECT_EQ(T.Nodes[0].Total, 10000u);
  EXPECT_EQ(T.Nodes[0].Self, 3000u);
  EXPECT_EQ(T.Nodes[1].Name, "mid");
  EXPECT_EQ(T.Nodes[1].Parent, 0);
  EXPECT_EQ(T.Nodes[1].Self, 4000u);
  EXPECT_EQ(T.Nodes[2].Name, "leaf");
  EXPECT_EQ(T.Nodes[2].Parent, 1);
  EXPECT_EQ(T.Nodes[2].Total, 2000u);
  EXPECT_EQ(T.Nodes[2].Calls, 20u);
  EXPECT_EQ(T.Nodes[3].Name, "leaf");
  EXPECT_EQ(T.Nodes[3].Parent, 0);
  EXPECT_EQ(T.Nodes[3].Total, 1000u);
  // A recursive function is one frame: its call of itself is cut.
  EXPECT_EQ(T.Nodes[4].Name, "rec");
  EXPECT_EQ(T.Nodes[4].Parent, -1);
  EXPECT_EQ(T.Nodes[4].Self, T.Nodes[4].Total);
}

TEST(IcountTree, SaysWhyWithoutCounts) {
  report::Report R = graph();
  R.IcountCalls = {};
  report::CallTree T;
  std::string Why;
  EXPECT_FALSE(views::icountTree(R, T, Why));
  EXPECT_NE(Why.find("icount_calls"), std::string::npos);
  R.Icount = report::FunctionsSection(report::SectionKind::Icount);
  EXPECT_FALSE(views::icountTree(R, T, Why));
  EXPECT_NE(Why.find("Callgrind"), std::string::npos);
}

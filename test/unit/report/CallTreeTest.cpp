//===- CallTreeTest.cpp - Call trees: metrics, folded stacks, merges ------===//
#include "hotpath/report/CallTree.h"

#include "gtest/gtest.h"

using namespace hotpath::report;

namespace {

// main -> a -> b, main -> b: totals inclusive, selves what is left.
CallTree sample() {
  CallTree T;
  T.Present = true;
  auto add = [&](int64_t Parent, const char *Name, uint64_t Calls,
                 uint64_t Total, uint64_t Self, uint64_t Bytes) {
    TreeNode N;
    N.Parent = Parent;
    N.Name = Name;
    N.Calls = Calls;
    N.Total = Total;
    N.Self = Self;
    N.AllocBytes = Bytes;
    T.Nodes.push_back(N);
  };
  add(-1, "main", 1, 1000, 100, 0);
  add(0, "a", 2, 700, 300, 64);
  add(1, "b", 4, 400, 400, 0);
  add(0, "b", 1, 200, 200, 16);
  return T;
}

TEST(CallTree, MetricsByName) {
  TreeMetric M;
  for (const char *W : {"time", "self", "calls", "alloc"}) {
    ASSERT_TRUE(parseTreeMetric(W, M)) << W;
    EXPECT_STREQ(treeMetricName(M), W);
  }
  EXPECT_FALSE(parseTreeMetric("speed", M));
  EXPECT_STREQ(treeMetricUnit(TreeMetric::Alloc), "bytes");
}

TEST(CallTree, PathsAndOwnValues) {
  CallTree T = sample();
  EXPECT_EQ(pathOf(T, 2), (std::vector<std::string>{"main", "a", "b"}));
  EXPECT_EQ(ownValue(T.Nodes[1], TreeMetric::Self), 300u);
  EXPECT_EQ(ownValue(T.Nodes[1], TreeMetric::Calls), 2u);
  EXPECT_EQ(ownValue(T.Nodes[1], TreeMetric::Alloc), 64u);
}

TEST(CallTree, FoldedStacksCarryOwnValues) {
  std::string F = foldedStacks(sample(), TreeMetric::Calls);
  EXPECT_NE(F.find("main;a;b 4\n"), std::string::npos) << F;
  EXPECT_NE(F.find("main;b 1\n"), std::string::npos) << F;
  // Time folds each path's own time, so that the widths add up.
  std::string Time = foldedStacks(sample(), TreeMetric::Time);
  EXPECT_NE(Time.find("main 100\n"), std::string::npos) << Time;
}

TEST(CallTree, MergeAddsPathByPath) {
  CallTree Two = mergeTrees(sample(), sample());
  ASSERT_EQ(Two.Nodes.size(), 4u);
  for (size_t I = 0; I < Two.Nodes.size(); ++I)
    if (pathOf(Two, I) == std::vector<std::string>{"main", "a", "b"}) {
      EXPECT_EQ(Two.Nodes[I].Calls, 8u);
      EXPECT_EQ(Two.Nodes[I].Total, 800u);
    }
}

TEST(CallTree, RenderedTreeKeepsDepth) {
  TreeView V;
  V.MaxDepth = 2;
  std::string Out = renderTree(sample(), V);
  // Depth 2: main and its children (one level of indent), not a's child,
  // and the view says what it left out.
  EXPECT_NE(Out.find("  main\n"), std::string::npos) << Out;
  EXPECT_NE(Out.find("    a\n"), std::string::npos) << Out;
  EXPECT_NE(Out.find("    b\n"), std::string::npos) << Out;
  EXPECT_EQ(Out.find("      b\n"), std::string::npos) << Out;
  EXPECT_NE(Out.find("(1 paths not shown"), std::string::npos) << Out;
}

} // namespace

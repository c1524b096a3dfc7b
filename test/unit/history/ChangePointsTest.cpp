//===- ChangePointsTest.cpp - Where a series moved ------------------------===//
#include "hotpath/history/ChangePoints.h"

#include <gtest/gtest.h>

#include <random>

using namespace hotpath::history;

namespace {

/// N runs of Base, then Step times Base from run At (0-based).
std::vector<double> step(size_t N, size_t At, double Base, double Step) {
  std::vector<double> X(N, Base);
  for (size_t I = At; I < N; ++I)
    X[I] = Base * Step;
  return X;
}

/// A loaded machine's times: most runs within 2% of the cost, one in ten
/// up to twice it (interference only ever slows a run down).
std::vector<double> loaded(std::vector<double> X, unsigned Seed) {
  std::mt19937 G(Seed);
  std::uniform_real_distribution<double> Small(0, 0.02), Big(0.2, 1.0);
  std::bernoulli_distribution Hit(0.1);
  for (double &V : X)
    V *= 1 + (Hit(G) ? Big(G) : Small(G));
  return X;
}

} // namespace

TEST(ChangePoints, AnExactMetricMovesAtItsFirstStep) {
  ChangeOptions O;
  O.Exact = true;
  O.MinRelativeChange = 0.01;
  std::vector<ChangePoint> C = findChangePoints(step(40, 24, 100000, 1.10), O);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Index, 24u);
  EXPECT_DOUBLE_EQ(C[0].Before, 100000);
  EXPECT_DOUBLE_EQ(C[0].After, 110000);
  // The newest run alone is enough: a pull request's run.
  C = findChangePoints(step(10, 9, 5000, 1.02), O);
  ASSERT_EQ(C.size(), 1u);
  EXPECT_EQ(C[0].Index, 9u);
  // Under the minimum change: nothing.
  EXPECT_TRUE(findChangePoints(step(10, 5, 5000, 1.005), O).empty());
}

TEST(ChangePoints, AnExactMetricThatFlapsIsJudgedAsNoisy) {
  ChangeOptions O;
  O.Exact = true;
  std::vector<double> X;
  for (int I = 0; I < 40; ++I)
    X.push_back(I % 2 ? 1000 : 1100);
  EXPECT_TRUE(findChangePoints(X, O).empty());
}

TEST(ChangePoints, ATimeStepUnderLoadIsFoundWhereItIs) {
  // A statement about the method, not one series: over 50 series of 40
  // runs with a 10% step at run 25 (index 24), one change point within 2
  // runs of it in at least 45. (docs/history.md: the recorded series.)
  ChangeOptions O; // noisy: 1% false positives, 5% change
  unsigned Found = 0;
  for (unsigned Seed = 1; Seed <= 50; ++Seed) {
    std::vector<ChangePoint> C =
        findChangePoints(loaded(step(40, 24, 1e6, 1.10), Seed), O);
    Found += C.size() == 1 && C[0].Index + 2 >= 24 && C[0].Index <= 26 &&
             C[0].Confidence >= 0.99;
  }
  EXPECT_GE(Found, 45u);
}

TEST(ChangePoints, ASteadyTimeUnderLoadHasNone) {
  ChangeOptions O;
  unsigned False = 0;
  for (unsigned Seed = 1; Seed <= 100; ++Seed)
    False += !findChangePoints(loaded(std::vector<double>(40, 1e6), Seed), O)
                  .empty();
  EXPECT_LE(False, 2u); // 1% asked; a few in a hundred series at most
}

TEST(ChangePoints, TheRankTestSplitsAtTheStep) {
  std::vector<double> X = step(20, 12, 1, 2);
  size_t Split;
  double P;
  rankSplit(X, 0, X.size(), 4, 0.01, Split, P);
  EXPECT_EQ(Split, 12u);
  EXPECT_LE(P, 0.005);
}

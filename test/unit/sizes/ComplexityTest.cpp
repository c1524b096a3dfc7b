//===- ComplexityTest.cpp - The fit of cost against input size ------------===//
#include "hotpath/sizes/Complexity.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace hotpath::sizes;

namespace {

// Buckets 2^0 .. 2^16, the cost of each a + b f(n) times noise of +-Noise.
std::vector<SizePoint> points(Order O, double A, double B, double Noise,
                              unsigned Seed = 7) {
  std::mt19937 R(Seed);
  std::uniform_real_distribution<double> U(-Noise, Noise);
  std::vector<SizePoint> P;
  for (int K = 0; K <= 16; ++K) {
    double N = std::ldexp(1.5, K); // the middle of [2^K, 2^(K+1))
    P.push_back({N, 50, (A + B * growth(O, N)) * (1 + U(R))});
  }
  return P;
}

} // namespace

TEST(Complexity, EachClassIsFoundWithAFixedCostAndNoise) {
  const Order All[] = {Order::Constant, Order::Log,       Order::Linear,
                       Order::LinLog,   Order::Quadratic, Order::Cubic};
  for (Order O : All)
    for (unsigned Seed : {1u, 2u, 3u}) {
      Fit F = fitComplexity(points(O, 40, 3, 0.1, Seed));
      ASSERT_TRUE(F.Enough) << F.Why;
      EXPECT_EQ(F.Class, O)
          << orderName(O) << " seed " << Seed << ": got " << orderName(F.Class);
      EXPECT_LT(F.RelativeError, 0.1) << orderName(O);
    }
}

TEST(Complexity, TheConstantsAreRecovered) {
  Fit F = fitComplexity(points(Order::Linear, 100, 2, 0));
  ASSERT_TRUE(F.Enough);
  EXPECT_EQ(F.Class, Order::Linear);
  EXPECT_NEAR(F.Constant, 100, 1e-6);
  EXPECT_NEAR(F.Factor, 2, 1e-9);
  EXPECT_NEAR(F.RSquared, 1, 1e-9);
  EXPECT_NEAR(F.RelativeError, 0, 1e-9);
}

TEST(Complexity, TooFewBucketsOrTooNarrowASpanIsNotEnough) {
  std::vector<SizePoint> P = points(Order::Linear, 1, 1, 0);
  P.resize(3);
  Fit F = fitComplexity(P);
  EXPECT_FALSE(F.Enough);
  EXPECT_NE(F.Why.find("not enough data"), std::string::npos);
  std::vector<SizePoint> Narrow;
  for (double N : {100.0, 200.0, 300.0, 400.0, 800.0})
    Narrow.push_back({N, 10, N});
  EXPECT_FALSE(fitComplexity(Narrow).Enough);
  // Buckets without calls or without cost do not count.
  for (SizePoint &S : P)
    S.Calls = 0;
  EXPECT_FALSE(fitComplexity(P).Enough);
}

// Linear up to 256, quadratic past it (an injected slow path): no class
// fits well, and the one that fits best is the quadratic.
TEST(Complexity, AQuadraticTailIsQuadratic) {
  std::vector<SizePoint> P;
  for (int K = 0; K <= 16; ++K) {
    double N = std::ldexp(1.5, K);
    P.push_back({N, 10, 25 + 3 * N + (N > 256 ? N * N / 256 : 0)});
  }
  Fit F = fitComplexity(P);
  ASSERT_TRUE(F.Enough);
  EXPECT_EQ(F.Class, Order::Quadratic) << orderName(F.Class);
  EXPECT_GT(F.RelativeError, 0.15);
}

TEST(Complexity, NamesRoundTrip) {
  for (const char *N :
       {"O(1)", "O(log n)", "O(n)", "O(n log n)", "O(n^2)", "O(n^3)"}) {
    Order O;
    ASSERT_TRUE(orderFromName(N, O)) << N;
    EXPECT_STREQ(orderName(O), N);
  }
  Order O;
  EXPECT_FALSE(orderFromName("O(2^n)", O));
}

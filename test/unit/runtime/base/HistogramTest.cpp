//===- HistogramTest.cpp - The <=1% bound against exact percentiles -------===//
#include "base/Histogram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using hotpath::rt::Histogram;

namespace {

const double Ps[] = {0, 1, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100};

// Nearest rank: the value of rank ceil(P/100 * N), at least 1.
uint64_t exactPercentile(std::vector<uint64_t> V, double P) {
  std::sort(V.begin(), V.end());
  size_t Rank = size_t(std::ceil(P / 100.0 * V.size() * (1 - 1e-12)));
  Rank = std::clamp<size_t>(Rank, 1, V.size());
  return V[Rank - 1];
}

void checkBound(const std::vector<uint64_t> &Values, const char *What) {
  Histogram H;
  for (uint64_t V : Values)
    H.record(V);
  ASSERT_EQ(H.count(), Values.size());
  for (double P : Ps) {
    uint64_t Exact = exactPercentile(Values, P);
    uint64_t Got = H.percentile(P);
    double Err = Exact ? std::fabs(double(Got) - double(Exact)) / Exact : Got;
    EXPECT_LE(Err, 0.01) << What << " p" << P << ": exact " << Exact
                         << ", histogram " << Got;
  }
  EXPECT_EQ(H.min(), *std::min_element(Values.begin(), Values.end()));
  EXPECT_EQ(H.max(), *std::max_element(Values.begin(), Values.end()));
}

} // namespace

TEST(Histogram, EveryBucketIsWithinOnePercent) {
  // Walk values across all magnitudes: the representative of a value's
  // bucket is within 1% of it (in fact within 1/256).
  for (uint64_t V = 1; V < (uint64_t(1) << 62); V += V / 97 + 1) {
    uint64_t R = Histogram::valueOf(Histogram::bucketOf(V));
    ASSERT_LE(std::fabs(double(R) - double(V)) / double(V), 0.0040)
        << "value " << V << " bucket " << Histogram::bucketOf(V);
  }
  EXPECT_EQ(Histogram::valueOf(Histogram::bucketOf(127)), 127u);
  EXPECT_EQ(Histogram::bucketOf(UINT64_MAX) + 0u,
            Histogram::bucketOf(UINT64_MAX - 1));
}

TEST(Histogram, BucketsAreMonotonic) {
  uint32_t Prev = 0;
  for (uint64_t V = 0; V < 1000000; ++V) {
    uint32_t B = Histogram::bucketOf(V);
    ASSERT_GE(B, Prev) << V;
    Prev = B;
  }
}

TEST(Histogram, Uniform) {
  std::mt19937_64 R(1);
  std::uniform_int_distribution<uint64_t> D(100, 10000000);
  std::vector<uint64_t> V(200000);
  for (auto &X : V)
    X = D(R);
  checkBound(V, "uniform");
}

TEST(Histogram, Exponential) {
  std::mt19937_64 R(2);
  std::exponential_distribution<double> D(1.0 / 50000);
  std::vector<uint64_t> V(200000);
  for (auto &X : V)
    X = uint64_t(D(R)) + 1;
  checkBound(V, "exponential");
}

TEST(Histogram, Bimodal) {
  std::mt19937_64 R(3);
  std::normal_distribution<double> Fast(800, 50), Slow(2000000, 100000);
  std::vector<uint64_t> V(100000);
  for (size_t I = 0; I < V.size(); ++I)
    V[I] = uint64_t(std::max(1.0, I % 10 ? Fast(R) : Slow(R)));
  checkBound(V, "bimodal");
}

TEST(Histogram, HeavyTail) {
  std::mt19937_64 R(4);
  std::lognormal_distribution<double> D(8, 3); // spans ~10 decades
  std::vector<uint64_t> V(200000);
  for (auto &X : V)
    X = uint64_t(std::min(D(R), 1e18)) + 1;
  checkBound(V, "lognormal");
  std::vector<uint64_t> P(50000); // Pareto-like
  for (size_t I = 0; I < P.size(); ++I)
    P[I] = uint64_t(1e12 / double(I + 1));
  checkBound(P, "pareto");
}

TEST(Histogram, SmallValuesAreExact) {
  std::vector<uint64_t> V;
  for (uint64_t I = 0; I < 128; ++I)
    V.push_back(I);
  Histogram H;
  for (uint64_t X : V)
    H.record(X);
  for (double P : Ps)
    EXPECT_EQ(H.percentile(P), exactPercentile(V, P)) << P;
}

TEST(Histogram, SingleValue) {
  checkBound({123456789}, "single");
  Histogram H;
  H.record(123456789, 1000);
  EXPECT_EQ(H.count(), 1000u);
  EXPECT_EQ(H.percentile(50), 123456789u); // clamped to the exact min/max
  EXPECT_EQ(H.bucketCount(), 1u);
}

TEST(Histogram, Empty) {
  Histogram H;
  EXPECT_EQ(H.count(), 0u);
  EXPECT_EQ(H.percentile(95), 0u);
  EXPECT_EQ(H.min(), 0u);
  EXPECT_EQ(H.max(), 0u);
  H.record(5, 0); // a zero count records nothing
  EXPECT_EQ(H.count(), 0u);
}

TEST(Histogram, MergeEqualsRecordingEverything) {
  std::mt19937_64 R(5);
  std::exponential_distribution<double> D(1.0 / 3000);
  Histogram A, B, All;
  std::vector<uint64_t> V;
  for (int I = 0; I < 50000; ++I) {
    uint64_t X = uint64_t(D(R)) + (I % 2 ? 1000000 : 0);
    V.push_back(X);
    (I % 3 ? A : B).record(X);
    All.record(X);
  }
  Histogram Empty;
  A.merge(Empty);
  A.merge(B);
  EXPECT_EQ(A.count(), All.count());
  EXPECT_EQ(A.min(), All.min());
  EXPECT_EQ(A.max(), All.max());
  EXPECT_EQ(A.bucketCount(), All.bucketCount());
  for (double P : Ps)
    EXPECT_EQ(A.percentile(P), All.percentile(P)) << P;
  Empty.merge(A);
  EXPECT_EQ(Empty.percentile(95), All.percentile(95));
}

TEST(Histogram, SparseMemory) {
  Histogram H;
  for (int I = 0; I < 100000; ++I)
    H.record(1000 + I % 3);
  EXPECT_LE(H.bucketCount(), 3u);
}

// Two-level storage: a 128-counter block per power-of-two range ever hit,
// so memory follows the number of distinct magnitudes, not the values.
TEST(Histogram, BlocksFollowMagnitudes) {
  Histogram H;
  EXPECT_EQ(H.blockCount(), 0u);
  for (int I = 0; I < 100000; ++I)
    H.record(1000 + I % 200); // [512, 1024) and [1024, 2048)
  EXPECT_EQ(H.blockCount(), 2u);
  H.record(5);
  H.record(UINT64_MAX);
  EXPECT_EQ(H.blockCount(), 4u);
  EXPECT_EQ(H.max(), UINT64_MAX);
  EXPECT_EQ(H.percentile(100), UINT64_MAX);
  EXPECT_EQ(H.percentile(0), 5u);
}

// Branch-free bucketOf against the definition: exact below 128, then 128
// sub-buckets per power of two, in increasing order across magnitudes.
TEST(Histogram, BucketOfMatchesTheLayout) {
  for (uint64_t V = 0; V < 128; ++V)
    EXPECT_EQ(Histogram::bucketOf(V), V);
  for (unsigned E = 7; E < 64; ++E)
    for (uint64_t Sub :
         {uint64_t(0), uint64_t(1), uint64_t(64), uint64_t(127)}) {
      uint64_t V = (uint64_t(128) + Sub) << (E - 7);
      EXPECT_EQ(Histogram::bucketOf(V), 128 + (E - 7) * 128 + Sub) << V;
      EXPECT_EQ(Histogram::bucketOf(V | ((uint64_t(1) << (E - 7)) - 1)),
                Histogram::bucketOf(V))
          << V;
    }
}

// Merging histograms whose blocks were allocated in different orders.
TEST(Histogram, MergeAcrossBlockOrders) {
  Histogram A, B, All;
  const uint64_t Xs[] = {3, 300, 3000000, 30, 30000000000ull, 300000};
  for (uint64_t X : Xs) {
    A.record(X, 2);
    All.record(X, 2);
  }
  for (int I = 5; I >= 0; --I) {
    B.record(Xs[I] + 1, 3);
    All.record(Xs[I] + 1, 3);
  }
  A.merge(B);
  EXPECT_EQ(A.count(), All.count());
  EXPECT_EQ(A.bucketCount(), All.bucketCount());
  for (double P : Ps)
    EXPECT_EQ(A.percentile(P), All.percentile(P)) << P;
}

// Cumulative counts at bucket bounds (the report's duration buckets):
// exact for small values, within 1% of the bound above, monotone, and the
// whole count at the maximum.
TEST(Histogram, CountAtMostIsCumulativeWithinOnePercent) {
  Histogram H;
  EXPECT_EQ(H.countAtMost(1000), 0u);
  for (uint64_t V = 1; V <= 100000; ++V)
    H.record(V);
  EXPECT_EQ(H.countAtMost(0), 0u);
  EXPECT_EQ(H.countAtMost(100), 100u);
  uint64_t Last = 0;
  for (uint64_t Bound : {250ull, 1000ull, 2500ull, 10000ull, 50000ull}) {
    uint64_t N = H.countAtMost(Bound);
    EXPECT_GE(N, Last);
    Last = N;
    EXPECT_NEAR(double(N), double(Bound), double(Bound) * 0.01) << Bound;
  }
  EXPECT_EQ(H.countAtMost(100000), H.count());
  EXPECT_EQ(H.countAtMost(UINT64_MAX), H.count());
  // Read in another unit: the scaled values are compared.
  H.setScale(0.5);
  EXPECT_NEAR(double(H.countAtMost(5000)), 10000.0, 100.0);
}

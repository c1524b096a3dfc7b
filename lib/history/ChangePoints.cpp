//===- ChangePoints.cpp - Where a series moved ----------------------------===//
#include "hotpath/history/ChangePoints.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

namespace hotpath::history {

namespace {

double median(std::vector<double> V) {
  if (V.empty())
    return 0;
  size_t M = V.size() / 2;
  std::nth_element(V.begin(), V.begin() + long(M), V.end());
  double Hi = V[M];
  if (V.size() % 2)
    return Hi;
  double Lo = *std::max_element(V.begin(), V.begin() + long(M));
  return (Lo + Hi) / 2;
}

double medianOf(const std::vector<double> &X, size_t Lo, size_t Hi) {
  return median(
      std::vector<double>(X.begin() + long(Lo), X.begin() + long(Hi)));
}

bool matters(double Before, double After, double MinRelative) {
  if (Before == 0)
    return After != 0;
  return std::fabs(After - Before) / std::fabs(Before) > MinRelative;
}

std::vector<ChangePoint> exactSteps(const std::vector<double> &X,
                                    const ChangeOptions &O) {
  std::vector<size_t> Steps;
  for (size_t I = 1; I < X.size(); ++I)
    if (matters(X[I - 1], X[I], O.MinRelativeChange))
      Steps.push_back(I);
  std::vector<ChangePoint> Out;
  for (size_t K = 0; K < Steps.size(); ++K) {
    size_t From = K ? Steps[K - 1] : 0;
    size_t To = K + 1 < Steps.size() ? Steps[K + 1] : X.size();
    Out.push_back(
        {Steps[K], medianOf(X, From, Steps[K]), medianOf(X, Steps[K], To), 1});
  }
  return Out;
}

void segment(const std::vector<double> &X, size_t Lo, size_t Hi,
             const ChangeOptions &O, std::vector<ChangePoint> &Out) {
  if (Hi - Lo < 2 * O.MinRuns)
    return;
  size_t Split;
  double P;
  rankSplit(X, Lo, Hi, O.MinRuns, O.FalsePositive, Split, P);
  if (P > O.FalsePositive || Split - Lo < O.MinRuns || Hi - Split < O.MinRuns)
    return;
  double Before = medianOf(X, Lo, Split), After = medianOf(X, Split, Hi);
  if (!matters(Before, After, O.MinRelativeChange))
    return;
  segment(X, Lo, Split, O, Out);
  Out.push_back({Split, Before, After, 1 - P});
  segment(X, Split, Hi, O, Out);
}

} // namespace

namespace {

/// Ranks of X[Lo, Hi), ties averaged (1-based).
std::vector<double> ranksOf(const std::vector<double> &X, size_t Lo,
                            size_t Hi) {
  size_t N = Hi - Lo;
  std::vector<size_t> Order(N);
  std::iota(Order.begin(), Order.end(), 0);
  std::sort(Order.begin(), Order.end(),
            [&](size_t A, size_t B) { return X[Lo + A] < X[Lo + B]; });
  std::vector<double> Rank(N);
  for (size_t I = 0; I < N;) {
    size_t J = I;
    while (J + 1 < N && X[Lo + Order[J + 1]] == X[Lo + Order[I]])
      ++J;
    for (size_t K = I; K <= J; ++K)
      Rank[Order[K]] = (double(I) + double(J)) / 2 + 1;
    I = J + 1;
  }
  return Rank;
}

/// The largest standardized rank-sum |Z| over the splits, and where.
double largestZ(const std::vector<double> &Rank, size_t MinRuns,
                size_t &Split) {
  double N = double(Rank.size()), Sum = 0, Best = -1;
  for (size_t T = 0; T + 1 < Rank.size(); ++T) {
    Sum += Rank[T];
    double N1 = double(T + 1), N2 = N - N1;
    if (T + 1 < MinRuns || Rank.size() - T - 1 < MinRuns)
      continue;
    double W = Sum - N1 * (N1 + 1) / 2, Mu = N1 * N2 / 2;
    double Z = std::fabs(W - Mu) / std::sqrt(N1 * N2 * (N + 1) / 12);
    if (Z > Best) {
      Best = Z;
      Split = T + 1;
    }
  }
  return Best;
}

} // namespace

void rankSplit(const std::vector<double> &X, size_t Lo, size_t Hi,
               size_t MinRuns, double FalsePositive, size_t &Split, double &P) {
  Split = Lo;
  P = 1;
  if (Hi - Lo < 2 * MinRuns || Hi - Lo < 2)
    return;
  std::vector<double> Rank = ranksOf(X, Lo, Hi);
  size_t At = 0;
  double Z = largestZ(Rank, MinRuns, At);
  Split = Lo + At;
  // Enough shuffles to resolve the probability asked, at least 99; stops
  // as soon as the answer is known to be over it.
  size_t Shuffles = std::max<size_t>(99, size_t(std::ceil(2 / FalsePositive)));
  size_t AsLarge = 0, Limit = size_t(FalsePositive * double(Shuffles + 1));
  std::mt19937_64 G(0x5eed);
  size_t Done = 0, Ignored;
  for (; Done < Shuffles && AsLarge <= Limit; ++Done) {
    std::shuffle(Rank.begin(), Rank.end(), G);
    AsLarge += largestZ(Rank, MinRuns, Ignored) >= Z;
  }
  P = double(AsLarge + 1) / double(Done + 1);
  if (AsLarge > Limit)
    P = std::max(P, FalsePositive * 1.0001); // stopped early: over it
}

std::vector<ChangePoint> findChangePoints(const std::vector<double> &X,
                                          const ChangeOptions &O) {
  if (O.Exact) {
    std::vector<ChangePoint> Steps = exactSteps(X, O);
    if (Steps.size() <= 2 || Steps.size() * 4 <= X.size())
      return Steps;
  }
  std::vector<ChangePoint> Out;
  segment(X, 0, X.size(), O, Out);
  return Out;
}

} // namespace hotpath::history

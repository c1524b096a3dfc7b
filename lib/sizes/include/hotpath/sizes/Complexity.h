//===- Complexity.h - How a function's cost grows with its input -*- C++
//-*-===//
//
// Given a function's cost per call in each power-of-two bucket of its input
// size (functions_sizes, docs/sizes.md), the best fit among O(1), O(log n),
// O(n), O(n log n), O(n^2) and O(n^3): cost = a + b * f(n), fitted by
// least squares on the relative error (costs span orders of magnitude: a
// bucket of 3 ns and one of 3 ms weigh alike), each bucket weighted by the
// calls in it (up to a cap, so that one common size does not decide
// alone). The simplest class whose error is small and within a margin of
// the best wins: an O(n) function is not called O(n log n) because the log
// term absorbed some noise. Where no class fits well (linear up to a size,
// quadratic past it), the best one wins.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SIZES_COMPLEXITY_H
#define HOTPATH_SIZES_COMPLEXITY_H

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::sizes {

enum class Order { Constant, Log, Linear, LinLog, Quadratic, Cubic };

/// "O(1)", "O(log n)", "O(n)", "O(n log n)", "O(n^2)", "O(n^3)".
const char *orderName(Order O);
/// The inverse of orderName; false for any other text.
bool orderFromName(const std::string &Name, Order &Out);

/// One bucket's figures: its sizes' representative value (their mean, or
/// the bucket's geometric middle), its calls, and the cost per call.
struct SizePoint {
  double Size = 0;
  uint64_t Calls = 0;
  double CostPerCall = 0;
};

struct Fit {
  bool Enough = false; // false: "not enough data" (Why says what is short)
  std::string Why;
  Order Class = Order::Constant;
  double Constant = 0; // a: the cost that does not grow
  double Factor = 0;   // b: the cost per unit of f(n)
  /// Root mean square of the relative error, weighted: 0.05 = the fit is
  /// off by 5% on average.
  double RelativeError = 0;
  /// 1 - the fit's weighted squared error over a constant's: 1 = perfect,
  /// 0 = no better than the mean.
  double RSquared = 0;
};

/// Sizes must span at least MinSpan (the largest over the smallest) across
/// at least MinBuckets buckets with calls.
constexpr unsigned MinBuckets = 4;
constexpr double MinSpan = 16;

Fit fitComplexity(const std::vector<SizePoint> &Points);

/// f(n) for a class (n >= 1).
double growth(Order O, double N);

} // namespace hotpath::sizes

#endif // HOTPATH_SIZES_COMPLEXITY_H

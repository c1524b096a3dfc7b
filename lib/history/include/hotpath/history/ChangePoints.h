//===- ChangePoints.h - Where a series moved --------------------*- C++ -*-===//
//
// Two methods, by what the metric is:
//
// - Exact metrics (instructions, allocations, calls) repeat between runs of
//   one build: a change point is each run whose value differs from the
//   run before by more than the minimum relative change. It is found at
//   the first run after the step. A series that moves at more than two
//   runs and more than a quarter of them is not exact in practice (a
//   function whose count depends on the scheduler) and is judged as a
//   noisy one.
//
// - Noisy metrics (time): binary segmentation with a rank test. For each
//   split t of a segment, the Mann-Whitney rank sum of the runs after t,
//   standardized (Z); the segment's split is where |Z| is largest, and its
//   p-value is how often a shuffled segment has a |Z| that large (a
//   permutation test: exact whatever the noise's shape, and it accounts for
//   having tried every split). A split is kept when the p-value is under the
//   false-positive probability, each side has at least MinRuns runs, and
//   the medians of the two sides differ by more than the minimum relative
//   change; then both sides are searched again. Ranks, not values: the
//   long tail of a loaded machine (one run in five up to twice as slow)
//   moves a mean as much as a real step, and a rank not at all.
//   docs/history.md compares it with E-divisive means on recorded series.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_CHANGEPOINTS_H
#define HOTPATH_HISTORY_CHANGEPOINTS_H

#include <cstddef>
#include <vector>

namespace hotpath::history {

struct ChangeOptions {
  bool Exact = false;              // the metric repeats between runs
  double FalsePositive = 0.01;     // noisy: the largest p-value kept
  double MinRelativeChange = 0.05; // the smallest change that matters
  size_t MinRuns = 4;              // noisy: runs on each side at least
};

struct ChangePoint {
  size_t Index = 0;             // the first run after the change
  double Before = 0, After = 0; // medians of the segments on each side
  double Confidence = 1;        // 1 - p (exact steps: 1)
  double relative() const { return Before ? (After - Before) / Before : 0; }
};

/// The change points of X, in order.
std::vector<ChangePoint> findChangePoints(const std::vector<double> &X,
                                          const ChangeOptions &O);

/// The rank test over X[Lo, Hi): the best split (the first index of the
/// second part, each part at least MinRuns long) and its permutation
/// p-value (shuffles from a fixed seed: the same series, the same answer).
void rankSplit(const std::vector<double> &X, size_t Lo, size_t Hi,
               size_t MinRuns, double FalsePositive, size_t &Split, double &P);

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_CHANGEPOINTS_H

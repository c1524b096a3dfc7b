//===- Calibrate.h - Noise thresholds from repeated runs --------*- C++ -*-===//
//
// Runs of one build differ only by noise. For every section and metric the
// spread is the largest change `hotpath diff` could see between any two of
// the runs, over the functions it would judge; a threshold just above it
// keeps identical builds from being judged regressions (docs/policy.md).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_POLICY_CALIBRATE_H
#define HOTPATH_POLICY_CALIBRATE_H

#include "hotpath/policy/Policy.h"
#include "hotpath/report/Report.h"

#include <string>
#include <vector>

namespace hotpath::policy {

struct Spread {
  SectionKind K = SectionKind::Timing;
  Metric M;
  double Percent = 0;     // largest pairwise |change| in %
  std::string Function;   // where it was seen
  unsigned Functions = 0; // functions compared
};

struct Calibration {
  unsigned Reports = 0;
  double MinPercentTotal = 0.5;
  std::vector<Spread> Spreads;
  std::vector<std::string> Notes;
  std::string Benchmark; // of the first report, when set
  /// The metrics the written policy judges (default avg, total); sections
  /// lacking all of them (icount has no percentiles) judge avg and total.
  std::vector<Metric> Judged = {{Metric::Avg, 0}, {Metric::Total, 0}};
};

/// Spreads over `Rs` (at least two reports of one build).
Calibration calibrate(const std::vector<report::Report> &Rs,
                      double MinPercentTotal);

/// A threshold just above a spread: max(1.25 × spread, spread + 0.5),
/// rounded up (to 0.1 below 10%, to 1 below 100%, else to 5).
double suggestThreshold(double SpreadPercent);

/// A policy file judging every calibrated section with the suggested
/// thresholds, the spreads as comments.
std::string renderCalibratedPolicy(const Calibration &C);

} // namespace hotpath::policy

#endif // HOTPATH_POLICY_CALIBRATE_H

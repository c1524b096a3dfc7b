//===- RunRecord.h - One run as the history keeps it ------------*- C++ -*-===//
//
// A run is one report, or every report of a `hotpath bench` directory (one
// per benchmark). The history keeps what identifies it (the commit, the
// branch, the machine, when it started) and every figure of every
// function, as (benchmark, function, metric, value) rows: a series is the
// values of one (benchmark, function, metric) over the runs. The
// benchmark's own figures have the function "".
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_RUNRECORD_H
#define HOTPATH_HISTORY_RUNRECORD_H

#include "hotpath/report/Report.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::history {

struct Figure {
  std::string Benchmark, Function, Metric;
  double Value = 0;
};

struct RunRecord {
  // What makes two adds of the same reports one run: a digest of the
  // reports' identities (each one's pid, start, build id, benchmark, and
  // figures), whatever the file names or the order.
  std::string Key;
  std::string Commit, Branch, CpuModel, Kernel, Executable;
  int64_t StartUnixNs = 0; // the earliest report's start
  std::vector<Figure> Figures;
};

/// The metrics a function can have, with whether runs of one build repeat
/// them exactly (instructions, allocations, calls) or not (time).
struct MetricInfo {
  const char *Name;
  const char *What; // "instructions a call", for the help and the tables
  bool Exact;
};
const std::vector<MetricInfo> &metrics();
/// The metric's entry; nullptr when no metric has that name.
const MetricInfo *metricInfo(const std::string &Name);

/// The run of Reports (one, or a bench directory's). Branch and Kernel
/// are the caller's (the reports do not say).
RunRecord runOf(const std::vector<report::Report> &Reports);

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_RUNRECORD_H

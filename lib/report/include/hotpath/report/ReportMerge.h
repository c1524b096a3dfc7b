//===- ReportMerge.h - Merged mode and sums of reports ----------*- C++ -*-===//
//
// Merged mode (docs/callgrind.md) and `hotpath merge`:
//  - mergeRuns: a native report (timing, alloc, threads) and a Callgrind
//    report (icount, cache) of one build and benchmark become one report,
//    meta.run = "merged". A different build id or benchmark is an error.
//  - sumReports: reports of several processes of one build (forked
//    workers, many runs of test binaries) summed row by row: calls, totals,
//    bytes and instruction counts add, min/max combine, averages are
//    recomputed; percentiles cannot be combined exactly and take the
//    largest value of the inputs (the description says so).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_REPORTMERGE_H
#define HOTPATH_REPORT_REPORTMERGE_H

#include "hotpath/report/Report.h"

#include <string>
#include <vector>

namespace hotpath::report {

/// Checks that A and B come from the same binary (build id; the
/// executable's path when neither has one) and the same benchmark.
bool sameBuild(const Meta &A, const Meta &B, std::string &Error);

bool mergeRuns(const Report &Native, const Report &Callgrind, Report &Out,
               std::string &Error);

bool sumReports(const std::vector<Report> &In, Report &Out, std::string &Error);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORTMERGE_H

//===- SeriesJson.h - A function's series as JSON ---------------*- C++ -*-===//
//
// What `hotpath serve --history` (/api/history) and `hotpath mcp`'s history
// tool answer: the runs, the series of one metric for the functions whose
// name contains Function (the benchmarks' own when it is empty), and each
// series' change points, found as `hotpath history check` finds them.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_SERIESJSON_H
#define HOTPATH_HISTORY_SERIESJSON_H

#include "hotpath/history/Store.h"

#include <string>

namespace hotpath::history {

/// What a reader asked for by Function: the series of the functions whose
/// name contains it, or with none asked the benchmarks' own (function "").
/// The store's query gives every function for "": this keeps what was asked.
void keepAskedSeries(std::vector<Series> &All, const std::string &Function);

/// Q.Metric "" means icount; Q.CpuModel "" the most common machine's runs.
/// False with Error (one line) for an unknown metric or a store that
/// cannot be read.
bool seriesJson(Store &S, Query Q, size_t MaxSeries, std::string &Json,
                std::string &Error);

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_SERIESJSON_H

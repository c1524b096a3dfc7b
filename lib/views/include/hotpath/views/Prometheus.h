//===- Prometheus.h - A report as Prometheus metrics ------------*- C++ -*-===//
//
// `hotpath serve`'s /metrics: a report (the newest snapshot of a running
// program) in the Prometheus text exposition format, version 0.0.4. Per
// measured function a calls counter, a duration histogram (the report's
// `buckets`: cumulative counts of the timed calls, with their sum) and
// allocation counters; per lock its acquisitions, contended acquisitions
// and wait; per thread its CPU time; the session's elapsed time and the
// snapshot's number. Label values are escaped and made valid UTF-8.
//
// Written by hand: the format is a few lines of text, and Debian 12's C++
// client (prometheus-cpp-dev) brings an HTTP server and a registry of its
// own that the report's one-shot rendering does not need.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_VIEWS_PROMETHEUS_H
#define HOTPATH_VIEWS_PROMETHEUS_H

#include "hotpath/report/Report.h"

#include <cstdint>
#include <string>

namespace hotpath::views {

/// The Content-Type of prometheusText's output.
inline constexpr const char *PrometheusContentType =
    "text/plain; version=0.0.4; charset=utf-8";

/// R's figures as metrics (every family with HELP and TYPE lines; series
/// of rows with the same labels are added up).
std::string prometheusText(const report::Report &R);

/// A label value as the format quotes it: `\`, `"` and newlines escaped,
/// bytes that are not UTF-8 replaced by U+FFFD.
std::string escapeLabelValue(const std::string &V);

/// Nanoseconds as exact decimal seconds ("0.000001234", "2").
std::string secondsText(uint64_t Ns);

} // namespace hotpath::views

#endif // HOTPATH_VIEWS_PROMETHEUS_H

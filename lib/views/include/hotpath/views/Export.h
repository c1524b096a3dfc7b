//===- Export.h - A call tree in the formats other viewers read -*- C++ -*-===//
//
// `hotpath export REPORT.json --format folded|speedscope|pprof`:
//  - folded: "main;a;c 6" per path with an own value (flamegraph.pl,
//    inferno, speedscope);
//  - speedscope: its JSON file format, one "sampled" profile whose samples
//    are the paths and whose weights are the metric's own values;
//  - pprof: a gzipped profile.proto with four sample types at once:
//    calls/count, time/nanoseconds (each path's own time: pprof's flat
//    column is the self time, its cum column the inclusive time),
//    alloc_space/bytes and alloc_objects/count.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_VIEWS_EXPORT_H
#define HOTPATH_VIEWS_EXPORT_H

#include "hotpath/report/CallTree.h"
#include "hotpath/report/Report.h"

#include <string>

namespace hotpath::views {

/// speedscope's JSON for T under M; Name names the profile.
std::string speedscopeJson(const report::CallTree &T, report::TreeMetric M,
                           const std::string &Name);

/// pprof's gzipped profile.proto for T; false with Error when compressing
/// fails. TimeNanos: the session's start (Unix ns), DurationNanos its
/// length.
bool pprofProfile(const report::CallTree &T, int64_t TimeNanos,
                  int64_t DurationNanos, std::string &Out, std::string &Error);

/// What a tracker export holds: the first Functions functions of each
/// report (by instruction count, else time, else bytes), or All of them.
struct TrackerOptions {
  size_t Functions = 5;
  bool All = false;
};

/// Benchmark trackers: for a report of a benchmark (meta.benchmark), one
/// entry named after it with its figures per iteration of the timed loop
/// (instructions, allocated-bytes, instrumented-time: the wall time of
/// the instrumented build, not the plain one's latency); then one entry per
/// function (per benchmark and function when the report names its
/// benchmark), with the measures the report has, per call except `calls`:
/// instrumented-time (ns), instructions (Ir), allocations (count),
/// allocated-bytes, and calls.
///  - bmf: Bencher Metric Format, {"<name>": {"<measure>": {"value": n}}};
///  - github-action-benchmark: its customSmallerIsBetter array,
///    [{"name": "<name> - <measure>", "unit", "value"}].
/// Names longer than Bencher's 1024 characters are cut with a hash kept.
/// Several reports (`hotpath bench`: one per benchmark) give one file.
std::string bmfJson(const std::vector<report::Report> &Reports,
                    const TrackerOptions &Opt);
std::string
githubActionBenchmarkJson(const std::vector<report::Report> &Reports,
                          const TrackerOptions &Opt);

} // namespace hotpath::views

#endif // HOTPATH_VIEWS_EXPORT_H

//===- ExportCommand.cpp - `hotpath export REPORT.json --format ...` ------===//
#include "CommandLine.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/views/Export.h"
#include "hotpath/views/Timeline.h"

#include <cstdio>
#include <cstdlib>

namespace hotpath::tool {

int exportCommand(const Args &A) {
  CommandLine CL(
      "export",
      "hotpath export REPORT.json --format folded|speedscope|pprof|chrome\n"
      "                      [--metric METRIC] [-o OUT]\n"
      "hotpath export TRACE.json --format chrome|speedscope [-o OUT]\n"
      "hotpath export REPORT.json|DIR... --format "
      "bmf|github-action-benchmark\n"
      "                      [--functions N|all] [-o OUT]",
      "Writes the report's call tree for other viewers: folded stacks\n"
      "(flamegraph.pl, inferno, speedscope), speedscope's JSON format, or\n"
      "pprof's gzipped profile.proto (calls, time, alloc_space and\n"
      "alloc_objects at once; `go tool pprof` or `pprof -http`); or each\n"
      "function's figures for a benchmark tracker: Bencher's BMF JSON, or\n"
      "github-action-benchmark's customSmallerIsBetter array, for one or\n"
      "more reports or directories of them (hotpath bench -o DIR). A trace\n"
      "(HOTPATH_TRACE) becomes Chrome trace events again, checked and\n"
      "sorted, or speedscope's evented profiles; a report's call tree\n"
      "becomes Chrome trace events laid out by time (a flame chart).");
  std::vector<std::string> Files;
  std::string Out, Format, Metric = "time";
  CLI::App &App = CL.app();
  App.add_option("report", Files,
                 "the report (trackers: reports, or directories of them)")
      ->option_text("REPORT.json");
  App.add_option("--format", Format,
                 "folded, speedscope, pprof, chrome (the call tree, or a "
                 "trace), or bmf, github-action-benchmark (the functions)")
      ->option_text("FORMAT");
  App.add_option("--metric", Metric,
                 "folded and speedscope: each path's own time (time or self, "
                 "the same values), calls, or alloc (bytes); pprof has all")
      ->option_text("METRIC");
  std::string Functions = "5";
  App.add_option("--functions", Functions,
                 "trackers: each report's first N functions (by instruction "
                 "count, else time; default 5), or all, beside each "
                 "benchmark's own figures")
      ->option_text("N|all");
  App.add_option("-o,--output", Out, "the file (default: stdout)")
      ->option_text("OUT");
  if (int Status = CL.parse(A); Status >= 0)
    return Status;
  TrackerOptions TO;
  if (Functions == "all") {
    TO.All = true;
  } else {
    char *End = nullptr;
    unsigned long long N = std::strtoull(Functions.c_str(), &End, 10);
    if (Functions.empty() || *End || Functions[0] == '-' || N > 1000000)
      return badInput("export: --functions expects a number or all, not '" +
                      Functions + "'");
    TO.Functions = size_t(N);
  }
  report::TreeMetric M;
  if (!report::parseTreeMetric(Metric, M))
    return badInput("export: unknown metric '" + Metric +
                    "' (accepted: time, self, calls, alloc)");
  bool Tracker = Format == "bmf" || Format == "github-action-benchmark";
  if (Format != "folded" && Format != "speedscope" && Format != "pprof" &&
      Format != "chrome" && !Tracker)
    return badInput("export: " +
                    (Format.empty() ? std::string("missing --format")
                                    : "unknown format '" + Format + "'") +
                    " (accepted: folded, speedscope, pprof, chrome, bmf, "
                    "github-action-benchmark)");
  if (Files.empty() || (Files.size() != 1 && !Tracker))
    return badInput("export: expected one REPORT.json (see hotpath export "
                    "--help)");
  std::vector<report::Report> Reports;
  std::string Error, Text;
  // A trace (HOTPATH_TRACE) rather than a report.
  if (Files.size() == 1 && !report::isDirectory(Files[0]) &&
      support::readRegularFile(Files[0], support::MaxInputFileBytes, Text,
                               Error) &&
      isTraceJson(Text)) {
    if (Format != "chrome" && Format != "speedscope")
      return badInput("export: " + Files[0] +
                      " is a trace: --format chrome "
                      "or speedscope");
    Trace T;
    if (!readTrace(Text, T, Error))
      return badInput(Files[0] + ": " + Error);
    std::string Data = Format == "chrome"
                           ? traceChromeJson(T)
                           : traceSpeedscopeJson(T, T.ProcessName);
    return writeOutput("export", Out, Data);
  }
  for (const std::string &F : Files) {
    std::vector<std::string> Paths;
    if (report::isDirectory(F)) {
      if (!Tracker)
        return badInput("export: " + F + " is a directory: --format " + Format +
                        " takes one report");
      if (!report::readReportDir(F, Reports, Paths, Error))
        return badInput(Error);
      continue;
    }
    Reports.emplace_back();
    if (!report::readReportFile(F, Reports.back(), Error))
      return badInput(F + ": " + Error);
  }
  const report::Report &R = Reports.front();
  if (!R.Tree.Present && !Tracker)
    return badInput("export: " + Files[0] +
                    " has no call tree (a count-only run, "
                    "HOTPATH_MAX_PATHS=0, or a report of an older hotpath)");
  std::string Data;
  std::string Name = R.M.Executable ? *R.M.Executable : "hotpath";
  if (Format == "bmf")
    Data = bmfJson(Reports, TO);
  else if (Format == "github-action-benchmark")
    Data = githubActionBenchmarkJson(Reports, TO);
  else if (Format == "folded")
    Data = report::foldedStacks(R.Tree, M);
  else if (Format == "speedscope")
    Data = speedscopeJson(R.Tree, M, Name);
  else if (Format == "chrome")
    Data = callTreeChromeJson(R);
  else if (!pprofProfile(R.Tree, int64_t(R.M.StartUnixNs),
                         int64_t(R.M.ElapsedNs), Data, Error))
    return badInput("export: " + Error);
  return writeOutput("export", Out, Data);
}

} // namespace hotpath::tool

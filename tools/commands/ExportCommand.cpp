//===- ExportCommand.cpp - `hotpath export REPORT.json --format ...` ------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/samples/Join.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/views/Export.h"
#include "hotpath/views/Timeline.h"

#include <cstdio>
#include <cstdlib>

namespace hotpath::tool {

namespace {

struct ExportCommand {
  static const CommandInfo Info;
  std::vector<std::string> Files;
  std::string Out, Format, Metric = "time";
  std::string Functions = "5";
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo ExportCommand::Info = {
    "export",
    "write the call tree for other viewers, or figures for trackers",
    "hotpath export REPORT.json --format folded|speedscope|pprof|chrome "
    "[--metric METRIC] [-o OUT]\n"
    "hotpath export TRACE.json --format chrome|speedscope [-o OUT]\n"
    "hotpath export REPORT.json|DIR... --format bmf|github-action-benchmark "
    "[--functions N|all] [-o OUT]",
    "Writes the report's call tree for other viewers: folded stacks\n"
    "(flamegraph.pl, inferno, speedscope), speedscope's JSON format, or\n"
    "pprof's gzipped profile.proto (calls, time, alloc_space and\n"
    "alloc_objects at once; `go tool pprof` or `pprof -http`); or each\n"
    "function's figures for a benchmark tracker: Bencher's BMF JSON, or\n"
    "github-action-benchmark's customSmallerIsBetter array, for one or\n"
    "more reports or directories of them (hotpath bench -o DIR). A trace\n"
    "(HOTPATH_TRACE) becomes Chrome trace events again, checked and\n"
    "sorted, or speedscope's evented profiles; a report's call tree\n"
    "becomes Chrome trace events laid out by time (a flame chart).",
    "",
    ""};

void ExportCommand::declare(CLI::App &App) {
  App.add_option("report", Files,
                 "the report (trackers: reports, or directories of them)")
      ->option_text("REPORT.json");
  App.add_option("--format", Format,
                 "folded, speedscope, pprof, chrome (the call tree, or a "
                 "trace), or bmf, github-action-benchmark (the functions)")
      ->option_text("FORMAT")
      ->required()
      ->check(oneOf({"folded", "speedscope", "pprof", "chrome", "bmf",
                     "github-action-benchmark"}));
  App.add_option("--metric", Metric,
                 "folded and speedscope: each path's own time (time or self, "
                 "the same values), calls, alloc (bytes) or wait (time "
                 "waited on locks); pprof has all")
      ->option_text("METRIC")
      ->check(oneOf({"time", "self", "calls", "alloc", "wait"}));
  App.add_option("--functions", Functions,
                 "trackers: each report's first N functions (by instruction "
                 "count, else time; default 5), or all, beside each "
                 "benchmark's own figures")
      ->option_text("N|all");
  App.add_option("-o,--output", Out, "the file (default: stdout)")
      ->option_text("OUT");
}

int ExportCommand::run(const Invocation &) {
  views::TrackerOptions TO;
  if (Functions == "all") {
    TO.All = true;
  } else {
    char *End = nullptr;
    unsigned long long N = std::strtoull(Functions.c_str(), &End, 10);
    if (Functions.empty() || *End || Functions[0] == '-' || N > 1000000)
      return fail("--functions expects a number or all, not '" + Functions +
                  "'");
    TO.Functions = size_t(N);
  }
  report::TreeMetric M;
  report::parseTreeMetric(Metric, M); // checked by the option
  bool Tracker = Format == "bmf" || Format == "github-action-benchmark";
  if (Files.empty() || (Files.size() != 1 && !Tracker))
    return fail("expected one REPORT.json (see hotpath export "
                "--help)");
  std::vector<report::Report> Reports;
  std::string Error, Text;
  // A trace (HOTPATH_TRACE) rather than a report.
  if (Files.size() == 1 && !report::isDirectory(Files[0]) &&
      support::readRegularFile(Files[0], support::MaxInputFileBytes, Text,
                               Error) &&
      views::isTraceJson(Text)) {
    if (Format != "chrome" && Format != "speedscope")
      return fail("" + Files[0] +
                  " is a trace: --format chrome "
                  "or speedscope");
    views::Trace T;
    if (!views::readTrace(Text, T, Error))
      return fail(Files[0] + ": " + Error);
    std::string Data = Format == "chrome"
                           ? views::traceChromeJson(T)
                           : views::traceSpeedscopeJson(T, T.ProcessName);
    return writeOutput(Out, Data);
  }
  for (const std::string &F : Files)
    if (!Tracker && report::isDirectory(F))
      return fail("" + F + " is a directory: --format " + Format +
                  " takes one report");
  if (!report::readReports(Files, Reports, Error))
    return fail(Error);
  report::Report &R = Reports.front();
  if (!Tracker)
    samples::joinSamples(R); // sampled frames below the measured ones
  if (M == report::TreeMetric::Wait && !R.Locks.Present &&
      (Format == "folded" || Format == "speedscope"))
    return fail(Files[0] + ": no lock waits in this report (run with "
                           "HOTPATH_LOCKS=1, the default, and a runtime that "
                           "tracks locks)");
  if (!R.Tree.Present && !Tracker)
    return fail("" + Files[0] +
                " has no call tree (a count-only run, "
                "HOTPATH_MAX_PATHS=0, or a report of an older hotpath)");
  std::string Data;
  std::string Name = R.M.Executable ? *R.M.Executable : "hotpath";
  if (Format == "bmf")
    Data = views::bmfJson(Reports, TO);
  else if (Format == "github-action-benchmark")
    Data = views::githubActionBenchmarkJson(Reports, TO);
  else if (Format == "folded")
    Data = report::foldedStacks(R.Tree, M);
  else if (Format == "speedscope")
    Data = views::speedscopeJson(R.Tree, M, Name);
  else if (Format == "chrome")
    Data = views::callTreeChromeJson(R);
  else if (!views::pprofProfile(R.Tree, int64_t(R.M.StartUnixNs),
                                int64_t(R.M.ElapsedNs), Data, Error))
    return fail("" + Error);
  return writeOutput(Out, Data);
}

Command addExportCommand(CLI::App &Root) {
  return makeCommand<ExportCommand>(Root);
}

} // namespace hotpath::tool

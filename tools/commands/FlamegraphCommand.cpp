//===- FlamegraphCommand.cpp - `hotpath flamegraph REPORT.json -o out.svg` ===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/samples/Join.h"
#include "hotpath/views/FlameGraph.h"
#include "hotpath/views/IcountTree.h"

#include <cstdio>

namespace hotpath::tool {

namespace {
bool isIcount(report::TreeMetric M) {
  return M == report::TreeMetric::Icount || M == report::TreeMetric::SelfIcount;
}

bool hasInstructions(const report::Report &R) {
  return R.Icount.Present && R.Icount.Total && R.IcountCalls.Present;
}

// The tree the metric reads (the report's call tree, or one of
// instructions from its Callgrind counts), or says why there is none.
bool treeOf(const std::string &File, report::Report &R, report::TreeMetric M) {
  if (isIcount(M)) {
    std::string Why;
    if (!views::icountTree(R, R.Tree, Why)) {
      fail(File + ": " + Why);
      return false;
    }
    return true;
  }
  samples::joinSamples(R); // sampled frames below the measured ones
  if (!R.Tree.Present || R.Tree.Nodes.empty()) {
    fail("" + File +
         " has no call tree (a count-only run, HOTPATH_MAX_PATHS=0, or "
         "a report of an older hotpath)");
    return false;
  }
  return true;
}
} // namespace

namespace {

struct FlamegraphCommand {
  static const CommandInfo Info;
  std::vector<std::string> Files;
  std::string Out, Metric, Title; // Metric "": chosen by the reports
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo FlamegraphCommand::Info = {
    "flamegraph",
    "draw the call tree as an interactive SVG (or the change of two)",
    "hotpath flamegraph REPORT.json [-o OUT.svg] [--metric METRIC]\n"
    "hotpath flamegraph BASE.json HEAD.json [-o OUT.svg] [--metric ...]",
    "Draws the report's call tree as an interactive flame graph (one\n"
    "self-contained SVG: click to zoom, Ctrl-F to search, hover for the\n"
    "figures). With two reports, a differential flame graph: HEAD's\n"
    "widths, each path coloured by its change from BASE (red grew, blue\n"
    "shrank). Two reports with instruction counts (hotpath run, hotpath\n"
    "bench) are drawn by self-icount unless --metric says otherwise: the\n"
    "function whose own instructions changed is the red one.",
    "",
    ""};

void FlamegraphCommand::declare(CLI::App &App) {
  App.add_option("reports", Files, "one report, or the base and the head")
      ->option_text("REPORT.json...");
  App.add_option("-o,--output", Out, "the SVG file (default: stdout)")
      ->option_text("OUT.svg");
  App.add_option("--metric", Metric,
                 "what a frame's width is: time (inclusive, the default for "
                 "one report), self (the same widths, coloured by the "
                 "frame's own time), calls, alloc (bytes, exclusive), wait "
                 "(time waited on locks, exclusive), icount (inclusive "
                 "instructions, from Callgrind) or self-icount (the same "
                 "widths, coloured by the frame's own instructions; the "
                 "default for two reports with instruction counts)")
      ->option_text("METRIC")
      ->check(oneOf(
          {"time", "self", "calls", "alloc", "wait", "icount", "self-icount"}));
  App.add_option("--title", Title, "the title (default: the program)")
      ->option_text("TEXT");
}

int FlamegraphCommand::run(const Invocation &) {
  views::FlameGraphOptions O;
  if (Files.empty() || Files.size() > 2)
    return fail("expected REPORT.json, or BASE.json HEAD.json "
                "(see hotpath flamegraph --help)");
  std::vector<report::Report> R(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], R[I], Error))
      return fail(Files[I] + ": " + Error);
  }
  // Two reports of a CI run are judged by their instructions: drawn so,
  // the function whose own count changed is the red frame.
  if (Metric.empty())
    Metric = Files.size() == 2 && hasInstructions(R[0]) && hasInstructions(R[1])
                 ? "self-icount"
                 : "time";
  report::parseTreeMetric(Metric, O.Metric); // checked by the option
  for (size_t I = 0; I < Files.size(); ++I)
    if (!treeOf(Files[I], R[I], O.Metric))
      return ExitBadInput;
  const report::Report &Head = R.back();
  if (O.Metric == report::TreeMetric::Wait)
    for (size_t I = 0; I < R.size(); ++I)
      if (!R[I].Locks.Present)
        return fail(Files[I] + ": no lock waits in this report (run with "
                               "HOTPATH_LOCKS=1, the default, and a runtime "
                               "that tracks locks)");
  auto baseName = [](const std::string &P) {
    size_t Slash = P.find_last_of('/');
    return Slash == std::string::npos ? P : P.substr(Slash + 1);
  };
  O.Title = !Title.empty()      ? Title
            : Head.M.Executable ? baseName(*Head.M.Executable)
                                : std::string("hotpath flame graph");
  if (Files.size() == 2 && Title.empty())
    O.Title += " (change from " + baseName(Files[0]) + ")";
  std::string Svg = Files.size() == 2
                        ? views::diffFlameGraphSvg(R[0].Tree, Head.Tree, O)
                        : views::flameGraphSvg(Head.Tree, O);
  if (int S = writeOutput(Out, Svg); S || toStdout(Out))
    return S;
  std::fprintf(stderr, "hotpath: wrote %s (%zu paths)\n", Out.c_str(),
               Head.Tree.Nodes.size());
  return ExitOk;
}

Command addFlamegraphCommand(CLI::App &Root) {
  return makeCommand<FlamegraphCommand>(Root);
}

} // namespace hotpath::tool

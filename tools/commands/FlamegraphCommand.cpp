//===- FlamegraphCommand.cpp - `hotpath flamegraph REPORT.json -o out.svg` ===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/samples/Join.h"
#include "hotpath/views/FlameGraph.h"

#include <cstdio>

namespace hotpath::tool {

namespace {
// Reads a report that has a call tree, or says why not.
bool readTree(const std::string &File, report::Report &R) {
  std::string Error;
  if (!report::readReportFile(File, R, Error)) {
    fail(File + ": " + Error);
    return false;
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
  std::string Out, Metric = "time", Title;
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
    "shrank).",
    "",
    ""};

void FlamegraphCommand::declare(CLI::App &App) {
  App.add_option("reports", Files, "one report, or the base and the head")
      ->option_text("REPORT.json...");
  App.add_option("-o,--output", Out, "the SVG file (default: stdout)")
      ->option_text("OUT.svg");
  App.add_option("--metric", Metric,
                 "what a frame's width is: time (inclusive, default), self "
                 "(the same widths, coloured by the frame's own time), calls "
                 "alloc (bytes, exclusive) or wait (time waited on locks, "
                 "exclusive)")
      ->option_text("METRIC")
      ->check(oneOf({"time", "self", "calls", "alloc", "wait"}));
  App.add_option("--title", Title, "the title (default: the program)")
      ->option_text("TEXT");
}

int FlamegraphCommand::run(const Invocation &) {
  views::FlameGraphOptions O;
  report::parseTreeMetric(Metric, O.Metric); // checked by the option
  if (Files.empty() || Files.size() > 2)
    return fail("expected REPORT.json, or BASE.json HEAD.json "
                "(see hotpath flamegraph --help)");
  std::vector<report::Report> R(Files.size());
  for (size_t I = 0; I < Files.size(); ++I)
    if (!readTree(Files[I], R[I]))
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

//===- FlamegraphCommand.cpp - `hotpath flamegraph REPORT.json -o out.svg` ===//
#include "CommandLine.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/views/FlameGraph.h"

#include <cstdio>

namespace hotpath::tool {

namespace {
// Reads a report that has a call tree, or says why not.
bool readTree(const std::string &File, report::Report &R) {
  std::string Error;
  if (!report::readReportFile(File, R, Error)) {
    badInput(File + ": " + Error);
    return false;
  }
  if (!R.Tree.Present || R.Tree.Nodes.empty()) {
    badInput("flamegraph: " + File +
             " has no call tree (a count-only run, HOTPATH_MAX_PATHS=0, or "
             "a report of an older hotpath)");
    return false;
  }
  return true;
}
} // namespace

int flamegraphCommand(const Args &A) {
  CommandLine CL(
      "flamegraph",
      "hotpath flamegraph REPORT.json [-o OUT.svg] [--metric METRIC]\n"
      "hotpath flamegraph BASE.json HEAD.json [-o OUT.svg] [--metric ...]",
      "Draws the report's call tree as an interactive flame graph (one\n"
      "self-contained SVG: click to zoom, Ctrl-F to search, hover for the\n"
      "figures). With two reports, a differential flame graph: HEAD's\n"
      "widths, each path coloured by its change from BASE (red grew, blue\n"
      "shrank).");
  std::vector<std::string> Files;
  std::string Out, Metric = "time", Title;
  CLI::App &App = CL.app();
  App.add_option("reports", Files, "one report, or the base and the head")
      ->option_text("REPORT.json...");
  App.add_option("-o,--output", Out, "the SVG file (default: stdout)")
      ->option_text("OUT.svg");
  App.add_option("--metric", Metric,
                 "what a frame's width is: time (inclusive, default), self "
                 "(the same widths, coloured by the frame's own time), calls "
                 "or alloc (bytes, exclusive)")
      ->option_text("METRIC");
  App.add_option("--title", Title, "the title (default: the program)")
      ->option_text("TEXT");
  if (int Status = CL.parse(A); Status >= 0)
    return Status;
  FlameGraphOptions O;
  if (!report::parseTreeMetric(Metric, O.Metric))
    return badInput("flamegraph: unknown metric '" + Metric +
                    "' (accepted: time, self, calls, alloc)");
  if (Files.empty() || Files.size() > 2)
    return badInput("flamegraph: expected REPORT.json, or BASE.json HEAD.json "
                    "(see hotpath flamegraph --help)");
  std::vector<report::Report> R(Files.size());
  for (size_t I = 0; I < Files.size(); ++I)
    if (!readTree(Files[I], R[I]))
      return ExitBadInput;
  const report::Report &Head = R.back();
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
                        ? diffFlameGraphSvg(R[0].Tree, Head.Tree, O)
                        : flameGraphSvg(Head.Tree, O);
  if (int S = writeOutput("flamegraph", Out, Svg); S || toStdout(Out))
    return S;
  std::fprintf(stderr, "hotpath: wrote %s (%zu paths)\n", Out.c_str(),
               Head.Tree.Nodes.size());
  return ExitOk;
}

} // namespace hotpath::tool

//===- MergeCommand.cpp - `hotpath merge REPORT... -o OUT.json` -----------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportMerge.h"

#include <cstdio>

namespace hotpath::tool {

namespace {

struct MergeCommand {
  static const CommandInfo Info;
  std::vector<std::string> Files;
  std::string Out;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo MergeCommand::Info = {
    "merge",
    "merge native + Callgrind reports, or sum reports of one build",
    "hotpath merge REPORT.json... [-o OUT.json]",
    "Merges reports of one build (same build id and benchmark):\n"
    "  - a native report and a Callgrind report: one merged report with\n"
    "    every section (meta.run = \"merged\"), as HOTPATH_MERGE_REPORT "
    "does;\n"
    "  - reports of several processes of the same kind (forked workers,\n"
    "    test binaries): summed row by row (calls, totals and instruction\n"
    "    counts add; percentiles are the largest of the inputs).",
    "",
    ""};

void MergeCommand::declare(CLI::App &App) {
  App.add_option("reports", Files, "the reports")
      ->option_text("REPORT.json...");
  App.add_option("-o,--output", Out,
                 "where to write the JSON (default: stdout)")
      ->option_text("OUT.json");
}

int MergeCommand::run(const Invocation &) {
  if (Files.empty())
    return fail("no reports (usage: hotpath merge REPORT.json... "
                "-o OUT.json)");
  std::vector<report::Report> In(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], In[I], Error))
      return fail(Files[I] + ": " + Error);
  }
  report::Report R;
  std::string Error;
  bool Ok;
  if (In.size() == 2 && In[0].M.Run != In[1].M.Run) {
    size_t N = In[0].M.Run == "native" ? 0 : 1;
    Ok = report::mergeRuns(In[N], In[1 - N], R, Error);
  } else {
    Ok = report::sumReports(In, R, Error);
  }
  if (!Ok)
    return fail("" + Error);
  std::string Text = report::writeJson(R, /*Pretty=*/true);
  return writeOutput(Out, Text);
}

Command addMergeCommand(CLI::App &Root) {
  return makeCommand<MergeCommand>(Root);
}

} // namespace hotpath::tool

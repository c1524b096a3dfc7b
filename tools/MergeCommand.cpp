//===- MergeCommand.cpp - `hotpath merge REPORT... -o OUT.json` -----------===//
#include "CommandLine.h"
#include "hotpath/callgrind/ReportMerge.h"
#include "hotpath/report/ReportJson.h"

#include <cstdio>

namespace hotpath::tool {

int mergeCommand(const Args &A) {
  CommandLine CL(
      "merge", "hotpath merge REPORT.json... [-o OUT.json]",
      "Merges reports of one build (same build id and benchmark):\n"
      "  - a native report and a Callgrind report: one merged report with\n"
      "    every section (meta.run = \"merged\"), as HOTPATH_MERGE_REPORT "
      "does;\n"
      "  - reports of several processes of the same kind (forked workers,\n"
      "    test binaries): summed row by row (calls, totals and instruction\n"
      "    counts add; percentiles are the largest of the inputs).");
  std::vector<std::string> Files;
  std::string Out;
  CL.app()
      .add_option("reports", Files, "the reports")
      ->option_text("REPORT.json...");
  CL.app()
      .add_option("-o,--output", Out,
                  "where to write the JSON (default: stdout)")
      ->option_text("OUT.json");
  if (int Status = CL.parse(A); Status >= 0)
    return Status;
  if (Files.empty())
    return badInput("merge: no reports (usage: hotpath merge REPORT.json... "
                    "-o OUT.json)");
  std::vector<report::Report> In(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], In[I], Error))
      return badInput(Files[I] + ": " + Error);
  }
  report::Report R;
  std::string Error;
  bool Ok;
  if (In.size() == 2 && In[0].M.Run != In[1].M.Run) {
    size_t N = In[0].M.Run == "native" ? 0 : 1;
    Ok = callgrind::mergeRuns(In[N], In[1 - N], R, Error);
  } else {
    Ok = callgrind::sumReports(In, R, Error);
  }
  if (!Ok)
    return badInput("merge: " + Error);
  std::string Text = report::writeJson(R, /*Pretty=*/true);
  return writeOutput("merge", Out, Text);
}

} // namespace hotpath::tool

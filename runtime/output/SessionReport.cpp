//===- SessionReport.cpp - The report a session ends with -----------------===//
#include "output/SessionReport.h"

#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportMerge.h"
#include "output/ReportWriter.h"
#include "valgrind/Callgrind.h"

namespace hotpath::rt {

namespace {
bool underCallgrind(const report::Report &R) {
  return R.M.Tool && R.M.Tool->rfind("callgrind", 0) == 0;
}
} // namespace

void writeSessionReport(const Snapshot &S, const Options &Opts) {
  if (!S.UnderValgrind) {
    if (!Opts.MergeReport.empty()) {
      say("HOTPATH_MERGE_REPORT is set but the program is not running under "
          "Callgrind; no report written (set it on the Callgrind run only)");
      return;
    }
    writeReport(S, Opts);
    return;
  }
  try {
    report::Report R = buildReport(S, Opts);
    if (underCallgrind(R) && R.Icount.Present) {
      std::string Error;
      if (!addCallgrindCounts(R, S, Opts, Error)) {
        say("no instruction counts: " + Error);
        R.M.Warnings.push_back("no instruction counts: " + Error);
      }
    }
    if (!Opts.MergeReport.empty()) {
      report::Report Native, Merged;
      std::string Error;
      if (!report::readReportFile(Opts.MergeReport, Native, Error)) {
        say("merge failed, no report written: HOTPATH_MERGE_REPORT=" +
            Opts.MergeReport + ": " + Error);
        return;
      }
      if (!report::mergeRuns(Native, R, Merged, Error)) {
        say("merge failed, no report written: " + Error);
        return;
      }
      R = std::move(Merged);
    }
    emitReport(R, Opts);
  } catch (const std::exception &E) {
    say(std::string("cannot build the report: ") + E.what());
  } catch (...) {
    say("cannot build the report");
  }
}

} // namespace hotpath::rt

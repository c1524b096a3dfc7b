//===- TrimCommand.cpp - `hotpath trim REPORT.json|DIR --budget PCT` ------===//
//
// The command around TrimRanking.h (docs/selection.md#trimming-what-costs-
// too-much): reads the reports, chooses what measuring distorts (icount,
// CPU samples or time, by what the reports have), trims each report and
// writes the union of the lines, to stdout, a file or a hotpath.toml.
//
//===----------------------------------------------------------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "config/ConfigEdit.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"
#include "hotpath/samples/Join.h"
#include "hotpath/support/AtomicFile.h"
#include "hotpath/support/FileRead.h"
#include "trim/TrimRanking.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

namespace hotpath::tool {

using namespace trim;

namespace {

std::string percent(double P) {
  char B[32];
  std::snprintf(B, sizeof B, "%.1f%%", P);
  return B;
}

std::string costText(TrimBy By, double V) {
  if (By == TrimBy::Icount)
    return report::formatCount(uint64_t(V + 0.5)) + " Ir";
  // A counted call costs a fraction of a nanosecond.
  if (By == TrimBy::Cpu && V < 10) {
    char B[32];
    std::snprintf(B, sizeof B, "%.2f ns", V);
    return B;
  }
  return report::formatDuration(uint64_t(V + 0.5));
}

/// What the reports' trims say together: each function once, with the
/// report it was worst in; the worst report before and after the trim.
struct TrimUnion {
  std::vector<std::pair<Candidate, std::string>> Excluded; // cheapest first
  std::map<std::string, bool> Cheap; // takes less than a measured call costs
  size_t CheapCount = 0, Kept = 0;
  uint64_t Calls = 0;
  const Trimmed *Worst = nullptr, *WorstAfter = nullptr;
};

TrimUnion unionOf(const std::vector<Trimmed> &Ts) {
  TrimUnion U;
  std::map<std::string, std::pair<Candidate, std::string>> Worse;
  U.Worst = U.WorstAfter = &Ts[0];
  for (const Trimmed &T : Ts) {
    if (T.Measuring / T.Plain > U.Worst->Measuring / U.Worst->Plain)
      U.Worst = &T;
    if (T.Left / T.Plain > U.WorstAfter->Left / U.WorstAfter->Plain)
      U.WorstAfter = &T;
    U.Kept = std::max(U.Kept, T.Kept);
    for (const Candidate &C : T.All) {
      U.Calls += C.Calls;
      U.Cheap.emplace(C.Name, C.PerCall < T.CallCost);
    }
    for (const Candidate &C : T.Excluded) {
      auto [It, New] = Worse.try_emplace(C.Name, C, T.Report);
      if (!New && C.Cost > It->second.first.Cost)
        It->second = {C, T.Report};
    }
  }
  for (const auto &[Name, IsCheap] : U.Cheap)
    U.CheapCount += IsCheap;
  for (auto &[Name, E] : Worse)
    U.Excluded.push_back(std::move(E));
  std::sort(U.Excluded.begin(), U.Excluded.end(),
            [](const auto &X, const auto &Y) {
              return X.first.PerCall != Y.first.PerCall
                         ? X.first.PerCall < Y.first.PerCall
                         : X.first.Name < Y.first.Name;
            });
  return U;
}

} // namespace

namespace {

struct TrimCommand {
  static const CommandInfo Info;
  std::string File, Out, ConfigFile, By;
  Params P;
  double Budget = 5, CallCost = 20, CallCostIr = 15, KeepShare = 5;
  void declare(CLI::App &App);
  int run(const Invocation &I);

private:
  /// The summary Text, then the exclude lines: added to --config's file
  /// in place, or written to -o (stdout).
  int writeExcludes(std::string Text, const std::vector<ExcludeEntry> &Entries);
};

} // namespace

const CommandInfo TrimCommand::Info = {
    "trim",
    "exclude what costs more to measure than it takes, under a budget",
    "hotpath trim REPORT.json|DIR [--by time|icount|cpu] [--budget PERCENT] "
    "[--call-cost NS] [--call-cost-ir IR] [--keep-share PERCENT] [-o FILE | "
    "--config hotpath.toml]",
    "Lists the measured functions that cost more to measure than they take,\n"
    "and writes the `exclude` lines of hotpath.toml that bring the cost of\n"
    "measuring under a budget, from a report (or a directory of hotpath\n"
    "bench reports) of a run with everything selected: the most distorted\n"
    "first (the least time or instructions per call for the same cost of\n"
    "measuring).",
    "By instruction count (the default when the reports have Callgrind\n"
    "counts) the budget is how far each report's counts may be off the\n"
    "plain build's (default 1%); by time, what measuring may add to the run\n"
    "(default 5%), and a function with --keep-share of the run's own time\n"
    "(default 5) is never excluded. By CPU samples (the default for a\n"
    "count-only run with HOTPATH_CPU_SAMPLING) the cost is the samples in\n"
    "hotpath's gates and hooks, and the budget a share of the run's CPU\n"
    "(default 1%); the samples still show an excluded function below its\n"
    "caller.",
    ""};

void TrimCommand::declare(CLI::App &App) {
  App.add_option("report", File, "the report, or a directory of reports")
      ->option_text("REPORT.json|DIR");
  App.add_option("--by", By,
                 "what measuring distorts: icount (default when the reports "
                 "have it), cpu (default for count-only runs with CPU "
                 "samples) or time")
      ->option_text("time|icount|cpu")
      ->check(oneOf({"time", "icount", "cpu"}));
  App.add_option("--budget", Budget,
                 "what measuring may cost, in percent (default 1 by icount, "
                 "1 by cpu, 5 by time)")
      ->option_text("PERCENT")
      ->check(numberIn(0, 1000, "expects a percentage from 0 to 1000"));
  App.add_option("--call-cost", CallCost,
                 "by time or cpu: what one measured call costs, in ns "
                 "(default by time: the run's meta.call_cost_ns, else 20; by "
                 "cpu: its samples in hotpath's gates and hooks a call)")
      ->option_text("NS")
      ->check(numberIn(0, 1e6, "expects nanoseconds from 0 to 1000000"));
  App.add_option("--call-cost-ir", CallCostIr,
                 "by icount: instructions a measured call adds to its "
                 "caller beyond the hooks (default 15)")
      ->option_text("IR")
      ->check(numberIn(0, 1e6, "expects instructions from 0 to 1000000"));
  App.add_option("--keep-share", KeepShare,
                 "never exclude a function whose own share of the run is at "
                 "least this, in percent (default 5 by time, 0 by icount and "
                 "cpu; 0: none is kept)")
      ->option_text("PERCENT")
      ->check(numberIn(0, 100, "expects a percentage from 0 to 100"));
  CLI::Option *OutOpt =
      App.add_option("-o,--output", Out,
                     "write the hotpath.toml lines there (default: stdout)")
          ->option_text("FILE");
  App.add_option("--config", ConfigFile,
                 "add the exclude lines to this hotpath.toml's [functions] "
                 "table in place, keeping the rest of it")
      ->option_text("hotpath.toml")
      ->excludes(OutOpt);
}

int TrimCommand::run(const Invocation &I) {
  const CLI::App &App = I.App;
  if (File.empty())
    return fail("missing REPORT.json (usage: hotpath trim "
                "REPORT.json|DIR [--budget PERCENT])");
  std::vector<std::string> Files = {File};
  if (report::isDirectory(File) && (Files = report::reportFiles(File)).empty())
    return fail("" + File + ": no report in this directory");
  std::vector<report::Report> Reports(Files.size());
  bool AllIcount = true, AllCounted = true;
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], Reports[I], Error))
      return fail(Files[I] + ": " + Error);
    const report::Report &R = Reports[I];
    AllIcount &= R.Icount.Present;
    // Counts only, and the samples for the time.
    AllCounted &= R.Cpu.Present && R.Timing.Present && !R.Timing.timed();
  }
  P.By = By.empty()       ? (AllIcount    ? TrimBy::Icount
                             : AllCounted ? TrimBy::Cpu
                                          : TrimBy::Time)
         : By == "icount" ? TrimBy::Icount
         : By == "cpu"    ? TrimBy::Cpu
                          : TrimBy::Time;
  bool ByTime = P.By == TrimBy::Time, ByCpu = P.By == TrimBy::Cpu;
  P.Budget = App.count("--budget") ? Budget : ByTime ? 5 : 1;
  P.CallCost = ByTime || ByCpu ? CallCost : CallCostIr;
  P.CallCostGiven = App.count("--call-cost") > 0;
  P.KeepShare = App.count("--keep-share") ? KeepShare : ByTime ? 5 : 0;
  const char *Missing = ByTime ? "timed functions"
                        : ByCpu
                            ? "CPU samples (a run with HOTPATH_CPU_SAMPLING)"
                            : "instruction counts (a Callgrind run)";

  std::vector<Trimmed> Ts;
  for (size_t I = 0; I < Reports.size(); ++I) {
    report::Report &R = Reports[I];
    const report::FunctionsSection &Sec = ByTime || ByCpu ? R.Timing : R.Icount;
    if (!Sec.Present || Sec.Data.empty() || (ByCpu && !R.Cpu.Present)) {
      if (Reports.size() == 1)
        return fail("" + Files[I] + " has no " + Missing);
      continue;
    }
    // By CPU: the samples symbolized and joined to the rows.
    samples::Joined J;
    if (ByCpu)
      J = samples::joinSamples(R);
    // A binary gone or rebuilt since the run: its samples name nothing,
    // and the cost they would show is missing.
    for (const std::string &W : J.Profile.Warnings)
      std::fprintf(stderr, "hotpath: warning: %s\n",
                   report::terminalText(W).c_str());
    Ts.push_back(trimOne(R, R.M.Benchmark.value_or(Files[I]), P,
                         ByCpu ? &J.Profile : nullptr));
  }
  if (Ts.empty())
    return fail("" + File + ": no report has " + Missing);

  TrimUnion U = unionOf(Ts);
  const Trimmed *Worst = U.Worst, *WorstAfter = U.WorstAfter;
  size_t Kept = U.Kept, CheapCount = U.CheapCount;
  uint64_t Calls = U.Calls;
  const auto &Excluded = U.Excluded;
  const auto &Cheap = U.Cheap;
  bool Many = Ts.size() > 1;
  std::string Text =
      "# hotpath trim " + File + ": " +
      (Many ? std::to_string(Ts.size()) + " reports, " : std::string()) +
      std::to_string(Cheap.size()) + " measured functions, " +
      report::formatCount(Calls) + " calls; " +
      (ByTime || ByCpu
           ? "measuring them costs about "
           : "measuring them distorts the instruction counts by about ") +
      percent(Worst->Measuring / Worst->Plain * 100) +
      (ByTime  ? " of the run"
       : ByCpu ? " of the run's CPU"
               : "") +
      (Many ? " (worst: " + Worst->Report + ")" : std::string()) + " at " +
      costText(P.By, Worst->CallCost) + " a call" +
      (ByCpu && !P.CallCostGiven ? " (its samples in hotpath's gates and hooks)"
                                 : "") +
      ".\n# " + std::to_string(CheapCount) +
      " of them take less than that per call. Excluding " +
      std::to_string(Excluded.size()) + " brings " +
      (Many ? "every report under " : "it to ") + "about " +
      percent(WorstAfter->Left / WorstAfter->Plain * 100) + " (budget " +
      percent(P.Budget) + ").\n";
  if (Kept)
    Text += "# " + std::to_string(Kept) + " kept although over budget: " +
            (ByTime || ByCpu
                 ? "each has at least " + percent(P.KeepShare) +
                       " of the run's own time (--keep-share)"
                 : std::string("each is an entry point (no measured function "
                               "calls it)")) +
            ".\n";
  std::vector<ExcludeEntry> Entries;
  for (const auto &[C, Where] : Excluded)
    Entries.push_back({tomlString(exactRegex(C.Name)),
                       report::formatCount(C.Calls) + " calls, " +
                           costText(P.By, C.PerCall) +
                           (ByCpu ? " of CPU a call" : " a call") +
                           (Many ? " in " + Where : std::string())});
  return writeExcludes(Text, Entries);
}

int TrimCommand::writeExcludes(std::string Text,
                               const std::vector<ExcludeEntry> &Entries) {
  if (!ConfigFile.empty()) {
    std::string Old, Error;
    if (!support::readRegularFile(ConfigFile, support::MaxPolicyFileBytes, Old,
                                  Error))
      return fail("" + ConfigFile + ": " + Error);
    size_t Added = 0;
    std::string New, Note;
    if (!addExcludes(Old, Entries, New, Added, Error))
      return fail(ConfigFile + ": " + Error + " (the file is unchanged)");
    if (Added && !replaceConfigFile(ConfigFile, New, Note, Error))
      return fail("cannot write " + ConfigFile + ": " + Error);
    std::fwrite(Text.data(), 1, Text.size(), stderr);
    std::fprintf(stderr, "hotpath: %zu exclude lines added to %s%s%s\n", Added,
                 ConfigFile.c_str(),
                 Added < Entries.size() ? " (the others were there)" : "",
                 Note.empty() ? "" : ("; " + Note).c_str());
    return ExitOk;
  }
  if (Entries.empty()) {
    Text += "# Nothing to exclude.\n";
  } else {
    Text += "[functions]\nexclude = [\n";
    for (const ExcludeEntry &E : Entries)
      Text += "  " + E.Literal + ",  # " + E.Comment + "\n";
    Text += "]\n";
  }
  if (int S = writeOutput(Out, Text); S || toStdout(Out))
    return S;
  std::fprintf(stderr, "hotpath: %zu exclude lines written to %s\n",
               Entries.size(), Out.c_str());
  return ExitOk;
}

Command addTrimCommand(CLI::App &Root) {
  return makeCommand<TrimCommand>(Root);
}

} // namespace hotpath::tool

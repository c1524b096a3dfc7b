//===- TrimCommand.cpp - `hotpath trim REPORT.json|DIR --budget PCT` ------===//
//
// Overhead-aware selection (docs/selection.md#trimming-what-costs-too-much):
// from reports of runs with everything the user wants selected, the
// functions that cost more to measure than they take, and the `exclude`
// lines that bring the cost of measuring under a budget.
//
// By time (a report's timing section): the cost of one measured call is
// --call-cost, or what the run measured itself (meta.call_cost_ns). By
// instruction count (Callgrind; the default for reports that have it, such
// as `hotpath bench`'s): the hooks are already out of the counts, what is
// left is what a measured call adds to its caller's count beyond them (the
// call itself, the inlining it prevents), --call-cost-ir, and the budget is
// how far a benchmark's counts may be off the plain build's. By CPU
// samples (a count-only run with HOTPATH_CPU_SAMPLING, the default for such
// reports): the cost of measuring is the samples that landed in hotpath's
// own code, the gates, spread over the calls, and the run's own time is its
// CPU less them; the samples show an excluded function's time below its
// caller, so none is kept for its share.
//
// The most distorted go first: the least inclusive cost per call, against
// the same cost of measuring. Not own time per call first: compensation
// can take a parent of many measured calls to no own time at all
// (leveldb's DBImpl::Write), and excluding it saves one call's cost while
// its callees' stay. A directory of reports is trimmed report by report,
// and the lines are the union.
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

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string_view>

namespace hotpath::tool {

namespace {

struct Candidate {
  std::string Name;
  uint64_t Calls = 0;
  // In ns by time, in Ir by instruction count.
  double OwnPerCall = 0; // the function's own cost a call
  double PerCall = 0;    // its inclusive cost a call, what its row shows
  double Cost = 0;       // what measuring it costs, in all
};

// A regex that matches exactly Name as the plugin sees it (POSIX extended,
// LLVM's Regex): specials in brackets, where only `]`, `^` and `\` are
// special themselves.
std::string exactRegex(const std::string &Name) {
  std::string R = "^";
  for (char C : Name) {
    if (C == '^')
      R += "\\^";
    else if (C == ']')
      R += "[]]";
    else if (std::string_view(".[()*+?{}|$\\").find(C) !=
             std::string_view::npos)
      R += std::string("[") + C + "]";
    else
      R += C;
  }
  return R + "$";
}

// A TOML basic string: quotes and backslashes escaped, and the control
// characters TOML forbids raw in one (a name may hold any byte) as \uXXXX,
// which toml++ turns back into the byte the regex must match.
std::string tomlString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '"' || C == '\\') {
      Out += '\\';
      Out += C;
    } else if (U < 0x20 || U == 0x7f) {
      char Buf[8];
      std::snprintf(Buf, sizeof Buf, "\\u%04x", unsigned(U));
      Out += Buf;
    } else {
      Out += C;
    }
  }
  return Out + "\"";
}

std::string percent(double P) {
  char B[32];
  std::snprintf(B, sizeof B, "%.1f%%", P);
  return B;
}

} // namespace

namespace {

enum class TrimBy { Time, Icount, Cpu };

struct Params {
  TrimBy By = TrimBy::Icount;
  double Budget = 0;   // percent
  double CallCost = 0; // ns or Ir a measured call
  double KeepShare = 0;
  bool CallCostGiven = false;
};

struct Trimmed {
  std::string Report; // its benchmark or file
  std::vector<Candidate> All, Excluded;
  double Measuring = 0, Left = 0, Plain = 0; // in ns or Ir
  double CallCost = 0;                       // what a measured call costs
  size_t Kept = 0;
};

// By CPU samples, a report whose samples are joined to its rows: what its
// gates' samples say one counted call costs, and the run's CPU less them.
struct SampledCost {
  double CallCost = 0, Plain = 0;
};

SampledCost sampledCost(const report::Report &R,
                        const samples::SampleProfile &P) {
  uint64_t Calls = 0;
  for (const report::FunctionRow &Row : R.Timing.Data)
    Calls += Row.Calls;
  SampledCost C;
  C.CallCost = Calls ? double(P.MeasuringNs) / double(Calls) : 0;
  C.Plain = std::max(double(P.CpuNs) - double(P.MeasuringNs), 1.0);
  return C;
}

// One report: its candidates and the most distorted ones to exclude.
// Sampled: by CPU samples, the report's joined to its rows (Join.h).
Trimmed trimOne(const report::Report &R, const std::string &Name,
                const Params &P, const samples::SampleProfile *Sampled) {
  Trimmed T;
  T.Report = Name;
  bool ByTime = P.By == TrimBy::Time;
  bool ByCpu = P.By == TrimBy::Cpu;
  SampledCost SC = Sampled ? sampledCost(R, *Sampled) : SampledCost();
  double CallCost = P.CallCost;
  if (ByTime && !P.CallCostGiven && R.M.CallCostNs && *R.M.CallCostNs > 0)
    CallCost = *R.M.CallCostNs;
  if (ByCpu && !P.CallCostGiven)
    CallCost = SC.CallCost;
  T.CallCost = CallCost;
  const report::FunctionsSection &Sec = ByTime || ByCpu ? R.Timing : R.Icount;
  for (const report::FunctionRow &Row : Sec.Data) {
    Candidate C;
    C.Name = Row.Name;
    C.Calls = Row.Calls;
    uint64_t Own = ByCpu      ? Row.CpuSelfNs.value_or(0)
                   : Row.Self ? *Row.Self
                              : Row.Total;
    uint64_t Total = ByCpu ? Row.CpuNs.value_or(0) : Row.Total;
    C.OwnPerCall = Row.Calls ? double(Own) / double(Row.Calls) : 0;
    C.PerCall = Row.Calls ? double(Total) / double(Row.Calls) : 0;
    C.Cost = double(Row.Calls) * CallCost;
    T.Measuring += C.Cost;
    T.All.push_back(std::move(C));
  }
  if (ByCpu) {
    T.Plain = SC.Plain; // the run's CPU, less its gates'
  } else if (ByTime) {
    // The run's own time: what it took, less what measuring added.
    double Elapsed = double(R.M.ElapsedNs);
    T.Plain = std::max(Elapsed - T.Measuring, Elapsed * 0.01);
    // A compensated report's own times are the program's, without the cost
    // of measuring: their sum is the better figure when that cost is most
    // of the run (one thread; with more it may pass the elapsed time).
    if (R.Timing.Compensated.value_or(false) &&
        Elapsed - T.Measuring < Elapsed / 10) {
      double Own = 0;
      for (const Candidate &C : T.All)
        Own += C.OwnPerCall * double(C.Calls);
      T.Plain = std::max(T.Plain, std::min(Own, Elapsed));
    }
  } else {
    T.Plain = std::max(double(Sec.Total), 1.0); // the hooks are out already
  }
  double Allowed = T.Plain * P.Budget / 100.0;
  std::vector<Candidate *> Order;
  for (Candidate &C : T.All)
    Order.push_back(&C);
  std::sort(Order.begin(), Order.end(),
            [](const Candidate *X, const Candidate *Y) {
              if (X->PerCall != Y->PerCall)
                return X->PerCall < Y->PerCall;
              if (X->Cost != Y->Cost)
                return X->Cost > Y->Cost;
              return X->Name < Y->Name;
            });
  T.Left = T.Measuring;
  std::set<std::string> Entry;
  if (!ByTime && R.IcountCalls.Present) {
    // Called from a row of the report: a measured function in which the
    // timed loop runs (the benchmark's own, in the suite's namespace) has
    // no row, and does not count.
    std::set<std::string> Rows, Called;
    for (const Candidate &C : T.All)
      Rows.insert(C.Name);
    for (const report::CallEdgeRow &E : R.IcountCalls.Data)
      if (Rows.count(E.Caller))
        Called.insert(E.Callee);
    for (const Candidate &C : T.All)
      if (!Called.count(C.Name))
        Entry.insert(C.Name);
  }
  // A function whose measuring is a thousandth of the excess or less is
  // left alone: excluding it would not help the budget. By CPU samples,
  // first only those that cost a hundredth of it or more: a function the
  // samples missed has no CPU a call to rank it by (a tie with every other
  // one they missed), and its exact count is worth more than the little
  // its measuring costs.
  double Excess = T.Measuring - Allowed;
  std::vector<double> Thresholds = {Excess / 1000};
  if (ByCpu)
    Thresholds.insert(Thresholds.begin(), Excess / 100);
  std::set<const Candidate *> Seen;
  for (double Negligible : Thresholds) {
    for (const Candidate *C : Order) {
      if (T.Left <= Allowed)
        break;
      if (C->Cost <= Negligible || !Seen.insert(C).second)
        continue;
      // By icount, the benchmark's entry points (no measured function of
      // the report calls them) stay: their counts are what the benchmark
      // is about.
      if (Entry.count(C->Name)) {
        ++T.Kept;
        continue;
      }
      if (P.KeepShare > 0 &&
          C->OwnPerCall * double(C->Calls) >= T.Plain * P.KeepShare / 100.0) {
        ++T.Kept; // what the profile is for: its own time stays measured
        continue;
      }
      T.Excluded.push_back(*C);
      T.Left -= C->Cost;
    }
  }
  return T;
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

} // namespace

namespace {

struct TrimCommand {
  static const CommandInfo Info;
  std::string File, Out, ConfigFile, By;
  Params P;
  double Budget = 5, CallCost = 20, CallCostIr = 15, KeepShare = 5;
  void declare(CLI::App &App);
  int run(const Invocation &I);
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
    "hotpath's own code and the budget a share of the run's CPU (default\n"
    "1%); the samples still show an excluded function below its caller.",
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
                 "cpu: its samples in hotpath's own code a call)")
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

  // The union, each function once with the report it was worst in.
  std::map<std::string, std::pair<Candidate, std::string>> Worse;
  // Each function: whether it takes less than a measured call costs (in
  // the first report that has it).
  std::map<std::string, bool> Cheap;
  const Trimmed *Worst = &Ts[0], *WorstAfter = &Ts[0];
  size_t Kept = 0;
  uint64_t Calls = 0;
  for (const Trimmed &T : Ts) {
    if (T.Measuring / T.Plain > Worst->Measuring / Worst->Plain)
      Worst = &T;
    if (T.Left / T.Plain > WorstAfter->Left / WorstAfter->Plain)
      WorstAfter = &T;
    Kept = std::max(Kept, T.Kept);
    for (const Candidate &C : T.All) {
      Calls += C.Calls;
      Cheap.emplace(C.Name, C.PerCall < T.CallCost);
    }
    for (const Candidate &C : T.Excluded) {
      auto [It, New] = Worse.try_emplace(C.Name, C, T.Report);
      if (!New && C.Cost > It->second.first.Cost)
        It->second = {C, T.Report};
    }
  }
  size_t CheapCount = 0;
  for (const auto &[Name, IsCheap] : Cheap)
    CheapCount += IsCheap;
  std::vector<std::pair<Candidate, std::string>> Excluded;
  for (auto &[Name, E] : Worse)
    Excluded.push_back(std::move(E));
  std::sort(Excluded.begin(), Excluded.end(), [](const auto &X, const auto &Y) {
    return X.first.PerCall != Y.first.PerCall
               ? X.first.PerCall < Y.first.PerCall
               : X.first.Name < Y.first.Name;
  });
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
      (ByCpu && !P.CallCostGiven ? " (its samples in hotpath's own code)"
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
  if (!ConfigFile.empty()) {
    std::string Old, Error;
    if (!support::readRegularFile(ConfigFile, support::MaxPolicyFileBytes, Old,
                                  Error))
      return fail("" + ConfigFile + ": " + Error);
    size_t Added = 0;
    std::string New = addExcludes(Old, Entries, Added);
    if (Added && !support::writeFileAtomically(ConfigFile, New, Error))
      return fail("cannot write " + ConfigFile + ": " + Error);
    std::fwrite(Text.data(), 1, Text.size(), stderr);
    std::fprintf(stderr, "hotpath: %zu exclude lines added to %s%s\n", Added,
                 ConfigFile.c_str(),
                 Added < Entries.size() ? " (the others were there)" : "");
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

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
// how far a benchmark's counts may be off the plain build's.
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
#include "hotpath/report/Units.h"
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

enum class TrimBy { Time, Icount };

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

// One report: its candidates and the most distorted ones to exclude.
Trimmed trimOne(const report::Report &R, const std::string &Name,
                const Params &P) {
  Trimmed T;
  T.Report = Name;
  bool ByTime = P.By == TrimBy::Time;
  double CallCost = P.CallCost;
  if (ByTime && !P.CallCostGiven && R.M.CallCostNs && *R.M.CallCostNs > 0)
    CallCost = *R.M.CallCostNs;
  T.CallCost = CallCost;
  const report::FunctionsSection &Sec = ByTime ? R.Timing : R.Icount;
  for (const report::FunctionRow &Row : Sec.Data) {
    Candidate C;
    C.Name = Row.Name;
    C.Calls = Row.Calls;
    uint64_t Own = Row.Self ? *Row.Self : Row.Total;
    C.OwnPerCall = Row.Calls ? double(Own) / double(Row.Calls) : 0;
    C.PerCall = Row.Calls ? double(Row.Total) / double(Row.Calls) : 0;
    C.Cost = double(Row.Calls) * CallCost;
    T.Measuring += C.Cost;
    T.All.push_back(std::move(C));
  }
  if (ByTime) {
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
  // left alone: excluding it would not help the budget.
  double Negligible = (T.Measuring - Allowed) / 1000;
  for (const Candidate *C : Order) {
    if (T.Left <= Allowed)
      break;
    if (C->Cost <= Negligible)
      continue;
    // By icount, the benchmark's entry points (no measured function of the
    // report calls them) stay: their counts are what the benchmark is about.
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
  return T;
}

std::string costText(TrimBy By, double V) {
  return By == TrimBy::Time ? report::formatDuration(uint64_t(V + 0.5))
                            : report::formatCount(uint64_t(V + 0.5)) + " Ir";
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
    "hotpath trim REPORT.json|DIR [--by time|icount] [--budget PERCENT] "
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
    "(default 5) is never excluded.",
    ""};

void TrimCommand::declare(CLI::App &App) {
  App.add_option("report", File, "the report, or a directory of reports")
      ->option_text("REPORT.json|DIR");
  App.add_option("--by", By,
                 "what measuring distorts: icount (default when the reports "
                 "have it) or time")
      ->option_text("time|icount")
      ->check(oneOf({"time", "icount"}));
  App.add_option("--budget", Budget,
                 "what measuring may cost, in percent (default 1 by icount, "
                 "5 by time)")
      ->option_text("PERCENT")
      ->check(numberIn(0, 1000, "expects a percentage from 0 to 1000"));
  App.add_option("--call-cost", CallCost,
                 "by time: what one measured call costs, in ns (default: the "
                 "run's meta.call_cost_ns, else 20)")
      ->option_text("NS")
      ->check(numberIn(0, 1e6, "expects nanoseconds from 0 to 1000000"));
  App.add_option("--call-cost-ir", CallCostIr,
                 "by icount: instructions a measured call adds to its "
                 "caller beyond the hooks (default 15)")
      ->option_text("IR")
      ->check(numberIn(0, 1e6, "expects instructions from 0 to 1000000"));
  App.add_option("--keep-share", KeepShare,
                 "never exclude a function whose own share of the run is at "
                 "least this, in percent (default 5 by time, 0 by icount; 0: "
                 "none is kept)")
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
  bool AllIcount = true;
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], Reports[I], Error))
      return fail(Files[I] + ": " + Error);
    AllIcount &= Reports[I].Icount.Present;
  }
  P.By = By.empty()       ? (AllIcount ? TrimBy::Icount : TrimBy::Time)
         : By == "icount" ? TrimBy::Icount
                          : TrimBy::Time;
  bool ByTime = P.By == TrimBy::Time;
  P.Budget = App.count("--budget") ? Budget : ByTime ? 5 : 1;
  P.CallCost = ByTime ? CallCost : CallCostIr;
  P.CallCostGiven = App.count("--call-cost") > 0;
  P.KeepShare = App.count("--keep-share") ? KeepShare : ByTime ? 5 : 0;

  std::vector<Trimmed> Ts;
  for (size_t I = 0; I < Reports.size(); ++I) {
    const report::Report &R = Reports[I];
    const report::FunctionsSection &Sec = ByTime ? R.Timing : R.Icount;
    if (!Sec.Present || Sec.Data.empty()) {
      if (Reports.size() == 1)
        return fail("" + Files[I] + " has no " +
                    (ByTime ? "timed functions"
                            : "instruction counts (a Callgrind run)"));
      continue;
    }
    Ts.push_back(trimOne(R, R.M.Benchmark.value_or(Files[I]), P));
  }
  if (Ts.empty())
    return fail("" + File + ": no report has " +
                (ByTime ? "timed functions" : "instruction counts"));

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
      (ByTime ? "measuring them costs about "
              : "measuring them distorts the instruction counts by about ") +
      percent(Worst->Measuring / Worst->Plain * 100) +
      (ByTime ? " of the run" : "") +
      (Many ? " (worst: " + Worst->Report + ")" : std::string()) + " at " +
      costText(P.By, Worst->CallCost) + " a call.\n# " +
      std::to_string(CheapCount) +
      " of them take less than that per call. Excluding " +
      std::to_string(Excluded.size()) + " brings " +
      (Many ? "every report under " : "it to ") + "about " +
      percent(WorstAfter->Left / WorstAfter->Plain * 100) + " (budget " +
      percent(P.Budget) + ").\n";
  if (Kept)
    Text +=
        "# " + std::to_string(Kept) + " kept although over budget: " +
        (ByTime ? "each has at least " + percent(P.KeepShare) +
                      " of the run's own time (--keep-share)"
                : std::string("each is an entry point (no measured function "
                              "calls it)")) +
        ".\n";
  std::vector<ExcludeEntry> Entries;
  for (const auto &[C, Where] : Excluded)
    Entries.push_back({tomlString(exactRegex(C.Name)),
                       report::formatCount(C.Calls) + " calls, " +
                           costText(P.By, C.PerCall) + " a call" +
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

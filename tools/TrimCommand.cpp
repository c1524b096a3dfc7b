//===- TrimCommand.cpp - `hotpath trim REPORT.json --budget PCT` ----------===//
//
// Overhead-aware selection (docs/selection.md#trimming-what-costs-too-much):
// from a report of a run with everything the user wants selected, the
// functions that cost more to measure than they take, and the `exclude`
// lines that bring the measuring cost under a budget. The cost of one
// measured call is --call-cost, or what the run measured itself
// (meta.call_cost_ns). The most distorted go first: the least time per
// call (inclusive: what the function's row shows, against the same cost of
// measuring); a function with a large share of the run's own time (self
// time, or its total without a call tree) is never excluded. Not own time
// per call first: compensation can take a parent of many measured calls
// to no own time at all (leveldb's DBImpl::Write), and excluding it saves
// one call's cost while its callees' stay.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cstdio>
#include <string_view>

namespace hotpath::tool {

namespace {

struct Candidate {
  std::string Name;
  uint64_t Calls = 0;
  double OwnNs = 0;   // per call, the function's own time
  double TotalNs = 0; // per call, its inclusive time
  double CostNs = 0;  // measuring it, in all
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

int trimCommand(const Args &A) {
  CommandLine CL(
      "trim",
      "hotpath trim REPORT.json [--budget PERCENT] [--call-cost NS]\n"
      "             [--keep-share PERCENT] [-o FILE]",
      "Lists the measured functions that cost more to measure than they take,\n"
      "and writes the `exclude` lines of hotpath.toml that bring the cost of\n"
      "measuring under a budget, from a report of a run with everything\n"
      "selected: the most distorted first (the least time per call for the\n"
      "same cost of measuring), never one with a large share of the run's\n"
      "own time.",
      "The cost of a measured call is --call-cost, by default the one the run\n"
      "measured (meta.call_cost_ns), or 20 ns for a report without it.\n"
      "Exit status: 0, 2 on bad input.");
  std::string File, Out;
  double Budget = 5, CallCost = 20, KeepShare = 5;
  CLI::App &App = CL.app();
  App.add_option("report", File, "the report")->option_text("REPORT.json");
  App.add_option("--budget", Budget,
                 "what measuring may cost, in percent of the run (default 5)")
      ->option_text("PERCENT")
      ->check(numberIn(0, 1000, "expects a percentage from 0 to 1000"));
  App.add_option("--call-cost", CallCost,
                 "what one measured call costs, in ns (default: the run's "
                 "meta.call_cost_ns, else 20)")
      ->option_text("NS")
      ->check(numberIn(0, 1e6, "expects nanoseconds from 0 to 1000000"));
  App.add_option("--keep-share", KeepShare,
                 "never exclude a function whose own time is at least this "
                 "share of the run, in percent (default 5; 0: none is kept)")
      ->option_text("PERCENT")
      ->check(numberIn(0, 100, "expects a percentage from 0 to 100"));
  App.add_option("-o,--output", Out,
                 "write the hotpath.toml lines there (default: stdout)")
      ->option_text("FILE");
  if (int Status = CL.parse(A); Status >= 0)
    return Status;
  if (File.empty())
    return badInput("trim: missing REPORT.json (usage: hotpath trim "
                    "REPORT.json [--budget PERCENT])");
  report::Report R;
  std::string Error;
  if (!report::readReportFile(File, R, Error))
    return badInput(File + ": " + Error);
  if (!R.Timing.Present || R.Timing.Data.empty())
    return badInput("trim: " + File + " has no timed functions");
  if (App.count("--call-cost") == 0 && R.M.CallCostNs && *R.M.CallCostNs > 0)
    CallCost = *R.M.CallCostNs;

  std::vector<Candidate> All;
  double Measuring = 0;
  for (const report::FunctionRow &Row : R.Timing.Data) {
    Candidate C;
    C.Name = Row.Name;
    C.Calls = Row.Calls;
    uint64_t Own = Row.Self ? *Row.Self : Row.Total;
    C.OwnNs = Row.Calls ? double(Own) / double(Row.Calls) : 0;
    C.TotalNs = Row.Calls ? double(Row.Total) / double(Row.Calls) : 0;
    C.CostNs = double(Row.Calls) * CallCost;
    Measuring += C.CostNs;
    All.push_back(std::move(C));
  }
  // The run's own time: what it took, less what measuring added.
  double Elapsed = double(R.M.ElapsedNs);
  double Plain = std::max(Elapsed - Measuring, Elapsed * 0.01);
  // A compensated report's own times are the program's, without the cost
  // of measuring: their sum is the better figure when that cost is most
  // of the run (one thread; with more it may pass the elapsed time).
  if (R.Timing.Compensated.value_or(false) &&
      Elapsed - Measuring < Elapsed / 10) {
    double Own = 0;
    for (const Candidate &C : All)
      Own += C.OwnNs * double(C.Calls);
    Plain = std::max(Plain, std::min(Own, Elapsed));
  }
  double Allowed = Plain * Budget / 100.0;
  // The most distorted first: the least time per call (the cost of
  // measuring a call is the same for all), then the most calls.
  std::sort(All.begin(), All.end(),
            [&](const Candidate &X, const Candidate &Y) {
              if (X.TotalNs != Y.TotalNs)
                return X.TotalNs < Y.TotalNs;
              if (X.CostNs != Y.CostNs)
                return X.CostNs > Y.CostNs;
              return X.Name < Y.Name;
            });
  std::vector<const Candidate *> Excluded;
  double Left = Measuring;
  size_t Kept = 0;
  // A function whose measuring is a thousandth of the excess or less is
  // left alone: excluding it would not help the budget.
  double Negligible = (Measuring - Allowed) / 1000;
  for (const Candidate &C : All) {
    if (Left <= Allowed)
      break;
    if (C.CostNs <= Negligible)
      continue;
    if (KeepShare > 0 &&
        C.OwnNs * double(C.Calls) >= Plain * KeepShare / 100.0) {
      ++Kept; // what the profile is for: its own time stays measured
      continue;
    }
    Excluded.push_back(&C);
    Left -= C.CostNs;
  }
  size_t Cheap = 0;
  for (const Candidate &C : All)
    Cheap += C.TotalNs < CallCost;

  std::string Text =
      "# hotpath trim " + File + ": " + std::to_string(All.size()) +
      " measured functions, " +
      report::formatCount(uint64_t(Measuring / CallCost)) +
      " calls; measuring them costs about " + percent(Measuring / Plain * 100) +
      " of the run at " + report::formatDuration(uint64_t(CallCost)) +
      " a call.\n# " + std::to_string(Cheap) +
      " of them take less than that per call. Excluding " +
      std::to_string(Excluded.size()) + " brings it to about " +
      percent(Left / Plain * 100) + " (budget " + percent(Budget) + ").\n";
  if (Kept)
    Text += "# " + std::to_string(Kept) +
            " kept although over budget: each has at least " +
            percent(KeepShare) + " of the run's own time (--keep-share).\n";
  if (Excluded.empty()) {
    Text += "# Nothing to exclude.\n";
  } else {
    Text += "[functions]\nexclude = [\n";
    for (const Candidate *C : Excluded)
      Text += "  " + tomlString(exactRegex(C->Name)) + ",  # " +
              report::formatCount(C->Calls) + " calls, " +
              report::formatDuration(uint64_t(C->TotalNs + 0.5)) + " a call\n";
    Text += "]\n";
  }
  if (int S = writeOutput("trim", Out, Text); S || toStdout(Out))
    return S;
  std::fprintf(stderr, "hotpath: %zu exclude lines written to %s\n",
               Excluded.size(), Out.c_str());
  return ExitOk;
}

} // namespace hotpath::tool

//===- HistoryCommand.cpp - `hotpath history add|show|check` --------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/history/ChangePoints.h"
#include "hotpath/history/SeriesJson.h"
#include "hotpath/history/Store.h"
#include "hotpath/report/Git.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/SafeText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <sys/utsname.h>

namespace hotpath::tool {

using history::ChangePoint;
using history::RunInfo;
using history::Series;

namespace {

constexpr const char *DefaultStore = ".hotpath/history.db";
constexpr int ExitMoved = 3;

struct HistoryCommand {
  static const CommandInfo Info;
  std::string Action, StoreUrl, Branch, Machine, Metric, Format = "table";
  std::vector<std::string> Args, With;
  size_t Last = 0, Recent = 5;
  double FalsePositive = 0.01, MinChange = -1;
  bool AllMachines = false;
  void declare(CLI::App &App);
  int run(const Invocation &I);

private:
  std::unique_ptr<history::Store> open();
  bool readRun(const std::vector<std::string> &Paths, history::RunRecord &Run,
               size_t &Reports);
  int add();
  int show();
  int check();
  history::Query query(const std::string &M) const;
};

/// The branch CI names, else the checkout's, else "".
std::string currentBranch() {
  for (const char *V : {"GITHUB_HEAD_REF", "GITHUB_REF_NAME",
                        "CI_COMMIT_REF_NAME", "BRANCH_NAME"})
    if (const char *B = std::getenv(V); B && *B)
      return B;
  // The checkout's HEAD: "ref: refs/heads/NAME" (a detached HEAD: none).
  std::optional<report::GitCheckout> C = report::findGitCheckout(".");
  if (!C)
    return "";
  std::FILE *F = std::fopen((C->GitDir + "/HEAD").c_str(), "r");
  if (!F)
    return "";
  char Buf[512] = {};
  size_t N = std::fread(Buf, 1, sizeof Buf - 1, F);
  std::fclose(F);
  std::string Head(Buf, N), Ref = "ref: refs/heads/";
  if (Head.rfind(Ref, 0) != 0)
    return "";
  Head = Head.substr(Ref.size());
  while (!Head.empty() && (Head.back() == '\n' || Head.back() == '\r'))
    Head.pop_back();
  return Head;
}

std::string kernelRelease() {
  struct utsname U;
  return uname(&U) == 0 ? std::string(U.sysname) + " " + U.release : "";
}

std::string shortCommit(const std::string &C) {
  return C.empty() ? "-" : C.substr(0, 10);
}

std::string date(int64_t UnixNs) {
  std::time_t T = std::time_t(UnixNs / 1000000000);
  char B[32];
  struct tm Tm;
  gmtime_r(&T, &Tm);
  std::strftime(B, sizeof B, "%Y-%m-%d %H:%M", &Tm);
  return B;
}

std::string number(double V) {
  char B[40];
  if (std::fabs(V - std::round(V)) < 1e-9 && std::fabs(V) < 1e15)
    std::snprintf(B, sizeof B, "%.0f", V);
  else
    std::snprintf(B, sizeof B, "%.1f", V);
  return B;
}

std::string seriesName(const Series &S) {
  std::string F = S.Function.empty() ? "(the benchmark)" : S.Function;
  return S.Benchmark.empty() ? F : S.Benchmark + ": " + F;
}

/// Run as the newest point of each series of metric M it has (a series
/// of its own when the store has none).
void appendRun(const history::RunRecord &Run, const std::string &M,
               std::vector<RunInfo> &Runs, std::vector<Series> &All) {
  size_t Index = Runs.size();
  Runs.push_back(
      {0, Run.Commit, Run.Branch, Run.CpuModel, Run.Kernel, Run.StartUnixNs});
  for (const history::Figure &F : Run.Figures) {
    if (F.Metric != M)
      continue;
    auto It = std::find_if(All.begin(), All.end(), [&](const Series &X) {
      return X.Benchmark == F.Benchmark && X.Function == F.Function;
    });
    if (It == All.end()) {
      All.push_back({F.Benchmark, F.Function, M, {}});
      It = All.end() - 1;
    }
    It->Points.push_back({Index, F.Value});
  }
}

} // namespace

const CommandInfo HistoryCommand::Info = {
    "history",
    "keep every run; find where a series moved",
    "hotpath history add REPORT|DIR... [--store URL] [--branch NAME]\n"
    "hotpath history show [FUNCTION] [--metric M] [--last N] [--store URL]\n"
    "hotpath history check [--metric M] [--last N] [--recent K] "
    "[--false-positive P] [--min-change X] [--with REPORT|DIR] [--store URL]",
    "add records a run (one report, or each report of a `hotpath bench`\n"
    "directory) with its commit, branch, machine and every figure; adding\n"
    "the same reports again stores nothing. show prints a function's series\n"
    "(a benchmark's own when no FUNCTION is given), the newest last. check\n"
    "finds change points in every series of the metric, per CPU model:\n"
    "exact metrics (icount, alloc, calls) at their first step, time by a\n"
    "rank test over shuffled runs (docs/history.md); it exits 3 when a\n"
    "cost rose at one of the newest K runs (--recent, default 5). --with\n"
    "judges a run that is not stored (a pull request's) as the newest of\n"
    "the series.\n"
    "The store: --store, else HOTPATH_HISTORY_STORE, else\n"
    ".hotpath/history.db (SQLite); postgresql://... a server many runners\n"
    "share.",
    "",
    "0 success, 2 bad input or usage, 3 (check) the newest runs moved"};

void HistoryCommand::declare(CLI::App &App) {
  App.add_option("action", Action, "add, show or check")
      ->option_text("ACTION")
      ->required()
      ->check(oneOf({"add", "show", "check"}));
  App.add_option("args", Args, "add: reports or directories; show: a function")
      ->option_text("ARGS...");
  App.add_option("--store", StoreUrl,
                 "an SQLite file, or postgresql://user@host/db")
      ->option_text("URL");
  App.add_option("--branch", Branch,
                 "add: the run's branch (default: CI's, else the checkout's); "
                 "show, check: only runs of this branch")
      ->option_text("NAME");
  App.add_option("--machine", Machine,
                 "only runs on this CPU model (default: check judges each "
                 "model apart, show the most common)")
      ->option_text("CPU");
  App.add_option("--metric", Metric,
                 "icount, self_icount, icount_total, alloc, alloc_total, "
                 "calls, time, self_time, time_total, cpu or elapsed (default: "
                 "check: icount, alloc and time; show: icount, else time, "
                 "and a benchmark's icount_total, else elapsed)")
      ->option_text("M");
  App.add_option("--last", Last, "only the last N runs (default: all)")
      ->option_text("N");
  App.add_option("--recent", Recent,
                 "check: fail when a cost rose at one of the newest K runs")
      ->option_text("K")
      ->check(unsignedIn(1, 1000000, "expects a number of runs >= 1"));
  App.add_option("--false-positive", FalsePositive,
                 "check: the chance of a change point in a series that did "
                 "not move (time; default 0.01)")
      ->option_text("P")
      ->check(numberIn(1e-9, 0.5, "expects a probability in (0, 0.5]"));
  App.add_option("--min-change", MinChange,
                 "check: the smallest relative change that matters (default "
                 "0.01 for exact metrics, 0.05 for time)")
      ->option_text("X")
      ->check(numberIn(0, 10, "expects a fraction from 0 to 10"));
  App.add_option("--with", With,
                 "check: a run to judge as the newest, not stored (a report "
                 "or a bench directory; repeatable)")
      ->option_text("REPORT|DIR");
  App.add_flag("--all-machines", AllMachines,
               "check: one series across CPU models");
  App.add_option("--format", Format, "show and check: table or json")
      ->option_text("FORMAT")
      ->check(oneOf({"table", "json"}));
}

std::unique_ptr<history::Store> HistoryCommand::open() {
  std::string Url = StoreUrl;
  if (Url.empty())
    if (const char *E = std::getenv("HOTPATH_HISTORY_STORE"); E && *E)
      Url = E;
  if (Url.empty())
    Url = DefaultStore;
  std::string Error;
  std::unique_ptr<history::Store> S = history::openStore(Url, Error);
  if (!S)
    fail(report::terminalText(Error));
  return S;
}

int HistoryCommand::run(const Invocation &) {
  if (!Metric.empty() && !history::metricInfo(Metric))
    return fail("no metric '" + report::terminalText(Metric) +
                "' (see hotpath history --help)");
  if (Action == "add")
    return add();
  if (Action == "show")
    return show();
  return check();
}

bool HistoryCommand::readRun(const std::vector<std::string> &Paths,
                             history::RunRecord &Run, size_t &Count) {
  std::vector<report::Report> Reports;
  if (std::string Error; !report::readReports(Paths, Reports, Error))
    return fail(Error);
  Run = history::runOf(Reports);
  Run.Branch = Branch.empty() ? currentBranch() : Branch;
  Run.Kernel = kernelRelease();
  Count = Reports.size();
  return true;
}

int HistoryCommand::add() {
  if (Args.empty())
    return fail("add needs a report or a directory of reports");
  history::RunRecord Run;
  size_t Reports = 0;
  readRun(Args, Run, Reports);
  std::unique_ptr<history::Store> S = open();
  bool Added = false;
  std::string Error;
  if (!S->add(Run, Added, Error))
    return fail(report::terminalText(Error));
  std::fprintf(stderr, "hotpath: %s run of %s (%zu report%s, %zu figures)\n",
               Added ? "added the" : "already stored: the",
               shortCommit(Run.Commit).c_str(), Reports,
               Reports == 1 ? "" : "s", Run.Figures.size());
  return ExitOk;
}

history::Query HistoryCommand::query(const std::string &M) const {
  history::Query Q;
  Q.Metric = M;
  Q.Branch = Branch;
  Q.CpuModel = Machine;
  Q.Last = Last;
  return Q;
}

int HistoryCommand::show() {
  std::unique_ptr<history::Store> S = open();
  std::string Function = Args.empty() ? "" : Args[0], Error;
  std::string M = Metric.empty() ? "icount" : Metric;
  if (!history::defaultMachine(*S, Machine, Error))
    return fail(report::terminalText(Error));
  std::vector<RunInfo> Runs;
  std::vector<Series> All;
  for (const std::string &Try :
       !Metric.empty()    ? std::vector<std::string>{M}
       : Function.empty() ? std::vector<std::string>{"icount_total", "elapsed"}
                          : std::vector<std::string>{"icount", "time"}) {
    history::Query Q = query(Try);
    Q.Function = Function;
    if (!S->read(Q, Runs, All, Error))
      return fail(report::terminalText(Error));
    M = Try;
    history::keepAskedSeries(All, Function);
    if (!All.empty())
      break;
  }
  if (Format == "json") { // what serve's /api/history answers
    history::Query Q = query(M);
    Q.Function = Function;
    std::string Json;
    if (!history::seriesJson(*S, Q, SIZE_MAX, Json, Error))
      return fail(report::terminalText(Error));
    return writeStdout(Json);
  }
  if (All.empty())
    return writeStdout("no series of " + M +
                       (Function.empty()
                            ? ""
                            : " for '" + report::terminalText(Function) + "'") +
                       " in " + std::to_string(Runs.size()) + " runs\n");
  std::string Out;
  const history::MetricInfo *MI = history::metricInfo(M);
  for (const Series &X : All) {
    Out += report::terminalText(seriesName(X)) + " — " + M + " (" + MI->What +
           ")\n";
    double Prev = NAN;
    for (const history::Point &P : X.Points) {
      const RunInfo &R = Runs[P.Run];
      std::string Change;
      if (!std::isnan(Prev) && Prev != 0 && P.Value != Prev) {
        char B[32];
        std::snprintf(B, sizeof B, "%+.1f%%", (P.Value - Prev) / Prev * 100);
        Change = B;
      }
      char Line[256];
      std::snprintf(Line, sizeof Line, "  %-10s  %-16s  %-14s  %14s  %s\n",
                    shortCommit(R.Commit).c_str(), date(R.StartUnixNs).c_str(),
                    report::terminalText(R.Branch.empty() ? "-" : R.Branch)
                        .substr(0, 14)
                        .c_str(),
                    number(P.Value).c_str(), Change.c_str());
      Out += Line;
      Prev = P.Value;
    }
  }
  return writeStdout(Out);
}

int HistoryCommand::check() {
  std::unique_ptr<history::Store> S = open();
  std::string Error;
  std::vector<std::string> Machines = {Machine};
  if (Machine.empty() && !AllMachines && !S->machines(Machines, Error))
    return fail(report::terminalText(Error));
  std::vector<std::string> Ms =
      Metric.empty() ? std::vector<std::string>{"icount", "alloc", "time"}
                     : std::vector<std::string>{Metric};
  history::RunRecord Extra;
  size_t ExtraReports = 0;
  if (!With.empty()) {
    readRun(With, Extra, ExtraReports);
    if (Machine.empty() && !AllMachines)
      Machines = {Extra.CpuModel}; // the run's own machine's series
  }
  nlohmann::ordered_json Found = nlohmann::json::array();
  std::string Out;
  size_t Series = 0, Moved = 0, Runs = 0;
  for (const std::string &Cpu : Machines) {
    for (const std::string &M : Ms) {
      const history::MetricInfo *MI = history::metricInfo(M);
      history::ChangeOptions O;
      O.Exact = MI->Exact;
      O.FalsePositive = FalsePositive;
      O.MinRelativeChange = MinChange >= 0 ? MinChange : O.Exact ? 0.01 : 0.05;
      history::Query Q = query(M);
      Q.CpuModel = Cpu;
      std::vector<RunInfo> RunList;
      std::vector<history::Series> All;
      if (!S->read(Q, RunList, All, Error))
        return fail(report::terminalText(Error));
      if (!With.empty())
        appendRun(Extra, M, RunList, All);
      Runs = std::max(Runs, RunList.size());
      for (const history::Series &X : All) {
        ++Series;
        std::vector<double> V;
        for (const history::Point &P : X.Points)
          V.push_back(P.Value);
        for (const ChangePoint &C : history::findChangePoints(V, O)) {
          const RunInfo &After = RunList[X.Points[C.Index].Run];
          const RunInfo &Before = RunList[X.Points[C.Index - 1].Run];
          bool New = C.Index + Recent >= X.Points.size();
          bool Rose = C.After > C.Before;
          Moved += New && Rose;
          char B[64];
          std::snprintf(B, sizeof B, "%+.1f%%", C.relative() * 100);
          Out += std::string(New && Rose ? "moved  " : "       ") +
                 report::terminalText(seriesName(X)) + " " + M + " " + B +
                 " (" + number(C.Before) + " → " + number(C.After) +
                 ") between " + shortCommit(Before.Commit) + " and " +
                 shortCommit(After.Commit) + ", run " +
                 std::to_string(C.Index + 1) + " of " +
                 std::to_string(X.Points.size());
          std::snprintf(B, sizeof B, ", confidence %.3f", C.Confidence);
          Out += std::string(B) +
                 (Cpu.empty() ? "" : " [" + report::terminalText(Cpu) + "]") +
                 "\n";
          Found.push_back({{"benchmark", X.Benchmark},
                           {"function", X.Function},
                           {"metric", M},
                           {"machine", Cpu},
                           {"run", C.Index + 1},
                           {"runs", X.Points.size()},
                           {"before", C.Before},
                           {"after", C.After},
                           {"relative_change", C.relative()},
                           {"confidence", C.Confidence},
                           {"from_commit", Before.Commit},
                           {"to_commit", After.Commit},
                           {"recent", New},
                           {"fails", New && Rose}});
        }
      }
    }
  }
  int Status = Moved ? ExitMoved : ExitOk;
  if (Format == "json") {
    nlohmann::ordered_json J = {{"status", Moved ? "moved" : "steady"},
                                {"exit_code", Status},
                                {"series", Series},
                                {"change_points", Found}};
    if (int W = writeStdout(J.dump(2) + "\n"))
      return W;
    return Status;
  }
  std::string Head =
      "hotpath history check: " + std::string(Moved ? "MOVED" : "steady") +
      ": " + std::to_string(Found.size()) + " change point" +
      (Found.size() == 1 ? "" : "s") + " in " + std::to_string(Series) +
      " series over " + std::to_string(Runs) + " runs; " +
      std::to_string(Moved) + " rose at the newest " + std::to_string(Recent) +
      " runs\n";
  if (int W = writeStdout(Head + Out))
    return W;
  return Status;
}

Command addHistoryCommand(CLI::App &Root) {
  return makeCommand<HistoryCommand>(Root);
}

} // namespace hotpath::tool

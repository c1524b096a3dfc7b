//===- DiffCommand.cpp - `hotpath diff BASE.json HEAD.json` ---------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/policy/DiffRender.h"
#include "hotpath/policy/Judge.h"
#include "hotpath/policy/Policy.h"
#include "hotpath/policy/SuiteDiff.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/samples/LockNames.h"

#include <cstdio>

namespace hotpath::tool {

namespace {

// Two directories of `hotpath bench` reports, judged benchmark by benchmark.
// A base directory that is missing or holds no report is the first run of
// a suite (no baseline yet): every benchmark is new, nothing is judged,
// exit 4. The head must have reports.
int diffSuites(const std::string &BaseDir, const std::string &HeadDir,
               const std::string &PolicyFile, const std::string &Format) {
  if (!report::isDirectory(HeadDir))
    return fail("" + HeadDir +
                " is not a directory: give two reports or two "
                "directories of hotpath bench reports");
  std::vector<report::Report> Base, Head;
  std::vector<std::string> BasePaths, HeadPaths;
  std::string Error;
  if (!report::readReportDir(HeadDir, Head, HeadPaths, Error))
    return fail(Error);
  std::string NoBase;
  if (!report::pathExists(BaseDir))
    NoBase = BaseDir + " does not exist";
  else if (!report::isDirectory(BaseDir))
    return fail("" + BaseDir +
                " is not a directory: give two reports or two "
                "directories of hotpath bench reports");
  else if (report::reportFiles(BaseDir).empty())
    NoBase = BaseDir + " holds no report";
  else if (!report::readReportDir(BaseDir, Base, BasePaths, Error))
    return fail(Error);
  for (auto *Rs : {&Base, &Head})
    for (report::Report &R : *Rs)
      samples::nameLocks(R.Locks, /*NumberAlikes=*/false); // matched by
                                                           // name across runs
  policy::SuiteVerdict S;
  if (!policy::judgeSuite(Base, Head, BasePaths, HeadPaths, PolicyFile, S,
                          Error))
    return fail(Error);
  if (!NoBase.empty())
    S.NoBase = "no base reports (" + NoBase +
               "): nothing to compare with, as on a suite's first run";
  std::string Out =
      Format == "json" ? policy::renderSuiteJson(S)
      : Format == "markdown"
          ? policy::renderSuiteMarkdown(S, "`hotpath diff " + BaseDir + " " +
                                               HeadDir + "`")
          : policy::renderSuiteTable(S);
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  if (std::fflush(stdout) != 0)
    return ExitBadInput;
  return S.exitCode();
}

} // namespace

namespace {

struct DiffCommand {
  static const CommandInfo Info;
  std::vector<std::string> Files;
  std::string PolicyFile, Benchmark, Format = "table", BudgetsOnly;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo DiffCommand::Info = {
    "diff",
    "judge HEAD against BASE under a policy",
    "hotpath diff BASE.json HEAD.json [--policy FILE] [--benchmark NAME] "
    "[--format table|markdown|json]\n"
    "hotpath diff --budgets-only HEAD.json [--policy FILE] ...\n"
    "hotpath diff BASE_DIR HEAD_DIR [--policy FILE] [--format ...]",
    "Compares two reports function by function and judges the changes under\n"
    "a regression policy (docs/policy.md). Two directories of hotpath bench\n"
    "reports are judged benchmark by benchmark, each under its own policy.",
    "",
    "0 no failing finding, 3 a failing regression or broken budget, 4 "
    "nothing judged (also: BASE_DIR missing or empty, a suite's first run), "
    "2 bad input"};

void DiffCommand::declare(CLI::App &App) {
  App.add_option("reports", Files, "the base and the head report")
      ->option_text("BASE.json HEAD.json");
  App.add_option("--policy", PolicyFile,
                 "the policy file; default hotpath/<benchmark>-policy.toml, "
                 "then hotpath/policy.toml, else built-in defaults")
      ->option_text("FILE");
  App.add_option("--benchmark", Benchmark,
                 "picks hotpath/<NAME>-policy.toml (default: the head "
                 "report's meta.benchmark)")
      ->option_text("NAME");
  App.add_option("--format", Format,
                 "table (default), markdown (a pull-request comment), json")
      ->option_text("FORMAT")
      ->check(oneOf({"table", "markdown", "json"}));
  App.add_option("--budgets-only", BudgetsOnly,
                 "check the budgets of HEAD.json alone (no base report)")
      ->option_text("HEAD.json");
}

int DiffCommand::run(const Invocation &I) {
  bool HaveBudgetsOnly = I.App.count("--budgets-only") > 0;
  if (HaveBudgetsOnly ? !Files.empty() : Files.size() != 2)
    return fail("expected BASE.json HEAD.json, or --budgets-only "
                "HEAD.json (see hotpath diff --help)");
  if (HaveBudgetsOnly)
    Files = {BudgetsOnly};
  if (Files.size() == 2 &&
      (report::isDirectory(Files[0]) || report::isDirectory(Files[1])))
    return diffSuites(Files[0], Files[1], PolicyFile, Format);

  std::vector<report::Report> Reports(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], Reports[I], Error))
      return fail(Files[I] + ": " + Error);
    samples::nameLocks(Reports[I].Locks,
                       /*NumberAlikes=*/false); // matched by name across runs
  }
  const report::Report &Head = Reports.back();
  if (Benchmark.empty() && Head.M.Benchmark)
    Benchmark = *Head.M.Benchmark;

  std::string Path = policy::findPolicy(PolicyFile, Benchmark, "");
  policy::Policy P = policy::defaultPolicy();
  if (!Path.empty()) {
    std::string Error;
    if (!policy::loadPolicy(Path, P, Error))
      return fail(Error);
  }
  if (HaveBudgetsOnly && P.Budgets.empty())
    return fail("--budgets-only: the policy (" +
                (Path.empty() ? std::string("built-in defaults") : Path) +
                ") has no [[functions.budgets]]");

  policy::Verdict V =
      policy::judge(HaveBudgetsOnly ? nullptr : &Reports[0], Head, P);
  if (Reports.size() == 2) {
    const auto &BB = Reports[0].M.Benchmark, &HB = Head.M.Benchmark;
    if (BB && HB && *BB != *HB)
      V.Alerts.push_back("the reports are of different benchmarks (base " +
                         *BB + ", head " + *HB + ")");
  }
  std::string Out = Format == "json"       ? policy::renderDiffJson(V, Path)
                    : Format == "markdown" ? policy::renderDiffMarkdown(V, Path)
                                           : policy::renderDiffTable(V, Path);
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  if (std::fflush(stdout) != 0)
    return ExitBadInput;
  return V.exitCode();
}

Command addDiffCommand(CLI::App &Root) {
  return makeCommand<DiffCommand>(Root);
}

} // namespace hotpath::tool

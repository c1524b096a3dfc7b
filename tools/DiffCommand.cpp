//===- DiffCommand.cpp - `hotpath diff BASE.json HEAD.json` ---------------===//
#include "Commands.h"
#include "hotpath/report/ReportJson.h"
#include "policy/DiffRender.h"
#include "policy/Judge.h"
#include "policy/Policy.h"

#include <cstdio>

namespace hotpath::tool {

const char *const DiffUsage =
    "usage: hotpath diff BASE.json HEAD.json [--policy FILE] [--benchmark "
    "NAME]\n"
    "                    [--format table|markdown|json]\n"
    "       hotpath diff --budgets-only HEAD.json [--policy FILE] ...\n"
    "\n"
    "Compares two reports function by function and judges the changes under\n"
    "a regression policy (docs/policy.md).\n"
    "  --policy        the policy file; default "
    "hotpath/<benchmark>-policy.toml,\n"
    "                  then hotpath/policy.toml, else built-in defaults\n"
    "  --benchmark     picks hotpath/<NAME>-policy.toml (default: the head\n"
    "                  report's meta.benchmark)\n"
    "  --format        table (default), markdown (a pull-request comment), "
    "json\n"
    "  --budgets-only  check the budgets of HEAD.json alone (no base report)\n"
    "\n"
    "exit status: 0 no failing finding, 3 a failing regression or broken\n"
    "budget, 4 nothing judged, 2 bad input\n";

int diffCommand(const Args &A) {
  std::vector<std::string> Files;
  std::string PolicyFile, Benchmark, Format = "table", BudgetsOnly;
  bool HaveBudgetsOnly = false;
  for (size_t I = 0; I < A.size(); ++I) {
    const std::string &S = A[I];
    auto Value = [&](const char *Opt, std::string &Out) {
      return optionValue(A, I, Opt, Out);
    };
    try {
      if (Value("--policy", PolicyFile) || Value("--benchmark", Benchmark) ||
          Value("--format", Format))
        continue;
      if (Value("--budgets-only", BudgetsOnly)) {
        HaveBudgetsOnly = true;
        continue;
      }
    } catch (const std::string &Msg) {
      return badInput("diff: " + Msg);
    }
    if (S.size() > 1 && S[0] == '-')
      return badInput("diff: unknown option '" + S +
                      "' (see hotpath diff --help)");
    Files.push_back(S);
  }
  if (Format != "table" && Format != "markdown" && Format != "json")
    return badInput("diff: unknown format '" + Format +
                    "' (accepted: table, markdown, json)");
  if (HaveBudgetsOnly ? !Files.empty() : Files.size() != 2)
    return badInput("diff: expected BASE.json HEAD.json, or --budgets-only "
                    "HEAD.json (see hotpath diff --help)");
  if (HaveBudgetsOnly)
    Files = {BudgetsOnly};

  std::vector<report::Report> Reports(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], Reports[I], Error))
      return badInput(Files[I] + ": " + Error);
  }
  const report::Report &Head = Reports.back();
  if (Benchmark.empty() && Head.M.Benchmark)
    Benchmark = *Head.M.Benchmark;

  std::string Path = policy::findPolicy(PolicyFile, Benchmark, "");
  policy::Policy P = policy::defaultPolicy();
  if (!Path.empty()) {
    std::string Error;
    if (!policy::loadPolicy(Path, P, Error))
      return badInput(Error);
  }
  if (HaveBudgetsOnly && P.Budgets.empty())
    return badInput("diff: --budgets-only: the policy (" +
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

} // namespace hotpath::tool

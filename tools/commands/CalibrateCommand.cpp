//===- CalibrateCommand.cpp - `hotpath calibrate`: noise thresholds -------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/policy/Calibrate.h"
#include "hotpath/report/ReportJson.h"
#include "process/Spawn.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

/// Runs Argv once with the report going to `Out`; its stdout goes to our
/// stderr so that ours carries only the policy. Returns "" or an error.
std::string runOnce(const std::vector<std::string> &Argv,
                    const std::string &Out) {
  ChildEnv E;
  E.set("HOTPATH_OUTPUT_FORMAT", "json");
  E.set("HOTPATH_OUTPUT_PATH", Out);
  SpawnOptions O;
  O.StdoutToStderr = true;
  SpawnResult R = spawnAndWait(Argv, E, O);
  if (!R.Started)
    return "cannot run " + Argv[0] + ": " + R.Error;
  if (!R.Error.empty())
    return "waitpid: " + R.Error;
  if (R.ExitStatus == 127)
    return "cannot run " + Argv[0];
  if (R.Signal)
    return Argv[0] + " was killed by signal " + std::to_string(R.Signal);
  if (R.ExitStatus != 0)
    return Argv[0] + " exited with status " + std::to_string(R.ExitStatus);
  return "";
}

} // namespace

namespace {

struct CalibrateCommand {
  static const CommandInfo Info;
  unsigned Runs = 5;
  std::string OutFile, MetricList;
  double Floor = 0.5;
  std::vector<policy::Metric> Metrics;
  std::vector<std::string> Files;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo CalibrateCommand::Info = {
    "calibrate",
    "measure run-to-run noise, suggest policy thresholds",
    "hotpath calibrate [-n N] [-o POLICY.toml] [--min-percent-total P] -- "
    "PROGRAM [ARGS...]\n"
    "hotpath calibrate [-o POLICY.toml] REPORT.json REPORT.json...",
    "Measures run-to-run noise: runs PROGRAM N times (default 5) with\n"
    "HOTPATH_OUTPUT_FORMAT=json, or reads existing reports of one build, "
    "and\n"
    "prints a policy whose min_percent_change sits just above the largest\n"
    "change seen between any two runs, per section (docs/policy.md).",
    "",
    ""};

void CalibrateCommand::declare(CLI::App &App) {
  App.add_option("reports", Files, "reports of one build")
      ->option_text("REPORT.json...");
  App.add_option("-n", Runs, "runs of PROGRAM (at least 2)")
      ->option_text("N")
      ->check(unsignedIn(2, 1000, "expects a number of runs from 2 to 1000"));
  App.add_option("-o", OutFile, "write the policy there instead of stdout")
      ->option_text("POLICY.toml");
  App.add_option("--min-percent-total", Floor,
                 "functions below this share are not measured (default 0.5, "
                 "as in the default policy)")
      ->option_text("P")
      ->check(numberIn(0, 100, "expects a number from 0 to 100"));
  App.add_option("--metrics", MetricList,
                 "the metrics the policy judges, e.g. p50 or avg,total "
                 "(default); the spread of each is shown")
      ->option_text("LIST");
}

int CalibrateCommand::run(const Invocation &I) {
  const CLI::App &App = I.App;
  const std::vector<std::string> &Program = I.Program;
  if (App.count("-o") && OutFile.empty())
    return fail("-o needs a file");
  if (App.count("--metrics")) {
    std::string List = MetricList + ",";
    for (size_t B = 0, E; (E = List.find(',', B)) != std::string::npos;
         B = E + 1) {
      policy::Metric M;
      if (!policy::parseMetric(List.substr(B, E - B), M))
        return fail("--metrics expects a list of avg, "
                    "total, pNN (e.g. p50,avg), got '" +
                    MetricList + "'");
      Metrics.push_back(M);
    }
    if (Metrics.empty())
      return fail("--metrics needs a list");
  }
  if (!Program.empty() && !Files.empty())
    return fail("give reports or -- PROGRAM, not both");
  if (Program.empty() && Files.size() < 2)
    return fail("need at least two reports, or -- PROGRAM "
                "(see hotpath calibrate --help)");

  std::string TempDir;
  if (!Program.empty()) {
    const char *Tmp = std::getenv("TMPDIR");
    std::string Tpl =
        std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/hotpath-calibrate-XXXXXX";
    if (!::mkdtemp(Tpl.data()))
      return fail("cannot create a temporary directory: " +
                  std::string(std::strerror(errno)));
    TempDir = Tpl;
    for (unsigned I = 0; I < Runs; ++I) {
      std::string F = TempDir + "/run-" + std::to_string(I + 1) + ".json";
      std::fprintf(stderr, "hotpath calibrate: run %u/%u\n", I + 1, Runs);
      std::string Err = runOnce(Program, F);
      if (!Err.empty()) {
        for (const std::string &G : Files)
          ::unlink(G.c_str());
        ::rmdir(TempDir.c_str());
        return fail("run " + std::to_string(I + 1) + ": " + Err);
      }
      Files.push_back(F);
    }
  }

  std::vector<report::Report> Reports(Files.size());
  std::string Failure;
  for (size_t I = 0; I < Files.size() && Failure.empty(); ++I) {
    std::string Error;
    if (!report::readReportFile(Files[I], Reports[I], Error))
      Failure = Files[I] + ": " + Error +
                (TempDir.empty() ? "" : " (did the program write a report?)");
  }
  if (!TempDir.empty()) {
    for (const std::string &G : Files)
      ::unlink(G.c_str());
    ::rmdir(TempDir.c_str());
  }
  if (!Failure.empty())
    return fail("" + Failure);
  for (size_t I = 1; I < Reports.size(); ++I) {
    const auto &B0 = Reports[0].M.BuildId, &BI = Reports[I].M.BuildId;
    if (B0 && BI && *B0 != *BI)
      return fail("" + Files[I] + " is from another build than " + Files[0] +
                  " (build ids differ): calibrate runs of one build");
  }

  policy::Calibration C = policy::calibrate(Reports, Floor);
  if (!Metrics.empty())
    C.Judged = Metrics;
  if (C.Spreads.empty())
    return fail("nothing to calibrate: no section has a "
                "function above min_percent_total in every report");
  std::string Text = policy::renderCalibratedPolicy(C);
  if (OutFile.empty()) {
    std::fwrite(Text.data(), 1, Text.size(), stdout);
    return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
  }
  FILE *F = std::fopen(OutFile.c_str(), "w");
  if (!F)
    return fail("" + OutFile + ": " + std::strerror(errno));
  bool Ok = std::fwrite(Text.data(), 1, Text.size(), F) == Text.size();
  Ok &= std::fclose(F) == 0;
  if (!Ok)
    return fail("" + OutFile + ": write failed");
  std::fprintf(stderr, "hotpath calibrate: wrote %s\n", OutFile.c_str());
  return ExitOk;
}

Command addCalibrateCommand(CLI::App &Root) {
  return makeCommand<CalibrateCommand>(Root);
}

} // namespace hotpath::tool

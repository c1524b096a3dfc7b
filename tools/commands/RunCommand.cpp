//===- RunCommand.cpp - `hotpath run [...] -- PROGRAM ARGS` ---------------===//
//
// The whole merged mode in one command (MergedRun.h).
//
//===----------------------------------------------------------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportTable.h"
#include "hotpath/support/AtomicFile.h"
#include "process/MergedRun.h"

#include <cstdio>

namespace hotpath::tool {

namespace {

struct RunCommand {
  static const CommandInfo Info;
  bool NativeOnly = false, CgOnly = false, CacheSim = false;
  std::string Out, CallgrindStdout;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo RunCommand::Info = {
    "run",
    "run natively and under Callgrind, merge the reports",
    "hotpath run [--callgrind-only|--native-only] [-o OUT.json] "
    "[--cache-sim] [--callgrind-stdout FILE] -- PROGRAM [ARGS...]",
    "Runs an instrumented program natively (timing, allocations), then\n"
    "under Valgrind's Callgrind (instruction counts), and merges both into\n"
    "one report (meta.run = \"merged\").",
    "The program's own output is unchanged, and shown once (the native\n"
    "run's; the Callgrind run's goes to --callgrind-stdout, or nowhere);\n"
    "hotpath's progress goes to stderr.",
    "0 the program succeeded, 2 bad usage or a run gave no report, else the "
    "program's own non-zero status"};

void RunCommand::declare(CLI::App &App) {
  App.add_flag("--native-only", NativeOnly, "the native run alone");
  App.add_flag("--callgrind-only", CgOnly, "the Callgrind run alone");
  App.add_flag("--cache-sim", CacheSim,
               "simulate caches of fixed sizes (I1 and D1 32 KiB 8-way, LL 8 "
               "MiB 16-way, 64 B lines) and add the functions_cache section "
               "(misses, estimated cycles)");
  App.add_option("-o,--output", Out,
                 "write the JSON report there (default: print the table on "
                 "stdout)")
      ->option_text("OUT.json");
  App.add_option("--callgrind-stdout", CallgrindStdout,
                 "with both runs, keep the Callgrind run's standard output in "
                 "FILE (default: not shown; the native run's is)")
      ->option_text("FILE");
}

int RunCommand::run(const Invocation &I) {
  const CLI::App &App = I.App;
  if (!App.remaining().empty()) // a program needs its `--`
    return fail("unexpected '" + App.remaining().front() +
                "' (usage: hotpath run [options] -- PROGRAM ARGS)");
  bool Native = !CgOnly, Cg = !NativeOnly;
  if (!Native && !Cg)
    return fail("--native-only and --callgrind-only exclude each other");
  if (I.Program.empty())
    return fail("missing PROGRAM (usage: hotpath run [options] -- "
                "PROGRAM ARGS)");
  std::vector<std::string> Prog = I.Program;
  std::string Exe = findInPath(Prog[0]);
  if (Exe.empty())
    return fail("program '" + Prog[0] + "' not found");
  Prog[0] = Exe;
  std::string Valgrind;
  if (Cg && (Valgrind = findInPath("valgrind")).empty())
    return fail("valgrind is not installed (not in PATH); install it "
                "(e.g. apt-get install valgrind) or use --native-only");

  TempDir Tmp("hotpath-run");
  if (Tmp.Path.empty())
    return fail("cannot create a temporary directory: " + Tmp.Error);
  MergedRunOptions O;
  O.Native = Native;
  O.Callgrind = Cg;
  O.CacheSim = CacheSim;
  O.Valgrind = Valgrind;
  O.Dir = Tmp.Path;
  // The program's output once: the native run's. The same program under
  // Callgrind prints it again, which read as a second run's worth.
  O.CallgrindStdout = CallgrindStdout.empty() ? "/dev/null" : CallgrindStdout;
  O.ArgsFor = [&](bool) {
    return std::vector<std::string>(Prog.begin() + 1, Prog.end());
  };
  MergedRunResult Run = runMerged(Exe, ChildEnv(), O);
  if (Native && Cg && !Run.Report.empty())
    std::fprintf(stderr, "hotpath: the Callgrind run's output %s\n",
                 CallgrindStdout.empty()
                     ? "is not shown (the native run's is above; "
                       "--callgrind-stdout FILE keeps it)"
                     : ("is in " + CallgrindStdout).c_str());
  if (Run.Report.empty())
    return fail("" + Run.Error);
  int ProgStatus = Run.ProgramStatus;
  const std::string &Final = Run.Report;
  report::Report R;
  std::string Error;
  if (!report::readReportFile(Final, R, Error))
    return fail("" + Final + ": " + Error);
  if (Out.empty()) {
    report::TableOptions T;
    T.ShowWarnings = true;
    std::string Text = report::renderTable(R, T);
    std::fwrite(Text.data(), 1, Text.size(), stdout);
  } else {
    std::string Text = report::writeJson(R, /*Pretty=*/true);
    if (!support::writeFileAtomically(Out, Text, Error))
      return fail("cannot write " + Out + ": " + Error);
    std::fprintf(stderr, "hotpath: %s report written to %s\n", R.M.Run.c_str(),
                 Out.c_str());
  }
  if (ProgStatus)
    std::fprintf(stderr, "hotpath: the program exited with status %d\n",
                 ProgStatus);
  return ProgStatus;
}

Command addRunCommand(CLI::App &Root) { return makeCommand<RunCommand>(Root); }

} // namespace hotpath::tool

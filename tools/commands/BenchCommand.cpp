//===- BenchCommand.cpp - `hotpath bench [...] -- ./benchmarks ARGS` ------===//
//
// A Google Benchmark suite, benchmark by benchmark (docs/benchmarks.md):
// lists the suite's benchmarks (GoogleBenchmark.h), then runs each one on
// its own in merged mode (MergedRun.h) with HOTPATH_BENCH=1, so that its
// report holds its timed loops only (runtime/session/BenchmarkRegions.h), for
// the same fixed number of iterations in the native and the Callgrind run.
// Writes, per benchmark, DIR/<stem>.json (the merged report, with
// meta.benchmark and meta.benchmark_iterations) and DIR/<stem>.gbench.json
// (Google Benchmark's own results of the native run).
//
//===----------------------------------------------------------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/support/AtomicFile.h"
#include "hotpath/support/Strings.h"
#include "process/GoogleBenchmark.h"
#include "process/MergedRun.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <sys/stat.h>
#include <thread>

namespace hotpath::tool {

namespace {

using support::endsWith;

// mkdir -p for the output directory.
bool makeDirs(const std::string &Path, std::string &Error) {
  std::error_code Ec;
  std::filesystem::create_directories(Path, Ec);
  if (!Ec && std::filesystem::is_directory(Path, Ec))
    return true;
  Error = Path + ": " + (Ec ? Ec.message() : "not a directory");
  return false;
}

struct Outcome {
  std::string Name, Report, Problem;
  uint64_t Iterations = 0;
};

} // namespace

namespace {

struct Job;
struct SuiteRun;

struct BenchCommand {
  static const CommandInfo Info;
  bool NativeOnly = false, CgOnly = false, CacheSim = false;
  std::string Filter, Out = "hotpath-bench";
  unsigned Iterations = 10, Timeout = 3600, JobCount = 1;
  void declare(CLI::App &App);
  int run(const Invocation &I);

private:
  /// One benchmark, natively and under Callgrind, its report written;
  /// what went wrong in O.Problem.
  void runOneBenchmark(SuiteRun &S, const Job &J, size_t Number,
                       Outcome &O) const;
};

} // namespace

const CommandInfo BenchCommand::Info = {
    "bench",
    "run each Google Benchmark of a suite so, one report per benchmark",
    "hotpath bench [--filter REGEX] [--iterations N] [-o DIR|FILE.json] "
    "[--native-only|--callgrind-only] [--cache-sim] [--jobs N] [--timeout "
    "SECONDS] -- ./benchmarks [ARGS...]",
    "Runs each benchmark of a Google Benchmark suite on its own, natively\n"
    "and under Callgrind, for a fixed number of iterations of its timed\n"
    "loop, and writes one merged report per benchmark: the functions\n"
    "measured inside the loop, with its setup and teardown left out.",
    "DIR (default hotpath-bench) gets <benchmark>.json and Google\n"
    "Benchmark's own results, <benchmark>.gbench.json; FILE.json is for a\n"
    "filter that matches one benchmark. `hotpath diff BASE_DIR HEAD_DIR`\n"
    "judges each benchmark. See docs/benchmarks.md.",
    "0 success, 2 bad usage or a benchmark gave no report or not the same "
    "work in both runs, else the suite's own non-zero status"};

void BenchCommand::declare(CLI::App &App) {
  App.add_option("--filter", Filter,
                 "the benchmarks to run, as --benchmark_filter takes it "
                 "(default: all)")
      ->option_text("REGEX");
  App.add_option("--iterations", Iterations,
                 "iterations of each timed loop, per thread (default 10)")
      ->option_text("N")
      ->check(unsignedIn(1, 1000000,
                         "expects a number of iterations from 1 to 1000000"));
  App.add_option("-o,--output", Out,
                 "the directory for the reports (default hotpath-bench), or "
                 "FILE.json for one benchmark")
      ->option_text("DIR|FILE");
  App.add_flag("--native-only", NativeOnly, "the native runs alone");
  App.add_flag("--callgrind-only", CgOnly, "the Callgrind runs alone");
  App.add_option("--timeout", Timeout,
                 "seconds each run of a benchmark may take, natively or under "
                 "Callgrind, before it is killed and reported (default 3600; "
                 "0: none)")
      ->option_text("SECONDS")
      ->check(unsignedIn(0, 1000000, "expects seconds from 0 to 1000000"));
  App.add_option("--jobs", JobCount,
                 "benchmarks run at once under Callgrind (default 1); the "
                 "native, timed runs stay one at a time")
      ->option_text("N")
      ->check(unsignedIn(1, 256, "expects a number of jobs from 1 to 256"));
  App.add_flag("--cache-sim", CacheSim,
               "simulate caches of fixed sizes under Callgrind (see hotpath "
               "run --help)");
}

namespace {

/// A benchmark to run and where its report goes.
struct Job {
  size_t Index;     // into the outcomes
  std::string Base; // the report's path without .json
};

/// The job planner: which of the listed benchmarks run (each alone, by its
/// name: several of one name, registered twice, would run together, their
/// iterations added) and their files, one stem each.
void planJobs(const std::vector<std::string> &Names, const std::string &Out,
              bool OneFile, std::vector<Outcome> &Results,
              std::vector<Job> &Jobs) {
  std::map<std::string, size_t> NameCount;
  for (const std::string &N : Names)
    ++NameCount[N];
  std::set<std::string> Stems;
  for (const std::string &Name : Names) {
    Outcome O{Name, "", "", 0};
    if (size_t N = NameCount[Name]; N > 1) {
      if (std::find_if(Results.begin(), Results.end(), [&](const Outcome &X) {
            return X.Name == Name;
          }) != Results.end())
        continue; // said once
      O.Problem = std::to_string(N) +
                  " benchmarks have this name: they "
                  "cannot be run one at a time (give them distinct names)";
      std::fprintf(stderr, "hotpath: %s: no report: %s\n",
                   report::terminalText(Name).c_str(), O.Problem.c_str());
      Results.push_back(std::move(O));
      continue;
    }
    std::string Stem = gbench::fileStem(Name);
    for (int K = 2; !Stems.insert(Stem).second; ++K)
      Stem = gbench::fileStem(Name) + "~" + std::to_string(K);
    std::string Base =
        OneFile ? Out.substr(0, Out.size() - 5) : Out + "/" + Stem;
    O.Report = OneFile ? Out : Base + ".json";
    Jobs.push_back({Results.size(), Base});
    Results.push_back(std::move(O));
  }
}

/// Runs Run(J, its number) for each job on Workers threads, in order, until
/// a stop signal.
void runJobs(const std::vector<Job> &Jobs, unsigned Workers,
             const std::function<void(const Job &, size_t)> &Run) {
  std::mutex Lock;
  size_t Next = 0;
  auto Worker = [&] {
    while (!stopSignal()) {
      size_t Mine;
      {
        std::lock_guard<std::mutex> G(Lock);
        if (Next == Jobs.size())
          return;
        Mine = Next++;
      }
      Run(Jobs[Mine], Mine + 1);
    }
  };
  std::vector<std::thread> Threads;
  for (unsigned W = 1; W < std::min<size_t>(Workers, Jobs.size()); ++W)
    Threads.emplace_back(Worker);
  Worker();
  for (std::thread &T : Threads)
    T.join();
}

/// What every benchmark's run shares.
struct SuiteRun {
  std::string Exe, Valgrind, TmpDir;
  std::vector<std::string> UserArgs;
  bool Suffix = false; // the suite takes --benchmark_min_time=Nx
  size_t Jobs = 0;
  std::mutex NativeLock, StatusLock;
  int Status = 0; // the first non-zero exit status of the program
};

/// Checks the native and Callgrind runs' Google Benchmark results against
/// each other and the iterations asked; "" or the problem. A benchmark
/// with its own Iterations() is a warning, added to R.
std::string checkResults(const std::string &Name, const MergedRunOptions &M,
                         const std::string &NativeResults,
                         const std::string &CgResults, unsigned Asked,
                         report::Report &R, uint64_t &Iterations) {
  gbench::Results Native, Cg;
  std::string Error;
  if (M.Native && !gbench::readResults(NativeResults, Name, Native, Error))
    return Error;
  if (M.Callgrind && !gbench::readResults(CgResults, Name, Cg, Error))
    return Error;
  const gbench::Results &Any = M.Native ? Native : Cg;
  Iterations = Any.Iterations / Any.Threads;
  if (!Any.ErrorMessage.empty())
    return "the benchmark reported an error: " + Any.ErrorMessage;
  if (M.Native && M.Callgrind && Native.Iterations != Cg.Iterations)
    return "not the same work in both runs: " +
           std::to_string(Native.Iterations) + " iterations natively, " +
           std::to_string(Cg.Iterations) +
           " under Callgrind (does the benchmark set MinTime()?)";
  if (Iterations != Asked) {
    std::string W = "the benchmark ran " + std::to_string(Iterations) +
                    " iterations per thread, not " + std::to_string(Asked) +
                    ": it sets its own Iterations()";
    std::fprintf(stderr, "hotpath: %s: %s\n",
                 report::terminalText(Name).c_str(), W.c_str());
    R.M.Warnings.push_back(W);
  }
  return "";
}

} // namespace

void BenchCommand::runOneBenchmark(SuiteRun &S, const Job &J, size_t Number,
                                   Outcome &O) const {
  std::string Error;
  std::string RunDir = S.TmpDir + "/" + std::to_string(J.Index);
  mkdir(RunDir.c_str(), 0700);
  std::string NativeResults = J.Base + ".gbench.json",
              CgResults = RunDir + "/callgrind.gbench.json";
  std::fprintf(stderr, "hotpath: benchmark %zu of %zu: %s\n", Number, S.Jobs,
               report::terminalText(O.Name).c_str());
  MergedRunOptions M;
  M.Native = !CgOnly;
  M.Callgrind = !NativeOnly;
  M.CacheSim = CacheSim;
  M.Valgrind = S.Valgrind;
  M.Dir = RunDir;
  M.What = O.Name;
  M.NoAslr = true;
  M.TimeoutSeconds = Timeout;
  M.NativeLock = JobCount > 1 ? &S.NativeLock : nullptr;
  M.ArgsFor = [&](bool Cg) {
    std::vector<std::string> V = S.UserArgs;
    for (std::string &F : gbench::runFlags(O.Name, Iterations, S.Suffix))
      V.push_back(std::move(F));
    V.push_back("--benchmark_out=" + (Cg ? CgResults : NativeResults));
    V.push_back("--benchmark_out_format=json");
    return V;
  };
  ChildEnv E;
  E.set("HOTPATH_BENCH", "1");
  E.set("HOTPATH_BENCHMARK", O.Name);
  MergedRunResult Run = runMerged(S.Exe, E, M);
  if (stopSignal())
    return;
  if (Run.ProgramStatus) {
    std::lock_guard<std::mutex> G(S.StatusLock);
    if (!S.Status)
      S.Status = Run.ProgramStatus;
  }
  report::Report R;
  if (Run.Report.empty())
    O.Problem = Run.Error;
  else if (!report::readReportFile(Run.Report, R, Error))
    O.Problem = Error;
  else // the same work in both runs: the iteration counts must agree
    O.Problem = checkResults(O.Name, M, NativeResults, CgResults, Iterations, R,
                             O.Iterations);
  if (O.Problem.empty()) {
    R.M.BenchmarkIterations = O.Iterations;
    if (!support::writeFileAtomically(
            O.Report, report::writeJson(R, /*Pretty=*/true), Error))
      O.Problem = "cannot write " + O.Report + ": " + Error;
  }
  if (O.Problem.empty())
    std::fprintf(stderr, "hotpath: %s: %llu iterations, report %s\n",
                 report::terminalText(O.Name).c_str(),
                 (unsigned long long)O.Iterations, O.Report.c_str());
  else
    std::fprintf(stderr, "hotpath: %s: no report: %s\n",
                 report::terminalText(O.Name).c_str(), O.Problem.c_str());
}

int BenchCommand::run(const Invocation &I) {
  const CLI::App &App = I.App;
  if (!App.remaining().empty())
    return fail("unexpected '" + App.remaining().front() +
                "' (usage: hotpath bench [options] -- ./benchmarks ARGS)");
  if (NativeOnly && CgOnly)
    return fail("--native-only and --callgrind-only exclude each other");
  if (I.Program.empty())
    return fail("missing the benchmark program (usage: hotpath "
                "bench [options] -- ./benchmarks ARGS)");
  SuiteRun S;
  S.UserArgs.assign(I.Program.begin() + 1, I.Program.end());
  S.Exe = findInPath(I.Program[0]);
  if (S.Exe.empty())
    return fail("program '" + I.Program[0] + "' not found");
  if (!NativeOnly && (S.Valgrind = findInPath("valgrind")).empty())
    return fail("valgrind is not installed (not in PATH); "
                "install it (e.g. apt-get install valgrind) or use "
                "--native-only");
  TempDir Tmp("hotpath-bench");
  if (Tmp.Path.empty())
    return fail("cannot create a temporary directory: " + Tmp.Error);
  S.TmpDir = Tmp.Path;
  // Ctrl-C or a CI's SIGTERM: the running benchmark is ended, the
  // temporary directory removed, and bench dies of the signal.
  catchStopSignals();
  auto StopIfAsked = [&] {
    if (!stopSignal())
      return;
    Tmp.remove();
    std::fprintf(stderr,
                 "hotpath: bench: stopped by signal %d; temporary "
                 "files removed\n",
                 stopSignal());
    dieOfStopSignal();
  };

  std::vector<std::string> Names;
  std::string Error;
  bool Listed =
      gbench::listBenchmarks(S.Exe, S.UserArgs, Filter, Tmp.Path, Names, Error);
  StopIfAsked();
  if (!Listed)
    return fail("" + Error);
  if (Names.empty())
    return fail("no benchmark of " + S.Exe +
                (Filter.empty() ? "" : " matches '" + Filter + "'") +
                " (is it a Google Benchmark program?)");
  bool OneFile = endsWith(Out, ".json");
  if (OneFile && Names.size() != 1)
    return fail("-o " + Out + " is one file, but " +
                std::to_string(Names.size()) +
                " benchmarks match: give a directory, or a --filter "
                "that matches one");
  if (!OneFile && !makeDirs(Out, Error))
    return fail("cannot create " + Error);
  S.Suffix = gbench::takesIterationSuffix(S.Exe, S.UserArgs, Tmp.Path);
  StopIfAsked();

  std::vector<Outcome> Results;
  std::vector<Job> Jobs;
  planJobs(Names, Out, OneFile, Results, Jobs);
  S.Jobs = Jobs.size();
  runJobs(Jobs, JobCount, [&](const Job &J, size_t Number) {
    runOneBenchmark(S, J, Number, Results[J.Index]);
  });
  StopIfAsked();
  size_t Failed = 0;
  for (const Outcome &O : Results)
    Failed += !O.Problem.empty();
  std::fprintf(stderr, "hotpath: %zu of %zu benchmark reports written to %s\n",
               Results.size() - Failed, Results.size(), Out.c_str());
  if (Failed)
    return ExitBadInput;
  return S.Status;
}

Command addBenchCommand(CLI::App &Root) {
  return makeCommand<BenchCommand>(Root);
}

} // namespace hotpath::tool

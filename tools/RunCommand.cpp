//===- RunCommand.cpp - `hotpath run [...] -- PROGRAM ARGS` ---------------===//
//
// The whole merged mode in one command: the program runs
// natively (timing, allocations), then under Callgrind with the flags the
// runtime needs (--instr-atstart=no, the out-file it is told about through
// HOTPATH_CALLGRIND_OUT_FILE) and HOTPATH_MERGE_REPORT pointing at the
// native report, which gives one merged report.
//
//===----------------------------------------------------------------------===//
#include "CommandLine.h"
#include "Spawn.h"
#include "hotpath/report/AtomicFile.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportTable.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

// Pinned cache geometry: counts must not depend on the host's caches.
const char *const CacheFlags[] = {"--cache-sim=yes", "--I1=32768,8,64",
                                  "--D1=32768,8,64", "--LL=8388608,16,64"};

std::string findInPath(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return access(Name.c_str(), X_OK) == 0 ? Name : "";
  const char *Path = std::getenv("PATH");
  std::string P = Path ? Path : "/usr/bin:/bin";
  size_t B = 0;
  while (B <= P.size()) {
    size_t E = P.find(':', B);
    if (E == std::string::npos)
      E = P.size();
    std::string Dir = P.substr(B, E - B);
    std::string F = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (access(F.c_str(), X_OK) == 0)
      return F;
    B = E + 1;
  }
  return "";
}

// Runs Argv with Env, with a progress line when `Progress` names the run.
// Returns the exit status (128+signal), 127 when it could not run.
int spawn(const std::vector<std::string> &Argv, const ChildEnv &E,
          const char *Progress) {
  SpawnOptions O;
  O.Progress = Progress;
  SpawnResult R = spawnAndWait(Argv, E, O);
  if (!R.Started) {
    std::fprintf(stderr, "hotpath: cannot run %s: %s\n", Argv[0].c_str(),
                 R.Error.c_str());
    return 127;
  }
  return R.ExitStatus;
}

// Removes the run's temporary directory on every way out.
struct TempDir {
  std::string Path;
  ~TempDir() {
    if (!Path.empty())
      std::system(("rm -rf '" + Path + "'").c_str());
  }
};

bool exists(const std::string &P) {
  struct stat St;
  return stat(P.c_str(), &St) == 0 && St.st_size > 0;
}

} // namespace

int runCommand(const Args &A) {
  CommandLine CL(
      "run",
      "hotpath run [--callgrind-only|--native-only] [-o OUT.json]\n"
      "                   [--cache-sim] -- PROGRAM [ARGS...]",
      "Runs an instrumented program natively (timing, allocations), then\n"
      "under Valgrind's Callgrind (instruction counts), and merges both into\n"
      "one report (meta.run = \"merged\").",
      "The program's own output is unchanged; hotpath's progress goes to\n"
      "stderr. Exit status: 0, 2 on bad usage or when a run gives no "
      "report,\nelse the program's own non-zero status.");
  bool NativeOnly = false, CgOnly = false, CacheSim = false;
  std::string Out;
  CLI::App &App = CL.app();
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
  if (int Status = CL.parse(A); Status >= 0)
    return Status;
  if (!App.remaining().empty()) // a program needs its `--`
    return badInput("run: unexpected '" + App.remaining().front() +
                    "' (usage: hotpath run [options] -- PROGRAM ARGS)");
  bool Native = !CgOnly, Cg = !NativeOnly;
  if (!Native && !Cg)
    return badInput(
        "run: --native-only and --callgrind-only exclude each other");
  if (CL.program().empty())
    return badInput("run: missing PROGRAM (usage: hotpath run [options] -- "
                    "PROGRAM ARGS)");
  std::vector<std::string> Prog = CL.program();
  std::string Exe = findInPath(Prog[0]);
  if (Exe.empty())
    return badInput("run: program '" + Prog[0] + "' not found");
  Prog[0] = Exe;
  std::string Valgrind;
  if (Cg && (Valgrind = findInPath("valgrind")).empty())
    return badInput("run: valgrind is not installed (not in PATH); install it "
                    "(e.g. apt-get install valgrind) or use --native-only");

  const char *Tmp = std::getenv("TMPDIR");
  std::string Dir =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/hotpath-run-XXXXXX";
  if (!mkdtemp(Dir.data()))
    return badInput("run: cannot create a temporary directory: " +
                    std::string(std::strerror(errno)));
  TempDir Cleanup{Dir};
  std::string NativeJson = Dir + "/native.json", CgJson = Dir + "/report.json";
  int ProgStatus = 0;
  ChildEnv E;
  E.set("HOTPATH_OUTPUT_FORMAT", "json");
  E.unset("HOTPATH_MERGE_REPORT");

  // Each run is announced before the program's output and summed up after
  // it, so that the two runs' output can be told apart.
  int Runs = int(Native) + int(Cg), Run = 0;
  auto Done = [](const char *What, time_t Start, int Status) {
    std::fprintf(stderr, "hotpath: %s done in %lds (exit status %d)\n", What,
                 long(time(nullptr) - Start), Status);
  };
  if (Native) {
    std::fprintf(stderr, "hotpath: native run: %s (run %d of %d)\n",
                 Exe.c_str(), ++Run, Runs);
    E.set("HOTPATH_OUTPUT_PATH", NativeJson);
    time_t Start = time(nullptr);
    ProgStatus = spawn(Prog, E, "native run");
    Done("native run", Start, ProgStatus);
    if (!exists(NativeJson))
      return badInput(
          "run: the native run wrote no report (is the program "
          "instrumented with hotpath and linked with its runtime?)");
  }
  std::string Final = Native ? NativeJson : CgJson;
  if (Cg) {
    std::string OutFile = Dir + "/callgrind.out.%p";
    std::vector<std::string> V = {Valgrind, "-q", "--tool=callgrind",
                                  "--instr-atstart=no",
                                  "--callgrind-out-file=" + OutFile};
    if (CacheSim)
      V.insert(V.end(), std::begin(CacheFlags), std::end(CacheFlags));
    V.insert(V.end(), Prog.begin(), Prog.end());
    E.set("HOTPATH_CALLGRIND_OUT_FILE", OutFile);
    E.set("HOTPATH_OUTPUT_PATH", CgJson);
    if (Native)
      E.set("HOTPATH_MERGE_REPORT", NativeJson);
    std::fprintf(stderr,
                 "hotpath: Callgrind run (tens of times slower): %s (run %d "
                 "of %d)\n",
                 Exe.c_str(), ++Run, Runs);
    time_t Start = time(nullptr);
    int S = spawn(V, E, "running under Callgrind");
    Done("Callgrind run", Start, S);
    if (!ProgStatus)
      ProgStatus = S;
    if (!exists(CgJson))
      return badInput("run: the Callgrind run wrote no report (see the "
                      "messages above)");
    Final = CgJson;
  }
  report::Report R;
  std::string Error;
  if (!report::readReportFile(Final, R, Error))
    return badInput("run: " + Final + ": " + Error);
  if (Out.empty()) {
    report::TableOptions T;
    T.ShowWarnings = true;
    std::string Text = report::renderTable(R, T);
    std::fwrite(Text.data(), 1, Text.size(), stdout);
  } else {
    std::string Text = report::writeJson(R, /*Pretty=*/true);
    if (!report::writeFileAtomically(Out, Text, Error))
      return badInput("run: cannot write " + Out + ": " + Error);
    std::fprintf(stderr, "hotpath: %s report written to %s\n", R.M.Run.c_str(),
                 Out.c_str());
  }
  if (ProgStatus)
    std::fprintf(stderr, "hotpath: the program exited with status %d\n",
                 ProgStatus);
  return ProgStatus;
}

} // namespace hotpath::tool

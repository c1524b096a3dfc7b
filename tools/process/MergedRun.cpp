//===- MergedRun.cpp - A program's native and Callgrind runs --------------===//
#include "process/MergedRun.h"
#include "hotpath/report/SafeText.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

// Pinned cache geometry: counts must not depend on the host's caches.
const char *const CacheFlags[] = {"--cache-sim=yes", "--I1=32768,8,64",
                                  "--D1=32768,8,64", "--LL=8388608,16,64"};

// Runs Argv with Env, with a progress line when `Progress` names the run.
// Returns the exit status (128+signal), 127 when it could not run.
// Why, when the run was killed for its time or our own stop: Problem.
int spawn(const std::vector<std::string> &Argv, const ChildEnv &E,
          const char *Progress, unsigned Timeout, std::string &Problem,
          const std::string &StdoutPath = "") {
  SpawnOptions O;
  O.Progress = Progress;
  O.TimeoutSeconds = Timeout;
  O.StdoutPath = StdoutPath;
  SpawnResult R = spawnAndWait(Argv, E, O);
  if (!R.Started) {
    std::fprintf(stderr, "hotpath: cannot run %s: %s\n", Argv[0].c_str(),
                 R.Error.c_str());
    return 127;
  }
  if (R.TimedOut)
    Problem = std::string("the ") + Progress + " took more than " +
              std::to_string(Timeout) + " s (--timeout): killed";
  else if (R.Stopped)
    Problem = "stopped";
  return R.ExitStatus;
}

bool exists(const std::string &P) {
  struct stat St;
  return stat(P.c_str(), &St) == 0 && St.st_size > 0;
}

} // namespace

MergedRunResult runMerged(const std::string &Program, ChildEnv E,
                          const MergedRunOptions &O) {
  // Inherited through exec by the children (and by Valgrind's guest); ours
  // is put back on the way out. Where the kernel refuses, runs randomise.
  struct PersonalityScope {
    int Old = -1;
    explicit PersonalityScope(bool NoAslr) {
      if (NoAslr && (Old = personality(0xffffffff)) != -1)
        personality((unsigned)Old | ADDR_NO_RANDOMIZE);
    }
    ~PersonalityScope() {
      if (Old != -1)
        personality((unsigned)Old);
    }
  } Personality(O.NoAslr);
  MergedRunResult R;
  std::string NativeJson = O.Dir + "/native.json",
              CgJson = O.Dir + "/report.json";
  E.set("HOTPATH_OUTPUT_FORMAT", "json");
  E.unset("HOTPATH_MERGE_REPORT");
  // A benchmark's name is the suite's output: shown escaped (SafeText.h).
  std::string Of = O.What.empty() ? "" : report::terminalText(O.What) + ": ";
  std::string Subject = report::terminalText(O.What.empty() ? Program : O.What);

  // Each run is announced before the program's output and summed up after
  // it, so that the two runs' output can be told apart.
  int Runs = int(O.Native) + int(O.Callgrind), Run = 0;
  auto Done = [&](const char *What, time_t Start, int Status) {
    std::fprintf(stderr, "hotpath: %s%s done in %lds (exit status %d)\n",
                 Of.c_str(), What, long(time(nullptr) - Start), Status);
  };
  auto Command = [&](bool Cg) {
    std::vector<std::string> V = {Program};
    if (O.ArgsFor) {
      std::vector<std::string> A = O.ArgsFor(Cg);
      V.insert(V.end(), A.begin(), A.end());
    }
    return V;
  };
  if (O.Native) {
    std::unique_lock<std::mutex> OneAtATime;
    if (O.NativeLock)
      OneAtATime = std::unique_lock<std::mutex>(*O.NativeLock);
    std::fprintf(stderr, "hotpath: native run: %s (run %d of %d)\n",
                 Subject.c_str(), ++Run, Runs);
    E.set("HOTPATH_OUTPUT_PATH", NativeJson);
    time_t Start = time(nullptr);
    std::string Problem;
    R.ProgramStatus =
        spawn(Command(false), E, "native run", O.TimeoutSeconds, Problem);
    Done("native run", Start, R.ProgramStatus);
    if (!Problem.empty()) {
      R.Error = Problem;
      return R;
    }
    if (!exists(NativeJson)) {
      R.Error = "the native run wrote no report (is the program "
                "instrumented with hotpath and linked with its runtime?)";
      return R;
    }
    R.Report = NativeJson;
  }
  if (O.Callgrind) {
    std::string OutFile = O.Dir + "/callgrind.out.%p";
    std::vector<std::string> V = {O.Valgrind, "-q", "--tool=callgrind",
                                  "--instr-atstart=no",
                                  "--callgrind-out-file=" + OutFile};
    if (O.CacheSim)
      V.insert(V.end(), std::begin(CacheFlags), std::end(CacheFlags));
    std::vector<std::string> P = Command(true);
    V.insert(V.end(), P.begin(), P.end());
    E.set("HOTPATH_CALLGRIND_OUT_FILE", OutFile);
    E.set("HOTPATH_OUTPUT_PATH", CgJson);
    if (O.Native)
      E.set("HOTPATH_MERGE_REPORT", NativeJson);
    std::fprintf(stderr,
                 "hotpath: Callgrind run (tens of times slower): %s (run %d "
                 "of %d)\n",
                 Subject.c_str(), ++Run, Runs);
    time_t Start = time(nullptr);
    std::string Problem;
    int S = spawn(V, E, "Callgrind run", O.TimeoutSeconds, Problem,
                  O.Native ? O.CallgrindStdout : std::string());
    Done("Callgrind run", Start, S);
    if (!Problem.empty()) {
      R.Error = Problem;
      return R;
    }
    if (!R.ProgramStatus)
      R.ProgramStatus = S;
    R.Report.clear();
    if (!exists(CgJson)) {
      R.Error = "the Callgrind run wrote no report (see the messages above)";
      return R;
    }
    R.Report = CgJson;
  }
  return R;
}

} // namespace hotpath::tool

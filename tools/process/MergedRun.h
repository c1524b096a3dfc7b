//===- MergedRun.h - A program's native and Callgrind runs ------*- C++ -*-===//
//
// Merged mode (docs/callgrind.md): the program runs natively (timing,
// allocations), then under Callgrind with the flags the runtime needs
// (--instr-atstart=no, the out-file it is told about through
// HOTPATH_CALLGRIND_OUT_FILE) and HOTPATH_MERGE_REPORT pointing at the
// native report, which gives one merged report. `hotpath run` runs one
// program so; `hotpath bench` each benchmark of a suite.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOLS_MERGEDRUN_H
#define HOTPATH_TOOLS_MERGEDRUN_H

#include "process/Spawn.h"
#include "process/TempDir.h"

#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace hotpath::tool {

struct MergedRunOptions {
  bool Native = true, Callgrind = true;
  bool CacheSim = false;
  std::string Valgrind; // the valgrind executable, for Callgrind
  std::string Dir;      // where the runs' files go
  std::string What;     // "" or a name for the progress lines
  // Both runs without address-space randomisation: the same addresses each
  // time (pointer-keyed hashing runs the same instructions), and Google
  // Benchmark >= 1.9.2 then does not re-execute itself to get it, which
  // under Valgrind would leave Callgrind behind.
  bool NoAslr = false;
  unsigned TimeoutSeconds = 0; // each run's bound (0: none); then SIGKILL
  /// Held through the native run when set: `hotpath bench --jobs` runs
  /// Callgrind runs side by side, native (timed) runs one at a time.
  std::mutex *NativeLock = nullptr;
  /// With both runs: where the Callgrind run's standard output goes ("":
  /// ours, after the native run's). `hotpath run` shows the program's
  /// output once, the native run's.
  std::string CallgrindStdout;
  /// The program's arguments for each run (true: under Callgrind).
  std::function<std::vector<std::string>(bool Callgrind)> ArgsFor;
};

struct MergedRunResult {
  int ProgramStatus = 0; // the first non-zero exit status of a run
  std::string Report;    // the final report's path; "" on error
  std::string Error;     // why there is no report
};

/// Runs Program natively, under Callgrind, or both, with Env (to which the
/// runs' HOTPATH_* variables are added) and progress on stderr.
MergedRunResult runMerged(const std::string &Program, ChildEnv Env,
                          const MergedRunOptions &O);

} // namespace hotpath::tool

#endif // HOTPATH_TOOLS_MERGEDRUN_H

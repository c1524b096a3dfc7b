//===- Spawn.h - Run a child program and wait for it ------------*- C++ -*-===//
//
// The one way the tool starts programs (`hotpath run`, `hotpath
// calibrate`): posix_spawnp with an explicit environment, optionally the
// child's stdout sent to our stderr, and an optional progress line while
// it runs.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOLS_SPAWN_H
#define HOTPATH_TOOLS_SPAWN_H

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::tool {

/// NAME as found in PATH (or NAME itself when it has a '/' and can be
/// run), "" when there is none.
std::string findInPath(const std::string &Name);

/// This process's environment, to edit for a child.
struct ChildEnv {
  std::vector<std::string> Vars; // "NAME=value"
  ChildEnv();                    // a copy of environ
  void set(const std::string &Name, const std::string &Value);
  void unset(const std::string &Name);
};

struct SpawnOptions {
  bool StdoutToStderr = false;    // the child's stdout goes to our stderr
  const char *Progress = nullptr; // "name": "hotpath: name ... 12s" ticks
  std::string StdoutPath;         // the child's stdout to this file (new)
  std::string StderrPath;         // the child's stderr to this file (new)
  unsigned TimeoutSeconds = 0;    // then SIGKILL; 0: none
  // The child's files at most this long (RLIMIT_FSIZE, set on it as it
  // starts: a write past it kills it with SIGXFSZ); 0: no bound.
  uint64_t MaxFileBytes = 0;
};

struct SpawnResult {
  bool Started = false;  // false: could not run it at all (Error says why)
  int ExitStatus = 0;    // the child's exit status, or 128 + signal
  int Signal = 0;        // the signal that killed it, 0 if none
  std::string Error;     // strerror of the failed spawn or wait
  bool TimedOut = false; // killed after TimeoutSeconds
  bool Stopped = false;  // ended because we got SIGINT/SIGTERM/SIGHUP
};

/// From now on SIGINT, SIGTERM and SIGHUP only set a flag: spawnAndWait
/// then ends its child (SIGTERM, SIGKILL 2 s later) and returns, so that
/// the caller can remove what it made and end with stopSignal().
void catchStopSignals();
/// The signal caught, or 0.
int stopSignal();
/// Ends the process with the caught signal, its default action.
[[noreturn]] void dieOfStopSignal();

/// Runs Argv (Argv[0] searched in PATH when it has no '/') with Env and
/// waits for it.
SpawnResult spawnAndWait(const std::vector<std::string> &Argv,
                         const ChildEnv &Env, const SpawnOptions &Opts);

} // namespace hotpath::tool

#endif // HOTPATH_TOOLS_SPAWN_H

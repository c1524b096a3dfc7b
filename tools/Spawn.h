//===- Spawn.h - Run a child program and wait for it ------------*- C++ -*-===//
//-*-===//
//
// The one way the tool starts programs (`hotpath run`, `hotpath
// calibrate`): posix_spawnp with an explicit environment, optionally the
// child's stdout sent to our stderr, and an optional progress line while
// it runs.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOLS_SPAWN_H
#define HOTPATH_TOOLS_SPAWN_H

#include <string>
#include <vector>

namespace hotpath::tool {

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
};

struct SpawnResult {
  bool Started = false; // false: could not run it at all (Error says why)
  int ExitStatus = 0;   // the child's exit status, or 128 + signal
  int Signal = 0;       // the signal that killed it, 0 if none
  std::string Error;    // strerror of the failed spawn or wait
};

/// Runs Argv (Argv[0] searched in PATH when it has no '/') with Env and
/// waits for it.
SpawnResult spawnAndWait(const std::vector<std::string> &Argv,
                         const ChildEnv &Env, const SpawnOptions &Opts);

} // namespace hotpath::tool

#endif // HOTPATH_TOOLS_SPAWN_H

//===- InitCommand.cpp - `hotpath init`: starter config and policy --------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/policy/Policy.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

const char *const ConfigText =
    R"TOML(# hotpath.toml: which functions the hotpath plugin measures.
# Found at compile time from $HOTPATH_CONFIG, else by searching upward from
# each source file's directory. A change here rebuilds what it selects when
# you use hotpath_instrument() in CMake. HOTPATH_VERBOSE=1 at compile time
# shows what was selected and why; hotpath's docs/selection.md explains it
# all. Precedence: HOTPATH_SKIP, then exclude, then HOTPATH_MEASURE and
# HOTPATH_LABEL, then include and files.
[functions]
# Regexes (not globs) searched in the demangled name, as reports show it
# ("myapp::Parser::parse(int)", a lambda "myapp::run(int)::{lambda #1}(long)");
# C functions by their plain name. Nothing is measured until you add some
# (or mark functions with HOTPATH_MEASURE in the source).
include = [
  # "^myapp::",
  # "^compress_block$",
]
# Never measured, whatever include or HOTPATH_MEASURE say: the standard
# library, and overloaded operators (lambdas are kept: "\\{lambda" drops them).
exclude = ["^std::", "^__gnu_cxx::", "::operator"]
# Every function defined in these source files (globs; relative to this file).
# files = ["src/engine/*.cpp"]
# The session begins and ends around main(); the report is written at exit.
main = true
# Skip functions with fewer IR instructions (tiny getters cost more to
# measure than they take).
min_instructions = 0
)TOML";

const char *const PolicyTemplate =
    R"TOML(# hotpath/policy.toml: how `hotpath diff BASE.json HEAD.json` judges a
# change (docs/policy.md). The schema is hotpath-rs's. A benchmark may have
# its own hotpath/<benchmark>-policy.toml (HOTPATH_BENCHMARK picks it).
#
# "fail": a failing finding makes `hotpath diff` exit 3 (fail the CI job);
# "warn": it is reported, and the exit status stays 0.
pr_check = "fail"

[functions]
# Functions below this share (% Total) in both reports are not judged, so
# that small helpers cannot trigger alerts on measurement noise.
min_percent_total = 0.5
# Globs over function names never judged, e.g. ["myapp::debug::*"].
ignore = []

# Allocations are deterministic for a deterministic workload: small changes
# are real.
[functions.alloc]
judged = true
metrics = ["avg", "total"]
min_percent_change = 1
min_calls = 0
fail_check = @ALLOC_FAIL@

# Instruction counts (merged mode, under Callgrind) are nearly
# deterministic. Run `hotpath calibrate` on a few runs of one build and set
# min_percent_change above the spread it reports. Moves of fewer
# instructions a call than min_change_per_call are never findings (libc
# moves a few dozen between runs and builds of one commit).
[functions.icount]
judged = true
metrics = ["avg", "total"]
min_percent_change = 2
min_change_per_call = @ICOUNT_FLOOR@
min_calls = 0
fail_check = @ICOUNT_FAIL@

# Wall time varies between runs, and far more between CI machines: shown
# for context, not judged. To judge it, calibrate first (timing spreads of
# 20-100% are common on shared runners).
[functions.timing]
judged = false
metrics = ["avg", "total"]   # also "p95" etc. (HOTPATH_PERCENTILES)
min_percent_change = 10
min_calls = 0
fail_check = false

# Budgets: absolute limits on the head report, checked even without a base
# (`hotpath diff --budgets-only HEAD.json`). A broken budget fails the check
# (fail_check = true by default). Units: "2 B", "1.5 MB", "250 us", "3M".
# [[functions.budgets]]
# match = "myapp::Parser::parse*"        # glob over function names
# calls = { min = 1, max = 1000 }
# alloc = { avg = "2 KB", total = "1.5 MB" }
# timing = { avg = "250 us", p95 = "1 ms" }
# icount = { avg = "3M" }
# message = "parse must stay allocation-light"
)TOML";

// The policy `init` writes; --ci: one that fails the check on an
// instruction-count or allocation regression, for a CI job.
std::string policyText(bool Ci) {
  std::string T = PolicyTemplate;
  auto Set = [&](const std::string &Key, const std::string &Value) {
    T.replace(T.find(Key), Key.size(), Value);
  };
  Set("@ALLOC_FAIL@",
      Ci ? "true   # an allocation regression fails the check"
         : "false  # set true to fail the check on an allocation regression");
  Set("@ICOUNT_FLOOR@", std::to_string(policy::DefaultIcountFloorPerCall));
  Set("@ICOUNT_FAIL@",
      Ci ? "true   # an instruction-count regression fails the check"
         : "false  # set true to fail the check on an instruction-count "
           "regression");
  if (Ci)
    T.insert(T.find('\n') + 1,
             "# Written by `hotpath init --ci`: instruction-count and "
             "allocation\n# regressions fail the check (exit 3).\n");
  return T;
}

bool exists(const std::string &P) {
  struct stat St;
  return ::lstat(P.c_str(), &St) == 0;
}

/// Creates `Path` exclusively (O_EXCL: never replaces a file that appears
/// meanwhile).
bool writeNew(const std::string &Path, const char *Text, std::string &Error) {
  int Fd = ::open(Path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (Fd < 0) {
    Error = Path + ": " + std::strerror(errno);
    return false;
  }
  size_t Len = std::strlen(Text), Done = 0;
  while (Done < Len) {
    ssize_t N = ::write(Fd, Text + Done, Len - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      Error = Path + ": " + std::strerror(errno);
      ::close(Fd);
      return false;
    }
    Done += size_t(N);
  }
  if (::close(Fd) != 0) {
    Error = Path + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace

namespace {

struct InitCommand {
  static const CommandInfo Info;
  std::vector<std::string> Dirs;
  bool Ci = false;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo InitCommand::Info = {
    "init",
    "write a starter hotpath.toml and hotpath/policy.toml",
    "hotpath init [DIR] [--ci]",
    "Writes a commented hotpath.toml (which functions to measure) and\n"
    "hotpath/policy.toml (how `hotpath diff` judges a change) into DIR\n"
    "(default: the current directory). A file that exists is kept, never\n"
    "overwritten; the other one is still written.",
    "",
    "0 a file was written, 2 both exist or bad input"};

void InitCommand::declare(CLI::App &App) {
  App.add_option("dir", Dirs, "where to write them")->option_text("DIR");
  App.add_flag("--ci", Ci,
               "a policy for CI: instruction-count and allocation "
               "regressions fail the check (exit 3)");
}

int InitCommand::run(const Invocation &) {
  if (Dirs.size() > 1)
    return fail("one directory at a time");
  std::string Dir = Dirs.empty() ? "." : Dirs[0];
  struct stat St;
  if (::stat(Dir.c_str(), &St) != 0 || !S_ISDIR(St.st_mode))
    return fail("" + Dir + ": not a directory");
  std::string Config = Dir + "/hotpath.toml";
  std::string PolicyDir = Dir + "/hotpath";
  std::string Policy = PolicyDir + "/policy.toml";
  bool HaveConfig = exists(Config), HavePolicy = exists(Policy);
  if (HaveConfig && HavePolicy)
    return fail("" + Config + " and " + Policy +
                " already exist; not overwriting (remove one first)");
  if (!HavePolicy) {
    if (::stat(PolicyDir.c_str(), &St) == 0 && !S_ISDIR(St.st_mode))
      return fail("" + PolicyDir + " exists and is not a directory");
    if (::mkdir(PolicyDir.c_str(), 0755) != 0 && errno != EEXIST)
      return fail("" + PolicyDir + ": " + std::strerror(errno));
  }
  std::string Error;
  if (HaveConfig)
    std::printf("kept %s (it exists)\n", Config.c_str());
  else if (!writeNew(Config, ConfigText, Error))
    return fail("" + Error);
  else
    std::printf("wrote %s\n", Config.c_str());
  if (HavePolicy) {
    std::printf("kept %s (it exists)\n", Policy.c_str());
  } else if (!writeNew(Policy, policyText(Ci).c_str(), Error)) {
    if (!HaveConfig)
      ::unlink(Config.c_str()); // what this run wrote, or nothing
    return fail("" + Error);
  } else {
    std::printf("wrote %s%s\n", Policy.c_str(),
                Ci ? " (CI: regressions fail the check)" : "");
  }
  return ExitOk;
}

Command addInitCommand(CLI::App &Root) {
  return makeCommand<InitCommand>(Root);
}

} // namespace hotpath::tool

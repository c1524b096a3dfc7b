//===- Commands.h - The subcommands of `hotpath` ----------------*- C++ -*-===//
//
// Each subcommand lives in its own file, declares its command line with
// CommandLine.h and is listed in Main.cpp's table.
// Exit status: 0 success, 2 bad input or usage; others per subcommand
// (diff: 3 regression, 4 nothing judged).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_COMMANDS_H
#define HOTPATH_TOOL_COMMANDS_H

#include <string>
#include <vector>

namespace hotpath::tool {

using Args = std::vector<std::string>;

inline constexpr int ExitOk = 0;
inline constexpr int ExitBadInput = 2;

/// `hotpath report FILE.json [--format table|markdown|json] [--sort KEY]`
int reportCommand(const Args &A);

/// `hotpath diff BASE.json HEAD.json [--policy FILE] ...` (tools/policy)
int diffCommand(const Args &A);
inline constexpr int ExitRegression = 3;
inline constexpr int ExitNothingJudged = 4;

/// `hotpath calibrate [-n N] -- PROGRAM` or `hotpath calibrate REPORT...`
int calibrateCommand(const Args &A);

/// `hotpath init [DIR] [--ci]`
int initCommand(const Args &A);

/// `hotpath run [--callgrind-only|--native-only] [-o OUT] -- PROGRAM ARGS`
int runCommand(const Args &A);

/// `hotpath bench [--filter R] [--iterations N] [-o DIR] -- ./benchmarks ARGS`
int benchCommand(const Args &A);

/// `hotpath flamegraph REPORT.json [BASE/HEAD] [-o OUT.svg] [--metric M]`
int flamegraphCommand(const Args &A);

/// `hotpath export REPORT.json --format
/// folded|speedscope|pprof|chrome|bmf|github-action-benchmark`
int exportCommand(const Args &A);

/// `hotpath trim REPORT.json|DIR [--by time|icount] [--budget PERCENT]
/// [--config hotpath.toml]`
int trimCommand(const Args &A);

/// `hotpath top FILE [--once] [--sort KEY]`
int topCommand(const Args &A);

/// `hotpath merge REPORT... [-o OUT.json]`
int mergeCommand(const Args &A);

/// Prints "hotpath: <message>" on stderr (one line) and returns 2.
int badInput(const std::string &Message);

} // namespace hotpath::tool

#endif // HOTPATH_TOOL_COMMANDS_H

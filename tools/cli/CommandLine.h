//===- CommandLine.h - The `hotpath` commands on CLI11 ----------*- C++ -*-===//
//
// One root CLI::App (Main.cpp) holds a subcommand per command. A command
// is a struct of its options with two members and a description:
//
//   struct MergeCommand {
//     static const CommandInfo Info;         // name, usage, help, exit status
//     std::vector<std::string> Files;        // the options, filled by CLI11
//     void declare(CLI::App &App);           // App.add_option(..., Files)
//     int run(const Invocation &I);          // the work, once parsed
//   };
//   Command addMergeCommand(CLI::App &Root) {
//     return makeCommand<MergeCommand>(Root);
//   }
//
// What CLI11 does not do the tool's way is adapted here, for every command
// alike: everything after `--` is the program to run, untouched; an error
// (CLI11's or the command's own, `return fail(...)`) is one line
// "hotpath: CMD: ..." on stderr and exit status 2; an unknown option is
// "unknown option 'X' (see hotpath CMD --help)"; a missing value is "--opt
// needs a value"; a rejected one is the check's sentence ("--limit expects
// an integer >= 0, got '-3'").
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_CLI_COMMANDLINE_H
#define HOTPATH_TOOL_CLI_COMMANDLINE_H

#include <CLI/CLI.hpp>

#include <functional>
#include <initializer_list>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace hotpath::tool {

using Args = std::vector<std::string>;

/// Exit statuses every command shares; a command adds its own (diff: 3, 4)
/// and says so in its help.
inline constexpr int ExitOk = 0;
inline constexpr int ExitBadInput = 2;

/// What `hotpath --help` and `hotpath CMD --help` say about a command.
struct CommandInfo {
  const char *Name;
  const char *Summary; // one line in `hotpath --help`
  // The synopses, one per line, unwrapped: the help wraps them.
  const char *Usage;
  const char *About;  // the paragraph under the usage
  const char *Footer; // notes after the options ("" for none)
  // The exit statuses, after "exit status: " ("0 success, 2 bad input or
  // usage" unless the command has others).
  const char *ExitStatus;
};

/// A parsed command line, as a command's run() gets it.
struct Invocation {
  const CLI::App &App; // the command's own options (count(), remaining())
  const Args &Program; // the arguments after `--`
  bool SawSeparator;   // whether there was a `--`
};

/// A command registered on the root App.
struct Command {
  const CommandInfo *Info;
  CLI::App *App;
  std::function<int(const Invocation &)> Run;
};

/// The subcommand `Info.Name` of Root, with the tool's help formatter.
CLI::App &addSubcommand(CLI::App &Root, const CommandInfo &Info);

template <typename CommandT> Command makeCommand(CLI::App &Root) {
  auto C = std::make_shared<CommandT>();
  CLI::App &App = addSubcommand(Root, CommandT::Info);
  C->declare(App);
  return {&CommandT::Info, &App,
          [C](const Invocation &I) { return C->run(I); }};
}

/// The error a command stops with; main prints "hotpath: CMD: what()".
class CommandError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};
/// Stops the command with one line and exit status 2 (throws CommandError;
/// declared `int` so that `return fail(...)` reads as what it does).
[[noreturn]] int fail(const std::string &Message);

/// Checks for CLI11 options: each fails with the sentence that follows the
/// option's name ("expects an integer >= 0, got '-3'").
CLI::Validator unsignedIn(unsigned long Lo, unsigned long Hi,
                          const std::string &Expects);
CLI::Validator numberIn(double Lo, double Hi, const std::string &Expects);
/// One of Values (CLI::IsMember): "expects table, markdown or json, got
/// 'xml'". `Also` names accepted spellings not listed (top's one-letter
/// keys), "" for none.
CLI::Validator oneOf(std::vector<std::string> Values,
                     std::vector<std::string> Also = {});

/// What `-o OUT` of a command means: the file OUT, written atomically, or
/// stdout when OUT is "" or "-". Returns 0; fails with "cannot write OUT:
/// why" (or 2 when stdout cannot be flushed).
int writeOutput(const std::string &Out, const std::string &Data);
inline bool toStdout(const std::string &Out) {
  return Out.empty() || Out == "-";
}
/// Writes Data on stdout; 0, or 2 when it cannot be flushed.
int writeStdout(const std::string &Data);

} // namespace hotpath::tool

#endif // HOTPATH_TOOL_CLI_COMMANDLINE_H

//===- CommandLine.h - A subcommand's command line on CLI11 ----*- C++ -*-===//
//
// Every subcommand declares its options here and CLI11 parses them:
// `--opt value` and `--opt=value` alike, a generated `--help` (the usage
// lines first, then the options with their help), range checks that name
// the accepted values. What CLI11 does not do the tool's way is adapted:
//  - an unknown option is "unknown option 'X' (see hotpath CMD --help)";
//  - a missing value is "--opt needs a value", a rejected one is the
//    check's own sentence ("--limit expects an integer >= 0, got '-3'");
//  - everything after `--` is the program to run, untouched;
// and every error is one line "hotpath: CMD: ..." with exit status 2.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_COMMANDLINE_H
#define HOTPATH_TOOL_COMMANDLINE_H

#include "Commands.h"

#include <CLI/CLI.hpp>

#include <functional>
#include <string>
#include <vector>

namespace hotpath::tool {

class CommandLine {
public:
  /// `Usage` is the synopsis (one or more lines without "usage: "),
  /// `About` the paragraph under it, `Footer` what follows the options.
  CommandLine(const char *Command, const char *Usage, const char *About,
              const char *Footer = "");

  CLI::App &app() { return App; }

  /// Parses the subcommand's arguments. Returns -1 to go on, or the exit
  /// status to return at once (0 after --help, 2 after an error, printed).
  int parse(const Args &A);

  /// The arguments after `--` (empty when there was no `--`), and whether
  /// there was one.
  const Args &program() const { return Program; }
  bool sawSeparator() const { return SawSeparator; }

  /// "hotpath: CMD: Message" on stderr; returns 2.
  int fail(const std::string &Message) const;

private:
  std::string Command;
  CLI::App App;
  Args Program;
  bool SawSeparator = false;
};

/// Checks for CLI11 options: each returns "" or the sentence that follows
/// the option's name ("expects an integer >= 0, got '-3'").
CLI::Validator unsignedIn(unsigned long Lo, unsigned long Hi,
                          const std::string &Expects);
CLI::Validator numberIn(double Lo, double Hi, const std::string &Expects);

/// What `-o OUT` of a command means: the file OUT, written atomically, or
/// stdout when OUT is "" or "-". 0, or 2 after "hotpath: CMD: cannot write
/// OUT: why" (or a failed stdout).
int writeOutput(const std::string &Command, const std::string &Out,
                const std::string &Data);
inline bool toStdout(const std::string &Out) {
  return Out.empty() || Out == "-";
}

} // namespace hotpath::tool

#endif // HOTPATH_TOOL_COMMANDLINE_H

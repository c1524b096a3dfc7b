//===- HelpFormatter.h - `hotpath CMD --help` -------------------*- C++ -*-===//
//
// CLI11's help in the order a reader wants it: how to call the command
// (its synopses, wrapped at 79 columns under the command's name), what it
// does, the options with their help wrapped under itself, the notes, and
// the exit statuses last, on every command. CLI11 2.1 wraps nothing.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_CLI_HELPFORMATTER_H
#define HOTPATH_TOOL_CLI_HELPFORMATTER_H

#include "cli/CommandLine.h"

namespace hotpath::tool {

class HelpFormatter : public CLI::Formatter {
public:
  explicit HelpFormatter(const CommandInfo &Info);
  std::string make_help(const CLI::App *A, std::string,
                        CLI::AppFormatMode) const override;
  std::string make_option(const CLI::Option *O, bool Positional) const override;
  std::string make_option_opts(const CLI::Option *O) const override;

private:
  const CommandInfo &Info;
};

/// The synopses of Usage ("hotpath CMD ...", one per line), each after
/// "usage: " or its indent and wrapped at Width columns between bracketed
/// groups, continuation lines under the first argument.
std::string formatUsage(const std::string &Usage, size_t Width = 79);

/// Text wrapped at Width columns, each line after Indent spaces (the first
/// after First columns already used).
std::string wrapWords(const std::string &Text, size_t Indent, size_t First,
                      size_t Width = 79);

} // namespace hotpath::tool

#endif // HOTPATH_TOOL_CLI_HELPFORMATTER_H

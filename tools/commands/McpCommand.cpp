//===- McpCommand.cpp - `hotpath mcp`: a profile server for agents --------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportDir.h"
#include "mcp/McpServer.h"

#include <iostream>

namespace hotpath::tool {

namespace {

struct McpCommand {
  static const CommandInfo Info;
  std::string Dir = ".", History;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo McpCommand::Info = {
    "mcp",
    "serve a directory's reports to coding agents (Model Context Protocol)",
    "hotpath mcp [DIR] [--history STORE]",
    "A Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one\n"
    "message a line), for an agent's client to start: its tools read the\n"
    "reports under DIR (default: the working directory) and nothing else —\n"
    "list_reports, summary, top_functions, function, call_tree, diff,\n"
    "hot_lines, locks (docs/agents.md); with --history, history (a\n"
    "function's series over the stored runs and its change points).",
    "",
    "0 when the client closes the connection, 2 DIR is not a directory"};

void McpCommand::declare(CLI::App &App) {
  App.add_option("dir", Dir, "the directory of reports (default: .)")
      ->option_text("DIR");
  App.add_option("--history", History,
                 "a history store (hotpath history) for the history tool")
      ->option_text("STORE");
}

int McpCommand::run(const Invocation &) {
  if (!report::isDirectory(Dir))
    return fail(Dir + " is not a directory");
  std::ios::sync_with_stdio(false);
  return mcp::serve(Dir, std::cin, std::cout, History);
}

Command addMcpCommand(CLI::App &Root) { return makeCommand<McpCommand>(Root); }

} // namespace hotpath::tool

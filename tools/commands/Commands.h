//===- Commands.h - The commands of `hotpath` -------------------*- C++ -*-===//
//
// One file per command in this folder, each a struct of its options with
// declare() and run() (cli/CommandLine.h), registered on the root App by
// its addXCommand. `hotpath --help` lists them in addCommands' order.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_COMMANDS_COMMANDS_H
#define HOTPATH_TOOL_COMMANDS_COMMANDS_H

#include "cli/CommandLine.h"

#include <vector>

namespace hotpath::tool {

Command addReportCommand(CLI::App &Root);     // render a report
Command addRunCommand(CLI::App &Root);        // native + Callgrind run
Command addBenchCommand(CLI::App &Root);      // a Google Benchmark suite
Command addMergeCommand(CLI::App &Root);      // merge or sum reports
Command addDiffCommand(CLI::App &Root);       // the judge (lib/policy)
Command addCalibrateCommand(CLI::App &Root);  // noise -> thresholds
Command addFlamegraphCommand(CLI::App &Root); // the call tree as SVG
Command addExportCommand(CLI::App &Root);     // other viewers, trackers
Command addTrimCommand(CLI::App &Root);       // exclude what costs too much
Command addTopCommand(CLI::App &Root);        // a live terminal view
Command addInitCommand(CLI::App &Root);       // starter config and policy
Command addMcpCommand(CLI::App &Root);        // reports for coding agents
Command addServeCommand(CLI::App &Root);      // HTTP: metrics, live page
Command addHistoryCommand(CLI::App &Root);    // every run, change points
Command addPushCommand(CLI::App &Root);       // to a Prometheus Pushgateway

/// Every command, registered on Root, in the order the help lists them.
std::vector<Command> addCommands(CLI::App &Root);

} // namespace hotpath::tool

#endif // HOTPATH_TOOL_COMMANDS_COMMANDS_H

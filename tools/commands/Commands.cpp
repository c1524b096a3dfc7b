//===- Commands.cpp - The commands of `hotpath`, in help order ------------===//
#include "commands/Commands.h"

namespace hotpath::tool {

std::vector<Command> addCommands(CLI::App &Root) {
  return {addReportCommand(Root),     addRunCommand(Root),
          addBenchCommand(Root),      addMergeCommand(Root),
          addDiffCommand(Root),       addCalibrateCommand(Root),
          addFlamegraphCommand(Root), addExportCommand(Root),
          addTrimCommand(Root),       addTopCommand(Root),
          addInitCommand(Root),       addMcpCommand(Root),
          addServeCommand(Root),      addHistoryCommand(Root),
          addPushCommand(Root)};
}

} // namespace hotpath::tool

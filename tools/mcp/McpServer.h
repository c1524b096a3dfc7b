//===- McpServer.h - A Model Context Protocol server over stdio -*- C++ -*-===//
//
// `hotpath mcp DIR`: JSON-RPC 2.0, one message per line on stdin and
// stdout (the MCP stdio transport). Answers initialize (echoing a protocol
// version it knows, else its newest), ping, tools/list and tools/call
// (McpTools.h); ignores notifications; anything else is a JSON-RPC error.
// A line that is not JSON, longer than MaxMessageBytes or nested deeper
// than MaxMessageDepth is a parse error; a batch holds at most
// MaxBatchMessages, and its answers at most MaxBatchAnswerBytes (the rest
// are errors); nothing a client sends ends the server but the end of its
// input.
//
// A tool's result is data from the profiled program (its function names,
// paths and labels): besides the text, the result carries it as
// structuredContent, {"source": ..., "data": ...}, which every tool's
// outputSchema declares, so that an agent can tell it from instructions.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_MCP_MCPSERVER_H
#define HOTPATH_TOOL_MCP_MCPSERVER_H

#include <cstddef>
#include <istream>
#include <ostream>
#include <string>

namespace hotpath::tool::mcp {

constexpr size_t MaxMessageBytes = 4 << 20;
/// Arrays and objects inside one another in a message.
constexpr size_t MaxMessageDepth = 64;
constexpr size_t MaxBatchMessages = 64;
constexpr size_t MaxBatchAnswerBytes = 4 << 20;

/// Serves Dir's reports until In ends; returns the exit status (0).
int serve(const std::string &Dir, std::istream &In, std::ostream &Out,
          const std::string &HistoryStore = "");

} // namespace hotpath::tool::mcp

#endif // HOTPATH_TOOL_MCP_MCPSERVER_H

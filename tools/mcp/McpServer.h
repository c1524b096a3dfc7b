//===- McpServer.h - A Model Context Protocol server over stdio -*- C++ -*-===//
//
// `hotpath mcp DIR`: JSON-RPC 2.0, one message per line on stdin and
// stdout (the MCP stdio transport). Answers initialize (echoing a protocol
// version it knows, else its newest), ping, tools/list and tools/call
// (McpTools.h); ignores notifications; anything else is a JSON-RPC error.
// A line that is not JSON, or longer than MaxMessageBytes, is a parse
// error; nothing a client sends ends the server but the end of its input.
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

/// Serves Dir's reports until In ends; returns the exit status (0).
int serve(const std::string &Dir, std::istream &In, std::ostream &Out);

} // namespace hotpath::tool::mcp

#endif // HOTPATH_TOOL_MCP_MCPSERVER_H

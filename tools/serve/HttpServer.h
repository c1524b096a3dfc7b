//===- HttpServer.h - `hotpath serve`'s HTTP side ---------------*- C++ -*-===//
//
// Read-only HTTP over cpp-httplib (Debian's libcpp-httplib-dev; why it,
// and its limits, in docs/dashboards.md):
//   /              the live page (LivePage.h)
//   /metrics       the newest report in the Prometheus text format
//   /api/report    the newest report's JSON (?name=REL: a report under DIR)
//   /api/reports   the directory's reports (DIR mode)
//   /flamegraph.svg the newest report's call tree as a flame graph
//   /history, /api/history   with --history: a series plotted
//                  (HistoryPage.h)
// Only GET and HEAD; requests, time and connections are bounded
// (BoundedServer.h). With a token, every request must carry it
// (`Authorization: Bearer T`, or `?token=T` for a browser); without one the
// server listens on loopback only and answers only requests addressed to a
// loopback name (no DNS rebinding).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_SERVE_HTTPSERVER_H
#define HOTPATH_TOOL_SERVE_HTTPSERVER_H

#include "serve/ReportSource.h"

#include <string>

namespace hotpath::tool::serve {

struct ServeOptions {
  std::string Host = "127.0.0.1";
  int Port = 6770; // 0: any free port
  std::string Token;
  std::string HistoryStore; // "" none; else /history and /api/history
};

/// Whether Host is a loopback address or name (127.0.0.0/8, ::1,
/// localhost).
bool isLoopbackHost(const std::string &Host);

/// Splits "ADDR:PORT", "[V6]:PORT", ":PORT" or "ADDR"; false with Error.
bool parseListen(const std::string &Text, ServeOptions &O, std::string &Error);

/// Serves Source until the process is stopped; returns 2 with a message on
/// stderr when the address cannot be bound. Prints the URL when listening.
int serveHttp(ReportSource &Source, const ServeOptions &O);

} // namespace hotpath::tool::serve

#endif // HOTPATH_TOOL_SERVE_HTTPSERVER_H

//===- BoundedServer.h - httplib's server, bounded --------------*- C++ -*-===//
//
// cpp-httplib's Server with what a server on a developer's machine needs
// and the library leaves to its user: every request read through a budget
// of bytes (the library bounds each header line and the body, not the
// number of header lines), reads and writes that wait at most 5 s, at most
// 100 requests a connection, and a thread per connection up to 512 (the
// library's pool of 8 threads would let 8 idle clients hold up everyone
// else until they time out).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_SERVE_BOUNDEDSERVER_H
#define HOTPATH_TOOL_SERVE_BOUNDEDSERVER_H

#include <httplib.h>

#include <cstddef>

namespace hotpath::tool::serve {

/// The largest body a request may announce (more: 413, before reading).
constexpr size_t MaxBodyBytes = 64 * 1024;
/// What one request may take in all: request line, headers and body.
constexpr size_t MaxRequestBytes = 256 * 1024;
/// How long a connection may be idle, or a read or write wait.
constexpr int IdleSeconds = 5;
constexpr size_t MaxRequestsPerConnection = 100;
constexpr size_t MaxConnectionThreads = 512;

class BoundedServer : public httplib::Server {
public:
  BoundedServer();

private:
  // The connection loop, reading through a bounded stream;
  // process_request does the parsing and the routing.
  bool process_and_close_socket(socket_t Sock) override;
};

} // namespace hotpath::tool::serve

#endif // HOTPATH_TOOL_SERVE_BOUNDEDSERVER_H

//===- BoundedServer.h - httplib's server, bounded --------------*- C++ -*-===//
//
// cpp-httplib's Server with what a server on a developer's machine needs
// and the library leaves to its user: every request read through a budget
// of bytes (the library bounds each header line and the body, not the
// number of header lines) and a deadline (10 s for the whole request, so
// that a client trickling a byte at a time is cut off), read through a
// buffer (the library reads a line a byte at a time: two system calls a
// byte before), reads and writes that wait at most 5 s, at most 100
// requests a connection, at most 32 connections from one client address,
// one range in a Range header (more: the whole content, once), and a
// thread per connection up to 512 (the library's pool of 8 threads would
// let 8 idle clients hold up everyone else until they time out).
// stopNow() ends every connection's wait at once.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_SERVE_BOUNDEDSERVER_H
#define HOTPATH_TOOL_SERVE_BOUNDEDSERVER_H

#include <httplib.h>

#include <cstddef>
#include <map>
#include <mutex>
#include <string>

namespace hotpath::tool::serve {

/// The largest body a request may announce (more: 413, before reading).
constexpr size_t MaxBodyBytes = 64 * 1024;
/// What one request may take in all: request line, headers and body.
constexpr size_t MaxRequestBytes = 256 * 1024;
/// How long a connection may be idle, or a read or write wait.
constexpr int IdleSeconds = 5;
constexpr size_t MaxRequestsPerConnection = 100;
constexpr size_t MaxConnectionThreads = 512;
/// How long one request may take to arrive, headers and body.
constexpr int RequestSeconds = 10;
/// Connections from one client address at once (more: closed at once).
constexpr size_t MaxConnectionsPerAddress = 32;

class BoundedServer : public httplib::Server {
public:
  BoundedServer();
  ~BoundedServer() override;

  /// Stops listening and ends every connection's wait now (a client that
  /// trickles its request is not waited for): for SIGTERM.
  void stopNow();
  /// After bind_to_port: a listen backlog of SOMAXCONN instead of 5.
  void widenBacklog();

private:
  // The connection loop, reading through a bounded stream;
  // process_request does the parsing and the routing.
  bool process_and_close_socket(socket_t Sock) override;

  int ListenFd = -1;
  int StopFd; // an eventfd, readable once stopNow() ran
  std::mutex AddressesMutex;
  std::map<std::string, size_t> ByAddress; // open connections per address
};

} // namespace hotpath::tool::serve

#endif // HOTPATH_TOOL_SERVE_BOUNDEDSERVER_H

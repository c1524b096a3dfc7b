//===- BoundedServer.cpp - httplib's server, bounded ----------------------===//
#include "serve/BoundedServer.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <netinet/in.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace hotpath::tool::serve {

namespace {

template <typename GetName>
void address(GetName Get, int Sock, std::string &Ip, int &Port) {
  sockaddr_storage A{};
  socklen_t L = sizeof A;
  char Buf[INET6_ADDRSTRLEN] = "";
  Port = 0;
  if (Get(Sock, reinterpret_cast<sockaddr *>(&A), &L) != 0)
    return;
  if (A.ss_family == AF_INET) {
    auto *V4 = reinterpret_cast<sockaddr_in *>(&A);
    inet_ntop(AF_INET, &V4->sin_addr, Buf, sizeof Buf);
    Port = ntohs(V4->sin_port);
  } else if (A.ss_family == AF_INET6) {
    auto *V6 = reinterpret_cast<sockaddr_in6 *>(&A);
    inet_ntop(AF_INET6, &V6->sin6_addr, Buf, sizeof Buf);
    Port = ntohs(V6->sin6_port);
  }
  Ip = Buf;
}

// A thread per connection, started when it is accepted, up to a bound
// (then connections wait for one to end): httplib's default pool has 8
// threads, and eight idle clients would hold up everyone else until they
// time out.
class ConnectionThreads : public httplib::TaskQueue {
public:
  void enqueue(std::function<void()> Fn) override {
    std::lock_guard<std::mutex> G(M);
    Pending.push_back(std::move(Fn));
    if (Running < MaxConnectionThreads) {
      ++Running;
      std::thread([this] { work(); }).detach();
    }
  }
  void shutdown() override {
    std::unique_lock<std::mutex> G(M);
    Done.wait(G, [&] { return Running == 0; });
  }

private:
  void work() {
    std::unique_lock<std::mutex> G(M);
    while (!Pending.empty()) {
      std::function<void()> Fn = std::move(Pending.front());
      Pending.pop_front();
      G.unlock();
      Fn();
      G.lock();
    }
    if (--Running == 0)
      Done.notify_all();
  }

  std::mutex M;
  std::condition_variable Done;
  std::deque<std::function<void()>> Pending;
  size_t Running = 0;
};

// A connection's stream, with a budget of bytes and a deadline per
// request: httplib bounds each header line and the body but not the number
// of header lines, nor the time a client takes to send them, so a request
// of 10 MB of headers would be read whole and one trickled a byte every
// few seconds would hold its thread for ever. Past either a read fails,
// and httplib answers 400 and closes. Reads go through a buffer: httplib
// reads its lines a byte at a time. Every wait also ends when the server
// stops (StopFd).
class BoundedStream : public httplib::Stream {
public:
  BoundedStream(int Sock, int StopFd) : Sock(Sock), StopFd(StopFd) {}
  void newRequest() {
    Left = MaxRequestBytes;
    Deadline =
        std::chrono::steady_clock::now() + std::chrono::seconds(RequestSeconds);
  }
  bool waitReadable(int Seconds) const {
    return Begin < End || wait(POLLIN, Seconds * 1000);
  }

  bool is_readable() const override {
    return Begin < End || wait(POLLIN, readWaitMs());
  }
  bool is_writable() const override {
    return wait(POLLOUT, IdleSeconds * 1000);
  }
  ssize_t read(char *Ptr, size_t Size) override {
    if (Left == 0)
      return -1;
    if (Begin == End) {
      if (!wait(POLLIN, readWaitMs()))
        return -1;
      ssize_t N = ::recv(Sock, Buf, std::min(sizeof Buf, Left), 0);
      if (N <= 0)
        return N;
      Begin = 0;
      End = size_t(N);
    }
    size_t N = std::min({Size, End - Begin, Left});
    std::memcpy(Ptr, Buf + Begin, N);
    Begin += N;
    Left -= N;
    return ssize_t(N);
  }
  ssize_t write(const char *Ptr, size_t Size) override {
    if (!is_writable())
      return -1;
    return ::send(Sock, Ptr, Size, MSG_NOSIGNAL);
  }
  void get_remote_ip_and_port(std::string &Ip, int &Port) const override {
    address(getpeername, Sock, Ip, Port);
  }
  void get_local_ip_and_port(std::string &Ip, int &Port) const override {
    address(getsockname, Sock, Ip, Port);
  }
  socket_t socket() const override { return Sock; }

private:
  // What is left of the request's deadline, at most the idle wait.
  int readWaitMs() const {
    auto Ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                  Deadline - std::chrono::steady_clock::now())
                  .count();
    return int(
        std::max<long long>(0, std::min<long long>(Ms, IdleSeconds * 1000)));
  }
  // Whether the socket is ready before the wait ends and the server stops.
  bool wait(short Events, int Ms) const {
    if (Ms <= 0)
      return false;
    pollfd P[2] = {{Sock, Events, 0}, {StopFd, POLLIN, 0}};
    int R;
    while ((R = poll(P, 2, Ms)) < 0 && errno == EINTR) {
    }
    return R > 0 && !(P[1].revents & POLLIN) && P[0].revents;
  }

  int Sock, StopFd;
  size_t Left = MaxRequestBytes;
  std::chrono::steady_clock::time_point Deadline;
  char Buf[4096];
  size_t Begin = 0, End = 0;
};

} // namespace

BoundedServer::BoundedServer() : StopFd(::eventfd(0, EFD_CLOEXEC)) {
  new_task_queue = [] { return new ConnectionThreads(); };
  set_payload_max_length(MaxBodyBytes);
  set_socket_options([this](socket_t Sock) {
    httplib::default_socket_options(Sock);
    ListenFd = Sock;
  });
}

void BoundedServer::widenBacklog() {
  // httplib listens with a backlog of 5: a burst of clients beyond it has
  // its SYNs dropped and waits a second for the retry.
  if (ListenFd >= 0)
    (void)::listen(ListenFd, SOMAXCONN);
}

BoundedServer::~BoundedServer() {
  if (StopFd >= 0)
    ::close(StopFd);
}

void BoundedServer::stopNow() {
  uint64_t One = 1;
  if (StopFd >= 0)
    (void)!::write(StopFd, &One, sizeof One);
  stop();
}

bool BoundedServer::process_and_close_socket(socket_t Sock) {
  // One client address holds at most MaxConnectionsPerAddress connections:
  // more are closed unread, so that one client cannot take every thread.
  std::string Peer;
  int Port;
  address(getpeername, Sock, Peer, Port);
  bool Admitted;
  {
    std::lock_guard<std::mutex> G(AddressesMutex);
    Admitted = ByAddress[Peer] < MaxConnectionsPerAddress;
    if (Admitted)
      ++ByAddress[Peer];
    else if (ByAddress[Peer] == 0)
      ByAddress.erase(Peer);
  }
  if (!Admitted) {
    ::close(Sock);
    return false;
  }
  BoundedStream S(Sock, StopFd);
  bool Ok = true;
  for (size_t N = 0; N < MaxRequestsPerConnection; ++N) {
    if (!S.waitReadable(IdleSeconds))
      break; // idle, or the server stops: closed
    S.newRequest();
    bool Closed = false;
    Ok = process_request(S, N + 1 == MaxRequestsPerConnection, Closed,
                         [](httplib::Request &Req) {
                           // One range at most: "bytes=0-,0-,..." would
                           // build the content once per range in memory.
                           // More are ignored (the whole content, once).
                           if (Req.ranges.size() > 1)
                             Req.ranges.clear();
                         });
    if (!Ok || Closed)
      break;
  }
  ::shutdown(Sock, SHUT_RDWR);
  ::close(Sock);
  std::lock_guard<std::mutex> G(AddressesMutex);
  if (--ByAddress[Peer] == 0)
    ByAddress.erase(Peer);
  return Ok;
}

} // namespace hotpath::tool::serve

//===- BoundedServer.cpp - httplib's server, bounded ----------------------===//
#include "serve/BoundedServer.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cerrno>
#include <condition_variable>
#include <deque>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace hotpath::tool::serve {

namespace {

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

// A connection's stream, with a budget of bytes per request: httplib bounds
// each header line and the body but not the number of header lines, so a
// request of 10 MB of headers would be read whole. Past the budget a read
// fails, and httplib answers 400 and closes. Reads and writes wait at most
// IdleSeconds.
class BoundedStream : public httplib::Stream {
public:
  explicit BoundedStream(int Sock) : Sock(Sock) {}
  void newRequest() { Left = MaxRequestBytes; }
  bool waitReadable(int Seconds) const { return wait(POLLIN, Seconds); }

  bool is_readable() const override { return wait(POLLIN, IdleSeconds); }
  bool is_writable() const override { return wait(POLLOUT, IdleSeconds); }
  ssize_t read(char *Ptr, size_t Size) override {
    if (Left == 0 || !is_readable())
      return -1;
    ssize_t N = ::recv(Sock, Ptr, std::min(Size, Left), 0);
    if (N > 0)
      Left -= size_t(N);
    return N;
  }
  ssize_t write(const char *Ptr, size_t Size) override {
    if (!is_writable())
      return -1;
    return ::send(Sock, Ptr, Size, MSG_NOSIGNAL);
  }
  void get_remote_ip_and_port(std::string &Ip, int &Port) const override {
    address(getpeername, Ip, Port);
  }
  void get_local_ip_and_port(std::string &Ip, int &Port) const override {
    address(getsockname, Ip, Port);
  }
  socket_t socket() const override { return Sock; }

private:
  bool wait(short Events, int Seconds) const {
    pollfd P{Sock, Events, 0};
    int R;
    while ((R = poll(&P, 1, Seconds * 1000)) < 0 && errno == EINTR) {
    }
    return R > 0;
  }
  template <typename GetName>
  void address(GetName Get, std::string &Ip, int &Port) const {
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

  int Sock;
  size_t Left = MaxRequestBytes;
};

} // namespace

BoundedServer::BoundedServer() {
  new_task_queue = [] { return new ConnectionThreads(); };
  set_payload_max_length(MaxBodyBytes);
}

bool BoundedServer::process_and_close_socket(socket_t Sock) {
  BoundedStream S(Sock);
  bool Ok = true;
  for (size_t N = 0; N < MaxRequestsPerConnection; ++N) {
    if (!S.waitReadable(IdleSeconds))
      break; // idle: closed
    S.newRequest();
    bool Closed = false;
    Ok = process_request(S, N + 1 == MaxRequestsPerConnection, Closed,
                         [](httplib::Request &) {});
    if (!Ok || Closed)
      break;
  }
  ::shutdown(Sock, SHUT_RDWR);
  ::close(Sock);
  return Ok;
}

} // namespace hotpath::tool::serve

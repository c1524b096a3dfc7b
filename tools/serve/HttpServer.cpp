//===- HttpServer.cpp - `hotpath serve`'s HTTP side -----------------------===//
#include "serve/HttpServer.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/views/Prometheus.h"
#include "serve/BoundedServer.h"
#include "serve/HistoryPage.h"
#include "serve/LivePage.h"

#include <httplib.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <csignal>
#include <cstdio>
#include <sys/stat.h>
#include <thread>

namespace hotpath::tool::serve {

namespace {

// The host part of a Host header ("[::1]:80" -> "::1", "a:80" -> "a").
std::string hostPart(const std::string &H) {
  if (!H.empty() && H[0] == '[') {
    size_t End = H.find(']');
    return End == std::string::npos ? H : H.substr(1, End - 1);
  }
  size_t Colon = H.rfind(':');
  return Colon == std::string::npos ? H : H.substr(0, Colon);
}

// Compares in time independent of where the texts differ.
bool sameSecret(const std::string &A, const std::string &B) {
  unsigned char Diff = A.size() != B.size();
  for (size_t I = 0; I < A.size(); ++I)
    Diff |= uint8_t(A[I]) ^ uint8_t(I < B.size() ? B[I] : 0);
  return Diff == 0;
}

void plain(httplib::Response &Res, int Status, const std::string &Text) {
  Res.status = Status;
  Res.set_content(Text + "\n", "text/plain; charset=utf-8");
}

// 304 when the client has this version, else the content.
void versioned(const httplib::Request &Req, httplib::Response &Res,
               const LoadedReport &L, const std::string &Body,
               const char *Type) {
  std::string ETag = "\"" + L.Version + "\"";
  Res.set_header("ETag", ETag);
  if (Req.get_header_value("If-None-Match") == ETag) {
    Res.status = 304;
    return;
  }
  Res.set_content(Body, Type);
}

} // namespace

bool isLoopbackHost(const std::string &Host) {
  if (Host == "localhost" || Host == "::1")
    return true;
  in_addr A;
  return inet_pton(AF_INET, Host.c_str(), &A) == 1 &&
         (ntohl(A.s_addr) >> 24) == 127;
}

bool parseListen(const std::string &Text, ServeOptions &O, std::string &Error) {
  std::string Host = Text, Port;
  if (!Text.empty() && Text[0] == '[') {
    size_t End = Text.find(']');
    if (End == std::string::npos) {
      Error = "--listen " + Text + ": expected [ADDR]:PORT";
      return false;
    }
    Host = Text.substr(1, End - 1);
    if (End + 1 < Text.size()) {
      if (Text[End + 1] != ':') {
        Error = "--listen " + Text + ": expected [ADDR]:PORT";
        return false;
      }
      Port = Text.substr(End + 2);
    }
  } else if (size_t Colon = Text.rfind(':'); Colon != std::string::npos) {
    if (Text.find(':') != Colon) {
      Error = "--listen " + Text + ": write an IPv6 address as [ADDR]:PORT";
      return false;
    }
    Host = Text.substr(0, Colon);
    Port = Text.substr(Colon + 1);
  }
  if (!Host.empty())
    O.Host = Host;
  if (!Text.empty() && Text.back() == ':') {
    Error = "--listen " + Text + ": no port after ':'";
    return false;
  }
  if (!Port.empty()) {
    char *End = nullptr;
    long P = std::strtol(Port.c_str(), &End, 10);
    if (*End || P < 0 || P > 65535) {
      Error = "--listen " + Text + ": the port must be 0 to 65535";
      return false;
    }
    O.Port = int(P);
  }
  return true;
}

namespace {

/// Before any route: the bounds on a request, read-only methods, and who
/// may ask (a loopback name without a token, the token with one).
void guardRequests(BoundedServer &Svr, const std::string &Token) {
  Svr.set_pre_routing_handler([Token](const httplib::Request &Req,
                                      httplib::Response &Res) {
    using R = httplib::Server::HandlerResponse;
    Res.set_header("Cache-Control", "no-store");
    Res.set_header("X-Content-Type-Options", "nosniff");
    std::string Length = Req.get_header_value("Content-Length");
    if (!Length.empty() &&
        std::strtoull(Length.c_str(), nullptr, 10) > MaxBodyBytes) {
      plain(Res, 413, "request too large (the server takes at most 64 KiB)");
      Res.set_header("Connection", "close");
      return R::Handled;
    }
    if (Req.method != "GET" && Req.method != "HEAD") {
      Res.set_header("Allow", "GET, HEAD");
      plain(Res, 405, "read-only: GET and HEAD only");
      return R::Handled;
    }
    if (Token.empty()) {
      std::string Host = Req.get_header_value("Host");
      if (!Host.empty() && !isLoopbackHost(hostPart(Host))) {
        plain(Res, 403,
              "this server answers requests to a loopback name "
              "only (start it with --token to serve others)");
        return R::Handled;
      }
      return R::Unhandled;
    }
    std::string Auth = Req.get_header_value("Authorization");
    std::string Given = Auth.rfind("Bearer ", 0) == 0 ? Auth.substr(7)
                        : Req.has_param("token") ? Req.get_param_value("token")
                                                 : std::string();
    if (!sameSecret(Given, Token)) {
      Res.set_header("WWW-Authenticate", "Bearer realm=\"hotpath\"");
      plain(Res, 401, Given.empty() ? "a token is required" : "wrong token");
      return R::Handled;
    }
    return R::Unhandled;
  });
}

/// The report's routes: the live page, /metrics, /api/report(s), the flame
/// graph.
void addReportRoutes(BoundedServer &Svr, ReportSource &Source) {
  Svr.Get("/", [](const httplib::Request &, httplib::Response &Res) {
    Res.set_header("Content-Security-Policy",
                   "default-src 'self'; script-src 'unsafe-inline'; "
                   "style-src 'unsafe-inline'");
    Res.set_content(livePageHtml(), "text/html; charset=utf-8");
  });

  Svr.Get("/metrics",
          [&Source](const httplib::Request &, httplib::Response &Res) {
            std::string Error;
            auto L = Source.current(Error);
            if (!L)
              return plain(Res, 503, Error);
            Res.set_content(L->Metrics, views::PrometheusContentType);
          });

  Svr.Get("/api/report",
          [&Source](const httplib::Request &Req, httplib::Response &Res) {
            std::string Error;
            bool ByName = Req.has_param("name");
            auto L = ByName ? Source.named(Req.get_param_value("name"), Error)
                            : Source.current(Error);
            // By name: 404 for any name that gives no report, so that the
            // answer tells nothing of what exists outside the directory.
            if (!L)
              return plain(Res, ByName ? 404 : 503, Error);
            versioned(Req, Res, *L, L->Json, "application/json");
          });

  Svr.Get("/api/reports", [&Source](const httplib::Request &,
                                    httplib::Response &Res) {
    nlohmann::json Out = nlohmann::json::array();
    if (Source.isDirectory()) {
      std::string Root = Source.root();
      for (const std::string &F : report::reportFilesUnder(Root)) {
        struct stat St;
        if (stat(F.c_str(), &St) != 0)
          continue;
        Out.push_back(
            {{"name", F.substr(Root.size() + 1)},
             {"bytes", uint64_t(St.st_size)},
             {"modified_unix_ns", uint64_t(St.st_mtim.tv_sec) * 1000000000ull +
                                      uint64_t(St.st_mtim.tv_nsec)}});
      }
    }
    Res.set_content(Out.dump() + "\n", "application/json");
  });

  Svr.Get("/flamegraph.svg",
          [&Source](const httplib::Request &Req, httplib::Response &Res) {
            std::string Error;
            auto L = Source.current(Error);
            if (!L)
              return plain(Res, 503, Error);
            if (L->FlameSvg.empty())
              return plain(Res, 404, "this report has no call tree");
            versioned(Req, Res, *L, L->FlameSvg, "image/svg+xml");
          });

  Svr.set_error_handler([](const httplib::Request &, httplib::Response &Res) {
    if (Res.body.empty())
      plain(Res, Res.status, Res.status == 404 ? "not found" : "refused");
  });
}

/// With --history: the history page and its API (HistoryPage.h).
void addHistoryRoutes(BoundedServer &Svr, const std::string &Store) {
  Svr.Get("/history", [](const httplib::Request &, httplib::Response &Res) {
    Res.set_header("Content-Security-Policy",
                   "default-src 'self'; script-src 'unsafe-inline'; "
                   "style-src 'unsafe-inline'");
    Res.set_content(historyPageHtml(), "text/html; charset=utf-8");
  });
  Svr.Get("/api/history",
          [Store](const httplib::Request &Req, httplib::Response &Res) {
            std::map<std::string, std::string> P;
            for (const auto &[K, V] : Req.params)
              P[K] = V;
            std::string Json, Error;
            if (!historyJson(Store, P, Json, Error))
              return plain(Res, 400, Error);
            Res.set_content(Json, "application/json");
          });
}

} // namespace

int serveHttp(ReportSource &Source, const ServeOptions &O) {
  BoundedServer Svr;
  guardRequests(Svr, O.Token);
  addReportRoutes(Svr, Source);
  if (!O.HistoryStore.empty())
    addHistoryRoutes(Svr, O.HistoryStore);
  const std::string &Token = O.Token;

  int Port = O.Port;
  bool Bound = Port == 0 ? (Port = Svr.bind_to_any_port(O.Host)) > 0
                         : Svr.bind_to_port(O.Host, Port);
  if (Bound)
    Svr.widenBacklog();
  if (!Bound) {
    std::fprintf(stderr, "hotpath: cannot listen on %s:%d\n", O.Host.c_str(),
                 O.Port);
    return 2;
  }
  std::string Shown =
      O.Host.find(':') != std::string::npos ? "[" + O.Host + "]" : O.Host;
  std::string What =
      Source.root().empty() ? "the history " + O.HistoryStore : Source.root();
  std::fprintf(stderr, "hotpath: serving %s on http://%s:%d/%s\n", What.c_str(),
               Shown.c_str(), Port, Token.empty() ? "" : " (token required)");
  std::fflush(stderr);
  // SIGINT and SIGTERM stop the server (and `hotpath serve` exits 0): they
  // are blocked here, before any connection thread starts, and a thread of
  // its own waits for them.
  sigset_t Stop;
  sigemptyset(&Stop);
  sigaddset(&Stop, SIGINT);
  sigaddset(&Stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &Stop, nullptr);
  std::thread([&Svr, Stop] {
    int Sig;
    sigwait(&Stop, &Sig);
    Svr.stopNow();
  }).detach();
  return Svr.listen_after_bind() ? 0 : 2;
}

} // namespace hotpath::tool::serve

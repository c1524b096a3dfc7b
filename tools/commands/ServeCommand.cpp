//===- ServeCommand.cpp - `hotpath serve`: metrics and a live page --------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportDir.h"
#include "serve/HttpServer.h"

#include <csignal>

namespace hotpath::tool {

namespace {

struct ServeCommand {
  static const CommandInfo Info;
  std::string Path, Listen = "127.0.0.1:6770", Token, History;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo ServeCommand::Info = {
    "serve",
    "serve a report or a directory over HTTP: Prometheus metrics, a live "
    "page",
    "hotpath serve DIR|FILE [--listen ADDR:PORT] [--token T] [--history "
    "STORE]\n"
    "hotpath serve --history STORE [--listen ADDR:PORT] [--token T]",
    "Read-only HTTP for dashboards and people: /metrics (the newest\n"
    "report in the Prometheus text format), /api/report (its JSON), and a\n"
    "live page at / (the functions table and the flame graph, redrawn as\n"
    "snapshots come). FILE: a snapshot a running program replaces\n"
    "(HOTPATH_SNAPSHOT_PATH); DIR: its newest report. Listens on loopback;\n"
    "any other address needs --token, which every request must then carry\n"
    "(docs/dashboards.md). --history STORE also serves /history: a\n"
    "function's series over the stored runs, plotted with its change\n"
    "points (docs/history.md).",
    "hotpath serve /tmp/app.snapshot.json\n"
    "hotpath serve reports/ --listen 0.0.0.0:6770 --token \"$TOKEN\"",
    "0 when stopped (SIGINT, SIGTERM), 2 on a bad argument or an address\n"
    "it cannot bind"};

void ServeCommand::declare(CLI::App &App) {
  App.add_option("path", Path, "a report file or a directory of reports")
      ->option_text("DIR|FILE");
  App.add_option("--history", History,
                 "a history store (hotpath history): serve /history")
      ->option_text("STORE");
  App.add_option("--listen", Listen,
                 "address and port (default 127.0.0.1:6770; port 0: any)")
      ->option_text("ADDR:PORT");
  App.add_option("--token", Token,
                 "a secret every request must carry (Authorization: Bearer)")
      ->option_text("T");
}

int ServeCommand::run(const Invocation &) {
  serve::ServeOptions O;
  O.Token = Token;
  std::string Error;
  if (!serve::parseListen(Listen, O, Error))
    return fail(Error);
  O.HistoryStore = History;
  if (Path.empty() && History.empty())
    return fail("expected DIR|FILE, or --history STORE (see hotpath serve "
                "--help)");
  if (!Path.empty() && !report::pathExists(Path))
    return fail(Path + ": no such file or directory");
  if (O.Token.empty() && !serve::isLoopbackHost(O.Host))
    return fail("refusing to serve on " + O.Host +
                " without --token: only loopback addresses are served "
                "without one");
  // A client that goes away mid-answer must not end the server.
  std::signal(SIGPIPE, SIG_IGN);
  serve::ReportSource Source(Path);
  return serve::serveHttp(Source, O);
}

Command addServeCommand(CLI::App &Root) {
  return makeCommand<ServeCommand>(Root);
}

} // namespace hotpath::tool

//===- PushCommand.cpp - `hotpath push`: a run to a Prometheus Pushgateway ===//
//
// For teams whose dashboards are Prometheus's: each report's figures (the
// text `hotpath serve` gives on /metrics) are PUT to the Pushgateway under
// the grouping key job=JOB, benchmark=NAME (the report's meta.benchmark,
// else its program's name): a new run replaces the benchmark's previous
// one there, and Prometheus scrapes the gateway. The label values go
// base64url-encoded in the path (the gateway's `@base64` form), so that
// any name is a valid one.
//
//===----------------------------------------------------------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/views/Prometheus.h"

#include <httplib.h>

#include <cstdio>

namespace hotpath::tool {

namespace {

struct PushCommand {
  static const CommandInfo Info;
  std::vector<std::string> Files;
  std::string Gateway, Job = "hotpath";
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

/// RFC 4648's URL-safe alphabet, with padding (as the gateway takes it).
std::string base64Url(const std::string &In) {
  static const char *A =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string Out;
  size_t I = 0;
  for (; I + 2 < In.size(); I += 3) {
    unsigned V = (unsigned char)In[I] << 16 | (unsigned char)In[I + 1] << 8 |
                 (unsigned char)In[I + 2];
    Out += {A[V >> 18], A[V >> 12 & 63], A[V >> 6 & 63], A[V & 63]};
  }
  if (I + 1 == In.size()) {
    unsigned V = (unsigned char)In[I] << 16;
    Out += {A[V >> 18], A[V >> 12 & 63], '=', '='};
  } else if (I + 2 == In.size()) {
    unsigned V = (unsigned char)In[I] << 16 | (unsigned char)In[I + 1] << 8;
    Out += {A[V >> 18], A[V >> 12 & 63], A[V >> 6 & 63], '='};
  }
  return Out;
}

std::string baseName(const std::string &P) {
  size_t Slash = P.find_last_of('/');
  return Slash == std::string::npos ? P : P.substr(Slash + 1);
}

} // namespace

const CommandInfo PushCommand::Info = {
    "push",
    "send a run's figures to a Prometheus Pushgateway",
    "hotpath push REPORT.json|DIR... --gateway http://HOST:9091 [--job NAME]",
    "PUTs each report's figures (the Prometheus text of hotpath serve's\n"
    "/metrics) to the Pushgateway, grouped by job and benchmark (the\n"
    "report's meta.benchmark, else its program's name): the next push of a\n"
    "benchmark replaces its figures there (docs/dashboards.md).",
    "",
    "0 success, 2 bad input or usage, or the gateway refused or could not "
    "be reached"};

void PushCommand::declare(CLI::App &App) {
  App.add_option("reports", Files, "reports, or directories of them")
      ->option_text("REPORT.json|DIR...")
      ->required();
  App.add_option("--gateway", Gateway, "the Pushgateway's URL")
      ->option_text("URL")
      ->required();
  App.add_option("--job", Job, "the job label (default hotpath)")
      ->option_text("NAME");
}

int PushCommand::run(const Invocation &) {
  std::vector<report::Report> Reports;
  if (std::string Error; !report::readReports(Files, Reports, Error))
    return fail(Error);
  std::string Url = Gateway;
  while (!Url.empty() && Url.back() == '/')
    Url.pop_back();
  size_t Scheme = Url.find("://");
  size_t PathAt = Url.find('/', Scheme == std::string::npos ? 0 : Scheme + 3);
  std::string Host = Url.substr(0, PathAt),
              Prefix = PathAt == std::string::npos ? "" : Url.substr(PathAt);
  httplib::Client C(Host);
  if (!C.is_valid())
    return fail("--gateway " + report::terminalText(Gateway) +
                ": not an http:// or https:// URL");
  C.set_connection_timeout(10);
  C.set_read_timeout(30);
  for (const report::Report &R : Reports) {
    std::string Bench = R.M.Benchmark    ? *R.M.Benchmark
                        : R.M.Executable ? baseName(*R.M.Executable)
                                         : "hotpath";
    std::string Path = Prefix + "/metrics/job@base64/" + base64Url(Job) +
                       "/benchmark@base64/" + base64Url(Bench);
    httplib::Result Res =
        C.Put(Path, views::prometheusText(R), views::PrometheusContentType);
    if (!Res)
      return fail("cannot reach " + report::terminalText(Host) + ": " +
                  httplib::to_string(Res.error()));
    if (Res->status / 100 != 2)
      return fail("the gateway refused " + report::terminalText(Bench) +
                  " (HTTP " + std::to_string(Res->status) +
                  "): " + report::terminalText(Res->body.substr(0, 300)));
    std::fprintf(stderr, "hotpath: pushed %s to %s\n",
                 report::terminalText(Bench).c_str(),
                 report::terminalText(Host + Path).c_str());
  }
  return ExitOk;
}

Command addPushCommand(CLI::App &Root) {
  return makeCommand<PushCommand>(Root);
}

} // namespace hotpath::tool

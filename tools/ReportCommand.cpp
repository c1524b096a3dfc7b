//===- ReportCommand.cpp - `hotpath report FILE.json` ---------------------===//
#include "Commands.h"
#include "hotpath/report/FileRead.h"
#include "hotpath/report/Focus.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportTable.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <sys/ioctl.h>
#include <unistd.h>

namespace hotpath::tool {

const char *const ReportUsage =
    "usage: hotpath report FILE.json [--format table|markdown|json]\n"
    "                              [--limit N] [--focus TEXT|/REGEX/]\n"
    "                              [--name-width N] [--location]\n"
    "\n"
    "Renders a report written by a profiled program "
    "(HOTPATH_OUTPUT_FORMAT=json).\n"
    "  --format   table (default), markdown (for CI comments), or json\n"
    "             (the validated report, re-serialised)\n"
    "  --limit    rows per section in table/markdown (default 15, 0 = all)\n"
    "  --focus    only rows whose name contains TEXT or matches /REGEX/\n"
    "  --name-width  the Function column's width: longer names are elided\n"
    "             (0 = never; default HOTPATH_NAME_WIDTH, else the terminal's\n"
    "             width, else 60); JSON always keeps the full names\n"
    "  --location a Location column (file:line) after the Function column\n";

int reportCommand(const Args &A) {
  std::string File, Format = "table", Focus;
  unsigned Limit = 15;
  long NameWidth = -1; // -1: not given
  bool Location = false;
  for (size_t I = 0; I < A.size(); ++I) {
    const std::string &S = A[I];
    auto Value = [&](const char *Opt, std::string &Out) {
      return optionValue(A, I, Opt, Out);
    };
    try {
      std::string V;
      if (Value("--format", Format))
        continue;
      if (Value("--focus", Focus))
        continue;
      if (S == "--location") {
        Location = true;
        continue;
      }
      if (Value("--name-width", V)) {
        char *End = nullptr;
        unsigned long N = std::strtoul(V.c_str(), &End, 10);
        if (V.empty() || *End || V[0] == '-' || N > 100000 || (N && N < 10))
          return badInput("report: --name-width expects 0 or an integer >= "
                          "10, got '" +
                          V + "'");
        NameWidth = long(N);
        continue;
      }
      if (Value("--limit", V)) {
        char *End = nullptr;
        unsigned long N = std::strtoul(V.c_str(), &End, 10);
        if (V.empty() || *End || V[0] == '-' || N > 1000000000)
          return badInput("report: --limit expects an integer >= 0, got '" + V +
                          "'");
        Limit = unsigned(N);
        continue;
      }
    } catch (const std::string &Msg) {
      return badInput("report: " + Msg);
    }
    if (S.size() > 1 && S[0] == '-') // "-" alone is stdin
      return badInput("report: unknown option '" + S +
                      "' (see hotpath report --help)");
    if (!File.empty())
      return badInput("report: one report at a time (got '" + File + "' and '" +
                      S + "')");
    File = S;
  }
  if (File.empty())
    return badInput("report: missing FILE.json (usage: hotpath report "
                    "FILE.json [--format table|markdown|json])");
  if (Format != "table" && Format != "markdown" && Format != "json")
    return badInput("report: unknown format '" + Format +
                    "' (accepted: table, markdown, json)");

  if (!report::Focus(Focus).valid())
    return badInput("report: invalid --focus regex '" + Focus + "'");

  report::Report R;
  std::string Error;
  if (File == "-") {
    std::string Text;
    char Buf[65536];
    while (std::cin.read(Buf, sizeof Buf) || std::cin.gcount() > 0) {
      Text.append(Buf, size_t(std::cin.gcount()));
      if (Text.size() > report::MaxInputFileBytes)
        return badInput("<stdin>: larger than " +
                        report::describeLimit(report::MaxInputFileBytes) +
                        ", the most hotpath reads");
    }
    if (!report::parseReport(Text, R, Error))
      return badInput("<stdin>: " + Error);
  } else if (!report::readReportFile(File, R, Error)) {
    return badInput(File + ": " + Error);
  }

  std::string Out;
  if (Format == "json") {
    Out = report::writeJson(R, /*Pretty=*/true);
  } else {
    report::TableOptions T;
    T.Limit = Limit;
    T.Focus = Focus;
    T.ShowWarnings = true;
    T.Location = Location;
    if (NameWidth < 0)
      if (const char *Env = std::getenv("HOTPATH_NAME_WIDTH"))
        NameWidth = std::strtol(Env, nullptr, 10);
    struct winsize W;
    if (NameWidth >= 0)
      T.NameWidth = size_t(NameWidth);
    else if (Format == "table" && isatty(1) && ioctl(1, TIOCGWINSZ, &W) == 0 &&
             W.ws_col)
      T.TerminalColumns = W.ws_col;
    else if (Format == "table")
      T.NameWidth = report::DefaultNameWidth;
    Out = Format == "table" ? report::renderTable(R, T)
                            : report::renderMarkdown(R, T);
  }
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
}

} // namespace hotpath::tool

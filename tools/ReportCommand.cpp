//===- ReportCommand.cpp - `hotpath report FILE.json` ---------------------===//
#include "Commands.h"
#include "Focus.h"
#include "ReportJson.h"
#include "ReportTable.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>

namespace hotpath::tool {

const char *const ReportUsage =
    "usage: hotpath report FILE.json [--format table|markdown|json]\n"
    "                              [--limit N] [--focus TEXT|/REGEX/]\n"
    "\n"
    "Renders a report written by a profiled program "
    "(HOTPATH_OUTPUT_FORMAT=json).\n"
    "  --format   table (default), markdown (for CI comments), or json\n"
    "             (the validated report, re-serialised)\n"
    "  --limit    rows per section in table/markdown (default 15, 0 = all)\n"
    "  --focus    only rows whose name contains TEXT or matches /REGEX/\n";

int reportCommand(const Args &A) {
  std::string File, Format = "table", Focus;
  unsigned Limit = 15;
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
    std::string Text((std::istreambuf_iterator<char>(std::cin)),
                     std::istreambuf_iterator<char>());
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
    Out = Format == "table" ? report::renderTable(R, T)
                            : report::renderMarkdown(R, T);
  }
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
}

} // namespace hotpath::tool

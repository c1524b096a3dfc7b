//===- ReportCommand.cpp - `hotpath report FILE.json` ---------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/CallTree.h"
#include "hotpath/report/Focus.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/ReportTable.h"
#include "hotpath/samples/Attribution.h"
#include "hotpath/samples/HotLines.h"
#include "hotpath/samples/Join.h"
#include "hotpath/samples/LockNames.h"
#include "hotpath/sizes/SizesFit.h"
#include "hotpath/support/FileRead.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <sys/ioctl.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

struct ReportCommand {
  static const CommandInfo Info;
  std::vector<std::string> Files;
  std::string Format = "table", Focus;
  unsigned Limit = 15;
  bool Location = false;
  std::string Sort = "total";
  long NameWidth = -1; // -1: not given
  bool Tree = false, Sizes = false;
  size_t Depth = 0, Children = 0;
  std::string Lines; // --lines FUNCTION
  void declare(CLI::App &App);
  int run(const Invocation &I);
  int runLines(const report::Report &R, const samples::SampleProfile &P,
               const std::vector<std::string> &Notes);
};

} // namespace

const CommandInfo ReportCommand::Info = {
    "report",
    "render a JSON report",
    "hotpath report FILE.json [--format table|markdown|json] [--sort KEY] "
    "[--limit N] [--focus TEXT|/REGEX/] [--name-width N] [--location]\n"
    "hotpath report FILE.json --tree [--depth N] [--children N] [--focus ...]\n"
    "hotpath report FILE.json --lines FUNCTION [--limit N]\n"
    "hotpath report FILE.json --sizes [--focus ...] [--limit N]",
    "Renders a report written by a profiled program "
    "(HOTPATH_OUTPUT_FORMAT=json);\n"
    "FILE.json may be - (stdin). With CPU samples (HOTPATH_CPU_SAMPLING),\n"
    "the timing table gains CPU, Self CPU and Off-CPU columns.",
    "",
    ""};

void ReportCommand::declare(CLI::App &App) {
  App.add_option("file", Files, "the report")->option_text("FILE.json");
  App.add_option("--format", Format,
                 "table (default), markdown (for CI comments), or json (the "
                 "validated report, re-serialised)")
      ->option_text("FORMAT")
      ->check(oneOf({"table", "markdown", "json"}));
  App.add_option("--sort", Sort,
                 "order of the rows, the largest first: total (default), "
                 "self, avg, calls, cpu, self-cpu (CPU samples), or name "
                 "(alphabetical)")
      ->option_text("KEY")
      ->check(
          oneOf({"total", "self", "avg", "calls", "cpu", "self-cpu", "name"}));
  App.add_option("--limit", Limit,
                 "rows per section in table/markdown (default 15, 0 = all)")
      ->option_text("N")
      ->check(unsignedIn(0, 1000000000, "expects an integer >= 0"));
  App.add_option("--focus", Focus,
                 "only rows whose name contains TEXT or matches /REGEX/")
      ->option_text("TEXT|/REGEX/");
  App.add_option("--name-width", NameWidth,
                 "the Function column's width: longer names are elided (0 = "
                 "never; default HOTPATH_NAME_WIDTH, else the terminal's "
                 "width, else 60); JSON always keeps the full names")
      ->option_text("N")
      ->check(CLI::Validator(
          [](std::string &V) -> std::string {
            char *End = nullptr;
            unsigned long N = std::strtoul(V.c_str(), &End, 10);
            if (V.empty() || *End || V[0] == '-' || N > 100000 || (N && N < 10))
              return "expects 0 or an integer >= 10, got '" + V + "'";
            return "";
          },
          "N"));
  App.add_flag("--location", Location,
               "a Location column (file:line) after the Function column");
  App.add_option("--lines", Lines,
                 "the hot source lines of one measured function and the "
                 "unmeasured functions it calls, from the CPU samples "
                 "(TEXT or /REGEX/ naming one function)")
      ->option_text("FUNCTION");
  App.add_flag("--tree", Tree,
               "print the call tree (call paths) instead of the tables");
  App.add_flag("--sizes", Sizes,
               "print each function's cost against its input size ([sizes] "
               "in hotpath.toml) and the complexity fitted to it");
  App.add_option("--depth", Depth, "with --tree: levels shown (0 = all)")
      ->option_text("N")
      ->check(unsignedIn(0, 100000, "expects an integer >= 0"));
  App.add_option("--children", Children,
                 "with --tree: children shown per path, the largest first "
                 "(0 = all)")
      ->option_text("N")
      ->check(unsignedIn(0, 100000, "expects an integer >= 0"));
}

int ReportCommand::run(const Invocation &I) {
  const CLI::App &App = I.App;
  if (Files.size() > 1)
    return fail("one report at a time (got '" + Files[0] + "' and '" +
                Files[1] + "')");
  std::string File = Files.empty() ? "" : Files[0];
  if (File.empty())
    return fail("missing FILE.json (usage: hotpath report "
                "FILE.json [--format table|markdown|json])");

  if (!report::Focus(Focus).valid())
    return fail("invalid --focus regex '" + Focus + "'");

  report::Report R;
  std::string Error;
  if (File == "-") {
    std::string Text;
    char Buf[65536];
    while (std::cin.read(Buf, sizeof Buf) || std::cin.gcount() > 0) {
      Text.append(Buf, size_t(std::cin.gcount()));
      if (Text.size() > support::MaxInputFileBytes)
        return fail("<stdin>: larger than " +
                    support::describeLimit(support::MaxInputFileBytes) +
                    ", the most hotpath reads");
    }
    if (!report::parseReport(Text, R, Error))
      return fail("<stdin>: " + Error);
  } else if (!report::readReportFile(File, R, Error)) {
    return fail(File + ": " + Error);
  }

  // CPU samples: symbolized now, joined to the measured functions.
  samples::Joined J = samples::joinSamples(R);
  samples::nameLocks(R.Locks); // by symbol, or where first taken
  if (App.count("--lines"))
    return runLines(R, J.Profile, J.Notes);

  report::RowOrder Order = report::RowOrder::Total;
  report::parseRowOrder(Sort, Order); // checked by the option
  // The default mode times only the long functions: by CPU, as perf.
  if (!App.count("--sort") && R.M.Mode == "default" && J.Profile.Samples)
    Order = report::RowOrder::Cpu;
  for (report::FunctionsSection *S : {&R.Timing, &R.Alloc, &R.Icount})
    report::sortRows(S->Data, Order);
  // What the runtime has not fitted (a merged report's buckets) is.
  sizes::fitSizes(R.Sizes);
  if (Sizes && !R.Sizes.Present)
    return fail(File + " has no functions_sizes section (no [sizes] in the "
                       "hotpath.toml the program was compiled with)");

  std::string Out;
  if (Tree) {
    if (!R.Tree.Present)
      return fail("" + File +
                  " has no call tree (a count-only run, "
                  "HOTPATH_MAX_PATHS=0, or a report of an older hotpath)");
    report::TreeView V;
    V.MaxDepth = Depth;
    V.MaxChildren = Children;
    // As in the program's own table: HOTPATH_FOCUS unless --focus is given.
    const char *EnvFocus = std::getenv("HOTPATH_FOCUS");
    V.Focus = !App.count("--focus") && EnvFocus ? EnvFocus : Focus;
    if (!report::Focus(V.Focus).valid())
      return fail("invalid HOTPATH_FOCUS regex '" + V.Focus + "'");
    if (NameWidth >= 0)
      V.NameWidth = size_t(NameWidth);
    // A tree of the samples alone is of CPU time: its shares are of the
    // program's CPU (the cost of measuring out), not of the session.
    if (R.Tree.FromSamples)
      V.SessionNs = J.Profile.CpuNs > J.Profile.MeasuringNs
                        ? J.Profile.CpuNs - J.Profile.MeasuringNs
                        : 0;
    else if (R.Timing.Present)
      V.SessionNs = R.Timing.Total;
    Out = report::renderTree(R.Tree, V);
  } else if (Format == "json") {
    Out = report::writeJson(R, /*Pretty=*/true);
  } else {
    report::TableOptions T;
    T.Limit = Limit;
    T.Focus = Focus;
    T.ShowWarnings = true;
    T.Location = Location;
    T.Notes = J.Notes;
    T.CpuAttributed = R.Cpu.Present;
    T.SizesOnly = Sizes;
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

int ReportCommand::runLines(const report::Report &R,
                            const samples::SampleProfile &P,
                            const std::vector<std::string> &Notes) {
  if (!R.Cpu.Present)
    return fail("--lines needs CPU samples: the report has none (run the "
                "program with HOTPATH_CPU_SAMPLING=1000)");
  report::Focus F(Lines);
  if (!F.valid())
    return fail("invalid --lines regex '" + Lines + "'");
  // The one measured function meant: the name itself, else the only match.
  std::vector<std::string> Matches;
  for (const report::MeasuredSymbol &M : R.Cpu.Measured) {
    if (M.Name == Lines) {
      Matches = {M.Name};
      break;
    }
    if (F.matches(M.Name) &&
        std::find(Matches.begin(), Matches.end(), M.Name) == Matches.end())
      Matches.push_back(M.Name);
  }
  if (Matches.empty())
    return fail("no measured function that ran matches '" + Lines + "'");
  if (Matches.size() > 1) {
    std::string List;
    for (size_t K = 0; K < Matches.size() && K < 10; ++K)
      List += "\n  " + Matches[K];
    return fail("'" + Lines + "' matches " + std::to_string(Matches.size()) +
                " measured functions; name one:" + List);
  }
  std::string Out;
  for (const std::string &N : Notes)
    Out += N + "\n";
  Out += samples::renderHotLines(samples::hotLines(P, Matches[0]), Limit);
  std::fwrite(Out.data(), 1, Out.size(), stdout);
  return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
}

Command addReportCommand(CLI::App &Root) {
  return makeCommand<ReportCommand>(Root);
}

} // namespace hotpath::tool

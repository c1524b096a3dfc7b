//===- Main.cpp - `hotpath`: dispatch to the subcommands ------------------===//
#include "Commands.h"
#include "hotpath/report/Version.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

namespace hotpath::tool {

int badInput(const std::string &Message) {
  std::fprintf(stderr, "hotpath: %s\n", Message.c_str());
  return ExitBadInput;
}

namespace {

struct Command {
  const char *Name;
  int (*Run)(const Args &);
  const char *Summary;
};

const Command Commands[] = {
    {"report", reportCommand, "render a JSON report"},
    {"run", runCommand, "run natively and under Callgrind, merge the reports"},
    {"bench", benchCommand,
     "run each Google Benchmark of a suite so, one report per benchmark"},
    {"merge", mergeCommand,
     "merge native + Callgrind reports, or sum reports of one build"},
    {"diff", diffCommand, "judge HEAD against BASE under a policy"},
    {"calibrate", calibrateCommand,
     "measure run-to-run noise, suggest policy thresholds"},
    {"flamegraph", flamegraphCommand,
     "draw the call tree as an interactive SVG (or the change of two)"},
    {"export", exportCommand,
     "write the call tree for other viewers, or figures for trackers"},
    {"trim", trimCommand,
     "exclude what costs more to measure than it takes, under a budget"},
    {"top", topCommand, "follow a running program's snapshots in the terminal"},
    {"init", initCommand,
     "write a starter hotpath.toml and hotpath/policy.toml"},
};

// Levenshtein distance, for the suggestion of a mistyped command.
size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<size_t> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    size_t Diag = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Up = Row[J];
      Row[J] = std::min(
          {Row[J] + 1, Row[J - 1] + 1, Diag + (A[I - 1] == B[J - 1] ? 0 : 1)});
      Diag = Up;
    }
  }
  return Row[B.size()];
}

// ": did you mean 'diff'?" for a near miss (or a prefix), else "".
std::string suggestion(const std::string &Typed) {
  const char *Best = nullptr;
  size_t BestD = 3; // at most two edits away
  for (const Command &C : Commands) {
    size_t D = std::string(C.Name).rfind(Typed, 0) == 0 && !Typed.empty()
                   ? 1
                   : editDistance(Typed, C.Name);
    if (D < BestD) {
      BestD = D;
      Best = C.Name;
    }
  }
  return Best ? std::string(": did you mean '") + Best + "'?" : "";
}

// "report, run, merge, ...": from the table, so it is never out of date.
std::string commandList() {
  std::string L;
  for (const Command &C : Commands)
    L += (L.empty() ? "" : ", ") + std::string(C.Name);
  return L;
}

void printHelp(FILE *Out) {
  std::fprintf(Out,
               "hotpath %s - a profiler for C and C++ built on an LLVM pass\n"
               "\n"
               "usage: hotpath <command> [options]\n"
               "\n"
               "commands:\n",
               report::hotpathVersion());
  for (const Command &C : Commands)
    std::fprintf(Out, "  %-10s %s\n", C.Name, C.Summary);
  std::fprintf(Out,
               "\noptions:\n"
               "  --help      show this help (or `hotpath <command> --help`)\n"
               "  --version   show the version\n"
               "\nexit status: 0 success, 2 bad input or usage\n");
}

int run(int Argc, char **Argv) {
  if (Argc < 2) {
    printHelp(stderr);
    return ExitBadInput;
  }
  std::string First = Argv[1];
  if (First == "--help" || First == "-h" || First == "help") {
    printHelp(stdout);
    return ExitOk;
  }
  if (First == "--version" || First == "-V") {
    std::printf("hotpath %s\n", report::hotpathVersion());
    return ExitOk;
  }
  for (const Command &C : Commands) {
    if (First != C.Name)
      continue;
    return C.Run(Args(Argv + 2, Argv + Argc));
  }
  return badInput("unknown command '" + First + "'" + suggestion(First) +
                  " (commands: " + commandList() + "; see hotpath --help)");
}

} // namespace
} // namespace hotpath::tool

int main(int Argc, char **Argv) {
  // Bad input must never crash: anything unexpected is one line and 2.
  try {
    return hotpath::tool::run(Argc, Argv);
  } catch (const std::exception &E) {
    return hotpath::tool::badInput(std::string("internal error: ") + E.what());
  } catch (...) {
    return hotpath::tool::badInput("internal error");
  }
}

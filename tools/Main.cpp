//===- Main.cpp - `hotpath`: dispatch to the subcommands ------------------===//
#include "Commands.h"
#include "hotpath/report/Version.h"

#include <cstdio>
#include <cstring>
#include <exception>

namespace hotpath::tool {

int badInput(const std::string &Message) {
  std::fprintf(stderr, "hotpath: %s\n", Message.c_str());
  return ExitBadInput;
}

bool optionValue(const Args &A, size_t &I, const char *Opt, std::string &Out) {
  const std::string &S = A[I];
  std::string Prefix = std::string(Opt) + "=";
  if (S.rfind(Prefix, 0) == 0) {
    Out = S.substr(Prefix.size());
    return true;
  }
  if (S != Opt)
    return false;
  if (I + 1 >= A.size())
    throw std::string(Opt) + " needs a value";
  Out = A[++I];
  return true;
}

namespace {

struct Command {
  const char *Name;
  int (*Run)(const Args &);
  const char *const *Usage;
  const char *Summary;
};

const Command Commands[] = {
    {"report", reportCommand, &ReportUsage, "render a JSON report"},
    {"run", runCommand, &RunUsage,
     "run natively and under Callgrind, merge the reports"},
    {"merge", mergeCommand, &MergeUsage,
     "merge native + Callgrind reports, or sum reports of one build"},
    {"diff", diffCommand, &DiffUsage, "judge HEAD against BASE under a policy"},
    {"calibrate", calibrateCommand, &CalibrateUsage,
     "measure run-to-run noise, suggest policy thresholds"},
    {"init", initCommand, &InitUsage,
     "write a starter hotpath.toml and hotpath/policy.toml"},
};

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
    Args A(Argv + 2, Argv + Argc);
    for (const std::string &S : A) {
      if (S == "--")
        break;
      if (S == "--help" || S == "-h") {
        std::fputs(*C.Usage, stdout);
        return ExitOk;
      }
    }
    return C.Run(A);
  }
  return badInput("unknown command '" + First +
                  "' (commands: report; see hotpath --help)");
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

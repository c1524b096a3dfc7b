//===- CommandLine.cpp - The `hotpath` commands on CLI11 ------------------===//
#include "cli/CommandLine.h"
#include "cli/HelpFormatter.h"
#include "hotpath/support/AtomicFile.h"

#include <cstdio>
#include <cstdlib>

namespace hotpath::tool {

CLI::App &addSubcommand(CLI::App &Root, const CommandInfo &Info) {
  CLI::App *App = Root.add_subcommand(Info.Name, Info.Summary);
  App->formatter(std::make_shared<HelpFormatter>(Info));
  App->set_help_flag("-h,--help", "show this help");
  // Unknown options are reported in the tool's words (Main.cpp).
  App->allow_extras();
  return *App;
}

int fail(const std::string &Message) { throw CommandError(Message); }

CLI::Validator unsignedIn(unsigned long Lo, unsigned long Hi,
                          const std::string &Expects) {
  return CLI::Validator(
      [=](std::string &V) -> std::string {
        char *End = nullptr;
        unsigned long N = std::strtoul(V.c_str(), &End, 10);
        if (V.empty() || *End || V[0] == '-' || V[0] == '+' || N < Lo || N > Hi)
          return Expects + ", got '" + V + "'";
        return "";
      },
      "N");
}

CLI::Validator numberIn(double Lo, double Hi, const std::string &Expects) {
  return CLI::Validator(
      [=](std::string &V) -> std::string {
        char *End = nullptr;
        double D = std::strtod(V.c_str(), &End);
        if (V.empty() || *End || !(D >= Lo && D <= Hi))
          return Expects + ", got '" + V + "'";
        return "";
      },
      "X");
}

CLI::Validator oneOf(std::vector<std::string> Values,
                     std::vector<std::string> Also) {
  std::string Expects = "expects ";
  for (size_t I = 0; I < Values.size(); ++I)
    Expects += (I == 0                   ? ""
                : I + 1 == Values.size() ? " or "
                                         : ", ") +
               Values[I];
  if (!Also.empty()) {
    Expects += " (or";
    for (size_t I = 0; I < Also.size(); ++I)
      Expects += (I ? ", " : " ") + Also[I];
    Expects += ")";
  }
  std::vector<std::string> All = Values;
  All.insert(All.end(), Also.begin(), Also.end());
  // Shared, not copied: IsMember's constructor template would take a copy
  // of itself for a set.
  auto Member = std::make_shared<CLI::IsMember>(All);
  return CLI::Validator(
      [Member, Expects](std::string &V) -> std::string {
        std::string Copy = V;
        if (!(*Member)(Copy).empty())
          return Expects + ", got '" + V + "'";
        return "";
      },
      "VALUE");
}

int writeStdout(const std::string &Data) {
  std::fwrite(Data.data(), 1, Data.size(), stdout);
  return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
}

int writeOutput(const std::string &Out, const std::string &Data) {
  if (toStdout(Out))
    return writeStdout(Data);
  std::string Error;
  if (!support::writeFileAtomically(Out, Data, Error))
    return fail("cannot write " + Out + ": " + Error);
  return ExitOk;
}

} // namespace hotpath::tool

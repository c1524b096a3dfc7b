//===- Main.cpp - `hotpath`: one CLI11 app, a subcommand per command ------===//
//
// Each command lives in tools/commands/ and registers itself on the root
// App (commands/Commands.h); this file parses the command line once and
// turns every way a command line can be wrong into one line and exit
// status 2 (cli/CommandLine.h).
//
//===----------------------------------------------------------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/Version.h"
#include "hotpath/support/Strings.h"

#include <algorithm>
#include <cstdio>
#include <exception>

namespace hotpath::tool {

namespace {

// `hotpath --help`: the commands, from the registered list.
class RootFormatter : public CLI::Formatter {
public:
  explicit RootFormatter(const std::vector<Command> &Commands)
      : Commands(Commands) {}
  std::string make_help(const CLI::App *, std::string,
                        CLI::AppFormatMode) const override {
    std::string Out = std::string("hotpath ") + report::hotpathVersion() +
                      " - a profiler for C and C++ built on an LLVM pass\n"
                      "\nusage: hotpath <command> [options]\n\ncommands:\n";
    for (const Command &C : Commands) {
      std::string Name = C.Info->Name;
      Out += "  " + Name +
             std::string(12 - std::min<size_t>(Name.size(), 11), ' ') +
             C.Info->Summary + "\n";
    }
    return Out +
           "\noptions:\n"
           "  --help      show this help (or `hotpath <command> --help`)\n"
           "  --version   show the version\n"
           "\nexit status: 0 success, 2 bad input or usage; a command may "
           "add its own\n(see its --help)\n";
  }

private:
  const std::vector<Command> &Commands;
};

int badUsage(const std::string &Message) {
  std::fprintf(stderr, "hotpath: %s\n", Message.c_str());
  return ExitBadInput;
}

// "report, run, merge, ...": from the registered list.
std::string commandList(const std::vector<Command> &Commands) {
  std::string L;
  for (const Command &C : Commands)
    L += (L.empty() ? "" : ", ") + std::string(C.Info->Name);
  return L;
}

// ": did you mean 'diff'?" for a near miss (or a prefix), else "".
std::string suggestion(const std::vector<Command> &Commands,
                       const std::string &Typed) {
  const char *Best = nullptr;
  size_t BestD = 3; // at most two edits away
  for (const Command &C : Commands) {
    std::string Name = C.Info->Name;
    size_t D = !Typed.empty() && support::startsWith(Name, Typed)
                   ? 1
                   : support::editDistance(Typed, Name);
    if (D < BestD) {
      BestD = D;
      Best = C.Info->Name;
    }
  }
  return Best ? std::string(": did you mean '") + Best + "'?" : "";
}

// "--limit: 1 required UINT missing" -> "--limit".
std::string leadingName(const std::string &What) {
  return What.substr(0, What.find_first_of(": "));
}

// A CLI11 parse error in the tool's words.
std::string parseErrorText(const CLI::ParseError &E) {
  std::string W = E.what();
  if (dynamic_cast<const CLI::ArgumentMismatch *>(&E))
    return leadingName(W) + " needs a value";
  if (dynamic_cast<const CLI::ValidationError *>(&E)) {
    // "--limit: expects ..." -> "--limit expects ...".
    size_t C = W.find(": ");
    return C == std::string::npos ? W : W.substr(0, C) + " " + W.substr(C + 2);
  }
  return W;
}

int run(int Argc, char **Argv) {
  CLI::App Root("a profiler for C and C++ built on an LLVM pass", "hotpath");
  std::vector<Command> Commands = addCommands(Root);
  Root.formatter(std::make_shared<RootFormatter>(Commands));
  Root.set_help_flag("-h,--help", "show this help");
  bool Version = false;
  Root.add_flag("-V,--version", Version, "show the version");
  Root.require_subcommand(0, 1);
  Root.allow_extras();

  if (Argc < 2) {
    std::fputs(Root.help().c_str(), stderr);
    return ExitBadInput;
  }
  // Everything after `--` is the program a command runs, untouched.
  Args All(Argv + 1, Argv + Argc);
  if (All[0] == "help")
    All[0] = "--help";
  auto Sep = std::find(All.begin(), All.end(), "--");
  Args Program(Sep == All.end() ? Sep : Sep + 1, All.end());
  Args Own(All.begin(), Sep);
  std::reverse(Own.begin(), Own.end()); // CLI11 takes them last first

  // The command the line names, for the prefix of its errors.
  const Command *Chosen = nullptr;
  for (const Command &C : Commands)
    if (All[0] == C.Info->Name)
      Chosen = &C;
  std::string Prefix = Chosen ? std::string(Chosen->Info->Name) + ": " : "";
  try {
    Root.parse(Own);
  } catch (const CLI::CallForHelp &) {
    std::fputs(Root.help().c_str(), stdout);
    return ExitOk;
  } catch (const CLI::ParseError &E) {
    return badUsage(Prefix + parseErrorText(E));
  }
  if (Version) {
    std::printf("hotpath %s\n", report::hotpathVersion());
    return ExitOk;
  }
  if (!Chosen) {
    std::vector<std::string> Extra = Root.remaining();
    std::string First = Extra.empty() ? All[0] : Extra.front();
    if (!First.empty() && First[0] == '-')
      return badUsage("unknown option '" + First + "' (see hotpath --help)");
    return badUsage(
        "unknown command '" + First + "'" + suggestion(Commands, First) +
        " (commands: " + commandList(Commands) + "; see hotpath --help)");
  }
  for (const std::string &S : Chosen->App->remaining())
    if (S.size() > 1 && S[0] == '-')
      return badUsage(Prefix + "unknown option '" + S + "' (see hotpath " +
                      Chosen->Info->Name + " --help)");
  try {
    return Chosen->Run(Invocation{*Chosen->App, Program, Sep != All.end()});
  } catch (const CommandError &E) {
    return badUsage(Prefix + E.what());
  }
}

} // namespace
} // namespace hotpath::tool

int main(int Argc, char **Argv) {
  // Bad input must never crash: anything unexpected is one line and 2.
  try {
    return hotpath::tool::run(Argc, Argv);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "hotpath: internal error: %s\n", E.what());
  } catch (...) {
    std::fprintf(stderr, "hotpath: internal error\n");
  }
  return hotpath::tool::ExitBadInput;
}

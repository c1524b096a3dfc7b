//===- CommandLine.cpp - A subcommand's command line on CLI11 -------------===//
#include "CommandLine.h"
#include "hotpath/support/AtomicFile.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

namespace hotpath::tool {

namespace {

// CLI11's help, in the order a reader wants: how to call it, what it
// does, the options, then what the footer adds (exit statuses, notes).
class HelpFormatter : public CLI::Formatter {
public:
  HelpFormatter(std::string Usage) : Usage(std::move(Usage)) {
    column_width(22);
  }
  std::string make_help(const CLI::App *A, std::string,
                        CLI::AppFormatMode) const override {
    std::string Out;
    std::string Prefix = "usage: ";
    for (size_t B = 0; B < Usage.size();) {
      size_t E = Usage.find('\n', B);
      E = E == std::string::npos ? Usage.size() : E;
      Out += Prefix + Usage.substr(B, E - B) + "\n";
      Prefix = "       ";
      B = E + 1;
    }
    if (!A->get_description().empty())
      Out += "\n" + A->get_description() + "\n";
    Out += make_groups(A, CLI::AppFormatMode::Normal);
    if (Out.back() != '\n')
      Out += '\n';
    if (!A->get_footer().empty())
      Out += "\n" + A->get_footer() + "\n";
    return Out;
  }

  // "  --limit N           rows per ..." with the help wrapped at 79
  // columns under itself (CLI11 2.1 does not wrap).
  std::string make_option(const CLI::Option *O,
                          bool Positional) const override {
    std::string Head =
        "  " + make_option_name(O, Positional) + make_option_opts(O);
    std::string Out = Head;
    const size_t Col = get_column_width(), Width = 79;
    if (Head.size() + 2 > Col)
      Out += "\n" + std::string(Col, ' ');
    else
      Out += std::string(Col - Head.size(), ' ');
    size_t At = Col;
    std::string Word, Desc = O->get_description() + " ";
    for (char C : Desc) {
      if (C != ' ') {
        Word += C;
        continue;
      }
      if (Word.empty())
        continue;
      if (At > Col && At + 1 + Word.size() > Width) {
        Out += "\n" + std::string(Col, ' ');
        At = Col;
      }
      if (At > Col) {
        Out += ' ';
        ++At;
      }
      Out += Word;
      At += Word.size();
      Word.clear();
    }
    return Out + "\n";
  }
  // The value's name as the option declares it ("N", "FILE"), never
  // CLI11's type names.
  std::string make_option_opts(const CLI::Option *O) const override {
    if (O->get_type_size_max() == 0 || O->get_expected_max() == 0)
      return "";
    return " " + (O->get_option_text().empty() ? std::string("VALUE")
                                               : O->get_option_text());
  }

private:
  std::string Usage;
};

// "--limit: 1 required UINT missing" -> "--limit".
std::string leadingName(const std::string &What) {
  size_t E = What.find_first_of(": ");
  return What.substr(0, E);
}

} // namespace

CommandLine::CommandLine(const char *Command, const char *Usage,
                         const char *About, const char *Footer)
    : Command(Command), App(About, std::string("hotpath ") + Command) {
  App.formatter(std::make_shared<HelpFormatter>(Usage));
  App.footer(Footer);
  App.set_help_flag("-h,--help", "show this help");
  // Unknown options are reported in the tool's words (parse below).
  App.allow_extras();
}

int CommandLine::fail(const std::string &Message) const {
  return badInput(Command + ": " + Message);
}

int CommandLine::parse(const Args &A) {
  auto Sep = std::find(A.begin(), A.end(), "--");
  SawSeparator = Sep != A.end();
  Program.assign(SawSeparator ? Sep + 1 : A.end(), A.end());
  // CLI11 takes the arguments last first.
  std::vector<std::string> Own(A.begin(), Sep);
  std::reverse(Own.begin(), Own.end());
  try {
    App.parse(Own);
  } catch (const CLI::CallForHelp &) {
    std::fputs(App.help().c_str(), stdout);
    return ExitOk;
  } catch (const CLI::ArgumentMismatch &E) {
    return fail(leadingName(E.what()) + " needs a value");
  } catch (const CLI::ValidationError &E) {
    // "--limit: expects ..." -> "--limit expects ...".
    std::string W = E.what();
    size_t C = W.find(": ");
    return fail(
        C == std::string::npos ? W : W.substr(0, C) + " " + W.substr(C + 2));
  } catch (const CLI::ParseError &E) {
    return fail(E.what());
  }
  for (const std::string &S : App.remaining())
    if (S.size() > 1 && S[0] == '-')
      return fail("unknown option '" + S + "' (see hotpath " + Command +
                  " --help)");
  return -1;
}

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

int writeOutput(const std::string &Command, const std::string &Out,
                const std::string &Data) {
  if (toStdout(Out)) {
    std::fwrite(Data.data(), 1, Data.size(), stdout);
    return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
  }
  std::string Error;
  if (!support::writeFileAtomically(Out, Data, Error))
    return badInput(Command + ": cannot write " + Out + ": " + Error);
  return ExitOk;
}

} // namespace hotpath::tool

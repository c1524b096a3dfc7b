//===- HelpFormatter.cpp - `hotpath CMD --help` ---------------------------===//
#include "cli/HelpFormatter.h"
#include "hotpath/support/Strings.h"

namespace hotpath::tool {

namespace {

// The words of a synopsis, a bracketed group ("[--sort KEY]") being one.
std::vector<std::string> synopsisWords(std::string_view Line) {
  std::vector<std::string> Words;
  std::string W;
  int Depth = 0;
  for (char C : Line) {
    if (C == '[' || C == '(')
      ++Depth;
    else if ((C == ']' || C == ')') && Depth > 0)
      --Depth;
    if (C == ' ' && Depth == 0) {
      if (!W.empty())
        Words.push_back(W);
      W.clear();
      continue;
    }
    W += C;
  }
  if (!W.empty())
    Words.push_back(W);
  return Words;
}

} // namespace

std::string formatUsage(const std::string &Usage, size_t Width) {
  const std::string Prefix = "usage: ";
  std::string Out;
  support::LineReader Lines(Usage);
  for (std::string_view Line; Lines.next(Line);) {
    std::vector<std::string> Words = synopsisWords(Line);
    if (Words.empty())
      continue;
    // "hotpath CMD" stays together; what follows wraps under its first
    // argument.
    std::string Head = Words[0];
    size_t First = 1;
    if (Words.size() > 1 && Words[1][0] != '[' && Words[1][0] != '-') {
      Head += " " + Words[1];
      First = 2;
    }
    std::string L = std::string(Out.empty() ? Prefix : "       ") + Head;
    size_t Indent = Prefix.size() + Head.size() + 1;
    for (size_t I = First; I < Words.size(); ++I) {
      if (L.size() + 1 + Words[I].size() > Width &&
          L.size() > Indent) { // a word too long for any line stays
        Out += L + "\n";
        L = std::string(Indent - 1, ' ');
      }
      L += " " + Words[I];
    }
    Out += L + "\n";
  }
  return Out;
}

std::string wrapWords(const std::string &Text, size_t Indent, size_t First,
                      size_t Width) {
  std::string Out;
  size_t At = First;
  std::string Word, Desc = Text + " ";
  for (char C : Desc) {
    if (C != ' ' && C != '\n') {
      Word += C;
      continue;
    }
    if (Word.empty())
      continue;
    if (At > Indent && At + 1 + Word.size() > Width) {
      Out += "\n" + std::string(Indent, ' ');
      At = Indent;
    }
    if (At > Indent) {
      Out += ' ';
      ++At;
    }
    Out += Word;
    At += Word.size();
    Word.clear();
  }
  return Out;
}

HelpFormatter::HelpFormatter(const CommandInfo &Info) : Info(Info) {
  column_width(22);
}

std::string HelpFormatter::make_help(const CLI::App *A, std::string,
                                     CLI::AppFormatMode) const {
  std::string Out = formatUsage(Info.Usage);
  if (*Info.About)
    Out += "\n" + std::string(Info.About) + "\n";
  Out += make_groups(A, CLI::AppFormatMode::Normal);
  if (Out.back() != '\n')
    Out += '\n';
  if (*Info.Footer)
    Out += "\n" + std::string(Info.Footer) + "\n";
  std::string Exit = "exit status:";
  Out += "\n" + Exit +
         wrapWords(*Info.ExitStatus ? Info.ExitStatus
                                    : "0 success, 2 bad input or usage",
                   2, Exit.size()) +
         "\n";
  return Out;
}

// "  --limit N           rows per ..." with the help wrapped at 79
// columns under itself.
std::string HelpFormatter::make_option(const CLI::Option *O,
                                       bool Positional) const {
  std::string Head =
      "  " + make_option_name(O, Positional) + make_option_opts(O);
  const size_t Col = get_column_width();
  std::string Out = Head;
  if (Head.size() + 2 > Col)
    Out += "\n" + std::string(Col, ' ');
  else
    Out += std::string(Col - Head.size(), ' ');
  return Out + wrapWords(O->get_description(), Col, Col) + "\n";
}

// The value's name as the option declares it ("N", "FILE"), never CLI11's
// type names.
std::string HelpFormatter::make_option_opts(const CLI::Option *O) const {
  if (O->get_type_size_max() == 0 || O->get_expected_max() == 0)
    return "";
  return " " + (O->get_option_text().empty() ? std::string("VALUE")
                                             : O->get_option_text());
}

} // namespace hotpath::tool

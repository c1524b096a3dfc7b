//===- ConfigEdit.cpp - Add exclude lines to a hotpath.toml ---------------===//
#include "config/ConfigEdit.h"

#include <regex>

namespace hotpath::tool {

namespace {

// Where the line after the one holding Pos starts.
size_t nextLine(const std::string &T, size_t Pos) {
  size_t P = T.find('\n', Pos);
  return P == std::string::npos ? T.size() : P + 1;
}

} // namespace

std::string addExcludes(const std::string &Text,
                        const std::vector<ExcludeEntry> &Entries,
                        size_t &Added) {
  std::string Lines;
  Added = 0;
  for (const ExcludeEntry &E : Entries) {
    if (Text.find(E.Literal) != std::string::npos ||
        Lines.find(E.Literal) != std::string::npos)
      continue;
    Lines += "  " + E.Literal + "," +
             (E.Comment.empty() ? "" : "  # " + E.Comment) + "\n";
    ++Added;
  }
  if (!Added)
    return Text;
  // The [functions] header, at the start of a line, and the end of its
  // table (the next header or the end of the text).
  static const std::regex Header(
      R"(^[ \t]*\[[ \t]*functions[ \t]*\][ \t]*(#[^\n]*)?$)",
      std::regex::multiline);
  static const std::regex AnyHeader(R"(^[ \t]*\[)", std::regex::multiline);
  static const std::regex Exclude(R"(^[ \t]*exclude[ \t]*=[ \t]*\[)",
                                  std::regex::multiline);
  std::smatch M;
  if (!std::regex_search(Text, M, Header)) {
    std::string Out = Text;
    if (!Out.empty() && Out.back() != '\n')
      Out += '\n';
    return Out + "\n[functions]\nexclude = [\n" + Lines + "]\n";
  }
  size_t Body = nextLine(Text, size_t(M.position(0)));
  size_t End = Text.size();
  std::smatch N;
  std::string Rest = Text.substr(Body);
  if (std::regex_search(Rest, N, AnyHeader))
    End = Body + size_t(N.position(0));
  std::string Table = Text.substr(Body, End - Body);
  std::smatch X;
  if (std::regex_search(Table, X, Exclude)) {
    // Right after the array's `[`: the new entries first, each on its line,
    // the old ones after them as they were.
    size_t At = Body + size_t(X.position(0) + X.length(0));
    return Text.substr(0, At) + "\n" + Lines + Text.substr(At);
  }
  return Text.substr(0, Body) + "exclude = [\n" + Lines + "]\n" +
         Text.substr(Body);
}

} // namespace hotpath::tool

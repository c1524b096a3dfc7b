//===- Focus.cpp - HOTPATH_FOCUS name filter ------------------------------===//
#include "hotpath/report/Focus.h"

#include <regex.h>

namespace hotpath::report {

struct Focus::Compiled {
  regex_t R;
};

namespace {
// A back-reference (\1 to \9 outside a bracket expression): a GNU
// extension to extended regexes, and the one construct for which glibc's
// matcher backtracks by recursion. llvm::Regex, which reads hotpath.toml's
// patterns, has none in extended regexes either.
bool hasBackReference(const std::string &Body) {
  bool InBracket = false;
  for (size_t I = 0; I < Body.size(); ++I) {
    char C = Body[I];
    if (InBracket) {
      // "[]..." and "[^]...": the first ']' is a member.
      if (C == ']' &&
          !(I > 0 && (Body[I - 1] == '[' ||
                      (Body[I - 1] == '^' && I > 1 && Body[I - 2] == '['))))
        InBracket = false;
    } else if (C == '[') {
      InBracket = true;
    } else if (C == '\\' && I + 1 < Body.size()) {
      if (Body[I + 1] >= '1' && Body[I + 1] <= '9')
        return true;
      ++I;
    }
  }
  return false;
}
} // namespace

Focus::Focus(const std::string &Pattern) {
  if (Pattern.size() >= 2 && Pattern.front() == '/' && Pattern.back() == '/') {
    auto C = std::make_unique<Compiled>();
    std::string Body = Pattern.substr(1, Pattern.size() - 2);
    if (!hasBackReference(Body) &&
        regcomp(&C->R, Body.c_str(), REG_EXTENDED | REG_NOSUB) == 0)
      Regex = std::move(C);
    else
      Valid = false;
    return;
  }
  Text = Pattern;
}

Focus::~Focus() {
  if (Regex)
    regfree(&Regex->R);
}

bool Focus::matches(const std::string &Name) const {
  if (Regex)
    return regexec(&Regex->R, Name.c_str(), 0, nullptr, 0) == 0;
  return Text.empty() || Name.find(Text) != std::string::npos;
}

} // namespace hotpath::report

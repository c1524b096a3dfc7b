//===- Focus.cpp - HOTPATH_FOCUS name filter ------------------------------===//
#include "hotpath/report/Focus.h"

#include <regex.h>

namespace hotpath::report {

struct Focus::Compiled {
  regex_t R;
};

Focus::Focus(const std::string &Pattern) {
  if (Pattern.size() >= 2 && Pattern.front() == '/' && Pattern.back() == '/') {
    auto C = std::make_unique<Compiled>();
    std::string Body = Pattern.substr(1, Pattern.size() - 2);
    if (regcomp(&C->R, Body.c_str(), REG_EXTENDED | REG_NOSUB) == 0)
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

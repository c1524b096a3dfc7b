//===- Strings.cpp - The string helpers every component uses --------------===//
#include "hotpath/support/Strings.h"

#include <algorithm>

namespace hotpath::support {

std::string_view trim(std::string_view S) {
  size_t B = S.find_first_not_of(" \t\r\n");
  if (B == std::string_view::npos)
    return {};
  return S.substr(B, S.find_last_not_of(" \t\r\n") - B + 1);
}

std::string_view firstLine(std::string_view S) {
  S = S.substr(0, S.find('\n'));
  while (!S.empty() && (S.back() == '\r' || S.back() == ' '))
    S.remove_suffix(1);
  return S;
}

std::string lower(std::string_view View) {
  std::string S(View);
  for (char &C : S)
    if (C >= 'A' && C <= 'Z')
      C = char(C - 'A' + 'a');
  return S;
}

std::vector<std::string> splitTrimmed(std::string_view S, char Sep) {
  std::vector<std::string> Out;
  while (true) {
    size_t N = S.find(Sep);
    Out.emplace_back(trim(S.substr(0, N)));
    if (N == std::string_view::npos)
      return Out;
    S.remove_prefix(N + 1);
  }
}

size_t editDistance(std::string_view A, std::string_view B) {
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

} // namespace hotpath::support

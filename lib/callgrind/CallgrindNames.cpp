//===- CallgrindNames.cpp - Recognise hotpath markers ---------------------===//
#include "hotpath/callgrind/CallgrindNames.h"

namespace hotpath::callgrind {

namespace {

bool startsWith(std::string_view S, std::string_view P) {
  return S.substr(0, P.size()) == P;
}

size_t digits(std::string_view S) {
  size_t I = 0;
  while (I < S.size() && S[I] >= '0' && S[I] <= '9')
    ++I;
  return I;
}

// Consumes one foldable suffix at the start of S; false when none.
bool foldSuffix(std::string_view &S) {
  static const std::string_view Words[] = {".resume", ".destroy", ".cleanup"};
  if (startsWith(S, ".llvm.") && digits(S.substr(6))) {
    S.remove_prefix(6 + digits(S.substr(6)));
    return true;
  }
  for (std::string_view W : Words)
    if (startsWith(S, W)) {
      S.remove_prefix(W.size());
      return true;
    }
  if (S[0] == '\'' && digits(S.substr(1))) { // recursion level
    S.remove_prefix(1 + digits(S.substr(1)));
    return true;
  }
  if (S[0] == ']') { // end of "[clone .hotpath.N"
    S.remove_prefix(1);
    return true;
  }
  if (startsWith(S, " [clone ")) {
    S.remove_prefix(8);
    return true;
  }
  return false;
}

// `<symbol><Tag><N>` and foldable suffixes; sets N.
bool taggedHash(std::string_view Name, std::string_view Tag, uint64_t &N) {
  size_t At = Name.rfind(Tag);
  if (At == std::string_view::npos || At == 0)
    return false;
  std::string_view Rest = Name.substr(At + Tag.size());
  size_t D = digits(Rest);
  if (D == 0 || D > 20)
    return false;
  uint64_t V = 0;
  for (size_t I = 0; I < D; ++I) {
    unsigned Dig = unsigned(Rest[I] - '0');
    if (V > (UINT64_MAX - Dig) / 10)
      return false;
    V = V * 10 + Dig;
  }
  Rest.remove_prefix(D);
  while (!Rest.empty())
    if (!foldSuffix(Rest))
      return false;
  N = V;
  return true;
}

} // namespace

bool markerHash(std::string_view Name, uint64_t &N) {
  return taggedHash(Name, ".hotpath.", N);
}

bool thunkHash(std::string_view Name, uint64_t &N) {
  return taggedHash(Name, ".hotpath_hooked.", N);
}

bool isHookFunction(std::string_view Name) {
  // Callgrind may name the enter trampoline by its hidden alias.
  size_t Q = Name.find('\'');
  if (Q != std::string_view::npos)
    Name = Name.substr(0, Q);
  return Name == "__hotpath_enter" || Name == "__hotpath_exit" ||
         Name == "HpEnterLocal" || startsWith(Name, "hpEnter") ||
         startsWith(Name, "hpExit");
}

} // namespace hotpath::callgrind

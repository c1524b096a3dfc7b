//===- DisplayName.cpp - Function names as a table shows them -------------===//
//
// Hand-written: no Debian package rewrites demangled names (LLVM's demangler
// prints them, it does not shorten them). Names come from reports, so
// everything here tolerates malformed input: unbalanced brackets leave the
// name as it is.
//
//===----------------------------------------------------------------------===//
#include "hotpath/report/DisplayName.h"

#include "hotpath/report/Units.h"

#include <cctype>
#include <map>
#include <vector>

namespace hotpath::report {

namespace {

const std::string Ellipsis = "\xE2\x80\xA6"; // …

// Whether the '<' or '>' at S[I] belongs to an operator name (operator<,
// operator<<=, operator->, ...) rather than to a template argument list.
bool operatorChar(const std::string &S, size_t I) {
  size_t J = I;
  while (J > 0 && (S[J - 1] == '<' || S[J - 1] == '>' || S[J - 1] == '-' ||
                   S[J - 1] == '='))
    --J;
  return J >= 8 && S.compare(J - 8, 8, "operator") == 0;
}

// Index of the '>' closing the list opened at S[Open] == '<', or npos.
size_t closeAngle(const std::string &S, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    char C = S[I];
    if ((C == '<' || C == '>') && operatorChar(S, I))
      continue;
    if (C == '<' || C == '(' || C == '[')
      ++Depth;
    else if (C == '>' || C == ')' || C == ']') {
      if (--Depth == 0)
        return C == '>' ? I : std::string::npos;
      if (Depth < 0)
        return std::string::npos;
    }
  }
  return std::string::npos;
}

// The arguments of the list S[Open+1, Close), split at top-level commas.
std::vector<std::string> splitArgs(const std::string &S, size_t Open,
                                   size_t Close) {
  std::vector<std::string> Args;
  int Depth = 0;
  size_t Start = Open + 1;
  for (size_t I = Open + 1; I < Close; ++I) {
    char C = S[I];
    if ((C == '<' || C == '>') && operatorChar(S, I))
      continue;
    if (C == '<' || C == '(' || C == '[')
      ++Depth;
    else if (C == '>' || C == ')' || C == ']')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Args.push_back(S.substr(Start, I - Start));
      Start = I + 1;
    }
  }
  Args.push_back(S.substr(Start, Close - Start));
  for (std::string &A : Args) {
    size_t B = A.find_first_not_of(' ');
    A = B == std::string::npos ? "" : A.substr(B);
    while (!A.empty() && A.back() == ' ')
      A.pop_back();
  }
  return Args;
}

bool isOneOf(const std::string &S, std::initializer_list<const char *> L) {
  for (const char *X : L)
    if (S == X)
      return true;
  return false;
}

// Drops the trailing arguments that are the defaults of template `T`.
void dropDefaults(const std::string &T, std::vector<std::string> &A) {
  if (A.empty())
    return;
  const std::string &A0 = A[0];
  auto Last = [&](const std::string &D) {
    if (A.size() > 1 && A.back() == D) {
      A.pop_back();
      return true;
    }
    return false;
  };
  auto LastAllocator = [&] {
    if (A.size() > 1 && A.back().compare(0, 15, "std::allocator<") == 0) {
      A.pop_back();
      return true;
    }
    return false;
  };
  std::string Traits = "std::char_traits<" + A0 + ">";
  if (T.compare(0, 6, "basic_") == 0) { // strings, views, streams
    LastAllocator();
    Last(Traits);
    return;
  }
  if (isOneOf(T, {"vector", "list", "deque", "forward_list"})) {
    LastAllocator();
  } else if (isOneOf(T, {"set", "multiset", "map", "multimap"})) {
    if (LastAllocator())
      Last("std::less<" + A0 + ">");
  } else if (isOneOf(T, {"unordered_set", "unordered_multiset", "unordered_map",
                         "unordered_multimap"})) {
    if (LastAllocator() && Last("std::equal_to<" + A0 + ">"))
      Last("std::hash<" + A0 + ">");
  } else if (T == "unique_ptr") {
    Last("std::default_delete<" + A0 + ">");
  } else if (isOneOf(T, {"queue", "stack"})) {
    Last("std::deque<" + A0 + ">");
  } else if (T == "priority_queue") {
    if (Last("std::less<" + A0 + ">") || A.size() == 2)
      Last("std::vector<" + A0 + ">");
  }
}

// `std::basic_string<char>` -> `std::string`, and the like.
std::string aliasOf(const std::string &T, const std::vector<std::string> &A) {
  if (A.size() != 1 || T.compare(0, 6, "basic_") != 0)
    return "";
  std::string Base = T.substr(6); // string, string_view, ostream, ...
  const std::string &C = A[0];
  if (C == "char")
    return "std::" + Base;
  if (C == "wchar_t")
    return "std::w" + Base;
  if (isOneOf(C, {"char8_t", "char16_t", "char32_t"}) &&
      (Base == "string" || Base == "string_view"))
    return "std::u" + C.substr(4, C.size() - 4 - 2) + Base;
  return "";
}

} // namespace

std::string shortenStdNames(const std::string &Name) {
  std::string S = Name;
  for (const char *Inline : {"std::__cxx11::", "std::__n4861::", "std::__1::"})
    for (size_t At; (At = S.find(Inline)) != std::string::npos;)
      S.replace(At, std::string(Inline).size(), "std::");
  // Right to left: a list inside another is shortened before its owner, so
  // that the owner's defaults compare with shortened arguments.
  for (size_t At = S.rfind("std::"); At != std::string::npos;
       At = At ? S.rfind("std::", At - 1) : std::string::npos) {
    size_t NameEnd = At + 5;
    while (NameEnd < S.size() &&
           (isalnum((unsigned char)S[NameEnd]) || S[NameEnd] == '_'))
      ++NameEnd;
    if (NameEnd >= S.size() || S[NameEnd] != '<' || NameEnd == At + 5)
      continue;
    size_t Close = closeAngle(S, NameEnd);
    if (Close == std::string::npos)
      continue;
    std::string T = S.substr(At + 5, NameEnd - At - 5);
    std::vector<std::string> Args = splitArgs(S, NameEnd, Close);
    size_t Before = Args.size();
    dropDefaults(T, Args);
    std::string Alias = aliasOf(T, Args);
    if (Alias.empty() && Args.size() == Before)
      continue;
    std::string New = Alias;
    if (New.empty()) {
      New = "std::" + T + "<";
      for (size_t I = 0; I < Args.size(); ++I)
        New += (I ? ", " : "") + Args[I];
      New += ">";
    }
    S.replace(At, Close + 1 - At, New);
  }
  return S;
}

std::string fitName(const std::string &Name, size_t Width) {
  std::string S = Name;
  if (!Width || displayWidth(S) <= Width)
    return S;
  // 1. Template argument lists that are not inside another one, the
  // longest first, become <…>.
  while (displayWidth(S) > Width) {
    size_t BestOpen = std::string::npos, BestLen = 0;
    for (size_t I = 0; I < S.size(); ++I) {
      if (S[I] != '<' || operatorChar(S, I))
        continue;
      size_t Close = closeAngle(S, I);
      if (Close == std::string::npos)
        break;
      size_t Len = Close - I - 1;
      if (Len > BestLen && S.compare(I + 1, Len, Ellipsis) != 0) {
        BestLen = Len;
        BestOpen = I;
      }
      I = Close; // lists inside this one are elided with it
    }
    if (BestOpen == std::string::npos)
      break;
    S.replace(BestOpen + 1, BestLen, Ellipsis);
  }
  // 2. Parameter lists, the last (the function's own) first.
  for (size_t At = S.size(); displayWidth(S) > Width && At > 0;) {
    size_t Close = S.rfind(')', At - 1);
    if (Close == std::string::npos)
      break;
    int Depth = 0;
    size_t Open = std::string::npos;
    for (size_t I = Close + 1; I-- > 0;) {
      Depth += S[I] == ')' ? 1 : S[I] == '(' ? -1 : 0;
      if (Depth == 0) {
        Open = I;
        break;
      }
    }
    if (Open == std::string::npos)
      break;
    if (Close > Open + 1 && S.compare(Open + 1, Close - Open - 1, Ellipsis))
      S.replace(Open + 1, Close - Open - 1, Ellipsis);
    At = Open;
  }
  // 3. The middle. Names are ASCII but for the ellipses inserted above:
  // cut at byte positions that do not split one.
  if (displayWidth(S) > Width) {
    size_t Keep = Width > 1 ? Width - 1 : 0;
    size_t Head = (Keep + 1) / 2, Tail = Keep - Head;
    auto Boundary = [&](size_t I) {
      while (I < S.size() && (S[I] & 0xC0) == 0x80)
        ++I;
      return I;
    };
    size_t H = Boundary(Head), T = Boundary(S.size() - Tail);
    if (H < T)
      S = S.substr(0, H) + Ellipsis + S.substr(T);
  }
  return S;
}

std::vector<std::string> fitDistinctNames(const std::vector<std::string> &Names,
                                          size_t Width) {
  std::vector<size_t> W(Names.size(), Width);
  std::vector<std::string> Out(Names.size());
  for (size_t I = 0; I < Names.size(); ++I)
    Out[I] = fitName(Names[I], Width);
  // Each round widens the names of every group that reads the same but is
  // not: by a quarter, so that a few rounds reach any name's whole width.
  for (bool Changed = true; Changed;) {
    Changed = false;
    std::map<std::string, std::vector<size_t>> Same;
    for (size_t I = 0; I < Out.size(); ++I)
      Same[Out[I]].push_back(I);
    for (const auto &[Shown, Rows] : Same) {
      bool Differ = false;
      for (size_t R : Rows)
        Differ |= Names[R] != Names[Rows.front()];
      if (!Differ)
        continue;
      for (size_t R : Rows) {
        if (!W[R] || displayWidth(Names[R]) <= W[R])
          continue;
        W[R] += std::max<size_t>(8, W[R] / 4);
        Out[R] = fitName(Names[R], W[R]);
        Changed = true;
      }
    }
  }
  return Out;
}

} // namespace hotpath::report

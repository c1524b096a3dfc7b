//===- CallgrindProfile.cpp - The Callgrind format reader -----------------===//
#include "hotpath/callgrind/CallgrindProfile.h"
#include "hotpath/support/FileRead.h"
#include "hotpath/support/Strings.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace hotpath::callgrind {

void addCost(Cost &A, const Cost &B) {
  if (A.size() < B.size())
    A.resize(B.size(), 0);
  for (size_t I = 0; I < B.size(); ++I)
    A[I] += B[I];
}

int Part::eventIndex(std::string_view Name) const {
  for (size_t I = 0; I < Events.size(); ++I)
    if (Events[I] == Name)
      return int(I);
  return -1;
}

static bool isZero(const Cost &C) {
  for (uint64_t V : C)
    if (V)
      return false;
  return true;
}

Cost Part::total() const {
  if (HasTotals && !isZero(Totals))
    return Totals;
  if (HasSummary && !isZero(Summary))
    return Summary;
  Cost Sum;
  for (const FunctionCost &F : Functions)
    addCost(Sum, F.Self);
  return Sum;
}

std::map<FunctionKey, Cost> Part::inclusiveLikeAnnotate() const {
  std::map<FunctionKey, Cost> Called, Out;
  for (const FunctionCost &F : Functions)
    for (const CallEdge &E : F.Calls)
      addCost(Called[E.Callee], E.Inclusive);
  for (const FunctionCost &F : Functions) {
    Cost C = F.Self;
    for (const CallEdge &E : F.Calls)
      addCost(C, E.Inclusive);
    Out[F.Key] = C;
  }
  for (auto &[K, C] : Called)
    Out[K] = C;
  return Out;
}

namespace {

struct ParseError {
  std::string Message;
};

bool isDigits(std::string_view S) {
  if (S.empty())
    return false;
  for (char C : S)
    if (C < '0' || C > '9')
      return false;
  return true;
}

bool parseU64(std::string_view S, uint64_t &V, int Base = 10) {
  if (S.empty() || S.size() > 40)
    return false;
  V = 0;
  for (char C : S) {
    unsigned D;
    if (C >= '0' && C <= '9')
      D = unsigned(C - '0');
    else if (Base == 16 && C >= 'a' && C <= 'f')
      D = unsigned(C - 'a' + 10);
    else if (Base == 16 && C >= 'A' && C <= 'F')
      D = unsigned(C - 'A' + 10);
    else
      return false;
    if (V > (UINT64_MAX - D) / unsigned(Base))
      return false; // overflow
    V = V * unsigned(Base) + D;
  }
  return true;
}

using support::trim;

std::vector<std::string_view> split(std::string_view S) {
  std::vector<std::string_view> Out;
  size_t I = 0;
  while (I < S.size()) {
    while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
      ++I;
    size_t B = I;
    while (I < S.size() && S[I] != ' ' && S[I] != '\t')
      ++I;
    if (I > B)
      Out.push_back(S.substr(B, I - B));
  }
  return Out;
}

/// Printable excerpt of a bad line for an error message.
std::string excerpt(std::string_view S) {
  std::string Out;
  for (char C : S.substr(0, 40))
    Out += (C >= 32 && C < 127) ? C : '?';
  if (S.size() > 40)
    Out += "...";
  return Out;
}

class Parser {
public:
  explicit Parser(Profile &P) : Prof(P) {}
  void line(std::string_view L, uint64_t No);
  void finish();

private:
  enum Kind { KFn, KFile, KObj, KCount };
  Profile &Prof;
  uint64_t LineNo = 0;
  std::map<uint64_t, std::string> Names[KCount];
  bool BodySeen = false, HaveEvents = false;
  std::vector<uint64_t> LastPos;
  std::string Obj, File, Fn, CObj, CFile;
  bool HaveFn = false;
  FunctionKey Callee;
  bool HaveCallee = false;
  uint64_t PendingCalls = 0;
  bool PendingCall = false;
  FunctionCost *Cur = nullptr;

  [[noreturn]] void fail(const std::string &What) {
    throw ParseError{"line " + std::to_string(LineNo) + ": " + What};
  }
  Part &part() {
    if (Prof.Parts.empty())
      Prof.Parts.emplace_back();
    return Prof.Parts.back();
  }
  void newPartIfBody() {
    if (!BodySeen && !Prof.Parts.empty())
      return;
    if (PendingCall)
      fail("calls= line without its cost line before a new part");
    Prof.Parts.emplace_back();
    BodySeen = HaveEvents = false;
    LastPos.clear();
    HaveFn = HaveCallee = false;
    Cur = nullptr;
  }
  std::string name(Kind K, std::string_view V);
  void header(std::string_view Key, std::string_view V);
  bool positions(const std::vector<std::string_view> &T, size_t &I,
                 bool Update);
  Cost costs(const std::vector<std::string_view> &T, size_t I);
  FunctionCost &current();
  void costLine(std::string_view L);
  void spec(std::string_view Key, std::string_view V);
};

std::string Parser::name(Kind K, std::string_view V) {
  // "(id) name" defines, "(id)" refers; "(below main)" is a plain name.
  if (V.size() >= 3 && V[0] == '(') {
    size_t Close = V.find(')');
    if (Close != std::string_view::npos && isDigits(V.substr(1, Close - 1))) {
      uint64_t Id;
      if (!parseU64(V.substr(1, Close - 1), Id))
        fail("name id too large: " + excerpt(V));
      std::string_view Rest = trim(V.substr(Close + 1));
      if (!Rest.empty())
        return Names[K][Id] = std::string(Rest);
      auto It = Names[K].find(Id);
      if (It == Names[K].end())
        fail("name (" + std::to_string(Id) + ") used before it is defined");
      return It->second;
    }
  }
  return std::string(V);
}

void Parser::header(std::string_view Key, std::string_view V) {
  if (Key == "summary" || Key == "totals") {
    Cost C = costs(split(V), 0);
    Part &P = part();
    (Key == "summary" ? P.Summary : P.Totals) = C;
    (Key == "summary" ? P.HasSummary : P.HasTotals) = true;
    return;
  }
  if (Key == "event")
    return; // long names of events
  newPartIfBody();
  Part &P = part();
  if (Key == "version") {
    uint64_t Ver;
    if (!parseU64(V.substr(0, V.find('.')), Ver) || Ver >= 2)
      fail("unsupported format version '" + excerpt(V) + "'");
  } else if (Key == "creator") {
    P.Creator = V;
  } else if (Key == "cmd") {
    P.Cmd = V;
  } else if (Key == "pid") {
    uint64_t Pid;
    if (!parseU64(V, Pid) || Pid > INT64_MAX)
      fail("invalid pid '" + excerpt(V) + "'");
    P.Pid = int64_t(Pid);
  } else if (Key == "part" || Key == "thread") {
    uint64_t N;
    if (!parseU64(V, N))
      fail("invalid " + std::string(Key) + " '" + excerpt(V) + "'");
    (Key == "part" ? P.PartNumber : P.Thread) = N;
  } else if (Key == "desc") {
    P.Desc.emplace_back(V);
    if (V.substr(0, 8) == "Trigger:")
      P.Trigger = trim(V.substr(8));
  } else if (Key == "positions") {
    P.Positions.clear();
    for (std::string_view T : split(V)) {
      if (T != "instr" && T != "line" && T != "addr")
        fail("unknown position '" + excerpt(T) + "'");
      P.Positions.emplace_back(T);
    }
    if (P.Positions.empty())
      fail("empty positions: line");
  } else if (Key == "events") {
    P.Events.clear();
    for (std::string_view T : split(V))
      P.Events.emplace_back(T);
    if (P.Events.empty())
      fail("empty events: line");
    HaveEvents = true;
  }
}

// Position compression: "+N"/"-N" relative to the same column of the last
// position, "*" the same, else absolute decimal or 0x hex.
bool Parser::positions(const std::vector<std::string_view> &T, size_t &I,
                       bool Update) {
  Part &P = part();
  size_t NPos = P.Positions.empty() ? 1 : P.Positions.size();
  if (LastPos.size() != NPos)
    LastPos.assign(NPos, 0);
  std::vector<uint64_t> Pos = LastPos;
  for (size_t K = 0; K < NPos; ++K, ++I) {
    if (I >= T.size())
      return false;
    std::string_view S = T[I];
    uint64_t V;
    if (S == "*")
      continue;
    if (S[0] == '+' || S[0] == '-') {
      if (!parseU64(S.substr(1), V))
        fail("invalid position '" + excerpt(S) + "'");
      Pos[K] = S[0] == '+' ? Pos[K] + V : Pos[K] - V;
    } else if (S.size() > 2 && S[0] == '0' && (S[1] == 'x' || S[1] == 'X')) {
      if (!parseU64(S.substr(2), Pos[K], 16))
        fail("invalid position '" + excerpt(S) + "'");
    } else if (!parseU64(S, Pos[K])) {
      fail("invalid position '" + excerpt(S) + "'");
    }
  }
  if (Update)
    LastPos = Pos;
  return true;
}

Cost Parser::costs(const std::vector<std::string_view> &T, size_t I) {
  Cost C;
  for (; I < T.size(); ++I) {
    uint64_t V;
    if (!parseU64(T[I], V))
      fail("invalid cost '" + excerpt(T[I]) + "'");
    C.push_back(V);
  }
  size_t NEv = part().Events.size();
  if (C.size() > NEv)
    fail(std::to_string(C.size()) + " costs but " + std::to_string(NEv) +
         " events");
  return C;
}

FunctionCost &Parser::current() {
  if (!HaveFn)
    fail("cost line before any fn= line");
  if (!Cur) {
    Part &P = part();
    FunctionKey K{File, Fn};
    auto [It, New] = P.Index.emplace(K, P.Functions.size());
    if (New) {
      P.Functions.emplace_back();
      P.Functions.back().Key = K;
      P.Functions.back().Object = Obj;
    }
    Cur = &P.Functions[It->second];
  }
  return *Cur;
}

void Parser::costLine(std::string_view L) {
  if (!HaveEvents)
    fail("cost line before the events: line");
  std::vector<std::string_view> T = split(L);
  size_t I = 0;
  if (!positions(T, I, /*Update=*/true))
    fail("cost line with fewer positions than declared");
  Cost C = costs(T, I);
  FunctionCost &F = current();
  if (!PendingCall) {
    addCost(F.Self, C);
    return;
  }
  PendingCall = false;
  CallEdge *E = nullptr;
  for (CallEdge &X : F.Calls)
    if (X.Callee == Callee)
      E = &X;
  if (!E) {
    F.Calls.emplace_back();
    E = &F.Calls.back();
    E->Callee = Callee;
    E->CalleeObject = CObj.empty() ? Obj : CObj;
  }
  E->Calls += PendingCalls;
  addCost(E->Inclusive, C);
}

void Parser::spec(std::string_view Key, std::string_view V) {
  BodySeen = true;
  if (Key == "fn") {
    Fn = name(KFn, V);
    HaveFn = true;
    Cur = nullptr;
    CObj.clear();
  } else if (Key == "fl") {
    File = name(KFile, V);
    Cur = nullptr;
  } else if (Key == "fi" || Key == "fe") {
    if (!HaveFn)
      fail(std::string(Key) + "= before any fn= line");
    File = name(KFile, V);
    Cur = nullptr;
  } else if (Key == "ob") {
    Obj = name(KObj, V);
    Cur = nullptr;
  } else if (Key == "cob") {
    CObj = name(KObj, V);
  } else if (Key == "cfi" || Key == "cfl") {
    CFile = name(KFile, V);
  } else if (Key == "cfn") {
    Callee.Name = name(KFn, V);
    Callee.File = CFile.empty() ? File : CFile;
    CFile.clear();
    HaveCallee = true;
  } else if (Key == "calls") {
    std::vector<std::string_view> T = split(V);
    if (T.empty() || !parseU64(T[0], PendingCalls))
      fail("invalid calls= count '" + excerpt(V) + "'");
    if (!HaveCallee)
      fail("calls= without a cfn= line");
    size_t I = 1;
    if (T.size() > 1)
      positions(T, I, /*Update=*/false);
    PendingCall = true;
  } else if (Key == "jump" || Key == "jcnd") {
    // Jump counts are not costs: checked for shape, then ignored.
    std::vector<std::string_view> T = split(V);
    if (T.empty())
      fail("empty " + std::string(Key) + "= line");
  } else if (Key == "jfi") {
    name(KFile, V);
  } else if (Key == "jfn") {
    name(KFn, V);
  } else {
    fail("unknown line '" + excerpt(std::string(Key) + "=" + std::string(V)) +
         "'");
  }
}

void Parser::line(std::string_view L, uint64_t No) {
  LineNo = No;
  L = trim(L);
  if (L.empty() || L[0] == '#')
    return;
  if (PendingCall && !(L[0] == '+' || L[0] == '-' || L[0] == '*' ||
                       (L[0] >= '0' && L[0] <= '9')))
    fail("calls= line not followed by its cost line");
  char C = L[0];
  if (C == '+' || C == '-' || C == '*' || (C >= '0' && C <= '9')) {
    BodySeen = true;
    costLine(L);
    return;
  }
  size_t Eq = L.find('='), Colon = L.find(':');
  if (Colon != std::string_view::npos &&
      (Eq == std::string_view::npos || Colon < Eq)) {
    std::string_view Key = L.substr(0, Colon);
    static const char *const Known[] = {
        "version", "creator",   "pid",    "cmd",   "part",    "thread",
        "desc",    "positions", "events", "event", "summary", "totals"};
    for (const char *K : Known)
      if (Key == K)
        return header(Key, trim(L.substr(Colon + 1)));
    if (!BodySeen)
      return; // unknown header lines are ignored, as callgrind_annotate does
    fail("unknown line '" + excerpt(L) + "'");
  }
  if (Eq == std::string_view::npos)
    fail("unknown line '" + excerpt(L) + "'");
  spec(L.substr(0, Eq), trim(L.substr(Eq + 1)));
}

void Parser::finish() {
  if (PendingCall)
    fail("file ends after a calls= line (truncated?)");
  if (Prof.Parts.empty())
    throw ParseError{"not a Callgrind file (no events: line)"};
  for (const Part &P : Prof.Parts)
    if (P.Events.empty())
      throw ParseError{"part " + std::to_string(P.PartNumber) +
                       " has no events: line"};
}

} // namespace

bool parseProfile(std::string_view Text, Profile &Out, std::string &Error) {
  Out = Profile();
  Parser P(Out);
  try {
    uint64_t No = 0;
    support::LineReader Lines(Text);
    for (std::string_view L; Lines.next(L);) {
      if (L.find('\0') != std::string_view::npos)
        throw ParseError{"line " + std::to_string(No + 1) +
                         ": binary data (NUL byte)"};
      P.line(L, ++No);
    }
    P.finish();
    return true;
  } catch (const ParseError &E) {
    Error = E.Message;
  } catch (const std::exception &E) {
    Error = std::string("cannot parse: ") + E.what();
  }
  return false;
}

bool readProfileFile(const std::string &Path, Profile &Out,
                     std::string &Error) {
  std::string Text;
  if (!support::readRegularFile(Path, support::MaxInputFileBytes, Text, Error))
    return false;
  return parseProfile(Text, Out, Error);
}

} // namespace hotpath::callgrind

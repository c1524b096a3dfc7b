//===- PathGlob.cpp - Globs over source paths for `files` -----------------===//
//
// Hand-written: llvm::GlobPattern has no `**` and lets `*` cross a `/`,
// which `files = ["src/*.cpp"]` must not (it would take src/net/x.cpp too);
// fnmatch(FNM_PATHNAME) has no `**` either.
//
//===----------------------------------------------------------------------===//
#include "PathGlob.h"

#include <vector>

using namespace llvm;

namespace hotpath {

namespace {
/// Matches Glob[GI..] against Path[PI..]; Failed memoises dead states so
/// that patterns with many stars stay linear in practice.
bool globAt(StringRef G, size_t GI, StringRef S, size_t PI,
            std::vector<char> &Failed) {
  size_t Key = GI * (S.size() + 1) + PI;
  if (Failed[Key])
    return false;
  while (GI < G.size()) {
    char C = G[GI];
    if (C == '*') {
      bool Double = GI + 1 < G.size() && G[GI + 1] == '*';
      if (Double) {
        size_t After = GI + 2;
        bool SegStart = GI == 0 || G[GI - 1] == '/';
        if (SegStart && After < G.size() && G[After] == '/') {
          // "**/" : zero or more whole directories.
          for (size_t K = PI; K <= S.size(); ++K)
            if ((K == PI || S[K - 1] == '/') &&
                globAt(G, After + 1, S, K, Failed))
              return true;
        } else {
          for (size_t K = PI; K <= S.size(); ++K)
            if (globAt(G, After, S, K, Failed))
              return true;
        }
      } else {
        for (size_t K = PI; K <= S.size(); ++K) {
          if (globAt(G, GI + 1, S, K, Failed))
            return true;
          if (K < S.size() && S[K] == '/')
            break;
        }
      }
      Failed[Key] = 1;
      return false;
    }
    if (PI >= S.size())
      break;
    if (C == '?') {
      if (S[PI] == '/')
        break;
    } else if (C == '[') {
      size_t Close = G.find(']', GI + 2);
      if (Close == StringRef::npos) { // literal '['
        if (S[PI] != '[')
          break;
      } else {
        StringRef Set = G.slice(GI + 1, Close);
        bool Neg = !Set.empty() && (Set.front() == '!' || Set.front() == '^');
        if (Neg)
          Set = Set.drop_front();
        bool In = false;
        for (size_t I = 0; I < Set.size(); ++I) {
          if (I + 2 < Set.size() && Set[I + 1] == '-') {
            In |= Set[I] <= S[PI] && S[PI] <= Set[I + 2];
            I += 2;
          } else {
            In |= Set[I] == S[PI];
          }
        }
        if (In == Neg || S[PI] == '/')
          break;
        GI = Close;
      }
    } else if (C != S[PI]) {
      break;
    }
    ++GI;
    ++PI;
  }
  bool Ok = GI == G.size() && PI == S.size();
  if (!Ok)
    Failed[Key] = 1;
  return Ok;
}
} // namespace

bool globMatch(StringRef Glob, StringRef Path) {
  std::vector<char> Failed((Glob.size() + 1) * (Path.size() + 1), 0);
  return globAt(Glob, 0, Path, 0, Failed);
}

} // namespace hotpath

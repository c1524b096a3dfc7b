//===- CallTree.cpp - Reading, merging and printing a call tree -----------===//
#include "hotpath/report/CallTree.h"
#include "hotpath/report/DisplayName.h"
#include "hotpath/report/Focus.h"
#include "hotpath/report/SafeText.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace hotpath::report {

bool parseTreeMetric(const std::string &W, TreeMetric &Out) {
  static const std::pair<const char *, TreeMetric> Names[] = {
      {"time", TreeMetric::Time},
      {"self", TreeMetric::Self},
      {"calls", TreeMetric::Calls},
      {"alloc", TreeMetric::Alloc},
      {"wait", TreeMetric::Wait},
      {"icount", TreeMetric::Icount},
      {"self-icount", TreeMetric::SelfIcount}};
  for (const auto &[N, M] : Names)
    if (W == N) {
      Out = M;
      return true;
    }
  return false;
}

const char *treeMetricName(TreeMetric M) {
  switch (M) {
  case TreeMetric::Time:
    return "time";
  case TreeMetric::Self:
    return "self";
  case TreeMetric::Calls:
    return "calls";
  case TreeMetric::Alloc:
    return "alloc";
  case TreeMetric::Wait:
    return "wait";
  case TreeMetric::Icount:
    return "icount";
  case TreeMetric::SelfIcount:
    return "self-icount";
  }
  return "time";
}

const char *treeMetricUnit(TreeMetric M) {
  return M == TreeMetric::Calls   ? "calls"
         : M == TreeMetric::Alloc ? "bytes"
         : M == TreeMetric::Icount || M == TreeMetric::SelfIcount
             ? "instructions"
             : "nanoseconds";
}

uint64_t ownValue(const TreeNode &N, TreeMetric M) {
  switch (M) {
  case TreeMetric::Time:
  case TreeMetric::Self:
  case TreeMetric::Icount:
  case TreeMetric::SelfIcount:
    return N.Self;
  case TreeMetric::Calls:
    return N.Calls;
  case TreeMetric::Alloc:
    return N.AllocBytes;
  case TreeMetric::Wait:
    return N.WaitNs.value_or(0);
  }
  return 0;
}

std::vector<std::string> pathOf(const CallTree &T, size_t I) {
  std::vector<std::string> P;
  for (int64_t J = int64_t(I); J >= 0 && size_t(J) < T.Nodes.size();
       J = T.Nodes[size_t(J)].Parent)
    P.push_back(T.Nodes[size_t(J)].Name);
  std::reverse(P.begin(), P.end());
  return P;
}

std::string foldedStacks(const CallTree &T, TreeMetric M) {
  std::string Out;
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    uint64_t V = ownValue(T.Nodes[I], M);
    if (!V)
      continue;
    std::string Line;
    for (std::string Name : pathOf(T, I)) {
      for (char &C : Name)
        if (C == ';' || C == '\n' || C == '\r')
          C = ',';
      Line += (Line.empty() ? "" : ";") + Name;
    }
    Out += Line + " " + std::to_string(V) + "\n";
  }
  return Out;
}

namespace {

std::vector<std::vector<size_t>> childrenOf(const CallTree &T,
                                            std::vector<size_t> &Roots) {
  std::vector<std::vector<size_t>> Kids(T.Nodes.size());
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    int64_t P = T.Nodes[I].Parent;
    (P < 0 ? Roots : Kids[size_t(P)]).push_back(I);
  }
  return Kids;
}

} // namespace

std::string renderTree(const CallTree &T, const TreeView &V) {
  std::vector<size_t> Roots;
  std::vector<std::vector<size_t>> Kids = childrenOf(T, Roots);
  uint64_t Measured = 0;
  for (size_t R : Roots)
    Measured += T.Nodes[R].Total;
  uint64_t Whole = std::max(Measured, V.SessionNs);
  // With a focus: the paths through a matching function (its ancestors
  // and its whole subtree).
  Focus F(V.Focus);
  std::vector<char> Keep(T.Nodes.size(), F.empty());
  if (!F.empty())
    for (size_t I = 0; I < T.Nodes.size(); ++I)
      if (F.matches(T.Nodes[I].Name)) {
        // The subtree, then the ancestors; each node is marked once, so a
        // deep chain of matches stays linear (a walk stops at a marked
        // node: what is beyond it was marked with it).
        std::vector<size_t> Stack{I};
        while (!Stack.empty()) {
          size_t K = Stack.back();
          Stack.pop_back();
          if (Keep[K] == 2)
            continue;
          Keep[K] = 2;
          Stack.insert(Stack.end(), Kids[K].begin(), Kids[K].end());
        }
        for (int64_t J = T.Nodes[I].Parent; J >= 0 && !Keep[size_t(J)];
             J = T.Nodes[size_t(J)].Parent)
          Keep[size_t(J)] = 1;
      }
  std::string Out = "call tree - " + terminalText(T.Description) + "\n";
  char Head[160];
  std::snprintf(Head, sizeof Head, "%12s %10s %10s %7s  %s\n", "Calls", "Total",
                "Self", "% Total", "Path");
  Out += Head;
  size_t Hidden = 0;
  // Depth first, the children in the tree's order (largest first).
  std::vector<std::pair<size_t, size_t>> Stack; // node, depth
  auto Push = [&](const std::vector<size_t> &List, size_t Depth) {
    std::vector<size_t> Shown;
    for (size_t K : List)
      if (Keep[K])
        Shown.push_back(K);
    if (V.MaxChildren && Shown.size() > V.MaxChildren) {
      Hidden += Shown.size() - V.MaxChildren;
      Shown.resize(V.MaxChildren);
    }
    for (auto It = Shown.rbegin(); It != Shown.rend(); ++It)
      Stack.push_back({*It, Depth});
  };
  Push(Roots, 0);
  while (!Stack.empty()) {
    auto [I, Depth] = Stack.back();
    Stack.pop_back();
    const TreeNode &N = T.Nodes[I];
    double Share = Whole ? (long double)N.Total * 100.0L / Whole : 0;
    std::string Shown = terminalText(shortenStdNames(N.Name));
    std::string Name = std::string(2 * Depth, ' ') + Shown;
    if (V.NameWidth)
      Name =
          std::string(2 * Depth, ' ') +
          fitName(Shown,
                  V.NameWidth > 2 * Depth + 10 ? V.NameWidth - 2 * Depth : 10);
    // Code the CPU samples saw: samples, not calls, and CPU time.
    bool Sampled = N.Kind == "sampled";
    if (Sampled)
      Name += " [sampled]";
    char Line[160];
    // A tree of the samples alone counts samples on every node.
    std::snprintf(Line, sizeof Line,
                  Sampled || T.FromSamples ? "%11llus %10s %10s %7s  "
                                           : "%12llu %10s %10s %7s  ",
                  (unsigned long long)N.Calls, formatDuration(N.Total).c_str(),
                  formatDuration(N.Self).c_str(),
                  formatPercent(std::round(Share * 100) / 100).c_str());
    Out += Line + Name + "\n";
    if (!V.MaxDepth || Depth + 1 < V.MaxDepth)
      Push(Kids[I], Depth + 1);
    else
      for (size_t K : Kids[I])
        Hidden += Keep[K];
  }
  if (Hidden)
    Out += "(" + std::to_string(Hidden) +
           " paths not shown: --depth and --children limit the view)\n";
  if (std::any_of(T.Nodes.begin(), T.Nodes.end(),
                  [](const TreeNode &N) { return N.Kind == "sampled"; }))
    Out += "([sampled]: code the CPU samples saw below the measured "
           "functions; Calls: samples (s), Total and Self: CPU time)\n";
  return Out;
}

CallTree mergeTrees(const CallTree &A, const CallTree &B) {
  CallTree Out = A.Present ? A : B;
  if (!A.Present || !B.Present)
    return Out;
  Out.Estimated = A.Estimated || B.Estimated;
  Out.TimedCallsOnly = A.TimedCallsOnly || B.TimedCallsOnly;
  Out.Full = A.Full || B.Full;
  Out.MaxPaths = std::max(A.MaxPaths, B.MaxPaths);
  // Index A's nodes by (merged parent, name, kind); add B's.
  std::map<std::tuple<int64_t, std::string, std::string>, size_t> Index;
  for (size_t I = 0; I < Out.Nodes.size(); ++I)
    Index[{Out.Nodes[I].Parent, Out.Nodes[I].Name, Out.Nodes[I].Kind}] = I;
  std::vector<int64_t> Where(B.Nodes.size(), -1);
  for (size_t I = 0; I < B.Nodes.size(); ++I) {
    const TreeNode &N = B.Nodes[I];
    int64_t Parent = N.Parent < 0 ? -1 : Where[size_t(N.Parent)];
    auto Key = std::make_tuple(Parent, N.Name, N.Kind);
    auto It = Index.find(Key);
    if (It == Index.end()) {
      TreeNode C = N;
      C.Parent = Parent;
      It = Index.emplace(Key, Out.Nodes.size()).first;
      Out.Nodes.push_back(std::move(C));
    } else {
      TreeNode &M = Out.Nodes[It->second];
      M.Calls += N.Calls;
      M.Total += N.Total;
      M.Self += N.Self;
      M.AllocBytes += N.AllocBytes;
      M.Allocs += N.Allocs;
      if (N.WaitNs)
        M.WaitNs = M.WaitNs.value_or(0) + *N.WaitNs;
    }
    Where[I] = int64_t(It->second);
  }
  return Out;
}

} // namespace hotpath::report

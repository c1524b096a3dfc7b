//===- Causes.cpp - Why a function's cost changed -------------------------===//
#include "Causes.h"
#include "hotpath/report/Units.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

namespace hotpath::policy {

using report::Report;
using report::SectionKind;

namespace {

uint64_t sub(uint64_t A, uint64_t B) { return A > B ? A - B : 0; }

/// Self = the total less the measured callees' (not a recursive call of
/// its own, which its total counts once more).
void deriveSelf(CostGraph &G) {
  for (auto &[Name, N] : G.Nodes) {
    if (N.Self)
      continue;
    uint64_t Callees = 0;
    for (const auto &[Callee, E] : N.Callees)
      if (Callee != Name)
        Callees += E.Cost;
    N.Self = sub(N.Total, Callees);
  }
}

void icountGraph(const Report &R, CostGraph &G) {
  for (const report::FunctionRow &Row : R.Icount.Data) {
    CostGraph::Node &N = G.Nodes[Row.Name];
    N.Calls += Row.Calls;
    N.Total += Row.Total;
    if (Row.Self && !R.IcountCalls.Present)
      N.Self = N.Self.value_or(0) + *Row.Self;
  }
  if (R.IcountCalls.Present) {
    // The edges' Ir includes the hooks of the callee's calls, which the
    // rows' totals leave out (icount's hook_cost_ir a call).
    uint64_t Hook = R.Icount.HookCostIr.value_or(0);
    for (const report::CallEdgeRow &E : R.IcountCalls.Data) {
      auto It = G.Nodes.find(E.Caller);
      if (It == G.Nodes.end() || !G.Nodes.count(E.Callee))
        continue;
      CostGraph::Edge &Ed = It->second.Callees[E.Callee];
      Ed.Calls += E.Calls;
      Ed.Cost += sub(E.Ir, Hook * E.Calls);
    }
    G.HasEdges = true;
    deriveSelf(G);
  }
}

void timingGraph(const Report &R, CostGraph &G) {
  for (const report::FunctionRow &Row : R.Timing.Data) {
    CostGraph::Node &N = G.Nodes[Row.Name];
    N.Calls += Row.Calls;
    N.Total += Row.Total;
    if (Row.Self)
      N.Self = N.Self.value_or(0) + *Row.Self;
  }
  const report::CallTree &T = R.Tree;
  if (!T.Present || T.FromSamples)
    return;
  auto IsFunction = [&](int64_t I) {
    return I >= 0 && size_t(I) < T.Nodes.size() && T.Nodes[I].Kind.empty();
  };
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const report::TreeNode &Child = T.Nodes[I];
    if (!IsFunction(int64_t(I)) || !IsFunction(Child.Parent))
      continue;
    auto It = G.Nodes.find(T.Nodes[Child.Parent].Name);
    if (It == G.Nodes.end() || !G.Nodes.count(Child.Name))
      continue;
    CostGraph::Edge &Ed = It->second.Callees[Child.Name];
    Ed.Calls += Child.Calls;
    Ed.Cost += Child.Total;
  }
  G.HasEdges = true;
  deriveSelf(G);
}

long double perCall(uint64_t V, uint64_t Calls) {
  return Calls ? (long double)V / Calls : 0;
}

std::string countText(long double N) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.3Lg", N);
  return Buf;
}

struct Found {
  Cause C = Cause::Self;
  std::vector<std::string> Via;
  std::string Detail;
};

/// Resolves causes by name and direction, following callees down.
class CauseFinder {
public:
  CauseFinder(const CostGraph &B, const CostGraph &H, double MinPercent,
              uint64_t Floor)
      : B(B), H(H), MinPercent(MinPercent), Floor(Floor) {}

  Found resolve(const std::string &F, int Dir) {
    auto Key = std::make_pair(F, Dir);
    if (auto It = Memo.find(Key); It != Memo.end())
      return It->second;
    Visiting.insert(F);
    Found R = compute(F, Dir);
    Visiting.erase(F);
    Memo[Key] = R;
    return R;
  }

private:
  const CostGraph &B, &H;
  double MinPercent;
  uint64_t Floor;
  std::map<std::pair<std::string, int>, Found> Memo;
  std::set<std::string> Visiting;

  long double tolerance(long double Base) const {
    return std::max<long double>(Base * MinPercent / 100, Floor);
  }

  Found compute(const std::string &F, int Dir) {
    Found R;
    auto BI = B.Nodes.find(F), HI = H.Nodes.find(F);
    if (BI == B.Nodes.end() || HI == H.Nodes.end() || !B.HasEdges ||
        !H.HasEdges || !BI->second.Calls || !HI->second.Calls)
      return R;
    const CostGraph::Node &NB = BI->second, &NH = HI->second;
    long double InclB = perCall(NB.Total, NB.Calls);
    long double Delta = perCall(NH.Total, NH.Calls) - InclB;
    long double Tol = tolerance(InclB);
    if (Dir * Delta <= Tol)
      return byCalls(F, Dir, NB, NH);
    // Own: the body's change, and the change in how often F calls each
    // callee at the callee's old cost; via: each callee's cost per call.
    long double Own = perCall(NH.Self.value_or(0), NH.Calls) -
                      perCall(NB.Self.value_or(0), NB.Calls);
    long double BiggestCount = 0;
    std::string BiggestCallee;
    std::vector<std::pair<long double, std::string>> Via;
    std::set<std::string> Callees;
    for (const auto &[G, E] : NB.Callees)
      Callees.insert(G);
    for (const auto &[G, E] : NH.Callees)
      Callees.insert(G);
    for (const std::string &G : Callees) {
      if (G == F)
        continue;
      CostGraph::Edge EB, EH;
      if (auto It = NB.Callees.find(G); It != NB.Callees.end())
        EB = It->second;
      if (auto It = NH.Callees.find(G); It != NH.Callees.end())
        EH = It->second;
      long double NBc = perCall(EB.Calls, NB.Calls);
      long double NHc = perCall(EH.Calls, NH.Calls);
      long double CB = perCall(EB.Cost, EB.Calls);
      long double CH = perCall(EH.Cost, EH.Calls);
      long double CountPart, CostPart;
      if (!EB.Calls || !EH.Calls) { // a call added or removed: F's code
        CountPart = NHc * CH - NBc * CB;
        CostPart = 0;
      } else {
        CountPart = (NHc - NBc) * CB;
        CostPart = NHc * (CH - CB);
      }
      Own += CountPart;
      if (Dir * CountPart > Dir * BiggestCount) {
        BiggestCount = CountPart;
        BiggestCallee =
            G + " " + countText(NBc) + " → " + countText(NHc) + " times a call";
      }
      if (Dir * CostPart > 0)
        Via.push_back({Dir * CostPart, G});
    }
    std::sort(Via.begin(), Via.end(), [](const auto &X, const auto &Y) {
      return X.first != Y.first ? X.first > Y.first : X.second < Y.second;
    });
    if (Dir * Own > Tol) {
      if (Dir * BiggestCount * 2 > Dir * Own)
        R.Detail = "calls " + BiggestCallee;
      // Its own, and callees that moved it beyond the tolerance too.
      std::vector<std::string> Also;
      for (const auto &[Part, G] : Via)
        if (Part > Tol)
          Also.push_back(G);
      addRoots(R, Also, Dir);
      return R;
    }
    long double Left = Dir * Delta;
    std::vector<std::string> Chosen;
    for (const auto &[Part, G] : Via) {
      if (Left <= Tol)
        break;
      Chosen.push_back(G);
      Left -= Part;
    }
    if (Left > Tol || Chosen.empty())
      return R; // the callees do not explain it: its own
    R.C = Cause::Via;
    addRoots(R, Chosen, Dir);
    return R;
  }

  /// Each callee, or where its change comes from when not its own.
  void addRoots(Found &R, const std::vector<std::string> &Callees, int Dir) {
    for (const std::string &G : Callees) {
      std::vector<std::string> Roots = {G};
      if (!Visiting.count(G)) {
        Found Down = resolve(G, Dir);
        if (Down.C == Cause::Via)
          Roots = Down.Via;
      }
      for (const std::string &Root : Roots)
        if (std::find(R.Via.begin(), R.Via.end(), Root) == R.Via.end())
          R.Via.push_back(Root);
    }
  }

  /// F's cost per call held: its total moved with its calls. The callers
  /// whose calls of F moved the same way are named.
  Found byCalls(const std::string &F, int Dir, const CostGraph::Node &NB,
                const CostGraph::Node &NH) {
    Found R;
    if (Dir * (int64_t(NH.Calls) - int64_t(NB.Calls)) <= 0)
      return R;
    std::vector<std::pair<int64_t, std::string>> Callers;
    for (const auto &[Name, N] : H.Nodes) {
      if (Name == F)
        continue;
      auto It = N.Callees.find(F);
      int64_t CH = It == N.Callees.end() ? 0 : int64_t(It->second.Calls);
      int64_t CB = 0;
      if (auto BN = B.Nodes.find(Name); BN != B.Nodes.end())
        if (auto E = BN->second.Callees.find(F); E != BN->second.Callees.end())
          CB = int64_t(E->second.Calls);
      if (Dir * (CH - CB) > 0)
        Callers.push_back({Dir * (CH - CB), Name});
    }
    R.Detail = "called " + report::formatCount(NB.Calls) + " → " +
               report::formatCount(NH.Calls) + " times";
    if (Callers.empty())
      return R; // called from code that is not measured
    std::sort(Callers.begin(), Callers.end(), [](const auto &X, const auto &Y) {
      return X.first != Y.first ? X.first > Y.first : X.second < Y.second;
    });
    R.C = Cause::Calls;
    for (const auto &[N, Name] : Callers)
      R.Via.push_back(Name);
    return R;
  }
};

} // namespace

const char *selfMetricName(SectionKind K) {
  return K == SectionKind::Timing  ? "self_time"
         : K == SectionKind::Alloc ? "self_alloc_bytes"
                                   : "self_icount";
}

CostGraph costGraph(const Report &R, SectionKind K) {
  CostGraph G;
  if (K == SectionKind::Icount)
    icountGraph(R, G);
  else if (K == SectionKind::Timing && !R.Timing.Exclusive.value_or(false))
    timingGraph(R, G);
  G.HasSelf = !G.Nodes.empty();
  for (const auto &[Name, N] : G.Nodes)
    G.HasSelf &= N.Self.has_value();
  return G;
}

std::optional<MetricChange> selfChange(const CostGraph &B, const CostGraph &H,
                                       const std::string &F,
                                       double MinPercentChange,
                                       uint64_t MinChangePerCall) {
  if (!B.HasSelf || !H.HasSelf)
    return std::nullopt;
  auto BI = B.Nodes.find(F), HI = H.Nodes.find(F);
  if (BI == B.Nodes.end() || HI == H.Nodes.end() || !BI->second.Calls ||
      !HI->second.Calls)
    return std::nullopt;
  MetricChange C;
  C.M.K = Metric::Avg;
  C.Base = uint64_t(std::llround(perCall(*BI->second.Self, BI->second.Calls)));
  C.Head = uint64_t(std::llround(perCall(*HI->second.Self, HI->second.Calls)));
  C.Percent = percentChange(C.Base, C.Head);
  // Judged against the function's whole cost a call, not its own: a
  // function that is mostly its callees has a small own cost, whose noise
  // (a few ns of a timed call) would be a large share of it.
  long double Whole = perCall(BI->second.Total, BI->second.Calls);
  long double Moved = (long double)C.Head - (long double)C.Base;
  bool Counts = std::fabs((double)Moved) >= MinChangePerCall &&
                std::fabs((double)Moved) > Whole * MinPercentChange / 100;
  if (Counts)
    C.Direction = Moved > 0 ? 1 : -1;
  return C;
}

void assignCauses(SectionResult &S, const CostGraph &B, const CostGraph &H) {
  CauseFinder Finder(B, H, S.MinPercentChange, S.MinChangePerCall);
  std::map<std::string, RowResult *> ByName;
  for (RowResult &R : S.Rows)
    if (R.Base.Present && R.Name == R.Base.Row.Name)
      ByName[R.Name] = &R;
  for (RowResult &R : S.Rows) {
    if (R.O != Outcome::Regression && R.O != Outcome::Improvement)
      continue;
    int Dir = R.O == Outcome::Regression ? 1 : -1;
    R.C = Cause::Self;
    if (R.Name != R.Base.Row.Name) // two functions of one name
      continue;
    Found F = Finder.resolve(R.Name, Dir);
    R.C = F.C;
    R.Via = F.Via;
    R.Detail = F.Detail;
    // A function whose own cost moved is its own cause, whatever else did.
    if (R.SelfChange && R.SelfChange->Direction == Dir && R.C != Cause::Self) {
      R.C = Cause::Self;
      R.Detail.clear();
    }
  }
  // A callee named as a cause whose change a call is under the section's
  // floor (a few instructions more in a leaf called thousands of times a
  // call of its callers) is a regression all the same: its calls' sum is
  // what moved them.
  for (RowResult &R : S.Rows) {
    if (R.O != Outcome::Regression || R.C == Cause::Calls)
      continue;
    for (const std::string &N : R.Via) {
      auto It = ByName.find(N);
      if (It == ByName.end() || It->second->O != Outcome::Unchanged)
        continue;
      RowResult &Root = *It->second;
      bool Up = false;
      for (const MetricChange &C : Root.Changes)
        Up |= C.Head > C.Base;
      if (!Up)
        continue;
      Root.O = Outcome::Regression;
      Root.C = Cause::Self;
      Root.Detail = "under the threshold a call, but it moves its callers";
      for (MetricChange &C : Root.Changes)
        C.Direction = C.Head > C.Base ? 1 : C.Direction;
    }
  }
  for (RowResult &R : S.Rows) {
    if (R.O != Outcome::Regression ||
        (R.C != Cause::Via && R.C != Cause::Calls))
      continue;
    R.Covered = true;
    for (const std::string &N : R.Via) {
      auto It = ByName.find(N);
      R.Covered &= It != ByName.end() && It->second->O == Outcome::Regression &&
                   It->second->C == Cause::Self;
    }
  }
}

} // namespace hotpath::policy

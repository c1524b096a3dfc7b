//===- CallTreeReport.cpp - The snapshot's paths as the report's tree -----===//
#include "output/CallTreeReport.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hotpath::rt {

namespace {

uint64_t scaled(uint64_t V, uint64_t Num, uint64_t Den) {
  if (!Den || Num == Den)
    return V;
  return uint64_t(std::floor((long double)V * Num / Den + 0.5L));
}

struct Builder {
  const Snapshot &S;
  report::CallTree &T;
  std::vector<uint64_t> Incl, Self;
  std::vector<std::vector<uint32_t>> Kids;
  // Per node: the cost of measuring taken out of its inclusive time.
  std::vector<uint64_t> Overhead;

  std::string threadName(uint64_t Tid) const {
    for (const ThreadInfo &Th : S.Threads)
      if (Th.Tid == Tid && !Th.Name.empty())
        return Th.Name + " " + std::to_string(Tid);
    return std::to_string(Tid);
  }

  bool isFunction(uint32_t I) const {
    return I && S.Paths[I].Fn != PathOut::Deeper &&
           S.Paths[I].Fn < S.Functions.size();
  }

  // Inclusive and self time of every node. Every call of a path is timed
  // but those past the shadow stack's depth (counted, not timed), whose
  // share of the path is extrapolated.
  void times() {
    const std::vector<PathOut> &P = S.Paths;
    size_t N = P.size();
    Incl.assign(N, 0);
    Self.assign(N, 0);
    Kids.assign(N, {});
    for (uint32_t I = 1; I < N; ++I)
      Kids[P[I].Parent].push_back(I);
    // Paths whose every call was timed: their inclusive time is measured.
    std::vector<bool> Measured(N, false);
    for (uint32_t I = 1; I < N; ++I) {
      Measured[I] = P[I].Calls && P[I].Timed >= P[I].Calls;
      (S.PathsExclusive ? Self : Incl)[I] =
          scaled(P[I].TicksNs, P[I].Calls, P[I].Timed);
    }
    // Parents come before their children: one pass upward.
    for (uint32_t I = uint32_t(N); I-- > 1;) {
      if (S.PathsExclusive)
        Incl[I] += Self[I];
      if (P[I].Parent && S.PathsExclusive)
        Incl[P[I].Parent] += Incl[I];
    }
    // Inclusive figures, children first. An estimate may fall short of
    // its children's (a path whose calls were never timed has none): it is
    // raised to their sum. A measured path is not estimated: where its
    // children's estimates add up to more than it leaves them, they are
    // scaled down to fit, with everything below them (fitInside). Either
    // way self + children = total, and no child is above its parent.
    if (!S.PathsExclusive) {
      std::vector<long double> Fit(N, 1.0L);
      for (uint32_t I = uint32_t(N); I-- > 1;) {
        uint64_t Children = 0;
        for (uint32_t K : Kids[I])
          Children += Incl[K];
        Self[I] = Incl[I] - std::min(Incl[I], Children);
        // (More than the ns conversions' rounding, half a ns a child.)
        if (Measured[I] && Self[I] + Children > Incl[I] + Kids[I].size()) {
          Fit[I] =
              (long double)(Incl[I] - std::min(Self[I], Incl[I])) / Children;
          continue;
        }
        Incl[I] = std::max(Incl[I], Children);
        Self[I] = Incl[I] - Children;
      }
      fitInside(Fit);
    }
    if (S.CallCost.Measured)
      compensate();
  }

  // Scales each subtree by its ancestors' Fit (below a measured path whose
  // children's estimates passed it), then adds the scaled self times up
  // again, so that rounding leaves no child above its parent; a measured
  // path keeps its time, its self what its children leave.
  void fitInside(const std::vector<long double> &Fit) {
    const std::vector<PathOut> &P = S.Paths;
    size_t N = P.size();
    if (std::all_of(Fit.begin(), Fit.end(),
                    [](long double F) { return F == 1.0L; }))
      return;
    std::vector<long double> Scale(N, 1.0L);
    for (uint32_t I = 1; I < N; ++I) {
      Scale[I] = Scale[P[I].Parent] * Fit[P[I].Parent];
      if (Scale[I] != 1.0L)
        Self[I] = uint64_t(std::floor(Self[I] * Scale[I] + 0.5L));
    }
    for (uint32_t I = uint32_t(N); I-- > 1;) {
      if (Scale[I] == 1.0L && Fit[I] == 1.0L)
        continue;
      uint64_t Children = 0;
      for (uint32_t K : Kids[I])
        Children += Incl[K];
      if (Scale[I] == 1.0L) { // the measured path: its time stands
        Incl[I] = std::max(Incl[I], Children);
        Self[I] = Incl[I] - Children;
      } else {
        Incl[I] = Self[I] + Children;
      }
    }
  }

  // Takes the cost of measuring out (session/CallCost.h). A call's own time
  // holds the inner part of its own hooks, and, for each measured call it
  // makes, what that call's hooks cost outside that call's own time; the
  // inclusive times follow from the own times, children first, so that no
  // child exceeds its parent. Direct recursion (a node's nested calls) is
  // counted as calls of the node: approximate there.
  void compensate() {
    const std::vector<PathOut> &P = S.Paths;
    size_t N = P.size();
    double In = S.CallCost.InnerNs;
    double Outside = std::max(0.0, S.CallCost.DescendantNs - In);
    std::vector<uint64_t> Raw = Incl;
    for (uint32_t I = 1; I < N; ++I) {
      if (P[I].Fn == PathOut::Thread)
        continue; // no time of its own
      long double Cost = (long double)P[I].Calls * In +
                         (long double)P[I].Folded * S.CallCost.DescendantNs;
      for (uint32_t K : Kids[I])
        Cost += (long double)(P[K].Calls + P[K].Folded) * Outside;
      uint64_t C = uint64_t(std::min<long double>(Cost + 0.5L, Self[I]));
      Self[I] -= C;
    }
    for (uint32_t I = 1; I < N; ++I)
      Incl[I] = Self[I];
    for (uint32_t I = uint32_t(N); I-- > 1;)
      if (P[I].Parent)
        Incl[P[I].Parent] += Incl[I];
    Overhead.assign(N, 0);
    for (uint32_t I = 1; I < N; ++I)
      Overhead[I] = Raw[I] - Incl[I];
  }

  void emit(uint32_t I, int64_t Parent) {
    const PathOut &P = S.Paths[I];
    if (!P.Calls && !P.Folded && Kids[I].empty())
      return;
    int64_t Me = Parent;
    if (I) {
      report::TreeNode Nd;
      Nd.Parent = Parent;
      if (P.Fn == PathOut::Deeper) {
        Nd.Name = "[deeper]";
        Nd.Kind = "deeper";
        Nd.Calls = P.Calls + P.Folded;
      } else if (P.Fn == PathOut::Thread) {
        Nd.Name = "[thread " + threadName(P.Tid) + "]";
        Nd.Kind = "thread";
      } else {
        const FunctionInfo *F =
            P.Fn < S.Functions.size() ? &S.Functions[P.Fn] : nullptr;
        Nd.Name = F ? rowName(*F) : "<unknown>";
        Nd.File = F ? F->File : "";
        Nd.Line = F ? F->Line : 0;
        Nd.Calls = P.Calls;
      }
      Nd.Total = Incl[I];
      Nd.Self = Self[I];
      Nd.AllocBytes = P.AllocBytes;
      Nd.Allocs = P.Allocs;
      if (P.WaitNs)
        Nd.WaitNs = P.WaitNs;
      Me = int64_t(T.Nodes.size());
      T.Nodes.push_back(std::move(Nd));
    }
    std::vector<uint32_t> Order = Kids[I];
    std::sort(Order.begin(), Order.end(), [&](uint32_t A, uint32_t B) {
      return Incl[A] != Incl[B] ? Incl[A] > Incl[B] : A < B;
    });
    for (uint32_t K : Order)
      emit(K, Me);
    if (P.Folded && P.Fn != PathOut::Deeper && P.Fn != PathOut::Thread) {
      report::TreeNode F;
      F.Parent = Me;
      F.Name = "[paths not kept]";
      F.Kind = "folded";
      F.Calls = P.Folded;
      T.Nodes.push_back(std::move(F));
    }
  }
};

std::string description(const Snapshot &S, bool Estimated) {
  std::string D = "Call paths: each chain of measured functions from the "
                  "session's root, with its calls, inclusive and self time "
                  "and allocations (exclusive).";
  if (Estimated)
    D += " Calls exact; times extrapolated from the timed calls.";
  else
    D += " Every call timed: exact.";
  if (S.CallCost.Measured)
    D += compensationNote(S);
  if (S.PathsFull)
    D += " Over HOTPATH_MAX_PATHS=" + std::to_string(S.MaxPaths) +
         ": some calls were folded into their parent's path.";
  return D;
}

} // namespace

std::string compensationNote(const Snapshot &S) {
  char Buf[160];
  std::snprintf(Buf, sizeof Buf,
                " The cost of measuring, %.1f ns a timed call on this machine "
                "(%.1f ns of it inside the call), is taken out.",
                S.CallCost.TimedNs, S.CallCost.InnerNs);
  return Buf;
}

PathTimes buildCallTree(const Snapshot &S, report::CallTree &T) {
  PathTimes Out;
  if (S.Paths.empty())
    return Out;
  T.Present = true;
  T.MaxPaths = S.MaxPaths;
  T.Full = S.PathsFull;
  T.Estimated = std::any_of(S.Paths.begin(), S.Paths.end(),
                            [](const PathOut &P) { return P.Timed < P.Calls; });
  T.Description = description(S, T.Estimated);
  T.Compensated = S.CallCost.Measured;
  Builder B{S, T, {}, {}, {}, {}};
  B.times();
  B.emit(0, -1);

  // Per function: self time, and the time on a stack at least once (the
  // paths with no ancestor of the same function).
  Out.Self.assign(S.Functions.size(), 0);
  Out.OnStack.assign(S.Functions.size(), 0);
  Out.Overhead.assign(S.Functions.size(), 0);
  Out.Total.assign(S.Functions.size(), 0);
  for (uint32_t I = 1; I < S.Paths.size(); ++I) {
    if (!B.isFunction(I))
      continue;
    uint32_t Fn = S.Paths[I].Fn;
    Out.Self[Fn] += B.Self[I];
    Out.Total[Fn] += B.Incl[I];
    if (!B.Overhead.empty())
      Out.Overhead[Fn] += B.Overhead[I];
    bool Outer = true;
    for (uint32_t A = S.Paths[I].Parent; A && Outer; A = S.Paths[A].Parent)
      Outer = S.Paths[A].Fn != Fn;
    if (Outer)
      Out.OnStack[Fn] += B.Incl[I];
    // The top-level calls: under the root, or under a thread's node.
    uint32_t Par = S.Paths[I].Parent;
    if (!Par || S.Paths[Par].Fn == PathOut::Thread)
      Out.Measured += B.Incl[I];
  }
  return Out;
}

} // namespace hotpath::rt

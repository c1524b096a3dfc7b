//===- JudgeLocks.cpp - Compare two reports' locks under a policy ---------===//
//
// `[locks]` (docs/policy.md): each lock of either report, matched by its
// name and kind, gets the first outcome that applies, as a function row
// does: ignored (its name matches functions.ignore), added, removed, too
// few acquisitions, regression, improvement, unchanged. A metric's change
// counts when it passes min_percent_change and its absolute floor
// (min_wait_change for the wait metrics, min_contended_change for the
// contended acquisitions): a lock that waited 2 µs and now 4 µs moved 100%
// and means nothing.
//
//===----------------------------------------------------------------------===//
#include "hotpath/policy/Judge.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace hotpath::policy {

namespace {

uint64_t lockValue(const report::LockRow &R, LockMetric M) {
  switch (M) {
  case LockMetric::Wait:
    return R.WaitNs;
  case LockMetric::Contended:
    return R.Contended;
  case LockMetric::AvgWait:
    return R.Contended ? R.WaitNs / R.Contended : 0;
  case LockMetric::P95Wait:
    return R.WaitP95Ns;
  case LockMetric::MaxWait:
    return R.WaitMaxNs;
  }
  return 0;
}

double largest(const LockRowResult &R) {
  double M = 0;
  for (const LockChange &C : R.Changes)
    M = std::max(M, std::fabs(C.Percent));
  return M;
}

} // namespace

void judgeLocks(const report::Report &Base, const report::Report &Head,
                const Policy &P, bool TimingNoFail, Verdict &V) {
  LocksResult &L = V.Locks;
  const LocksPolicy &LP = P.Locks;
  L.Judged = LP.Judged;
  L.FailCheck = LP.FailCheck;
  L.EnvNoFail = TimingNoFail;
  if (!Base.Locks.Present || !Head.Locks.Present) {
    L.Skipped = std::string("no locks section in the ") +
                (!Base.Locks.Present ? "base" : "head") +
                " report (HOTPATH_LOCKS=0, or a runtime without lock "
                "tracking)";
    if (LP.Judged && (Base.Locks.Present || Head.Locks.Present))
      V.Notes.push_back("locks: not compared: " + L.Skipped);
    return;
  }
  L.Compared = true;
  std::map<std::pair<std::string, std::string>, LockRowResult> Rows;
  // Locks of one name and kind (a lock in each of many objects, taken at
  // one place) are one row: their figures add up.
  for (const report::LockRow &R : Base.Locks.Data) {
    LockRowResult &Row = Rows[{report::lockLabel(R), R.Kind}];
    if (Row.InBase)
      report::addLockRow(Row.Base, R);
    else
      Row.Base = R;
    Row.InBase = true;
  }
  for (const report::LockRow &R : Head.Locks.Data) {
    LockRowResult &Row = Rows[{report::lockLabel(R), R.Kind}];
    if (Row.InHead)
      report::addLockRow(Row.Head, R);
    else
      Row.Head = R;
    Row.InHead = true;
  }
  bool CanFail = LP.Judged && LP.FailCheck && !L.EnvNoFail;
  for (auto &[Key, Row] : Rows) {
    Row.Name = Key.first;
    Row.Kind = Key.second;
    if (P.ignores(Row.Name))
      Row.O = Outcome::Ignored;
    else if (!Row.InBase)
      Row.O = Outcome::Added;
    else if (!Row.InHead)
      Row.O = Outcome::Removed;
    else if (std::min(Row.Base.Acquisitions, Row.Head.Acquisitions) <
             LP.MinAcquisitions)
      Row.O = Outcome::TooFewCalls;
    else {
      bool Up = false, Down = false;
      for (LockMetric M : LP.Metrics) {
        LockChange C;
        C.M = M;
        C.Base = lockValue(Row.Base, M);
        C.Head = lockValue(Row.Head, M);
        C.Percent = percentChange(C.Base, C.Head);
        uint64_t Floor = M == LockMetric::Contended ? LP.MinContendedChange
                                                    : LP.MinWaitChange;
        bool Small =
            (C.Head > C.Base ? C.Head - C.Base : C.Base - C.Head) < Floor;
        if (LP.Judged && !Small && C.Percent > LP.MinPercentChange)
          C.Direction = 1;
        else if (LP.Judged && !Small && C.Percent < -LP.MinPercentChange)
          C.Direction = -1;
        Up |= C.Direction > 0;
        Down |= C.Direction < 0;
        Row.Changes.push_back(C);
      }
      Row.O = Up     ? Outcome::Regression
              : Down ? Outcome::Improvement
                     : Outcome::Unchanged;
    }
    Row.Failing = countOutcome(V, Row.O, LP.Judged, CanFail);
    L.Rows.push_back(std::move(Row));
  }
  std::sort(L.Rows.begin(), L.Rows.end(),
            [](const LockRowResult &A, const LockRowResult &B) {
              if (outcomeRank(A.O) != outcomeRank(B.O))
                return outcomeRank(A.O) < outcomeRank(B.O);
              if (largest(A) != largest(B))
                return largest(A) > largest(B);
              return A.Name + A.Kind < B.Name + B.Kind;
            });
}

} // namespace hotpath::policy

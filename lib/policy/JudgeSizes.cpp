//===- JudgeSizes.cpp - Compare two reports' input sizes under a policy ---===//
//
// `[functions_sizes]` (docs/policy.md): each sized function of either
// report, matched by its name and what measures its size, gets the first
// outcome that applies, as a function row does: ignored, added, removed,
// regression, improvement, unchanged. Both reports' buckets are fitted
// (lib/sizes) on the same metric: instructions when both have them, else
// the timed calls' time. A regression is a complexity class that grew (it
// fails the check with fail_on_complexity) or a bucket whose cost a call
// grew past min_percent_change in both reports' calls (it fails with
// fail_check): the long inputs' slowdown that an average over all calls
// hides.
//
//===----------------------------------------------------------------------===//
#include "hotpath/policy/Judge.h"
#include "hotpath/sizes/SizesFit.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace hotpath::policy {

namespace {

int classRank(const std::string &C) {
  sizes::Order O;
  return sizes::orderFromName(C, O) ? int(O) : -1;
}

// The row's class on Metric ("" when its sizes span too little).
std::string classOn(const report::SizeRow &R, const std::string &Metric) {
  sizes::Fit F = sizes::fitComplexity(sizes::sizePoints(R, Metric));
  return F.Enough ? sizes::orderName(F.Class) : "";
}

double costOf(const report::SizeBucket &B, const std::string &Metric) {
  return Metric == "icount" ? double(B.Ir) / double(B.Calls)
                            : double(B.TimeNs) / double(B.TimedCalls);
}

uint64_t callsOf(const report::SizeBucket &B, const std::string &Metric) {
  return Metric == "icount" ? B.Calls : B.TimedCalls;
}

double largest(const SizeRowResult &R) {
  double M = R.ComplexityDirection > 0 ? INFINITY : 0;
  for (const SizeBucketChange &C : R.Buckets)
    M = std::max(M, std::fabs(C.Percent));
  return M;
}

void compareRow(const report::SizeRow &B, const report::SizeRow &H,
                const SizesPolicy &SP, SizeRowResult &Row) {
  std::string MB = sizes::fitMetric(B), MH = sizes::fitMetric(H);
  Row.Metric = MB == "icount" && MH == "icount" ? "icount"
               : !MB.empty() && !MH.empty()     ? "time"
                                                : "";
  if (Row.Metric.empty())
    return;
  Row.BaseClass = classOn(B, Row.Metric);
  Row.HeadClass = classOn(H, Row.Metric);
  if (!Row.BaseClass.empty() && !Row.HeadClass.empty()) {
    int D = classRank(Row.HeadClass) - classRank(Row.BaseClass);
    Row.ComplexityDirection = D > 0 ? 1 : D < 0 ? -1 : 0;
  }
  for (const report::SizeBucket &HB : H.Buckets) {
    auto It = std::find_if(
        B.Buckets.begin(), B.Buckets.end(),
        [&](const report::SizeBucket &X) { return X.Lo == HB.Lo; });
    if (It == B.Buckets.end())
      continue;
    uint64_t Calls =
        std::min(callsOf(*It, Row.Metric), callsOf(HB, Row.Metric));
    if (!Calls || Calls < SP.MinCalls)
      continue;
    SizeBucketChange C;
    C.Lo = HB.Lo;
    C.Hi = HB.Hi;
    C.Base = costOf(*It, Row.Metric);
    C.Head = costOf(HB, Row.Metric);
    C.Percent = C.Base > 0 ? (C.Head - C.Base) / C.Base * 100
                           : (C.Head > 0 ? INFINITY : 0);
    C.Direction = C.Percent > SP.MinPercentChange    ? 1
                  : C.Percent < -SP.MinPercentChange ? -1
                                                     : 0;
    Row.Buckets.push_back(C);
  }
}

} // namespace

void judgeSizes(const report::Report &Base, const report::Report &Head,
                const Policy &P, Verdict &V) {
  SizesResult &S = V.Sizes;
  const SizesPolicy &SP = P.Sizes;
  S.Judged = SP.Judged;
  if (!Base.Sizes.Present || !Head.Sizes.Present) {
    S.Skipped = std::string("no functions_sizes section in the ") +
                (!Base.Sizes.Present ? "base" : "head") +
                " report (no [sizes] in its hotpath.toml)";
    if (SP.Judged && (Base.Sizes.Present || Head.Sizes.Present))
      V.Notes.push_back("functions_sizes: not compared: " + S.Skipped);
    return;
  }
  S.Compared = true;
  std::map<std::pair<std::string, std::string>,
           std::pair<const report::SizeRow *, const report::SizeRow *>>
      Rows;
  for (const report::SizeRow &R : Base.Sizes.Data)
    Rows[{R.Name, R.Size}].first = &R;
  for (const report::SizeRow &R : Head.Sizes.Data)
    Rows[{R.Name, R.Size}].second = &R;
  for (auto &[Key, Pair] : Rows) {
    SizeRowResult Row;
    Row.Name = Key.first;
    Row.Size = Key.second;
    Row.InBase = Pair.first;
    Row.InHead = Pair.second;
    bool Failing = false;
    if (P.ignores(Row.Name)) {
      Row.O = Outcome::Ignored;
    } else if (!Row.InBase) {
      Row.O = Outcome::Added;
    } else if (!Row.InHead) {
      Row.O = Outcome::Removed;
    } else {
      compareRow(*Pair.first, *Pair.second, SP, Row);
      bool BucketUp = false, Down = Row.ComplexityDirection < 0;
      for (const SizeBucketChange &C : Row.Buckets) {
        BucketUp |= C.Direction > 0;
        Down |= C.Direction < 0;
      }
      bool Up = Row.ComplexityDirection > 0 || BucketUp;
      Row.O = !SP.Judged ? Outcome::Unchanged
              : Up       ? Outcome::Regression
              : Down     ? Outcome::Improvement
                         : Outcome::Unchanged;
      Failing = (Row.ComplexityDirection > 0 && SP.FailOnComplexity) ||
                (BucketUp && SP.FailCheck);
    }
    Row.Failing = countOutcome(V, Row.O, SP.Judged, SP.Judged && Failing);
    S.Rows.push_back(std::move(Row));
  }
  std::sort(S.Rows.begin(), S.Rows.end(),
            [](const SizeRowResult &A, const SizeRowResult &B) {
              if (outcomeRank(A.O) != outcomeRank(B.O))
                return outcomeRank(A.O) < outcomeRank(B.O);
              if (largest(A) != largest(B))
                return largest(A) > largest(B);
              return A.Name + A.Size < B.Name + B.Size;
            });
}

} // namespace hotpath::policy

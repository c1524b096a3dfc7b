//===- LocksDiff.cpp - The locks part of a rendered verdict ---------------===//
#include "LocksDiff.h"
#include "hotpath/policy/PolicyUnits.h"
#include "hotpath/report/Units.h"

#include <cmath>
#include <cstdio>

namespace hotpath::policy {

namespace {

Quantity quantityOf(LockMetric M) {
  return M == LockMetric::Contended ? Quantity::Count : Quantity::Duration;
}

std::string outcomeCell(const LocksResult &L, const LockRowResult &R) {
  if (!L.Judged && R.O == Outcome::Unchanged)
    return "not judged";
  std::string O = outcomeName(R.O);
  return R.Failing ? O + " (fails)" : O;
}

} // namespace

std::string locksHeading(const LocksResult &L) {
  const LocksPolicy &S = L.Settings;
  if (!L.Judged)
    return "locks (not judged: shown for context)";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%g", S.MinPercentChange);
  bool Waits = false, Contended = false;
  for (LockMetric M : S.Metrics)
    (M == LockMetric::Contended ? Contended : Waits) = true;
  std::string Floors;
  if (Waits)
    Floors = report::formatDuration(S.MinWaitChange) + " of wait";
  if (Contended)
    Floors += (Floors.empty() ? "" : " or ") +
              report::formatCount(S.MinContendedChange) + " contended";
  std::string H =
      std::string("locks (judged: change > ") + Buf + "% and " + Floors;
  if (L.FailCheck)
    H += L.EnvNoFail ? ", fail_check off: environment differs" : ", fail_check";
  return H + ")";
}

std::vector<std::vector<std::string>> locksRows(const LocksResult &L,
                                                bool OnlyFindings) {
  std::vector<std::vector<std::string>> Rows;
  std::vector<std::string> Head = {"Lock", "Kind", "Outcome", "Acquired"};
  for (LockMetric M : L.Settings.Metrics)
    Head.push_back(lockMetricName(M));
  Rows.push_back(Head);
  for (const LockRowResult &R : L.Rows) {
    if (OnlyFindings && R.O != Outcome::Regression)
      continue;
    const report::LockRow &Any = R.InHead ? R.Head : R.Base;
    std::vector<std::string> Cells = {
        R.Name, R.Kind, outcomeCell(L, R),
        R.InBase && R.InHead
            ? report::formatCount(R.Base.Acquisitions) + " → " +
                  report::formatCount(R.Head.Acquisitions)
            : report::formatCount(Any.Acquisitions)};
    for (size_t I = 0; I < L.Settings.Metrics.size(); ++I) {
      if (I < R.Changes.size()) {
        const LockChange &C = R.Changes[I];
        Quantity Q = quantityOf(C.M);
        Cells.push_back(formatQuantity(C.Base, Q) + " → " +
                        formatQuantity(C.Head, Q) + " (" +
                        formatPercentChange(C.Percent) + ")");
      } else {
        Cells.push_back("-");
      }
    }
    Rows.push_back(std::move(Cells));
  }
  return Rows;
}

nlohmann::ordered_json locksJson(const LocksResult &L) {
  using Json = nlohmann::ordered_json;
  Json J;
  J["judged"] = L.Judged;
  J["compared"] = L.Compared;
  J["skipped"] = L.Skipped.empty() ? Json(nullptr) : Json(L.Skipped);
  J["fail_check"] = L.FailCheck;
  J["environment_differs"] = L.EnvNoFail;
  J["min_percent_change"] = L.Settings.MinPercentChange;
  J["min_wait_change_ns"] = L.Settings.MinWaitChange;
  J["min_contended_change"] = L.Settings.MinContendedChange;
  Json Rows = Json::array();
  for (const LockRowResult &R : L.Rows) {
    Json RJ;
    RJ["name"] = R.Name;
    RJ["kind"] = R.Kind;
    RJ["outcome"] =
        !L.Judged && R.O == Outcome::Unchanged ? "not_judged" : outcomeKey(R.O);
    RJ["failing"] = R.Failing;
    auto SideJson = [](bool In, const report::LockRow &S) -> Json {
      if (!In)
        return nullptr;
      return {{"acquisitions", S.Acquisitions},
              {"contended", S.Contended},
              {"wait_ns", S.WaitNs},
              {"wait_p95_ns", S.WaitP95Ns},
              {"wait_max_ns", S.WaitMaxNs}};
    };
    RJ["base"] = SideJson(R.InBase, R.Base);
    RJ["head"] = SideJson(R.InHead, R.Head);
    Json Ch = Json::array();
    for (const LockChange &C : R.Changes)
      Ch.push_back({{"metric", lockMetricName(C.M)},
                    {"base", C.Base},
                    {"head", C.Head},
                    {"percent",
                     std::isinf(C.Percent) ? Json(nullptr) : Json(C.Percent)}});
    RJ["changes"] = Ch;
    Rows.push_back(RJ);
  }
  J["rows"] = Rows;
  return J;
}

} // namespace hotpath::policy

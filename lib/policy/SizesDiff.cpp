//===- SizesDiff.cpp - The input sizes part of a rendered verdict ---------===//
#include "SizesDiff.h"
#include "hotpath/policy/PolicyUnits.h"

#include <cmath>
#include <cstdio>

namespace hotpath::policy {

namespace {

std::string outcomeCell(const SizesResult &S, const SizeRowResult &R) {
  if (!S.Judged && R.O == Outcome::Unchanged)
    return "not judged";
  std::string O = outcomeName(R.O);
  return R.Failing ? O + " (fails)" : O;
}

std::string classOrNone(const std::string &C) {
  return C.empty() ? "not enough data" : C;
}

std::string sizeLabel(const SizeBucketChange &C) {
  return C.Lo == C.Hi ? std::to_string(C.Lo)
                      : std::to_string(C.Lo) + "-" + std::to_string(C.Hi);
}

std::string cost(double V, const std::string &Metric) {
  char Buf[48];
  std::snprintf(Buf, sizeof Buf, V >= 100 ? "%.0f%s" : "%.1f%s", V,
                Metric == "icount" ? " Ir" : " ns");
  return Buf;
}

// The bucket that moved most, as "size 512-1023: 1.2M Ir -> 4.8M Ir (+300%)".
std::string worstBucket(const SizeRowResult &R) {
  const SizeBucketChange *W = nullptr;
  for (const SizeBucketChange &C : R.Buckets)
    if (C.Direction && (!W || std::fabs(C.Percent) > std::fabs(W->Percent)))
      W = &C;
  if (!W)
    return R.Buckets.empty() ? "-" : "no size moved";
  return "size " + sizeLabel(*W) + ": " + cost(W->Base, R.Metric) + " → " +
         cost(W->Head, R.Metric) + " (" + formatPercentChange(W->Percent) + ")";
}

} // namespace

std::string sizesHeading(const SizesResult &S) {
  if (!S.Judged)
    return "functions_sizes (not judged: shown for context)";
  char Buf[160];
  std::snprintf(Buf, sizeof Buf,
                "functions_sizes (judged: the complexity class%s, and a "
                "size's cost a call > %g%%%s)",
                S.Settings.FailOnComplexity ? " (fail_on_complexity)" : "",
                S.Settings.MinPercentChange,
                S.Settings.FailCheck ? ", fail_check" : "");
  return Buf;
}

std::vector<std::vector<std::string>> sizesRows(const SizesResult &S,
                                                bool OnlyFindings) {
  std::vector<std::vector<std::string>> Rows;
  Rows.push_back(
      {"Function", "Size", "Outcome", "Complexity", "Largest change a call"});
  for (const SizeRowResult &R : S.Rows) {
    if (OnlyFindings && R.O != Outcome::Regression)
      continue;
    std::string Cx = !R.InBase || !R.InHead || R.Metric.empty()
                         ? "-"
                         : classOrNone(R.BaseClass) + " → " +
                               classOrNone(R.HeadClass) + " (" + R.Metric + ")";
    Rows.push_back({R.Name, R.Size, outcomeCell(S, R), Cx, worstBucket(R)});
  }
  return Rows;
}

nlohmann::ordered_json sizesJson(const SizesResult &S) {
  using Json = nlohmann::ordered_json;
  Json J;
  J["judged"] = S.Judged;
  J["compared"] = S.Compared;
  J["skipped"] = S.Skipped.empty() ? Json(nullptr) : Json(S.Skipped);
  J["fail_on_complexity"] = S.Settings.FailOnComplexity;
  J["fail_check"] = S.Settings.FailCheck;
  J["min_percent_change"] = S.Settings.MinPercentChange;
  Json Rows = Json::array();
  for (const SizeRowResult &R : S.Rows) {
    Json RJ;
    RJ["name"] = R.Name;
    RJ["size"] = R.Size;
    RJ["outcome"] =
        !S.Judged && R.O == Outcome::Unchanged ? "not_judged" : outcomeKey(R.O);
    RJ["failing"] = R.Failing;
    RJ["metric"] = R.Metric.empty() ? Json(nullptr) : Json(R.Metric);
    RJ["base_class"] = R.BaseClass.empty() ? Json(nullptr) : Json(R.BaseClass);
    RJ["head_class"] = R.HeadClass.empty() ? Json(nullptr) : Json(R.HeadClass);
    RJ["complexity_change"] = R.ComplexityDirection;
    Json B = Json::array();
    for (const SizeBucketChange &C : R.Buckets)
      B.push_back(
          {{"bucket_lo", C.Lo},
           {"bucket_hi", C.Hi},
           {"base", C.Base},
           {"head", C.Head},
           {"percent", std::isinf(C.Percent) ? Json(nullptr) : Json(C.Percent)},
           {"direction", C.Direction}});
    RJ["buckets"] = B;
    Rows.push_back(RJ);
  }
  J["rows"] = Rows;
  return J;
}

} // namespace hotpath::policy

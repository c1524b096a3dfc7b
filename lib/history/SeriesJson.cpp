//===- SeriesJson.cpp - A function's series as JSON -----------------------===//
#include "hotpath/history/SeriesJson.h"
#include "hotpath/history/ChangePoints.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace hotpath::history {

void keepAskedSeries(std::vector<Series> &All, const std::string &Function) {
  if (Function.empty())
    All.erase(
        std::remove_if(All.begin(), All.end(),
                       [](const Series &X) { return !X.Function.empty(); }),
        All.end());
}

bool seriesJson(Store &S, Query Q, size_t MaxSeries, std::string &Json,
                std::string &Error) {
  if (Q.Metric.empty())
    Q.Metric = "icount";
  const MetricInfo *MI = metricInfo(Q.Metric);
  if (!MI) {
    Error = "no metric '" + Q.Metric + "'";
    return false;
  }
  std::vector<RunInfo> Runs;
  std::vector<Series> All;
  if (!defaultMachine(S, Q.CpuModel, Error) || !S.read(Q, Runs, All, Error))
    return false;
  keepAskedSeries(All, Q.Function);
  ChangeOptions O;
  O.Exact = MI->Exact;
  O.MinRelativeChange = O.Exact ? 0.01 : 0.05;
  nlohmann::ordered_json J;
  J["metric"] = Q.Metric;
  J["what"] = MI->What;
  J["machine"] = Q.CpuModel;
  J["runs"] = nlohmann::json::array();
  for (const RunInfo &R : Runs)
    J["runs"].push_back({{"commit", R.Commit},
                         {"branch", R.Branch},
                         {"start_unix_ns", R.StartUnixNs}});
  J["series"] = nlohmann::json::array();
  size_t Left = 0;
  for (const Series &X : All) {
    if (J["series"].size() >= MaxSeries) {
      ++Left;
      continue;
    }
    nlohmann::ordered_json SJ = {{"benchmark", X.Benchmark},
                                 {"function", X.Function}};
    std::vector<double> V;
    SJ["points"] = nlohmann::json::array();
    for (const Point &P : X.Points) {
      SJ["points"].push_back({{"run", P.Run}, {"value", P.Value}});
      V.push_back(P.Value);
    }
    SJ["change_points"] = nlohmann::json::array();
    for (const ChangePoint &C : findChangePoints(V, O))
      SJ["change_points"].push_back({{"run", X.Points[C.Index].Run},
                                     {"before", C.Before},
                                     {"after", C.After},
                                     {"relative_change", C.relative()},
                                     {"confidence", C.Confidence}});
    J["series"].push_back(SJ);
  }
  J["series_left_out"] = Left;
  Json = J.dump() + "\n";
  return true;
}

} // namespace hotpath::history

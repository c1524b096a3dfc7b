//===- StoreCommon.cpp - What the two stores share ------------------------===//
#include "StoreCommon.h"

#include <algorithm>

namespace hotpath::history {

std::vector<std::string> schemaStatements(const std::string &IdColumn) {
  return {
      "CREATE TABLE IF NOT EXISTS hotpath_schema (version INTEGER NOT NULL)",
      "CREATE TABLE IF NOT EXISTS hotpath_runs (id " + IdColumn +
          ", run_key TEXT NOT NULL UNIQUE, added_unix_ns BIGINT NOT NULL, "
          "start_unix_ns BIGINT NOT NULL, git_commit TEXT NOT NULL, "
          "branch TEXT NOT NULL, cpu_model TEXT NOT NULL, kernel TEXT NOT "
          "NULL, executable TEXT NOT NULL)",
      "CREATE TABLE IF NOT EXISTS hotpath_figures (run_id BIGINT NOT NULL "
      "REFERENCES hotpath_runs(id), benchmark TEXT NOT NULL, function TEXT "
      "NOT NULL, metric TEXT NOT NULL, value DOUBLE PRECISION NOT NULL, "
      "PRIMARY KEY (run_id, benchmark, function, metric))",
      "CREATE INDEX IF NOT EXISTS hotpath_figures_by_metric ON "
      "hotpath_figures (metric, run_id)",
      "CREATE INDEX IF NOT EXISTS hotpath_runs_by_start ON hotpath_runs "
      "(start_unix_ns, id)",
  };
}

std::string checkSchema(int Version, std::string &RecordSql) {
  RecordSql.clear();
  if (Version > SchemaVersion)
    return "written by a newer hotpath (schema " + std::to_string(Version) +
           ", this one knows " + std::to_string(SchemaVersion) + ")";
  if (Version < SchemaVersion)
    RecordSql = "INSERT INTO hotpath_schema VALUES (" +
                std::to_string(SchemaVersion) + ")";
  return "";
}

std::map<int64_t, size_t> keepLast(std::vector<RunInfo> &Runs, const Query &Q) {
  if (Q.Last && Runs.size() > Q.Last)
    Runs.erase(Runs.begin(), Runs.end() - long(Q.Last));
  std::map<int64_t, size_t> Index;
  for (size_t I = 0; I < Runs.size(); ++I)
    Index[Runs[I].Id] = I;
  return Index;
}

void SeriesBuilder::add(int64_t RunId, const std::string &Benchmark,
                        const std::string &Function, double Value) {
  auto It = Index.find(RunId);
  if (It == Index.end())
    return;
  if (!Q.Function.empty() && Function.find(Q.Function) == std::string::npos)
    return;
  Series &S = Out[{Benchmark, Function}];
  if (S.Metric.empty()) {
    S.Benchmark = Benchmark;
    S.Function = Function;
    S.Metric = Q.Metric;
  }
  S.Points.push_back({It->second, Value});
}

std::vector<Series> SeriesBuilder::take() {
  std::vector<Series> V;
  for (auto &[Key, S] : Out) {
    std::sort(S.Points.begin(), S.Points.end(),
              [](const Point &A, const Point &B) { return A.Run < B.Run; });
    V.push_back(std::move(S));
  }
  return V;
}

} // namespace hotpath::history

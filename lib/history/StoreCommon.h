//===- StoreCommon.h - What the two stores share ----------------*- C++ -*-===//
//
// Internal to lib/history: the schema's statements (in the SQL both
// SQLite and PostgreSQL take) and the grouping of figure rows into series.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_STORECOMMON_H
#define HOTPATH_HISTORY_STORECOMMON_H

#include "hotpath/history/Store.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace hotpath::history {

/// The tables and the series index; IdColumn is the store's spelling of
/// an auto-numbered key.
std::vector<std::string> schemaStatements(const std::string &IdColumn);

/// Whether this hotpath can use a store whose schema is at Version (0: a
/// new one): "" and, when the store is older, RecordSql to run in the same
/// transaction; else why not ("written by a newer hotpath ...").
std::string checkSchema(int Version, std::string &RecordSql);

/// Keeps the last Q.Last of Runs (all of them when 0), and a map of run id
/// to its index among those kept.
std::map<int64_t, size_t> keepLast(std::vector<RunInfo> &Runs, const Query &Q);

/// Collects figure rows into series, in run order.
class SeriesBuilder {
public:
  explicit SeriesBuilder(const Query &Q, std::map<int64_t, size_t> Index)
      : Q(Q), Index(std::move(Index)) {}
  void add(int64_t RunId, const std::string &Benchmark,
           const std::string &Function, double Value);
  std::vector<Series> take();

private:
  const Query &Q;
  std::map<int64_t, size_t> Index;
  std::map<std::tuple<std::string, std::string>, Series> Out;
};

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_STORECOMMON_H

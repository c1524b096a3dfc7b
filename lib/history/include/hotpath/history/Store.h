//===- Store.h - Where the history is kept ----------------------*- C++ -*-===//
//
// An SQLite file (the default, `.hotpath/history.db`) or a PostgreSQL
// server that many CI runners share (`postgresql://...`). Both hold the
// same schema, created and migrated by hotpath (hotpath_schema records
// its version):
//
//   hotpath_runs    (id, run_key UNIQUE, added_unix_ns, start_unix_ns,
//                    git_commit, branch, cpu_model, kernel, executable)
//   hotpath_figures (run_id, benchmark, function, metric, value)
//
// Each add is one transaction; a run whose key is stored already is not
// added again (the unique key decides, so concurrent writers of one run
// store it once).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_HISTORY_STORE_H
#define HOTPATH_HISTORY_STORE_H

#include "hotpath/history/RunRecord.h"

#include <memory>
#include <string>
#include <vector>

namespace hotpath::history {

/// A stored run, without its figures.
struct RunInfo {
  int64_t Id = 0;
  std::string Commit, Branch, CpuModel, Kernel;
  int64_t StartUnixNs = 0;
};

/// One value of a series: the run it belongs to and the value.
struct Point {
  size_t Run = 0; // index into the runs of the query's answer
  double Value = 0;
};

struct Series {
  std::string Benchmark, Function, Metric;
  std::vector<Point> Points; // in run order
};

/// What to read: runs in order (start time, then id), the last `Last` of
/// them (0: all), of one CPU model and one branch when given, and the
/// series of one metric (all functions, or those whose name contains
/// Function).
struct Query {
  std::string Metric;
  std::string Function; // "" all
  std::string CpuModel; // "" every machine
  std::string Branch;   // "" every branch
  size_t Last = 0;
};

class Store {
public:
  virtual ~Store() = default;
  /// Adds Run in one transaction; Added false when it was stored already.
  virtual bool add(const RunRecord &Run, bool &Added, std::string &Error) = 0;
  /// The runs the query selects, in order, and their series.
  virtual bool read(const Query &Q, std::vector<RunInfo> &Runs,
                    std::vector<Series> &Out, std::string &Error) = 0;
  /// The CPU models of the stored runs, by number of runs.
  virtual bool machines(std::vector<std::string> &Out, std::string &Error) = 0;
};

/// The schema version this hotpath writes.
constexpr int SchemaVersion = 1;

/// Opens (creating it and its directory when missing) the store Url names:
/// "postgresql://..." or "postgres://..." a server, "sqlite:PATH" or a
/// plain path an SQLite file. False with Error (one line).
std::unique_ptr<Store> openStore(const std::string &Url, std::string &Error);

/// Machine, or when it is "" the CPU model most runs were on (a series is
/// one machine's). False with Error when the store cannot be read.
bool defaultMachine(Store &S, std::string &Machine, std::string &Error);

/// Whether Url names a PostgreSQL server.
bool isPostgresUrl(const std::string &Url);

} // namespace hotpath::history

#endif // HOTPATH_HISTORY_STORE_H

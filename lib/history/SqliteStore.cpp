//===- SqliteStore.cpp - The history in an SQLite file --------------------===//
#include "SqliteStore.h"
#include "StoreCommon.h"

#include <sqlite3.h>

#include <chrono>
#include <filesystem>

namespace hotpath::history {

namespace {

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// A prepared statement, finalized when it goes.
class Stmt {
public:
  Stmt(sqlite3 *Db, const std::string &Sql) {
    if (sqlite3_prepare_v2(Db, Sql.c_str(), -1, &S, nullptr) != SQLITE_OK)
      S = nullptr;
  }
  ~Stmt() { sqlite3_finalize(S); }
  Stmt(const Stmt &) = delete;
  Stmt &operator=(const Stmt &) = delete;
  explicit operator bool() const { return S; }
  sqlite3_stmt *operator*() const { return S; }
  void text(int I, const std::string &V) {
    sqlite3_bind_text(S, I, V.c_str(), int(V.size()), SQLITE_TRANSIENT);
  }
  void int64(int I, int64_t V) { sqlite3_bind_int64(S, I, V); }
  void real(int I, double V) { sqlite3_bind_double(S, I, V); }
  std::string column(int I) const {
    const unsigned char *T = sqlite3_column_text(S, I);
    return T ? reinterpret_cast<const char *>(T) : "";
  }

private:
  sqlite3_stmt *S = nullptr;
};

class SqliteStore : public Store {
public:
  SqliteStore(sqlite3 *Db, std::string Path) : Db(Db), Path(std::move(Path)) {}
  ~SqliteStore() override { sqlite3_close(Db); }

  bool init(std::string &Error) {
    sqlite3_busy_timeout(Db, 60000);
    if (!exec("BEGIN IMMEDIATE", Error))
      return false;
    for (const std::string &S :
         schemaStatements("INTEGER PRIMARY KEY AUTOINCREMENT"))
      if (!exec(S, Error))
        return rollback();
    Stmt V(Db, "SELECT max(version) FROM hotpath_schema");
    if (!V || sqlite3_step(*V) != SQLITE_ROW)
      return fail("reading the schema version", Error) && rollback();
    std::string Record, Why = checkSchema(sqlite3_column_int(*V, 0), Record);
    if (!Why.empty()) {
      Error = Path + ": " + Why;
      return rollback();
    }
    if (!Record.empty() && !exec(Record, Error))
      return rollback();
    return exec("COMMIT", Error);
  }

  bool add(const RunRecord &Run, bool &Added, std::string &Error) override {
    Added = false;
    if (!exec("BEGIN IMMEDIATE", Error))
      return false;
    Stmt Ins(Db, "INSERT INTO hotpath_runs (run_key, added_unix_ns, "
                 "start_unix_ns, git_commit, branch, cpu_model, kernel, "
                 "executable) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT "
                 "(run_key) DO NOTHING");
    if (!Ins)
      return fail("preparing the insert", Error) && rollback();
    Ins.text(1, Run.Key);
    Ins.int64(2, nowNs());
    Ins.int64(3, Run.StartUnixNs);
    Ins.text(4, Run.Commit);
    Ins.text(5, Run.Branch);
    Ins.text(6, Run.CpuModel);
    Ins.text(7, Run.Kernel);
    Ins.text(8, Run.Executable);
    if (sqlite3_step(*Ins) != SQLITE_DONE)
      return fail("adding the run", Error) && rollback();
    if (sqlite3_changes(Db) == 0) // stored already
      return exec("COMMIT", Error);
    int64_t Id = sqlite3_last_insert_rowid(Db);
    Stmt Fig(Db, "INSERT INTO hotpath_figures VALUES (?, ?, ?, ?, ?) ON "
                 "CONFLICT DO NOTHING");
    if (!Fig)
      return fail("preparing the figures", Error) && rollback();
    for (const Figure &F : Run.Figures) {
      sqlite3_reset(*Fig);
      Fig.int64(1, Id);
      Fig.text(2, F.Benchmark);
      Fig.text(3, F.Function);
      Fig.text(4, F.Metric);
      Fig.real(5, F.Value);
      if (sqlite3_step(*Fig) != SQLITE_DONE)
        return fail("adding a figure", Error) && rollback();
    }
    Added = true;
    return exec("COMMIT", Error);
  }

  bool read(const Query &Q, std::vector<RunInfo> &Runs,
            std::vector<Series> &Out, std::string &Error) override {
    Runs.clear();
    Stmt R(Db, "SELECT id, git_commit, branch, cpu_model, kernel, "
               "start_unix_ns FROM hotpath_runs WHERE (?1 = '' OR cpu_model "
               "= ?1) AND (?2 = '' OR branch = ?2) ORDER BY start_unix_ns, "
               "id");
    if (!R)
      return fail("reading the runs", Error);
    R.text(1, Q.CpuModel);
    R.text(2, Q.Branch);
    while (sqlite3_step(*R) == SQLITE_ROW)
      Runs.push_back({sqlite3_column_int64(*R, 0), R.column(1), R.column(2),
                      R.column(3), R.column(4), sqlite3_column_int64(*R, 5)});
    SeriesBuilder B(Q, keepLast(Runs, Q));
    Stmt F(Db, "SELECT run_id, benchmark, function, value FROM "
               "hotpath_figures WHERE metric = ?");
    if (!F)
      return fail("reading the figures", Error);
    F.text(1, Q.Metric);
    while (sqlite3_step(*F) == SQLITE_ROW)
      B.add(sqlite3_column_int64(*F, 0), F.column(1), F.column(2),
            sqlite3_column_double(*F, 3));
    Out = B.take();
    return true;
  }

  bool machines(std::vector<std::string> &Out, std::string &Error) override {
    Out.clear();
    Stmt M(Db, "SELECT cpu_model FROM hotpath_runs GROUP BY cpu_model "
               "ORDER BY count(*) DESC, cpu_model");
    if (!M)
      return fail("reading the machines", Error);
    while (sqlite3_step(*M) == SQLITE_ROW)
      Out.push_back(M.column(0));
    return true;
  }

private:
  sqlite3 *Db;
  std::string Path;

  bool fail(const std::string &What, std::string &Error) {
    Error = Path + ": " + What + ": " + sqlite3_errmsg(Db);
    return false;
  }
  bool exec(const std::string &Sql, std::string &Error) {
    char *Msg = nullptr;
    if (sqlite3_exec(Db, Sql.c_str(), nullptr, nullptr, &Msg) == SQLITE_OK)
      return true;
    Error = Path + ": " + (Msg ? Msg : sqlite3_errmsg(Db));
    sqlite3_free(Msg);
    return false;
  }
  bool rollback() {
    sqlite3_exec(Db, "ROLLBACK", nullptr, nullptr, nullptr);
    return false;
  }
};

} // namespace

std::unique_ptr<Store> openSqliteStore(const std::string &Path,
                                       std::string &Error) {
  std::filesystem::path Dir = std::filesystem::path(Path).parent_path();
  std::error_code EC;
  if (!Dir.empty())
    std::filesystem::create_directories(Dir, EC);
  if (EC) {
    Error = "cannot create " + Dir.string() + ": " + EC.message();
    return nullptr;
  }
  sqlite3 *Db = nullptr;
  if (sqlite3_open_v2(Path.c_str(), &Db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                          SQLITE_OPEN_NOMUTEX,
                      nullptr) != SQLITE_OK) {
    Error = Path + ": " + (Db ? sqlite3_errmsg(Db) : "cannot open");
    sqlite3_close(Db);
    return nullptr;
  }
  auto S = std::make_unique<SqliteStore>(Db, Path);
  if (!S->init(Error))
    return nullptr;
  return S;
}

} // namespace hotpath::history

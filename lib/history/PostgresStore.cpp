//===- PostgresStore.cpp - The history in a PostgreSQL server -------------===//
#include "PostgresStore.h"
#include "StoreCommon.h"

#include <libpq-fe.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace hotpath::history {

namespace {

// The advisory lock the schema is created under (any fixed number).
constexpr const char *SchemaLock = "7316040112";

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

/// libpq's message on one line.
std::string oneLine(const char *M) {
  std::string S = M ? M : "";
  while (!S.empty() && (S.back() == '\n' || S.back() == ' '))
    S.pop_back();
  for (char &C : S)
    if (C == '\n')
      C = ' ';
  return S;
}

/// A PostgreSQL array literal of texts: {"a","b\"c"}.
std::string textArray(const std::vector<const std::string *> &V) {
  std::string Out = "{";
  for (size_t I = 0; I < V.size(); ++I) {
    Out += I ? ",\"" : "\"";
    for (char C : *V[I]) {
      if (C == '"' || C == '\\')
        Out += '\\';
      Out += C;
    }
    Out += '"';
  }
  return Out + "}";
}

/// A result, cleared when it goes.
struct Result {
  PGresult *R;
  explicit Result(PGresult *R) : R(R) {}
  ~Result() { PQclear(R); }
  Result(const Result &) = delete;
  Result &operator=(const Result &) = delete;
  bool ok() const {
    ExecStatusType S = PQresultStatus(R);
    return S == PGRES_COMMAND_OK || S == PGRES_TUPLES_OK;
  }
  std::string text(int Row, int Col) const {
    return PQgetisnull(R, Row, Col) ? "" : PQgetvalue(R, Row, Col);
  }
};

class PostgresStore : public Store {
public:
  explicit PostgresStore(PGconn *C) : C(C) {}
  ~PostgresStore() override { PQfinish(C); }

  bool init(std::string &Error) {
    if (!exec("BEGIN", Error) ||
        !exec(std::string("SELECT pg_advisory_xact_lock(") + SchemaLock + ")",
              Error))
      return rollback();
    // DDL only when the schema is not there yet: CREATE INDEX takes a share
    // lock on its table even when the index exists, which deadlocks with a
    // writer adding a run.
    int Version = 0;
    if (!version(Version, Error))
      return rollback();
    if (Version == 0)
      for (const std::string &S : schemaStatements("BIGSERIAL PRIMARY KEY"))
        if (!exec(S, Error))
          return rollback();
    std::string Record, Why = checkSchema(Version, Record);
    if (!Why.empty()) {
      Error = "the server's history was " + Why;
      return rollback();
    }
    if (!Record.empty() && !exec(Record, Error))
      return rollback();
    return exec("COMMIT", Error);
  }

  bool add(const RunRecord &Run, bool &Added, std::string &Error) override {
    Added = false;
    if (!exec("BEGIN", Error))
      return false;
    std::string Now = std::to_string(nowNs()),
                Start = std::to_string(Run.StartUnixNs);
    const char *P[] = {Run.Key.c_str(),    Now.c_str(),
                       Start.c_str(),      Run.Commit.c_str(),
                       Run.Branch.c_str(), Run.CpuModel.c_str(),
                       Run.Kernel.c_str(), Run.Executable.c_str()};
    Result Ins(PQexecParams(
        C,
        "INSERT INTO hotpath_runs (run_key, added_unix_ns, start_unix_ns, "
        "git_commit, branch, cpu_model, kernel, executable) VALUES ($1, $2, "
        "$3, $4, $5, $6, $7, $8) ON CONFLICT (run_key) DO NOTHING RETURNING id",
        8, nullptr, P, nullptr, nullptr, 0));
    if (!Ins.ok())
      return fail(Ins, Error) && rollback();
    if (PQntuples(Ins.R) == 0) // stored already
      return exec("COMMIT", Error);
    std::string Id = Ins.text(0, 0);
    std::vector<const std::string *> B, F, M;
    std::string Values = "{";
    std::vector<std::string> Numbers;
    for (const Figure &Fg : Run.Figures) {
      B.push_back(&Fg.Benchmark);
      F.push_back(&Fg.Function);
      M.push_back(&Fg.Metric);
      char Buf[40];
      std::snprintf(Buf, sizeof Buf, "%.17g", Fg.Value);
      Values += (Values.size() > 1 ? "," : "") + std::string(Buf);
    }
    Values += "}";
    std::string BA = textArray(B), FA = textArray(F), MA = textArray(M);
    const char *FP[] = {Id.c_str(), BA.c_str(), FA.c_str(), MA.c_str(),
                        Values.c_str()};
    Result Figs(PQexecParams(
        C,
        "INSERT INTO hotpath_figures SELECT $1::bigint, b, f, m, v FROM "
        "unnest($2::text[], $3::text[], $4::text[], $5::float8[]) AS t(b, f, "
        "m, v) ON CONFLICT DO NOTHING",
        5, nullptr, FP, nullptr, nullptr, 0));
    if (!Figs.ok())
      return fail(Figs, Error) && rollback();
    if (!exec("COMMIT", Error))
      return false;
    Added = true;
    return true;
  }

  bool read(const Query &Q, std::vector<RunInfo> &Runs,
            std::vector<Series> &Out, std::string &Error) override {
    Runs.clear();
    const char *P[] = {Q.CpuModel.c_str(), Q.Branch.c_str()};
    Result R(PQexecParams(
        C,
        "SELECT id, git_commit, branch, cpu_model, kernel, start_unix_ns FROM "
        "hotpath_runs WHERE ($1 = '' OR cpu_model = $1) AND ($2 = '' OR "
        "branch = $2) ORDER BY start_unix_ns, id",
        2, nullptr, P, nullptr, nullptr, 0));
    if (!R.ok())
      return fail(R, Error);
    for (int I = 0; I < PQntuples(R.R); ++I)
      Runs.push_back({std::atoll(R.text(I, 0).c_str()), R.text(I, 1),
                      R.text(I, 2), R.text(I, 3), R.text(I, 4),
                      std::atoll(R.text(I, 5).c_str())});
    SeriesBuilder B(Q, keepLast(Runs, Q));
    const char *MP[] = {Q.Metric.c_str()};
    Result F(PQexecParams(C,
                          "SELECT run_id, benchmark, function, value FROM "
                          "hotpath_figures WHERE metric = $1",
                          1, nullptr, MP, nullptr, nullptr, 0));
    if (!F.ok())
      return fail(F, Error);
    for (int I = 0; I < PQntuples(F.R); ++I)
      B.add(std::atoll(F.text(I, 0).c_str()), F.text(I, 1), F.text(I, 2),
            std::strtod(F.text(I, 3).c_str(), nullptr));
    Out = B.take();
    return true;
  }

  bool machines(std::vector<std::string> &Out, std::string &Error) override {
    Out.clear();
    Result M(PQexec(C, "SELECT cpu_model FROM hotpath_runs GROUP BY cpu_model "
                       "ORDER BY count(*) DESC, cpu_model"));
    if (!M.ok())
      return fail(M, Error);
    for (int I = 0; I < PQntuples(M.R); ++I)
      Out.push_back(M.text(I, 0));
    return true;
  }

private:
  PGconn *C;

  /// The schema's version, 0 when there is none yet.
  bool version(int &Version, std::string &Error) {
    Result T(PQexec(C, "SELECT to_regclass('hotpath_schema') IS NOT NULL"));
    if (!T.ok())
      return fail(T, Error);
    Version = 0;
    if (T.text(0, 0) != "t")
      return true;
    Result V(PQexec(C, "SELECT coalesce(max(version), 0) FROM hotpath_schema"));
    if (!V.ok())
      return fail(V, Error);
    Version = std::atoi(V.text(0, 0).c_str());
    return true;
  }

  bool fail(const Result &R, std::string &Error) {
    Error = "PostgreSQL: " + oneLine(PQresultErrorMessage(R.R));
    if (Error == "PostgreSQL: ")
      Error += oneLine(PQerrorMessage(C));
    return false;
  }
  bool exec(const std::string &Sql, std::string &Error) {
    Result R(PQexec(C, Sql.c_str()));
    return R.ok() || fail(R, Error);
  }
  bool rollback() {
    PQclear(PQexec(C, "ROLLBACK"));
    return false;
  }
};

} // namespace

std::unique_ptr<Store> openPostgresStore(const std::string &Url,
                                         std::string &Error) {
  PGconn *C = PQconnectdb(Url.c_str());
  if (!C || PQstatus(C) != CONNECTION_OK) {
    // libpq's message names the host and the reason; never the password.
    Error = "PostgreSQL: " + oneLine(C ? PQerrorMessage(C) : "out of memory");
    PQfinish(C);
    return nullptr;
  }
  // No notices on stderr (CREATE ... IF NOT EXISTS says "already exists").
  PQsetNoticeProcessor(C, [](void *, const char *) {}, nullptr);
  auto S = std::make_unique<PostgresStore>(C);
  if (!S->init(Error))
    return nullptr;
  return S;
}

} // namespace hotpath::history

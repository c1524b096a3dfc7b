//===- HistoryStoreTest.cpp - Runs kept in an SQLite file -----------------===//
#include "hotpath/history/RunRecord.h"
#include "hotpath/history/Store.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <unistd.h>

using namespace hotpath;
using namespace hotpath::history;

namespace {

report::Report benchReport(const std::string &Bench, uint64_t Ir,
                           uint64_t Start) {
  report::Report R;
  R.M.Benchmark = Bench;
  R.M.StartUnixNs = Start;
  R.M.Pid = 42;
  R.M.GitCommit = "0123456789abcdef";
  R.M.CpuModel = "Model A";
  R.M.ElapsedNs = 1000;
  R.Icount.Present = true;
  R.Icount.Total = Ir * 10;
  report::FunctionRow F;
  F.Name = "parse";
  F.Calls = 10;
  F.Avg = Ir;
  F.Total = Ir * 10;
  F.Self = Ir * 5;
  R.Icount.Data = {F};
  return R;
}

struct TempStore {
  std::string Path;
  TempStore() {
    char T[] = "/tmp/hotpath-history-XXXXXX";
    Path = std::string(mkdtemp(T)) + "/sub/history.db";
  }
  ~TempStore() {
    std::filesystem::remove_all(
        std::filesystem::path(Path).parent_path().parent_path());
  }
};

} // namespace

TEST(RunRecord, KeepsEveryFigureAndAKeyOfTheReports) {
  RunRecord A = runOf({benchReport("BM_A", 100, 5), benchReport("BM_B", 7, 3)});
  RunRecord B = runOf({benchReport("BM_B", 7, 3), benchReport("BM_A", 100, 5)});
  EXPECT_EQ(A.Key, B.Key); // the order of the files does not matter
  EXPECT_EQ(A.StartUnixNs, 3);
  EXPECT_EQ(A.Commit, "0123456789abcdef");
  auto Has = [&](const std::string &Bench, const std::string &F,
                 const std::string &M, double V) {
    for (const Figure &Fg : A.Figures)
      if (Fg.Benchmark == Bench && Fg.Function == F && Fg.Metric == M)
        return Fg.Value == V;
    return false;
  };
  EXPECT_TRUE(Has("BM_A", "parse", "icount", 100));
  EXPECT_TRUE(Has("BM_A", "parse", "self_icount", 50));
  EXPECT_TRUE(Has("BM_A", "parse", "calls", 10));
  EXPECT_TRUE(Has("BM_B", "", "icount_total", 70));
  EXPECT_NE(runOf({benchReport("BM_A", 101, 5)}).Key,
            runOf({benchReport("BM_A", 100, 5)}).Key);
}

TEST(SqliteStore, AddsARunOnceAndReadsItsSeries) {
  TempStore T;
  std::string Error;
  std::unique_ptr<Store> S = openStore(T.Path, Error);
  ASSERT_TRUE(S) << Error;
  for (uint64_t I = 0; I < 5; ++I) {
    bool Added = false;
    ASSERT_TRUE(
        S->add(runOf({benchReport("BM_A", 100 + I, 10 + I)}), Added, Error))
        << Error;
    EXPECT_TRUE(Added);
  }
  bool Added = true;
  ASSERT_TRUE(S->add(runOf({benchReport("BM_A", 100, 10)}), Added, Error));
  EXPECT_FALSE(Added); // the same report: one run
  // Opened again (the schema is there): the same runs.
  S = openStore("sqlite:" + T.Path, Error);
  ASSERT_TRUE(S) << Error;
  Query Q;
  Q.Metric = "icount";
  Q.Last = 3;
  std::vector<RunInfo> Runs;
  std::vector<Series> Out;
  ASSERT_TRUE(S->read(Q, Runs, Out, Error)) << Error;
  ASSERT_EQ(Runs.size(), 3u);
  ASSERT_EQ(Out.size(), 1u);
  EXPECT_EQ(Out[0].Benchmark, "BM_A");
  EXPECT_EQ(Out[0].Function, "parse");
  ASSERT_EQ(Out[0].Points.size(), 3u);
  EXPECT_EQ(Out[0].Points[0].Value, 102);
  EXPECT_EQ(Out[0].Points[2].Value, 104);
  std::vector<std::string> M;
  ASSERT_TRUE(S->machines(M, Error));
  EXPECT_EQ(M, std::vector<std::string>{"Model A"});
}

TEST(SqliteStore, SaysWhatIsWrongWithAFileThatIsNotAStore) {
  TempStore T;
  std::filesystem::create_directories(
      std::filesystem::path(T.Path).parent_path());
  FILE *F = std::fopen(T.Path.c_str(), "w");
  std::fputs("not a database, just text that is long enough to be a header "
             "of some kind of file",
             F);
  std::fclose(F);
  std::string Error;
  EXPECT_FALSE(openStore(T.Path, Error));
  EXPECT_NE(Error.find("not a database"), std::string::npos) << Error;
}

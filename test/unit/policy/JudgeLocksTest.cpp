//===- JudgeLocksTest.cpp - [locks]: parsing and outcomes -----------------===//
#include "TestSupport.h"

#include "hotpath/policy/Judge.h"

using namespace hotpath::policy;
using namespace hotpath::policy::test;
using hotpath::report::LockRow;
using hotpath::report::Report;

namespace {

LockRow lock(const std::string &Name, uint64_t Acq, uint64_t Contended,
             uint64_t WaitNs) {
  LockRow L;
  L.Name = Name;
  L.Kind = "mutex";
  L.Acquisitions = Acq;
  L.Contended = Contended;
  L.WaitNs = WaitNs;
  L.WaitP95Ns = L.WaitMaxNs = Contended ? WaitNs / Contended : 0;
  return L;
}

Report withLocks(std::vector<LockRow> Rows) {
  Report R = makeReport({row("f", 10, 1000, 50)});
  R.Locks.Present = true;
  R.Locks.Data = std::move(Rows);
  return R;
}

const LockRowResult *find(const Verdict &V, const std::string &Name) {
  for (const LockRowResult &R : V.Locks.Rows)
    if (R.Name == Name)
      return &R;
  return nullptr;
}

} // namespace

TEST(JudgeLocks, PolicySchema) {
  Policy P = parseOrDie(R"(
[locks]
judged = true
metrics = ["wait", "p95", "contended"]
min_percent_change = 50
min_wait_change = "2ms"
min_contended_change = 3
min_acquisitions = 100
fail_check = true
)");
  EXPECT_TRUE(P.Locks.Judged && P.Locks.FailCheck);
  ASSERT_EQ(P.Locks.Metrics.size(), 3u);
  EXPECT_EQ(P.Locks.Metrics[1], LockMetric::P95Wait);
  EXPECT_EQ(P.Locks.MinPercentChange, 50);
  EXPECT_EQ(P.Locks.MinWaitChange, 2000000u);
  EXPECT_EQ(P.Locks.MinContendedChange, 3u);
  EXPECT_EQ(P.Locks.MinAcquisitions, 100u);
  // By default: shown, not judged.
  EXPECT_FALSE(defaultPolicy().Locks.Judged);
  EXPECT_EQ(parseError("[locks]\nmetrics = [\"holds\"]\n"),
            "p.toml:2: locks.metrics: unknown metric \"holds\" (accepted: "
            "wait, contended, avg, p95, max)");
  EXPECT_EQ(parseError("[locks]\njudge = true\n").substr(0, 34),
            "p.toml:2: locks.judge: unknown key");
  EXPECT_NE(parseError("[locks]\nmin_wait_change = \"2 parsecs\"\n")
                .find("p.toml:2: locks.min_wait_change:"),
            std::string::npos);
}

TEST(JudgeLocks, OutcomesAndFloors) {
  Policy P = parseOrDie("[locks]\njudged = true\nfail_check = true\n");
  Report B = withLocks({lock("slower", 1000, 100, 10000000),
                        lock("faster", 1000, 100, 10000000),
                        lock("tiny", 1000, 1, 1000), lock("gone", 10, 0, 0)});
  Report H = withLocks({lock("slower", 1000, 300, 40000000),
                        lock("faster", 1000, 20, 2000000),
                        lock("tiny", 1000, 2, 900000), lock("new", 10, 0, 0)});
  Verdict V = judge(&B, H, P);
  ASSERT_TRUE(V.Locks.Compared);
  EXPECT_EQ(find(V, "slower")->O, Outcome::Regression);
  EXPECT_TRUE(find(V, "slower")->Failing);
  EXPECT_EQ(find(V, "faster")->O, Outcome::Improvement);
  // +89,900%, but under 1 ms of wait and 10 contended: noise.
  EXPECT_EQ(find(V, "tiny")->O, Outcome::Unchanged);
  EXPECT_EQ(find(V, "gone")->O, Outcome::Removed);
  EXPECT_EQ(find(V, "new")->O, Outcome::Added);
  EXPECT_EQ(V.Locks.Rows.front().Name, "slower"); // regressions first
  EXPECT_EQ(V.exitCode(), 3);
}

TEST(JudgeLocks, NotJudgedByDefaultAndSkippedWithoutSections) {
  Report B = withLocks({lock("m", 1000, 100, 10000000)});
  Report H = withLocks({lock("m", 1000, 900, 90000000)});
  Verdict V = judge(&B, H, defaultPolicy());
  EXPECT_EQ(V.Locks.Rows.at(0).O, Outcome::Unchanged);
  EXPECT_EQ(V.Locks.Rows.at(0).Changes.at(0).Direction, 0);
  EXPECT_EQ(V.Failing, 0u);
  Report None = makeReport({row("f", 10, 1000, 50)});
  Policy P = parseOrDie("[locks]\njudged = true\n");
  Verdict W = judge(&B, None, P);
  EXPECT_FALSE(W.Locks.Compared);
  EXPECT_NE(W.Locks.Skipped.find("no locks section in the head report"),
            std::string::npos);
  // Environments that differ: a wait regression never fails.
  Report H2 = H;
  H2.M.CpuModel = "Model B";
  Policy F = parseOrDie("[locks]\njudged = true\nfail_check = true\n");
  Verdict X = judge(&B, H2, F);
  EXPECT_EQ(X.Locks.Rows.at(0).O, Outcome::Regression);
  EXPECT_FALSE(X.Locks.Rows.at(0).Failing);
}

// Many locks of one name (one per object, taken at one place) are judged
// as one: their waits add up.
TEST(JudgeLocks, SameNameAddsUp) {
  Policy P = parseOrDie("[locks]\njudged = true\n");
  Report B =
      withLocks({lock("cv_", 100, 10, 3000000), lock("cv_", 100, 10, 3000000)});
  Report H =
      withLocks({lock("cv_", 100, 10, 3000000), lock("cv_", 100, 40, 9000000)});
  Verdict V = judge(&B, H, P);
  ASSERT_EQ(V.Locks.Rows.size(), 1u);
  EXPECT_EQ(V.Locks.Rows[0].Base.WaitNs, 6000000u);
  EXPECT_EQ(V.Locks.Rows[0].Head.WaitNs, 12000000u);
  EXPECT_EQ(V.Locks.Rows[0].Head.Acquisitions, 200u);
  EXPECT_EQ(V.Locks.Rows[0].O, Outcome::Regression);
}

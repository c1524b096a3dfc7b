//===- ReportWriterTest.cpp - Snapshot -> report, and writing it ----------===//
#include "output/ReportWriter.h"
#include "ScratchDir.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/support/AtomicFile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace hotpath::rt;
namespace report = hotpath::report;

namespace {
// These tests are of the mode that times every call; the default mode has
// its own test.
Options timedOptions() {
  Options O;
  O.Mode = MeasureMode::Timed;
  O.TimeSamplingRate = 1.0;
  return O;
}
} // namespace

namespace {

Snapshot snapshot() {
  Snapshot S;
  S.StartUnixNs = 1767225600000000000ull;
  S.ElapsedNs = 1000000;
  S.Functions.resize(3);
  S.Timing.resize(3);
  S.Functions[1].Name = "a";
  S.Functions[1].File = "a.cpp";
  S.Functions[1].Line = 3;
  S.Functions[2].Symbol = "_Z1bv"; // no demangled name: the symbol
  for (int I = 1; I <= 100; ++I)
    S.Timing[1].add(uint64_t(I) * 1000);
  S.Timing[2].add(7);
  S.Timing[2].add(9);
  S.Timing[2].add(20);
  return S;
}

std::string slurp(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

std::vector<std::string> list(const std::string &D) {
  std::vector<std::string> Out;
  DIR *Dp = opendir(D.c_str());
  while (struct dirent *E = Dp ? readdir(Dp) : nullptr)
    if (E->d_name[0] != '.' ||
        std::string(E->d_name).find(".tmp") != std::string::npos)
      if (std::string(E->d_name) != "." && std::string(E->d_name) != "..")
        Out.push_back(E->d_name);
  if (Dp)
    closedir(Dp);
  return Out;
}

} // namespace

// The function row named Name (one there must be).
static const report::FunctionRow &timingRow(const report::Report &R,
                                            const char *Name) {
  return *std::find_if(R.Timing.Data.begin(), R.Timing.Data.end(),
                       [&](auto &X) { return X.Name == Name; });
}

TEST(ReportWriter, TimingRows) {
  Options O = timedOptions();
  O.Percentiles = {50, 95};
  report::Report R = buildReport(snapshot(), O);
  ASSERT_TRUE(R.Timing.Present);
  EXPECT_FALSE(R.Alloc.Present); // allocations not tracked
  EXPECT_FALSE(R.Icount.Present);
  EXPECT_TRUE(R.Threads.Present);
  ASSERT_EQ(R.Timing.Data.size(), 2u);
  const report::FunctionRow &A = R.Timing.Data[0];
  EXPECT_EQ(A.Name, "a");
  EXPECT_EQ(A.Calls, 100u);
  EXPECT_EQ(A.Total, 5050000u);
  EXPECT_EQ(A.Avg, 50500u);
  EXPECT_EQ(A.Min, 1000u);
  EXPECT_EQ(A.Max, 100000u);
  EXPECT_NEAR(double(A.Percentiles[0]), 50000, 500);
  EXPECT_NEAR(double(A.Percentiles[1]), 95000, 950);
  EXPECT_EQ(A.PercentTotal, 505.0); // inclusive: may exceed 100%
  const report::FunctionRow &B = R.Timing.Data[1];
  EXPECT_EQ(B.Name, "_Z1bv");
  EXPECT_EQ(B.Avg, 12u); // 36 / 3 rounded
  EXPECT_EQ(B.PercentTotal, 0.0);
}

// The default mode: a function whose every call was timed shows its wall
// time (measured); one that was counted, with a few probed calls, shows
// none, and its probes are not extrapolated (samples). No single rate.
TEST(ReportWriter, DefaultModeRowsSayWhereTheirTimeComesFrom) {
  Snapshot S = snapshot();
  S.Timing[2].Calls = 1000000; // 3 probed calls of a million
  Options O;
  report::Report R = buildReport(S, O);
  EXPECT_EQ(R.M.Mode, "default");
  EXPECT_FALSE(R.Timing.SamplingRate);
  EXPECT_TRUE(R.Timing.timed());
  const report::FunctionRow &A = timingRow(R, "a"), &B = timingRow(R, "_Z1bv");
  EXPECT_EQ(A.TimeSource, "measured");
  EXPECT_EQ(A.Total, 5050000u);
  EXPECT_EQ(B.TimeSource, "samples");
  EXPECT_EQ(B.Calls, 1000000u);
  EXPECT_EQ(B.Total, 0u);
  EXPECT_EQ(B.Avg, 0u);
  // Every call timed: measured; estimated where calls past the shadow
  // stack's depth were counted, not timed.
  O = timedOptions();
  EXPECT_EQ(timingRow(buildReport(snapshot(), O), "a").TimeSource, "measured");
  EXPECT_EQ(timingRow(buildReport(S, O), "_Z1bv").TimeSource, "estimated");
}

// Sum and extremes come from ticks converted separately: two calls of 330.4
// ns each have min = max = 330 but a sum of 661 (avg 330.5, rounded 331).
// One nanosecond outside is rounding and is pulled in; more is data.
TEST(ReportWriter, AverageRoundingStaysWithinMinMax) {
  Snapshot S = snapshot();
  FunctionTiming &T = S.Timing[2];
  T.Calls = T.Timed = 2;
  T.TotalNs = 661;
  T.MinNs = T.MaxNs = 330;
  report::Report R = buildReport(S, timedOptions());
  ASSERT_EQ(R.Timing.Data.size(), 2u);
  EXPECT_EQ(R.Timing.Data[1].Avg, 330u);
  T.TotalNs = 700; // not a rounding artifact: left as computed
  R = buildReport(S, timedOptions());
  EXPECT_EQ(R.Timing.Data[1].Avg, 350u);
}

// Calls past the shadow stack's depth are counted, not timed: the total
// stands for every call.
TEST(ReportWriter, UntimedCallsAreExtrapolated) {
  Snapshot S = snapshot();
  S.Timing[1].Calls = 1000; // 100 of 1000 calls timed
  report::Report R = buildReport(S, timedOptions());
  const report::FunctionRow &A = R.Timing.Data[0];
  EXPECT_EQ(A.Calls, 1000u);
  EXPECT_EQ(A.Total, 50500000u);
  EXPECT_EQ(A.Avg, 50500u);
  EXPECT_EQ(A.TimeSource, "estimated");
  EXPECT_EQ(*R.Timing.SamplingRate, 1.0);
}

// The cost of measuring out (docs/runtime.md): a parent (1 call) of 1000
// leaf calls, every call timed, 10 ns inner and 50 ns a timed call.
// Raw: leaf 1000 x 12 ns; parent 60,000 ns inclusive: the leaves' 12,000,
// 1000 x 40 ns of their hooks outside them, its own 10 ns inner part, and
// 7,990 ns of its own work.
TEST(ReportWriter, CompensationTakesTheHooksOut) {
  Snapshot S;
  S.ElapsedNs = 100000;
  S.Functions.resize(3);
  S.Functions[1].Name = "parent";
  S.Functions[2].Name = "leaf";
  S.Timing.resize(3);
  S.Timing[1].add(60000);
  for (int I = 0; I < 1000; ++I)
    S.Timing[2].add(12);
  S.Paths.resize(3);
  S.Paths[1].Fn = 1;
  S.Paths[1].Calls = S.Paths[1].Timed = 1;
  S.Paths[1].TicksNs = 60000;
  S.Paths[2].Fn = 2;
  S.Paths[2].Parent = 1;
  S.Paths[2].Calls = S.Paths[2].Timed = 1000;
  S.Paths[2].TicksNs = 12000;
  S.CallCost.Measured = true;
  S.CallCost.TimedNs = S.CallCost.DescendantNs = 50;
  S.CallCost.InnerNs = 10;
  report::Report R = buildReport(S, timedOptions());
  ASSERT_EQ(R.Timing.Data.size(), 2u);
  EXPECT_TRUE(*R.Timing.Compensated);
  EXPECT_TRUE(R.Tree.Compensated);
  // leaf: 12 - 10 ns each; parent: 60000 - 12000 - 10 - 1000 x 40 = 7990
  // own time, 9990 with the leaves' 2000.
  EXPECT_EQ(*timingRow(R, "leaf").Self, 2000u);
  EXPECT_EQ(timingRow(R, "leaf").Total, 2000u);
  EXPECT_EQ(timingRow(R, "leaf").Avg, 2u);
  EXPECT_EQ(*timingRow(R, "parent").Self, 7990u);
  EXPECT_EQ(timingRow(R, "parent").Total, 9990u);
  ASSERT_EQ(R.Tree.Nodes.size(), 2u);
  EXPECT_EQ(R.Tree.Nodes[0].Total, 9990u);
  EXPECT_EQ(R.Tree.Nodes[0].Self, 7990u);
  EXPECT_EQ(R.Tree.Nodes[1].Total, 2000u);
  EXPECT_NE(R.Timing.Description.find("50.0 ns a timed call"),
            std::string::npos);
  // A cost above what was measured leaves 0, never less.
  S.CallCost.TimedNs = S.CallCost.DescendantNs = 500;
  R = buildReport(S, timedOptions());
  EXPECT_EQ(*timingRow(R, "parent").Self, 0u);
  EXPECT_EQ(timingRow(R, "leaf").Total, 2000u);
  EXPECT_EQ(R.Tree.Nodes[0].Total, 2000u);
}

// A path whose every call was timed is measured; its children's estimates
// never take it above that. A thread's run() (one call, timed) took 226
// ms; 9 of its 72 waits were timed (the others past the depth limit),
// slowed by a busy machine, and stood for 72 at 5 ms each: 369 ms under a
// 226-ms parent.
TEST(ReportWriter, EstimatesFitUnderAMeasuredParent) {
  Snapshot S;
  S.ElapsedNs = 80000000;
  S.Functions.resize(4);
  S.Functions[1].Name = "run";
  S.Functions[2].Name = "wait";
  S.Functions[3].Name = "work";
  S.Timing.resize(4);
  S.Timing[1].add(226000000);
  S.Timing[1].Calls = 1;
  for (int I = 0; I < 9; ++I)
    S.Timing[2].add(5000000);
  S.Timing[2].Calls = 72;
  for (int I = 0; I < 100; ++I)
    S.Timing[3].add(3000);
  S.Timing[3].Calls = 3000;
  S.Paths.resize(4);
  S.Paths[1].Fn = 1;
  S.Paths[1].Calls = S.Paths[1].Timed = 1;
  S.Paths[1].TicksNs = 226000000;
  S.Paths[2].Parent = 1;
  S.Paths[2].Fn = 2;
  S.Paths[2].Calls = 72;
  S.Paths[2].Timed = 9;
  S.Paths[2].TicksNs = 45000000;
  S.Paths[3].Parent = 1;
  S.Paths[3].Fn = 3;
  S.Paths[3].Calls = 3000;
  S.Paths[3].Timed = 100;
  S.Paths[3].TicksNs = 300000;
  report::Report R = buildReport(S, timedOptions());
  ASSERT_EQ(R.Tree.Nodes.size(), 3u);
  const report::TreeNode &Run = R.Tree.Nodes[0], &Wait = R.Tree.Nodes[1],
                         &Work = R.Tree.Nodes[2];
  ASSERT_EQ(Wait.Name, "wait");
  EXPECT_EQ(Run.Total, 226000000u);
  EXPECT_EQ(Run.Total, Run.Self + Wait.Total + Work.Total);
  // As estimated, 360 ms and 9 ms: the same shares of what run leaves.
  EXPECT_NEAR(double(Wait.Total) / Work.Total, 360.0 / 9.0, 0.01);
  // The rows say what the tree says; run's is its measured time.
  EXPECT_EQ(timingRow(R, "run").Total, 226000000u);
  EXPECT_EQ(timingRow(R, "wait").Total, Wait.Total);
  EXPECT_EQ(timingRow(R, "work").Total, Work.Total);
}

TEST(ReportWriter, UnderValgrindNoTiming) {
  Snapshot S = snapshot();
  S.UnderValgrind = true;
  Options O = timedOptions();
  report::Report R = buildReport(S, O);
  EXPECT_FALSE(R.Timing.Present);
  EXPECT_TRUE(R.Icount.Present);
  EXPECT_EQ(R.M.Run, "callgrind");
  // The runtime's exact calls, until Callgrind's counts are filled in.
  ASSERT_EQ(R.Icount.Data.size(), 2u);
  EXPECT_EQ(R.Icount.Data[0].Name, "a");
  EXPECT_EQ(R.Icount.Data[0].Calls, 100u);
  EXPECT_EQ(R.Icount.Data[1].Calls, 3u);
  EXPECT_EQ(R.Icount.Data[0].Total, 0u);
  O.ReportSpec = "functions-timing";
  R = buildReport(S, O);
  ASSERT_TRUE(R.Timing.Present);
  EXPECT_EQ(R.Timing.Data[0].Calls, 100u);
  EXPECT_EQ(R.Timing.Data[0].Total, 0u);
  EXPECT_EQ(*R.Timing.SamplingRate, 0.0);
}

TEST(ReportWriter, ExclusiveIsInTheDescription) {
  Options O = timedOptions();
  O.TimeExclusive = true;
  report::Report R = buildReport(snapshot(), O);
  EXPECT_EQ(R.Timing.Description.rfind("Exclusive (self) time", 0), 0u);
  EXPECT_TRUE(*R.Timing.Exclusive);
}

TEST(ReportWriter, AllocRows) {
  Snapshot S = snapshot();
  S.AllocTracked = true;
  S.Alloc.resize(3);
  S.Alloc[1].Calls = 100;
  S.Alloc[1].Bytes = 6400;
  S.Alloc[1].Allocs = 100;
  S.Alloc[1].FreedBytes = 3200;
  for (int I = 0; I < 100; ++I)
    S.Alloc[1].BytesPerCall.record(64);
  S.Alloc[2].Calls = 3;
  S.Alloc[2].Bytes = 19200;
  S.Alloc[2].BytesPerCall.record(6400, 3);
  report::Report R = buildReport(S, timedOptions());
  ASSERT_TRUE(R.Alloc.Present);
  EXPECT_EQ(R.Alloc.Total, 25600u);
  ASSERT_EQ(R.Alloc.Data.size(), 2u);
  EXPECT_EQ(R.Alloc.Data[0].Name, "_Z1bv");
  EXPECT_EQ(R.Alloc.Data[0].PercentTotal, 75.0);
  EXPECT_EQ(R.Alloc.Data[1].Avg, 64u);
  EXPECT_EQ(R.Alloc.Data[1].Allocs, 100u);
  EXPECT_EQ(R.Alloc.Data[1].Freed, 3200u);
  EXPECT_EQ(R.Alloc.Data[1].Percentiles[0], 64u);
}

TEST(ReportWriter, WritesJsonAtomicallyWithPid) {
  hotpath::test::ScratchDir Scratch("hp-writer-", "json");
  const std::string &D = Scratch.Path;
  Options O = timedOptions();
  O.Format = OutputFormat::Json;
  O.OutputPath = D + "/r-%p.json";
  writeReport(snapshot(), O);
  std::string Path = D + "/r-" + std::to_string(getpid()) + ".json";
  EXPECT_EQ(list(D), std::vector<std::string>{"r-" + std::to_string(getpid()) +
                                              ".json"});
  report::Report Back;
  std::string Error;
  ASSERT_TRUE(report::readReportFile(Path, Back, Error)) << Error;
  EXPECT_EQ(Back.Timing.Data.size(), 2u);
  // Overwrites an existing report in place (rename).
  O.Format = OutputFormat::Table;
  writeReport(snapshot(), O);
  EXPECT_EQ(slurp(Path).rfind("[hotpath] 1.00 ms | timing, threads\n", 0), 0u);
  EXPECT_EQ(list(D).size(), 1u);
}

TEST(ReportWriter, ExpandOutputPath) {
  std::string Pid = std::to_string(getpid());
  EXPECT_EQ(expandOutputPath("r-%p.json"), "r-" + Pid + ".json");
  EXPECT_EQ(expandOutputPath("%p/%p"), Pid + "/" + Pid);
  EXPECT_EQ(expandOutputPath("100%%-%x%"), "100%-%x%");
}

TEST(ReportWriter, UnwritablePathIsOneLine) {
  Options O = timedOptions();
  O.Format = OutputFormat::Json;
  O.OutputPath = "/nonexistent-dir/r.json";
  testing::internal::CaptureStderr();
  writeReport(snapshot(), O);
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(Err, "hotpath: cannot write the report to /nonexistent-dir/r.json: "
                 "No such file or directory\n");
  hotpath::test::ScratchDir Scratch("hp-writer-", "isdir");
  O.OutputPath = Scratch.Path + "/";
  testing::internal::CaptureStderr();
  writeReport(snapshot(), O);
  Err = testing::internal::GetCapturedStderr();
  EXPECT_NE(Err.find("cannot write the report"), std::string::npos);
  EXPECT_EQ(std::count(Err.begin(), Err.end(), '\n'), 1);
}

TEST(ReportWriter, NoneWritesNothing) {
  Options O = timedOptions();
  O.Format = OutputFormat::None;
  testing::internal::CaptureStderr();
  writeReport(snapshot(), O);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(ReportWriter, EmptySnapshot) {
  Snapshot S;
  testing::internal::CaptureStderr();
  writeReport(S, timedOptions());
  std::string Err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(Err.rfind("[hotpath] 0 ns | timing, threads\n", 0), 0u) << Err;
}

TEST(AtomicFile, SymlinkStaysASymlink) {
  hotpath::test::ScratchDir Scratch("hp-writer-", "link");
  const std::string &D = Scratch.Path;
  ASSERT_EQ(symlink("real.json", (D + "/link.json").c_str()), 0);
  std::string Error;
  ASSERT_TRUE(
      hotpath::support::writeFileAtomically(D + "/link.json", "one\n", Error))
      << Error;
  // The link was dangling: its target is created, the link kept.
  struct stat St;
  ASSERT_EQ(lstat((D + "/link.json").c_str(), &St), 0);
  EXPECT_TRUE(S_ISLNK(St.st_mode));
  EXPECT_EQ(slurp(D + "/real.json"), "one\n");
}

TEST(AtomicFile, ReplacesTheLinkTarget) {
  hotpath::test::ScratchDir Scratch("hp-writer-", "link2");
  const std::string &D = Scratch.Path;
  std::ofstream(D + "/real.json") << "old\n";
  ASSERT_EQ(symlink("real.json", (D + "/link.json").c_str()), 0);
  std::string Error;
  ASSERT_TRUE(
      hotpath::support::writeFileAtomically(D + "/link.json", "new\n", Error))
      << Error;
  struct stat St;
  ASSERT_EQ(lstat((D + "/link.json").c_str(), &St), 0);
  EXPECT_TRUE(S_ISLNK(St.st_mode));
  EXPECT_EQ(slurp(D + "/real.json"), "new\n");
  EXPECT_EQ(list(D).size(), 2u); // no temporary file left
}

TEST(AtomicFile, FifoIsWrittenInPlace) {
  hotpath::test::ScratchDir Scratch("hp-writer-", "fifo");
  const std::string &D = Scratch.Path;
  std::string F = D + "/pipe";
  ASSERT_EQ(mkfifo(F.c_str(), 0600), 0);
  int R = open(F.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(R, 0);
  std::string Error;
  ASSERT_TRUE(
      hotpath::support::writeFileAtomically(F, "through the pipe\n", Error))
      << Error;
  char Buf[64] = {};
  ssize_t N = read(R, Buf, sizeof Buf - 1);
  close(R);
  EXPECT_EQ(std::string(Buf, N > 0 ? size_t(N) : 0), "through the pipe\n");
  struct stat St;
  ASSERT_EQ(stat(F.c_str(), &St), 0);
  EXPECT_TRUE(S_ISFIFO(St.st_mode));
}

TEST(AtomicFile, StreamsAreWrittenThroughTheirDescriptor) {
  // /dev/fd/N for a pipe we own: the data arrives on the pipe and nothing
  // is created or renamed.
  int P[2];
  ASSERT_EQ(pipe(P), 0);
  std::string Error;
  ASSERT_TRUE(hotpath::support::writeFileAtomically(
      "/dev/fd/" + std::to_string(P[1]), "via fd\n", Error))
      << Error;
  close(P[1]);
  char Buf[64] = {};
  ssize_t N = read(P[0], Buf, sizeof Buf - 1);
  close(P[0]);
  EXPECT_EQ(std::string(Buf, N > 0 ? size_t(N) : 0), "via fd\n");
}

//===- PrometheusTest.cpp - A report as Prometheus metrics ----------------===//
#include "hotpath/views/Prometheus.h"

#include <gtest/gtest.h>

using namespace hotpath;

namespace {

report::Report timedReport() {
  report::Report R;
  R.M.Pid = 42;
  R.M.Run = "native";
  R.M.HotpathVersion = "0.1.0";
  R.M.ElapsedNs = 2'500'000'000;
  R.M.Snapshot = 3;
  R.Timing.Present = true;
  R.Timing.SamplingRate = 1;
  R.Timing.BucketBoundsNs = {100, 1000};
  report::FunctionRow Row;
  Row.Name = "ns::f(\"quoted\", a\\b)";
  Row.File = "f.cpp";
  Row.Line = 7;
  Row.Calls = 10;
  Row.Total = 5000;
  Row.Buckets = {2, 9, 10};
  R.Timing.Data.push_back(Row);
  return R;
}

bool contains(const std::string &Text, const std::string &Line) {
  return Text.find(Line) != std::string::npos;
}

} // namespace

TEST(Prometheus, SecondsAreExactDecimals) {
  EXPECT_EQ(views::secondsText(0), "0");
  EXPECT_EQ(views::secondsText(100), "0.0000001");
  EXPECT_EQ(views::secondsText(2'500'000'000), "2.5");
  EXPECT_EQ(views::secondsText(1'000'000'001), "1.000000001");
}

TEST(Prometheus, LabelValuesAreEscapedAndValidUtf8) {
  EXPECT_EQ(views::escapeLabelValue("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
  EXPECT_EQ(views::escapeLabelValue("µs"), "µs"); // kept
  // A lone continuation byte, a truncated sequence, an overlong '/', a
  // surrogate: each byte that does not start a valid sequence is U+FFFD.
  EXPECT_EQ(views::escapeLabelValue("a\x80z"), "a\xEF\xBF\xBDz");
  EXPECT_EQ(views::escapeLabelValue("\xE2\x82"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(views::escapeLabelValue("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(views::escapeLabelValue("\xED\xA0\x80").substr(0, 3),
            "\xEF\xBF\xBD");
}

TEST(Prometheus, CallsHistogramAndSession) {
  std::string T = views::prometheusText(timedReport());
  const std::string L =
      "{function=\"ns::f(\\\"quoted\\\", a\\\\b)\",file=\"f.cpp\",line=\"7\"";
  EXPECT_TRUE(contains(T, "# TYPE hotpath_function_calls_total counter\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_calls_total" + L + "} 10\n"));
  EXPECT_TRUE(
      contains(T, "# TYPE hotpath_function_duration_seconds histogram\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_duration_seconds_bucket" + L +
                              ",le=\"0.0000001\"} 2\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_duration_seconds_bucket" + L +
                              ",le=\"0.000001\"} 9\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_duration_seconds_bucket" + L +
                              ",le=\"+Inf\"} 10\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_duration_seconds_sum" + L +
                              "} 0.000005\n"));
  EXPECT_TRUE(
      contains(T, "hotpath_function_duration_seconds_count" + L + "} 10\n"));
  EXPECT_TRUE(contains(T, "hotpath_snapshot 3\n"));
  EXPECT_TRUE(contains(T, "hotpath_session_elapsed_seconds 2.5\n"));
  EXPECT_TRUE(contains(T, "pid=\"42\""));
  EXPECT_FALSE(contains(T, "hotpath_function_alloc_bytes_total"));
}

// Sampled: the histogram is of the timed calls, its sum theirs; the calls
// counter is every call.
TEST(Prometheus, SampledHistogramIsOfTheTimedCalls) {
  report::Report R = timedReport();
  R.Timing.Data[0].Calls = 1000; // 10 of them timed
  R.Timing.Data[0].Total = 500000;
  std::string T = views::prometheusText(R);
  EXPECT_TRUE(contains(T, "\"} 1000\n"));
  EXPECT_TRUE(contains(T, "_count{function=") &&
              contains(T, "line=\"7\"} 10\n"));
  EXPECT_TRUE(contains(T, "} 0.000005\n"));
}

// Two rows with the same labels are one series, added up (Prometheus
// rejects a scrape with a duplicate series).
TEST(Prometheus, SameLabelsAddUp) {
  report::Report R = timedReport();
  R.Timing.Data.push_back(R.Timing.Data[0]);
  std::string T = views::prometheusText(R);
  size_t First = T.find("hotpath_function_calls_total{");
  ASSERT_NE(First, std::string::npos);
  EXPECT_EQ(T.find("hotpath_function_calls_total{", First + 1),
            std::string::npos);
  EXPECT_TRUE(contains(T, "line=\"7\"} 20\n"));
  EXPECT_TRUE(contains(T, "le=\"+Inf\"} 20\n"));
}

TEST(Prometheus, AllocationsLocksAndThreads) {
  report::Report R;
  R.Alloc.Present = true;
  report::FunctionRow A;
  A.Name = "alloc";
  A.Calls = 2;
  A.Total = 4096;
  A.Allocs = 3;
  R.Alloc.Data.push_back(A);
  R.Locks.Present = true;
  report::LockRow L;
  L.Name = "impl->mutex_";
  L.Kind = "mutex";
  L.Acquisitions = 8;
  L.Contended = 2;
  L.WaitNs = 1500;
  R.Locks.Data.push_back(L);
  R.Threads.Present = true;
  report::ThreadRow Th;
  Th.Tid = 9;
  Th.Name = "main";
  Th.CpuNs = 2'000'000'000;
  R.Threads.Data.push_back(Th);
  std::string T = views::prometheusText(R);
  EXPECT_TRUE(contains(T, "hotpath_function_calls_total{function=\"alloc\","
                          "file=\"\",line=\"0\"} 2\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_alloc_bytes_total{function="
                          "\"alloc\",file=\"\",line=\"0\"} 4096\n"));
  EXPECT_TRUE(contains(T, "hotpath_function_allocations_total{function="
                          "\"alloc\",file=\"\",line=\"0\"} 3\n"));
  EXPECT_TRUE(contains(T, "hotpath_lock_acquisitions_total{lock=\"impl->"
                          "mutex_\",kind=\"mutex\"} 8\n"));
  EXPECT_TRUE(contains(T, "hotpath_lock_contended_total{lock=\"impl->mutex_"
                          "\",kind=\"mutex\"} 2\n"));
  EXPECT_TRUE(contains(T, "hotpath_lock_wait_seconds_total{lock=\"impl->"
                          "mutex_\",kind=\"mutex\"} 0.0000015\n"));
  EXPECT_TRUE(contains(T, "hotpath_thread_cpu_seconds_total{tid=\"9\","
                          "thread=\"main\"} 2\n"));
  EXPECT_FALSE(contains(T, "hotpath_function_duration_seconds"));
}

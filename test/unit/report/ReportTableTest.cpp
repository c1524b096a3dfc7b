//===- ReportTableTest.cpp - Golden table and markdown, units -------------===//
#include "hotpath/report/ReportTable.h"
#include "TestSupport.h"
#include "hotpath/report/Units.h"

#include <gtest/gtest.h>

using namespace hotpath::report;

TEST(Units, Durations) {
  EXPECT_EQ(formatDuration(0), "0 ns");
  EXPECT_EQ(formatDuration(999), "999 ns");
  EXPECT_EQ(formatDuration(1000), "1.00 µs");
  EXPECT_EQ(formatDuration(23550), "23.55 µs");
  EXPECT_EQ(formatDuration(999999), "1.00 ms"); // never "1000.00 µs"
  EXPECT_EQ(formatDuration(123170000), "123.17 ms");
  EXPECT_EQ(formatDuration(2500000000ull), "2.50 s");
  EXPECT_EQ(formatDuration(7200000000000ull), "7200.00 s");
}

TEST(Units, Bytes) {
  EXPECT_EQ(formatBytes(0), "0 B");
  EXPECT_EQ(formatBytes(1023), "1023 B");
  EXPECT_EQ(formatBytes(1024), "1.0 KB");
  EXPECT_EQ(formatBytes(376627), "367.8 KB");
  EXPECT_EQ(formatBytes(1048575), "1.0 MB");
  EXPECT_EQ(formatBytes(1887437), "1.8 MB");
  EXPECT_EQ(formatBytes(3ull << 30), "3.0 GB");
}

TEST(Units, CountsAndPercent) {
  EXPECT_EQ(formatCount(0), "0");
  EXPECT_EQ(formatCount(999), "999");
  EXPECT_EQ(formatCount(4500564), "4,500,564");
  EXPECT_EQ(formatCount(18002258), "18,002,258");
  EXPECT_EQ(formatPercent(45.31), "45.31%");
  EXPECT_EQ(formatPercent(100), "100.00%");
  EXPECT_EQ(displayWidth("23.55 µs"), 8u);
}

TEST(ReportTable, Golden) {
  TableOptions T;
  T.Limit = 3;
  EXPECT_EQ(renderTable(sampleReport(), T),
            R"([hotpath] 123.86 ms | timing, alloc, icount, threads

timing - Execution duration of functions. (3 of 4 shown)
+-----------------------+-------+-----------+-----------+-----------+---------+
| Function              | Calls | Avg       | P95       | Total     | % Total |
+-----------------------+-------+-----------+-----------+-----------+---------+
| basic::main           | 1     | 123.17 ms | 135.49 ms | 123.17 ms | 99.44%  |
+-----------------------+-------+-----------+-----------+-----------+---------+
| basic::async_function | 100   | 1.16 ms   | 1.28 ms   | 116.21 ms | 93.82%  |
+-----------------------+-------+-----------+-----------+-----------+---------+
| basic::sync_function  | 100   | 23.55 µs  | 25.91 µs  | 2.35 ms   | 1.90%   |
+-----------------------+-------+-----------+-----------+-----------+---------+

alloc - Bytes allocated per call.
+----------+-------+--------+--------+--------+--------+---------+
| Function | Calls | Avg    | P50    | P99.9  | Total  | % Total |
+----------+-------+--------+--------+--------+--------+---------+
| push     | 1000  | 1.2 KB | 1.0 KB | 4.0 KB | 1.2 MB | 99.97%  |
+----------+-------+--------+--------+--------+--------+---------+
| small    | 2     | 158 B  | 158 B  | 160 B  | 316 B  | 0.03%   |
+----------+-------+--------+--------+--------+--------+---------+

icount - Inclusive instructions executed per function (Callgrind Ir).
+-------------------------+-------+-----------+------------+---------+
| Function                | Calls | Avg       | Total      | % Total |
+-------------------------+-------+-----------+------------+---------+
| instructions::recursive | 4     | 4,500,564 | 18,002,258 | 45.31%  |
+-------------------------+-------+-----------+------------+---------+
| instructions::async_fn  | 2     | 7,200,797 | 14,401,595 | 36.25%  |
+-------------------------+-------+-----------+------------+---------+

threads - Threads that ran measured code.
+-------------------+-----+--------+----------+---------+----------+
| Thread            | TID | Events | Alloc    | Dealloc | Diff     |
+-------------------+-----+--------+----------+---------+----------+
| main              | 100 | 204    | 367.8 KB | 9.9 KB  | 357.9 KB |
+-------------------+-----+--------+----------+---------+----------+
| worker-1 (exited) | 101 | 204    | 100 B    | 400 B   | -300 B   |
+-------------------+-----+--------+----------+---------+----------+
)");
}

TEST(ReportTable, LimitZeroShowsAll) {
  TableOptions T;
  T.Limit = 0;
  std::string Out = renderTable(sampleReport(), T);
  EXPECT_NE(Out.find("| tiny "), std::string::npos);
  EXPECT_EQ(Out.find("shown"), std::string::npos);
}

TEST(ReportTable, FocusSubstringAndRegex) {
  TableOptions T;
  T.Focus = "sync";
  std::string Out = renderTable(sampleReport(), T);
  EXPECT_NE(Out.find("basic::async_function"), std::string::npos);
  EXPECT_NE(Out.find("basic::sync_function"), std::string::npos);
  EXPECT_EQ(Out.find("basic::main"), std::string::npos);
  EXPECT_NE(Out.find("(2 of 4 shown, focus sync)"), std::string::npos);
  T.Focus = "/^basic::(main|sync)/";
  Out = renderTable(sampleReport(), T);
  EXPECT_NE(Out.find("basic::main"), std::string::npos);
  EXPECT_EQ(Out.find("basic::async_function"), std::string::npos);
}

// Two functions that read the same at any width: two static helpers of
// one name in two files. Each row says where its function is; two
// instantiations read apart by their arguments, at a narrow column too.
TEST(ReportTable, RowsNeverReadTheSame) {
  Report R = sampleReport();
  R.Timing.Data[2].Name = R.Timing.Data[3].Name = "helper";
  R.Timing.Data[2].File = "/src/a.c";
  R.Timing.Data[2].Line = 3;
  R.Timing.Data[3].File = "/src/b.c";
  R.Timing.Data[3].Line = 9;
  R.Timing.Data[0].Name = "ns::Loop<false, true>(ns::Params*)";
  R.Timing.Data[1].Name = "ns::Loop<true, false>(ns::Params*)";
  TableOptions T;
  T.Limit = 0;
  T.NameWidth = 16;
  std::string Out = renderTable(R, T);
  EXPECT_NE(Out.find("helper (/src/a.c:3)"), std::string::npos) << Out;
  EXPECT_NE(Out.find("helper (/src/b.c:9)"), std::string::npos) << Out;
  EXPECT_NE(Out.find("ns::Loop<false, true>"), std::string::npos) << Out;
  EXPECT_NE(Out.find("ns::Loop<true, false>"), std::string::npos) << Out;
  // A Location column says it already.
  T.Location = true;
  T.NameWidth = 0;
  Out = renderTable(R, T);
  EXPECT_EQ(Out.find("helper (/src/a.c:3)"), std::string::npos) << Out;
}

TEST(ReportTable, UntimedSectionShowsCallsOnly) {
  Report R = sampleReport();
  R.Timing.SamplingRate = 0.0;
  std::string Out = renderTable(R, TableOptions());
  EXPECT_NE(
      Out.find(
          "| basic::main           | 1     | -   | -   | -     | -       |"),
      std::string::npos)
      << Out;
}

TEST(ReportTable, MarkdownGolden) {
  Report R = sampleReport();
  R.Alloc.Present = R.Icount.Present = R.Threads.Present = false;
  R.Timing.Data.resize(2);
  R.Timing.Data[1].Name = "std::vector<a|b>";
  EXPECT_EQ(renderMarkdown(R, TableOptions()),
            R"(### hotpath: 123.86 ms | timing

**timing** - Execution duration of functions.

| Function | Calls | Avg | P95 | Total | % Total |
| :--- | ---: | ---: | ---: | ---: | ---: |
| `basic::main` | 1 | 123.17 ms | 135.49 ms | 123.17 ms | 99.44% |
| `std::vector<a\|b>` | 100 | 1.16 ms | 1.28 ms | 116.21 ms | 93.82% |
)");
}

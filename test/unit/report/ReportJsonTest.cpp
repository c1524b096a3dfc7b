//===- ReportJsonTest.cpp - JSON round trip and every reader error --------===//
#include "hotpath/report/ReportJson.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace hotpath::report;
using Json = nlohmann::json;

namespace {

std::string readError(const std::string &Text) {
  Report R;
  std::string Error;
  EXPECT_FALSE(parseReport(Text, R, Error)) << Text;
  EXPECT_EQ(Error.find('\n'), std::string::npos) << Error;
  return Error;
}

// The sample report as JSON, edited by `Edit`, then read back.
// The sample report, with functions the pass left out (meta.left_out).
Report sampleWithLeftOut() {
  Report R = sampleReport();
  R.M.LeftOut = {{"basic::helper", "inline helper"},
                 {"basic::naked", "cannot be measured"}};
  return R;
}

std::string errorAfter(void (*Edit)(Json &)) {
  Json J = Json::parse(writeJson(sampleWithLeftOut(), false));
  Edit(J);
  return readError(J.dump());
}

} // namespace

TEST(ReportJson, RoundTripIsExact) {
  Report R = sampleWithLeftOut();
  std::string Text = writeJson(R, false);
  Report Back;
  std::string Error;
  ASSERT_TRUE(parseReport(Text, Back, Error)) << Error;
  EXPECT_EQ(writeJson(Back, false), Text);
  EXPECT_EQ(writeJson(Back, true), writeJson(R, true));
  EXPECT_EQ(Back.Timing.Data.size(), 4u);
  EXPECT_EQ(Back.Alloc.Data[0].Freed, 600000u);
  EXPECT_EQ(Back.Alloc.Percentiles, (std::vector<double>{50, 99.9}));
  EXPECT_EQ(Back.Alloc.Data[0].Percentiles,
            (std::vector<uint64_t>{1024, 4096}));
  EXPECT_EQ(*Back.Icount.HookCostIr, 42u);
  EXPECT_EQ(Back.M.UserMetadata, R.M.UserMetadata);
  EXPECT_TRUE(Back.Threads.Data[1].Exited);
}

TEST(ReportJson, ShapeFollowsTheSpec) {
  Json J = Json::parse(writeJson(sampleReport(), true));
  EXPECT_EQ(J["type"], "hotpath_report");
  EXPECT_EQ(J["version"], 1);
  EXPECT_EQ(J["functions_timing"]["total_elapsed_ns"], 123860000);
  EXPECT_EQ(J["functions_timing"]["percentiles"], Json::parse("[95]"));
  const Json &Row = J["functions_timing"]["data"][0];
  for (const char *K : {"name", "file", "line", "calls", "avg", "min", "max",
                        "p95", "total", "percent_total"})
    EXPECT_TRUE(Row.contains(K)) << K;
  EXPECT_TRUE(Row["calls"].is_number_unsigned());
  EXPECT_TRUE(J["functions_alloc"]["data"][0].contains("p99.9"));
  EXPECT_TRUE(J["functions_alloc"]["data"][0].contains("allocs"));
  EXPECT_TRUE(J["functions_alloc"]["data"][0].contains("freed"));
  EXPECT_EQ(J["functions_alloc"]["total_bytes"], 1216768 + 316);
  const Json &Ic = J["functions_icount"]["data"][0];
  EXPECT_EQ(Ic.size(), 7u); // name file line calls avg total percent_total
  EXPECT_FALSE(Ic.contains("p95"));
  EXPECT_EQ(J["functions_icount"]["total_ir"], 39731209);
}

TEST(ReportJson, PercentileKeys) {
  EXPECT_EQ(percentileKey(95), "p95");
  EXPECT_EQ(percentileKey(99.9), "p99.9");
  EXPECT_EQ(percentileKey(99.99), "p99.99");
  EXPECT_EQ(percentileKey(0), "p0");
  EXPECT_EQ(percentileKey(100), "p100");
  EXPECT_EQ(percentileKey(12.5), "p12.5");
}

TEST(ReportJson, MissingSectionsAreAbsent) {
  Report R = sampleReport();
  R.Alloc.Present = R.Icount.Present = R.Threads.Present = false;
  Json J = Json::parse(writeJson(R, false));
  EXPECT_FALSE(J.contains("functions_alloc"));
  EXPECT_FALSE(J.contains("threads"));
  Report Back;
  std::string Error;
  ASSERT_TRUE(parseReport(J.dump(), Back, Error)) << Error;
  EXPECT_FALSE(Back.Alloc.Present);
}

TEST(ReportJson, UnknownKeysAreIgnored) {
  Json J = Json::parse(writeJson(sampleReport(), false));
  J["future_section"] = {{"x", 1}};
  J["meta"]["new_field"] = 3;
  Report R;
  std::string Error;
  EXPECT_TRUE(parseReport(J.dump(), R, Error)) << Error;
}

TEST(ReportJsonErrors, InvalidJson) {
  EXPECT_EQ(readError("{\"type\": ").rfind("invalid JSON: ", 0), 0u);
  EXPECT_NE(readError("not json at all").find("invalid JSON"),
            std::string::npos);
  EXPECT_NE(readError("").find("invalid JSON"), std::string::npos);
}

TEST(ReportJsonErrors, NotAnObject) {
  EXPECT_NE(readError("[1,2]").find("expected a JSON object"),
            std::string::npos);
}

TEST(ReportJsonErrors, WrongType) {
  EXPECT_EQ(readError(R"({"type":"other","version":1})"),
            "not a hotpath report (\"type\" is \"other\", expected "
            "\"hotpath_report\")");
  EXPECT_NE(readError(R"({"version":1})").find("\"type\" is missing"),
            std::string::npos);
}

TEST(ReportJsonErrors, WrongVersion) {
  EXPECT_EQ(errorAfter([](Json &J) { J["version"] = 2; }),
            "unsupported report version 2 (this hotpath reads version 1)");
  EXPECT_EQ(errorAfter([](Json &J) { J["version"] = "1"; }),
            "version: expected an integer, got a string");
  EXPECT_EQ(errorAfter([](Json &J) { J.erase("version"); }),
            "version: missing");
}

TEST(ReportJsonErrors, Meta) {
  EXPECT_EQ(errorAfter([](Json &J) { J.erase("meta"); }), "meta: missing");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"] = 1; }),
            "meta: expected an object, got an integer");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"]["run"] = "fast"; }),
            "meta.run: expected \"native\", \"callgrind\" or \"merged\", got "
            "\"fast\"");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"]["git_dirty"] = "yes"; }),
            "meta.git_dirty: expected a boolean or null, got a string");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"]["warnings"] = {1}; }),
            "meta.warnings[0]: expected a string, got an integer");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"]["user_metadata"]["k"] = 1; }),
            "meta.user_metadata.k: expected a string, got an integer");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"]["mode"] = "fast"; }),
            "meta.mode: expected default, timed, sampled or count");
  EXPECT_EQ(errorAfter([](Json &J) { J["meta"]["left_out"] = 1; }),
            "meta.left_out: expected an array, got an integer");
  EXPECT_EQ(
      errorAfter([](Json &J) { J["meta"]["left_out"][0].erase("reason"); }),
      "meta.left_out[0].reason: missing");
}

TEST(ReportJsonErrors, Sections) {
  EXPECT_EQ(errorAfter([](Json &J) { J["functions_timing"] = "x"; }),
            "functions_timing: expected an object, got a string");
  EXPECT_EQ(errorAfter([](Json &J) {
              J["functions_timing"].erase("total_elapsed_ns");
            }),
            "functions_timing.total_elapsed_ns: missing");
  EXPECT_EQ(errorAfter([](Json &J) { J["functions_alloc"]["data"] = {}; }),
            "functions_alloc.data: expected an array, got null");
  EXPECT_EQ(
      errorAfter([](Json &J) { J["functions_timing"]["percentiles"] = {150}; }),
      "functions_timing.percentiles[0]: expected a percentile in [0, "
      "100], got 150");
  EXPECT_EQ(errorAfter([](Json &J) { J["threads"]["data"][0].erase("tid"); }),
            "threads.data[0].tid: missing");
}

TEST(ReportJsonErrors, Rows) {
  EXPECT_EQ(errorAfter([](Json &J) {
              J["functions_timing"]["data"][0]["time_source"] = "guess";
            }),
            "functions_timing.data[0].time_source: expected measured, "
            "estimated or samples");
  EXPECT_EQ(errorAfter([](Json &J) {
              J["functions_timing"]["data"][2]["calls"] = -1;
            }),
            "functions_timing.data[2].calls: expected a non-negative "
            "integer, got an integer");
  EXPECT_EQ(errorAfter(
                [](Json &J) { J["functions_timing"]["data"][0]["avg"] = 1.5; }),
            "functions_timing.data[0].avg: expected a non-negative integer, "
            "got a fractional number");
  EXPECT_EQ(errorAfter(
                [](Json &J) { J["functions_timing"]["data"][0].erase("p95"); }),
            "functions_timing.data[0].p95: missing");
  EXPECT_EQ(errorAfter([](Json &J) {
              J["functions_alloc"]["data"][1].erase("freed");
            }),
            "functions_alloc.data[1].freed: missing");
  EXPECT_EQ(errorAfter([](Json &J) {
              J["functions_icount"]["data"][0]["name"] = nullptr;
            }),
            "functions_icount.data[0].name: expected a string, got null");
  EXPECT_EQ(errorAfter([](Json &J) {
              J["functions_timing"]["data"][0]["percent_total"] = "9%";
            }),
            "functions_timing.data[0].percent_total: expected a number, got "
            "a string");
}

TEST(ReportJsonErrors, Files) {
  Report R;
  std::string Error;
  EXPECT_FALSE(readReportFile("/nonexistent/report.json", R, Error));
  EXPECT_EQ(Error, "No such file or directory");
  EXPECT_FALSE(readReportFile("/", R, Error));
  EXPECT_EQ(Error, "is a directory");
  std::string Path =
      testing::TempDir() + "/empty-" + std::to_string(getpid()) + ".json";
  std::ofstream(Path).close();
  EXPECT_FALSE(readReportFile(Path, R, Error));
  EXPECT_EQ(Error, "empty file, not a hotpath report");
  std::remove(Path.c_str());
}

TEST(ReportJsonErrors, HostileInput) {
  EXPECT_EQ(readError(R"({"type":"hotpath_report","version":1e400})"),
            "invalid JSON: number overflow parsing '1e400'");
  // Invalid UTF-8 is not echoed raw: the message stays printable.
  std::string Bad = readError("\xff\xfe");
  EXPECT_EQ(Bad.find('\xff'), std::string::npos) << Bad;
  EXPECT_NE(Bad.find("last read: '?'"), std::string::npos) << Bad;
  // Deep nesting neither overflows the stack nor passes.
  std::string Deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(readError(Deep).find("expected a JSON object"), std::string::npos);
  // A key with a newline is still one line.
  Json J = Json::parse(writeJson(sampleReport(), false));
  J["meta"]["user_metadata"]["a\nb"] = 1;
  EXPECT_EQ(readError(J.dump()),
            "meta.user_metadata.a b: expected a string, got an integer");
  // Numbers too large for 64 bits are not integers.
  EXPECT_EQ(
      readError(
          R"({"type":"hotpath_report","version":1,"meta":{"hotpath_version":"1","run":"native","elapsed_ns":18446744073709551616}})"),
      "meta.elapsed_ns: expected a non-negative integer, got a "
      "fractional number");
}

// Duration buckets: written, read back, and refused when they do not fit
// their bounds or are not cumulative.
TEST(ReportJson, DurationBucketsRoundTripAndAreChecked) {
  Report R = sampleReport();
  R.Timing.BucketBoundsNs = {100, 1000};
  R.Timing.Data[0].Buckets = {0, R.Timing.Data[0].Calls,
                              R.Timing.Data[0].Calls};
  std::string Text = writeJson(R, false);
  Report Back;
  std::string Error;
  ASSERT_TRUE(parseReport(Text, Back, Error)) << Error;
  EXPECT_EQ(Back.Timing.BucketBoundsNs, R.Timing.BucketBoundsNs);
  EXPECT_EQ(Back.Timing.Data[0].Buckets, R.Timing.Data[0].Buckets);
  EXPECT_TRUE(Back.Timing.Data[1].Buckets.empty());

  Json J = Json::parse(Text);
  J["functions_timing"]["data"][0]["buckets"] = {1, 3};
  EXPECT_NE(readError(J.dump()).find("functions_timing.data[0].buckets: "
                                     "expected one count per"),
            std::string::npos);
  J["functions_timing"]["data"][0]["buckets"] = {3, 1, 5};
  EXPECT_NE(readError(J.dump()).find("cumulative"), std::string::npos);
  J = Json::parse(Text);
  J["functions_timing"]["bucket_bounds_ns"] = {1000, 100};
  EXPECT_NE(readError(J.dump()).find("bucket_bounds_ns: expected ascending"),
            std::string::npos);
}

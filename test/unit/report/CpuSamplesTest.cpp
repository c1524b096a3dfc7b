//===- CpuSamplesTest.cpp - The cpu_samples section -----------------------===//
#include "hotpath/report/CpuSamples.h"
#include "hotpath/report/JsonText.h"
#include "hotpath/report/ReportJson.h"

#include "gtest/gtest.h"

using namespace hotpath::report;

namespace {

CpuSamplesSection sample() {
  CpuSamplesSection S;
  S.Present = true;
  S.Description = "samples";
  S.FrequencyHz = 1000;
  S.Samples = 7;
  S.CpuNs = 7000000;
  S.Lost = 1;
  S.Threads = 2;
  S.Objects.push_back({"/usr/bin/app", "abcd", 0x1000, {{0x2000, 0x3000}}});
  S.Chains.push_back({{0x2010, 0x2100, 0x2200}, 7, 7000000, {}});
  S.Chains[0].Stack.HasBp = true;
  S.Chains[0].Stack.BpOffset = 48;
  S.Chains[0].Stack.Code = {{8, 0x2150}};
  S.Chains[0].Stack.Frame = {{16, 40}};
  S.Measured.push_back({"app::work()", "_ZN3app4workEv", "app.cpp", 3, 42});
  return S;
}

} // namespace

TEST(CpuSamples, JsonRoundTrip) {
  CpuSamplesSection Back;
  std::string Text;
  JsonText W(Text);
  writeCpuSamples(W, sample());
  cpuSamplesFromJson(nlohmann::json::parse(Text), Back);
  EXPECT_TRUE(Back.Present);
  EXPECT_EQ(Back.FrequencyHz, 1000u);
  EXPECT_EQ(Back.Lost, 1u);
  ASSERT_EQ(Back.Objects.size(), 1u);
  EXPECT_EQ(Back.Objects[0].Text[0].second, 0x3000u);
  ASSERT_EQ(Back.Chains.size(), 1u);
  EXPECT_EQ(Back.Chains[0].Frames.size(), 3u);
  EXPECT_EQ(Back.Chains[0].Frames[1], 0x2100u);
  EXPECT_TRUE(Back.Chains[0].Stack == sample().Chains[0].Stack);
  ASSERT_EQ(Back.Measured.size(), 1u);
  EXPECT_EQ(Back.Measured[0].Symbol, "_ZN3app4workEv");
  EXPECT_EQ(Back.Measured[0].Hash, 42u);
}

// A report with a bad section is refused with one line naming the place.
TEST(CpuSamples, BadSectionNamesThePlace) {
  Report R;
  R.M.StartTime = "2026-01-01T00:00:00.000Z";
  R.Cpu = sample();
  nlohmann::json J = nlohmann::json::parse(writeJson(R, false));
  J["cpu_samples"]["chains"][0]["frames"] = nlohmann::json::array();
  Report Back;
  std::string Error;
  EXPECT_FALSE(parseReport(J.dump(), Back, Error));
  EXPECT_NE(Error.find("cpu_samples.chains[0].frames"), std::string::npos)
      << Error;
  J["cpu_samples"]["chains"][0]["frames"] = {-5};
  EXPECT_FALSE(parseReport(J.dump(), Back, Error));
  EXPECT_NE(Error.find("non-negative integer"), std::string::npos) << Error;
  J["cpu_samples"]["chains"][0]["frames"] = {1};
  J["cpu_samples"]["chains"][0]["stack"]["frame"] = {{8, -1}};
  EXPECT_FALSE(parseReport(J.dump(), Back, Error));
  EXPECT_NE(Error.find("cpu_samples.chains[0].stack.frame[0][1]"),
            std::string::npos)
      << Error;
  J["cpu_samples"]["chains"][0]["stack"]["frame"] = {{8, 1ull << 40}};
  EXPECT_FALSE(parseReport(J.dump(), Back, Error));
  EXPECT_NE(Error.find("offsets within the copied stack"), std::string::npos)
      << Error;
  J["cpu_samples"]["chains"][0].erase("stack");
  J["cpu_samples"]["objects"][0]["text"][0] = {9, 1};
  J["cpu_samples"]["chains"][0]["frames"] = {1};
  EXPECT_FALSE(parseReport(J.dump(), Back, Error));
  EXPECT_NE(Error.find("start <= end"), std::string::npos) << Error;
}

// Two runs of one build, mapped at different places: the second run's
// chains are moved to the first's addresses and summed.
TEST(CpuSamples, MergeMovesAddressesBetweenRuns) {
  CpuSamplesSection A = sample(), B = sample();
  B.Objects[0].Base = 0x9000;
  B.Objects[0].Text = {{0xa000, 0xb000}};
  B.Chains = {{{0xa010, 0xa100, 0xa200}, 5, 5000000, {}}, // same chain as A's
              {{0xa020}, 2, 2000000, {}},
              {{0x123}, 4, 4000000, {}}}; // in no object: dropped
  // Its stack words' code addresses move too: the same chain as A's.
  B.Chains[0].Stack = A.Chains[0].Stack;
  B.Chains[0].Stack.Code = {{8, 0xa150}};
  B.Lost = 1;
  mergeCpuSamples(A, B);
  EXPECT_EQ(A.Samples, 7u + 5 + 2);
  EXPECT_EQ(A.Lost, 1u + 1 + 4);
  ASSERT_EQ(A.Chains.size(), 2u);
  EXPECT_EQ(A.Chains[0].Frames,
            (std::vector<uint64_t>{0x2010, 0x2100, 0x2200}));
  EXPECT_EQ(A.Chains[0].Count, 12u);
  EXPECT_EQ(A.Chains[1].Frames, std::vector<uint64_t>{0x2020});
  EXPECT_EQ(A.Measured.size(), 1u);
}

// `hotpath report --sort cpu|self-cpu`: by the CPU the samples gave each
// row, a row without any last.
TEST(CpuSamples, RowsSortByCpu) {
  std::vector<FunctionRow> Rows(3);
  Rows[0].Name = "waits";
  Rows[0].Total = 900;
  Rows[0].CpuNs = 10;
  Rows[0].CpuSelfNs = 10;
  Rows[1].Name = "computes";
  Rows[1].Total = 500;
  Rows[1].CpuNs = 480;
  Rows[1].CpuSelfNs = 20;
  Rows[2].Name = "unsampled";
  Rows[2].Total = 700;
  RowOrder Order;
  ASSERT_TRUE(parseRowOrder("cpu", Order));
  sortRows(Rows, Order);
  EXPECT_EQ(Rows[0].Name, "computes");
  EXPECT_EQ(Rows[1].Name, "waits");
  EXPECT_EQ(Rows[2].Name, "unsampled");
  ASSERT_TRUE(parseRowOrder("self-cpu", Order));
  sortRows(Rows, Order);
  EXPECT_EQ(Rows[0].Name, "computes");
  EXPECT_EQ(Rows[1].Name, "waits");
  EXPECT_FALSE(parseRowOrder("CPU", Order));
}

// The compact report is written as it goes (JsonText): its bytes must be
// what nlohmann writes for the document it reads, whatever the chains hold
// and whatever the names around them look like.
TEST(CpuSamples, TheWrittenTextIsTheDocumentsText) {
  Report R;
  R.M.StartTime = "2026-01-01T00:00:00.000Z";
  // A key and values that look like the section, before it.
  R.M.UserMetadata = {{"cpu_samples", "{\"description\":\"x\"}"},
                      {"k", "\"cpu_samples\":{"}};
  R.Cpu = sample();
  SampledChain NoStack{{0x2020}, 1, 1000000, {}};
  SampledChain BpOnly{{0x2030, 0x2040}, 2, 2000000, {}};
  BpOnly.Stack.HasBp = true;
  SampledChain CodeOnly{{0x2050}, 3, 3000000, {}};
  CodeOnly.Stack.Code = {{0, 0}, {4088, ~0ull}};
  R.Cpu.Chains.push_back(NoStack);
  R.Cpu.Chains.push_back(BpOnly);
  R.Cpu.Chains.push_back(CodeOnly);
  R.Cpu.Samples += 6;
  R.Cpu.CpuNs += 6000000;
  R.Locks.Present = true;
  R.Locks.Description = "locks after the samples";
  std::string Document =
      toJson(R).dump(-1, ' ', false,
                     nlohmann::ordered_json::error_handler_t::replace) +
      "\n";
  EXPECT_EQ(writeJson(R, false), Document);
  Report Back;
  std::string Error;
  ASSERT_TRUE(parseReport(writeJson(R, false), Back, Error)) << Error;
  ASSERT_EQ(Back.Cpu.Chains.size(), 4u);
  EXPECT_TRUE(Back.Cpu.Chains[3].Stack == CodeOnly.Stack);
  // No chains: the document as it is.
  R.Cpu.Chains.clear();
  EXPECT_EQ(writeJson(R, false),
            toJson(R).dump(-1, ' ', false,
                           nlohmann::ordered_json::error_handler_t::replace) +
                "\n");
}

//===- OptionsTest.cpp - Every HOTPATH_* variable, good and bad values ----===//
#include "base/Options.h"
#include "base/OptionValues.h"
#include "base/ReportSections.h"

#include <gtest/gtest.h>

#include <csignal>
#include <map>

using namespace hotpath::rt;

namespace {

std::map<std::string, std::string> Env;

const char *get(const char *Name) {
  auto It = Env.find(Name);
  return It == Env.end() ? nullptr : It->second.c_str();
}

Options parse(std::map<std::string, std::string> E) {
  Env = std::move(E);
  return parseOptions(get);
}

// One warning that names the variable, the bad value and what is accepted.
void expectWarning(const Options &O, const std::string &Var,
                   const std::string &Value, const std::string &Accepted) {
  ASSERT_EQ(O.Warnings.size(), 1u);
  const std::string &W = O.Warnings[0];
  EXPECT_NE(W.find(Var + "=\"" + Value + "\""), std::string::npos) << W;
  EXPECT_NE(W.find("accepted: "), std::string::npos) << W;
  EXPECT_NE(W.find(Accepted), std::string::npos) << W;
  EXPECT_NE(W.find("using "), std::string::npos) << W;
  EXPECT_EQ(W.find('\n'), std::string::npos) << W;
}

} // namespace

TEST(Options, Defaults) {
  Options O = parse({});
  EXPECT_EQ(O.Format, OutputFormat::Table);
  EXPECT_EQ(O.OutputPath, "");
  EXPECT_EQ(O.ReportSpec, "auto");
  EXPECT_EQ(O.Percentiles, std::vector<double>{95});
  EXPECT_EQ(O.Focus, "");
  EXPECT_EQ(O.FunctionsLimit, 15u);
  // The default mode: counts, CPU samples, the long functions timed.
  EXPECT_EQ(O.Mode, MeasureMode::Default);
  EXPECT_EQ(O.TimeSamplingRate, 0.0);
  EXPECT_EQ(O.CpuSamplingHz, DefaultCpuSamplingHz);
  EXPECT_TRUE(O.Alloc);
  EXPECT_FALSE(O.AllocCumulative);
  EXPECT_FALSE(O.TimeExclusive);
  EXPECT_EQ(O.DrainIntervalMs, 50u);
  EXPECT_EQ(O.CallgrindOutFile, "callgrind.out.%p");
  EXPECT_TRUE(O.Warnings.empty());
}

TEST(Options, OutputFormat) {
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_FORMAT", "json"}}).Format,
            OutputFormat::Json);
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_FORMAT", "json-pretty"}}).Format,
            OutputFormat::JsonPretty);
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_FORMAT", "NONE"}}).Format,
            OutputFormat::None);
  Options O = parse({{"HOTPATH_OUTPUT_FORMAT", "xml"}});
  EXPECT_EQ(O.Format, OutputFormat::Table);
  expectWarning(O, "HOTPATH_OUTPUT_FORMAT", "xml",
                "table, json, json-pretty, none");
}

TEST(Options, OutputPath) {
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_PATH", "/tmp/r-%p.json"}}).OutputPath,
            "/tmp/r-%p.json");
}

TEST(Options, Report) {
  EXPECT_EQ(parse({{"HOTPATH_REPORT", "all"}}).ReportSpec, "all");
  EXPECT_EQ(parse({{"HOTPATH_REPORT", "functions-timing,functions_icount"}})
                .ReportSpec,
            "functions-timing,functions_icount");
  EXPECT_TRUE(parse({{"HOTPATH_REPORT", "auto,-threads"}}).Warnings.empty());
  for (const char *Bad : {"everything", "auto,threads", "-threads",
                          "functions-timing,-threads", "", "auto,-bogus"}) {
    Options O = parse({{"HOTPATH_REPORT", Bad}});
    EXPECT_EQ(O.ReportSpec, "auto") << Bad;
    expectWarning(O, "HOTPATH_REPORT", Bad, "auto, all");
  }
}

TEST(Options, ResolveSections) {
  SectionSet A = resolveSections("auto", false, false);
  EXPECT_TRUE(A.Timing);
  EXPECT_FALSE(A.Alloc);
  EXPECT_FALSE(A.Icount);
  EXPECT_TRUE(A.Threads);
  SectionSet V = resolveSections("auto", true, true);
  EXPECT_FALSE(V.Timing); // icount replaces timing under Valgrind
  EXPECT_TRUE(V.Alloc);
  EXPECT_TRUE(V.Icount);
  SectionSet L = resolveSections("functions-timing,threads", true, true);
  EXPECT_TRUE(L.Timing);
  EXPECT_FALSE(L.Alloc);
  EXPECT_FALSE(L.Icount);
  EXPECT_TRUE(L.Threads);
  SectionSet X =
      resolveSections("all,-threads,-functions-icount", false, false);
  EXPECT_TRUE(X.Timing);
  EXPECT_TRUE(X.Alloc);
  EXPECT_FALSE(X.Icount);
  EXPECT_FALSE(X.Threads);
  SectionSet Bad = resolveSections("nonsense", false, true);
  EXPECT_TRUE(Bad.Timing);
  EXPECT_TRUE(Bad.Alloc);
}

TEST(Options, Percentiles) {
  EXPECT_EQ(parse({{"HOTPATH_PERCENTILES", "99,50, 95,99.9,50"}}).Percentiles,
            (std::vector<double>{50, 95, 99, 99.9}));
  EXPECT_EQ(parse({{"HOTPATH_PERCENTILES", "p90"}}).Percentiles,
            std::vector<double>{90});
  EXPECT_EQ(parse({{"HOTPATH_PERCENTILES", "0,100"}}).Percentiles,
            (std::vector<double>{0, 100}));
  for (const char *Bad : {"", "abc", "50,,95", "101", "-1", "nan", "0x10",
                          "1,2,3,4,5,6,7,8,9,10,11"}) {
    Options O = parse({{"HOTPATH_PERCENTILES", Bad}});
    EXPECT_EQ(O.Percentiles, std::vector<double>{95}) << Bad;
    expectWarning(O, "HOTPATH_PERCENTILES", Bad, "[0, 100]");
  }
}

TEST(Options, Focus) {
  EXPECT_EQ(parse({{"HOTPATH_FOCUS", "parse"}}).Focus, "parse");
  EXPECT_EQ(parse({{"HOTPATH_FOCUS", "/^ns::(a|b)$/"}}).Focus, "/^ns::(a|b)$/");
  Options O = parse({{"HOTPATH_FOCUS", "/(unclosed/"}});
  EXPECT_EQ(O.Focus, "");
  expectWarning(O, "HOTPATH_FOCUS", "/(unclosed/", "/regex/");
}

TEST(Options, FunctionsLimit) {
  EXPECT_EQ(parse({{"HOTPATH_FUNCTIONS_LIMIT", "0"}}).FunctionsLimit, 0u);
  EXPECT_EQ(parse({{"HOTPATH_FUNCTIONS_LIMIT", "40"}}).FunctionsLimit, 40u);
  for (const char *Bad : {"-1", "ten", "1.5", "99999999999999"}) {
    Options O = parse({{"HOTPATH_FUNCTIONS_LIMIT", Bad}});
    EXPECT_EQ(O.FunctionsLimit, 15u) << Bad;
    expectWarning(O, "HOTPATH_FUNCTIONS_LIMIT", Bad, "integer >= 0");
  }
}

TEST(Options, TimeSamplingRate) {
  EXPECT_EQ(parse({{"HOTPATH_TIME_SAMPLING_RATE", "0"}}).TimeSamplingRate, 0.0);
  EXPECT_EQ(parse({{"HOTPATH_TIME_SAMPLING_RATE", "1"}}).TimeSamplingRate, 1.0);
  // The rate alone names the mode.
  EXPECT_EQ(parse({{"HOTPATH_TIME_SAMPLING_RATE", "0"}}).Mode,
            MeasureMode::Count);
  EXPECT_EQ(parse({{"HOTPATH_TIME_SAMPLING_RATE", "1"}}).Mode,
            MeasureMode::Timed);
  for (const char *Bad : {"2", "-0.5", "half", "inf", "nan"}) {
    Options O = parse({{"HOTPATH_TIME_SAMPLING_RATE", Bad}});
    EXPECT_EQ(O.Mode, MeasureMode::Default) << Bad;
    EXPECT_EQ(O.TimeSamplingRate, 0.0) << Bad;
    expectWarning(O, "HOTPATH_TIME_SAMPLING_RATE", Bad, "0 (counts only)");
  }
}

// The sampled mode is retired: asked for by name or by a rate between 0
// and 1, it says so once and the default mode runs.
TEST(Options, TheSampledModeIsRetired) {
  for (Options O : {parse({{"HOTPATH_TIME_SAMPLING_RATE", "0.01"}}),
                    parse({{"HOTPATH_MODE", "sampled"}}),
                    parse({{"HOTPATH_MODE", " Sampled "},
                           {"HOTPATH_TIME_SAMPLING_RATE", "0.1"}})}) {
    EXPECT_EQ(O.Mode, MeasureMode::Default);
    EXPECT_EQ(O.TimeSamplingRate, 0.0);
    EXPECT_EQ(O.CpuSamplingHz, DefaultCpuSamplingHz);
    ASSERT_EQ(O.Warnings.size(), 1u);
    EXPECT_NE(O.Warnings[0].find("the sampled mode"), std::string::npos);
    EXPECT_NE(O.Warnings[0].find("retired"), std::string::npos);
  }
}

TEST(Options, Mode) {
  struct {
    const char *Value;
    MeasureMode Mode;
    double Rate;
    unsigned CpuHz;
  } Cases[] = {{"default", MeasureMode::Default, 0, DefaultCpuSamplingHz},
               {" Timed ", MeasureMode::Timed, 1, 0},
               {"count", MeasureMode::Count, 0, 0}};
  for (auto &C : Cases) {
    Options O = parse({{"HOTPATH_MODE", C.Value}});
    EXPECT_EQ(O.Mode, C.Mode) << C.Value;
    EXPECT_EQ(O.TimeSamplingRate, C.Rate) << C.Value;
    EXPECT_EQ(O.CpuSamplingHz, C.CpuHz) << C.Value;
    EXPECT_TRUE(O.Warnings.empty()) << C.Value;
  }
  // With a mode named, a rate is ignored, and it says so.
  Options T =
      parse({{"HOTPATH_MODE", "timed"}, {"HOTPATH_TIME_SAMPLING_RATE", "0.1"}});
  EXPECT_EQ(T.TimeSamplingRate, 1.0);
  ASSERT_EQ(T.Warnings.size(), 1u);
  EXPECT_NE(T.Warnings[0].find("ignored"), std::string::npos);
  // The default mode's samples can be turned off.
  EXPECT_EQ(parse({{"HOTPATH_CPU_SAMPLING", "0"}}).CpuSamplingHz, 0u);
  Options Bad = parse({{"HOTPATH_MODE", "fast"}});
  EXPECT_EQ(Bad.Mode, MeasureMode::Default);
  expectWarning(Bad, "HOTPATH_MODE", "fast", "default, timed, count");
}

TEST(Options, Flags) {
  struct {
    const char *Var;
    bool Options::*Field;
    bool Default;
  } Flags[] = {{"HOTPATH_ALLOC", &Options::Alloc, true},
               {"HOTPATH_ALLOC_CUMULATIVE", &Options::AllocCumulative, false},
               {"HOTPATH_TIME_EXCLUSIVE", &Options::TimeExclusive, false}};
  for (auto &F : Flags) {
    for (const char *T : {"1", "true", "YES", "on"})
      EXPECT_TRUE(parse({{F.Var, T}}).*F.Field) << F.Var << "=" << T;
    for (const char *No : {"0", "false", "no", "Off"})
      EXPECT_FALSE(parse({{F.Var, No}}).*F.Field) << F.Var << "=" << No;
    Options O = parse({{F.Var, "maybe"}});
    EXPECT_EQ(O.*F.Field, F.Default) << F.Var;
    expectWarning(O, F.Var, "maybe", "0, 1, true, false");
  }
}

TEST(Options, DrainInterval) {
  EXPECT_EQ(parse({{"HOTPATH_DRAIN_INTERVAL", "10"}}).DrainIntervalMs, 10u);
  for (const char *Bad : {"0", "fast", "60001", "-5"}) {
    Options O = parse({{"HOTPATH_DRAIN_INTERVAL", Bad}});
    EXPECT_EQ(O.DrainIntervalMs, 50u) << Bad;
    expectWarning(O, "HOTPATH_DRAIN_INTERVAL", Bad, "[1, 60000]");
  }
}

TEST(Options, CallgrindOutFile) {
  EXPECT_EQ(
      parse({{"HOTPATH_CALLGRIND_OUT_FILE", "/tmp/cg.%p"}}).CallgrindOutFile,
      "/tmp/cg.%p");
  Options O = parse({{"HOTPATH_CALLGRIND_OUT_FILE", " "}});
  EXPECT_EQ(O.CallgrindOutFile, "callgrind.out.%p");
  expectWarning(O, "HOTPATH_CALLGRIND_OUT_FILE", " ", "non-empty");
}

TEST(Options, RecordedStrings) {
  Options O = parse({{"HOTPATH_MERGE_REPORT", "native.json"},
                     {"HOTPATH_REPORT_LABEL", "nightly"},
                     {"HOTPATH_BENCHMARK", "my_benchmark"}});
  EXPECT_EQ(O.MergeReport, "native.json");
  EXPECT_EQ(O.ReportLabel, "nightly");
  EXPECT_EQ(O.Benchmark, "my_benchmark");
  EXPECT_TRUE(O.Warnings.empty());
}

TEST(Options, UserMetadata) {
  std::vector<std::pair<std::string, std::string>> KV;
  ASSERT_TRUE(
      parseUserMetadata("runner=Linux-X64, toolchain=19.1.7,empty=", KV));
  ASSERT_EQ(KV.size(), 3u);
  EXPECT_EQ(KV[0],
            std::make_pair(std::string("runner"), std::string("Linux-X64")));
  EXPECT_EQ(KV[2].second, "");
  ASSERT_TRUE(parseUserMetadata(R"({"cpu": "x", "os": "linux"})", KV));
  EXPECT_EQ(KV.size(), 2u);
  EXPECT_FALSE(parseUserMetadata("novalue", KV));
  EXPECT_FALSE(parseUserMetadata("=x", KV));
  EXPECT_FALSE(parseUserMetadata(R"({"n": 1})", KV));
  EXPECT_FALSE(parseUserMetadata("{broken", KV));
  EXPECT_TRUE(KV.empty());

  EXPECT_EQ(parse({{"HOTPATH_USER_METADATA", "a=1,b=2"}}).UserMetadata,
            "a=1,b=2");
  Options O = parse({{"HOTPATH_USER_METADATA", "a=1,b"}});
  EXPECT_EQ(O.UserMetadata, "");
  expectWarning(O, "HOTPATH_USER_METADATA", "a=1,b", "key=value");
}

TEST(Options, SeveralBadValuesWarnOnceEach) {
  Options O = parse({{"HOTPATH_OUTPUT_FORMAT", "x"},
                     {"HOTPATH_ALLOC", "x"},
                     {"HOTPATH_PERCENTILES", "x"}});
  EXPECT_EQ(O.Warnings.size(), 3u);
}

TEST(Options, ClockAcceptsAutoAndMonotonic) {
  EXPECT_EQ(parse({}).Clock, ClockChoice::Auto);
  EXPECT_EQ(parse({{"HOTPATH_CLOCK", "monotonic"}}).Clock,
            ClockChoice::Monotonic);
  EXPECT_EQ(parse({{"HOTPATH_CLOCK", " Auto "}}).Clock, ClockChoice::Auto);
  Options O = parse({{"HOTPATH_CLOCK", "sundial"}});
  EXPECT_EQ(O.Clock, ClockChoice::Auto);
  expectWarning(O, "HOTPATH_CLOCK", "sundial", "auto, monotonic");
}

TEST(Options, SourceRootAndAllocExplicit) {
  Options O = parse({{"HOTPATH_SOURCE_ROOT", "/src"}, {"HOTPATH_ALLOC", "1"}});
  EXPECT_EQ(O.SourceRoot, "/src");
  EXPECT_TRUE(O.AllocExplicit);
  EXPECT_FALSE(parse({}).AllocExplicit);
}

// A setuid, setgid or capability process (AT_SECURE): the variables that
// choose files are ignored, one warning each; the others still apply.
TEST(Options, SecureProcessIgnoresFileVariables) {
  Env = {{"HOTPATH_OUTPUT_PATH", "/etc/shadow"},
         {"HOTPATH_MERGE_REPORT", "/root/native.json"},
         {"HOTPATH_SOURCE_ROOT", "/root/src"},
         {"HOTPATH_CALLGRIND_OUT_FILE", "/root/cg.out"},
         {"HOTPATH_OUTPUT_FORMAT", "json"}};
  Options O = parseOptions(get, /*Secure=*/true);
  EXPECT_TRUE(O.Secure);
  EXPECT_EQ(O.OutputPath, "");
  EXPECT_EQ(O.MergeReport, "");
  EXPECT_EQ(O.SourceRoot, "");
  EXPECT_EQ(O.CallgrindOutFile, "callgrind.out.%p");
  EXPECT_EQ(O.Format, OutputFormat::Json);
  ASSERT_EQ(O.Warnings.size(), 4u);
  for (const std::string &W : O.Warnings)
    EXPECT_NE(W.find("is ignored: the process runs with elevated privileges"),
              std::string::npos)
        << W;
  // Unset, nothing to say.
  Env = {};
  EXPECT_TRUE(parseOptions(get, /*Secure=*/true).Warnings.empty());
}

// A report path ending in .json means JSON, unless the format is given.
TEST(Options, JsonPathImpliesJson) {
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_PATH", "report.%p.json"}}).Format,
            OutputFormat::Json);
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_PATH", "report.txt"}}).Format,
            OutputFormat::Table);
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_PATH", "r.json"},
                   {"HOTPATH_OUTPUT_FORMAT", "table"}})
                .Format,
            OutputFormat::Table);
  EXPECT_EQ(parse({{"HOTPATH_OUTPUT_PATH", "r.json"},
                   {"HOTPATH_OUTPUT_FORMAT", "json-pretty"}})
                .Format,
            OutputFormat::JsonPretty);
}

// Only signals whose default ends the process and that nothing else relies
// on: never SIGPIPE (a program in a pipeline must die of it), the report's
// SIGINT and SIGTERM, the faults, or signals ignored by default.
TEST(Options, SnapshotSignal) {
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", "USR1"}}).SnapshotSignal,
            SIGUSR1);
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", "sigusr2"}}).SnapshotSignal,
            SIGUSR2);
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", " HUP "}}).SnapshotSignal,
            SIGHUP);
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", "RTMIN+2"}}).SnapshotSignal,
            SIGRTMIN + 2);
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", "RTMAX"}}).SnapshotSignal,
            SIGRTMAX);
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", "10"}}).SnapshotSignal, SIGUSR1);
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_SIGNAL", "40"}}).SnapshotSignal, 40);
  for (const char *Bad :
       {"13", "PIPE", "SIGPIPE", "2",     "INT", "15",       "TERM",
        "17", "CHLD", "28",      "WINCH", "23",  "9",        "11",
        "19", "3",    "6",       "0",     "65",  "RTMIN+99", "x"}) {
    Options O = parse({{"HOTPATH_SNAPSHOT_SIGNAL", Bad}});
    EXPECT_EQ(O.SnapshotSignal, 0) << Bad;
    expectWarning(O, "HOTPATH_SNAPSHOT_SIGNAL", Bad,
                  "a signal whose default action ends the process");
  }
}

// The trigger file is a file variable: never chosen by the environment of
// a setuid program.
TEST(Options, SnapshotTrigger) {
  EXPECT_EQ(parse({{"HOTPATH_SNAPSHOT_TRIGGER", "t.%p"}}).SnapshotTrigger,
            "t.%p");
  EXPECT_EQ(parse({}).SnapshotTrigger, "");
  Env = {{"HOTPATH_SNAPSHOT_TRIGGER", "/tmp/t"}};
  Options O = parseOptions(get, /*Secure=*/true);
  EXPECT_EQ(O.SnapshotTrigger, "");
  ASSERT_EQ(O.Warnings.size(), 1u);
  EXPECT_NE(O.Warnings[0].find("HOTPATH_SNAPSHOT_TRIGGER"), std::string::npos);
}

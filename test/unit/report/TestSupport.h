//===- TestSupport.h - A fixed report for the model tests -------*- C++ -*-===//
#ifndef HOTPATH_TEST_REPORT_TESTREPORTS_H
#define HOTPATH_TEST_REPORT_TESTREPORTS_H

#include "hotpath/report/Report.h"

namespace hotpath::report {

inline FunctionRow row(const char *Name, uint64_t Calls, uint64_t Avg,
                       uint64_t Total, double Pct,
                       std::vector<uint64_t> Ps = {}) {
  FunctionRow R;
  R.Name = Name;
  R.File = "src/a.cpp";
  R.Line = 7;
  R.Calls = Calls;
  R.Avg = Avg;
  R.Min = Avg / 2;
  R.Max = Avg * 2;
  R.Percentiles = Ps.empty() ? std::vector<uint64_t>{Avg + Avg / 10} : Ps;
  R.Total = Total;
  R.PercentTotal = Pct;
  return R;
}

/// Every section present, with values that exercise every unit.
inline Report sampleReport() {
  Report R;
  R.M.HotpathVersion = "0.1.0";
  R.M.Run = "merged";
  R.M.BuildId = "abcdef";
  R.M.GitCommit = std::string(40, 'a');
  R.M.GitDirty = false;
  R.M.Pid = 42;
  R.M.StartTime = "2026-01-01T00:00:00.000Z";
  R.M.StartUnixNs = 1767225600000000000ull;
  R.M.ElapsedNs = 123860000;
  R.M.Compiler = "clang";
  R.M.CompilerVersion = "19.1.7";
  R.M.LlvmVersion = "19.1.7";
  R.M.Tool = "callgrind-3.19.0";
  R.M.CpuModel = "AMD EPYC 7763 64-Core Processor";
  R.M.CpuVendor = "AuthenticAMD";
  R.M.Benchmark = "my_benchmark";
  R.M.UserMetadata = {{"runner", "Linux-X64"}};
  R.M.Warnings = {"HOTPATH_ALLOC=\"x\" is invalid"};
  R.M.Mode = "timed";

  R.Timing.Present = true;
  R.Timing.Description = "Execution duration of functions.";
  R.Timing.Total = 123860000;
  R.Timing.Percentiles = {95};
  R.Timing.SamplingRate = 1.0;
  R.Timing.Exclusive = false;
  R.Timing.Data = {row("basic::main", 1, 123170000, 123170000, 99.44),
                   row("basic::async_function", 100, 1162100, 116210000, 93.82),
                   row("basic::sync_function", 100, 23550, 2355000, 1.9),
                   row("tiny", 3, 850, 2550, 0)};
  R.Timing.Data[0].TimeSource = "measured";
  R.Timing.Data[3].TimeSource = "samples";

  R.Alloc.Present = true;
  R.Alloc.Description = "Bytes allocated per call.";
  R.Alloc.Total = 1216768 + 316;
  R.Alloc.Percentiles = {50, 99.9};
  R.Alloc.Cumulative = false;
  R.Alloc.Data = {row("push", 1000, 1217, 1216768, 99.97, {1024, 4096}),
                  row("small", 2, 158, 316, 0.03, {158, 160})};
  R.Alloc.Data[0].Max = 4096;
  R.Alloc.Data[0].Allocs = 1000;
  R.Alloc.Data[0].Freed = 600000;

  R.Icount.Present = true;
  R.Icount.Description =
      "Inclusive instructions executed per function (Callgrind Ir).";
  R.Icount.Total = 39731209;
  R.Icount.HookCostIr = 42;
  R.Icount.Data = {row("instructions::recursive", 4, 4500564, 18002258, 45.31),
                   row("instructions::async_fn", 2, 7200797, 14401595, 36.25)};

  R.Threads.Present = true;
  R.Threads.Description = "Threads that ran measured code.";
  R.Threads.AllocTracked = true;
  ThreadRow T;
  T.Tid = 100;
  T.Name = "main";
  T.Events = 204;
  T.AllocBytes = 376627;
  T.AllocUsableBytes = 376627;
  T.FreedBytes = 10138;
  T.Allocs = 9;
  T.Frees = 3;
  R.Threads.Data.push_back(T);
  T.Tid = 101;
  T.Name = "worker-1";
  T.AllocBytes = 100;
  T.AllocUsableBytes = 100;
  T.FreedBytes = 400;
  T.Exited = true;
  R.Threads.Data.push_back(T);
  return R;
}

} // namespace hotpath::report

#endif // HOTPATH_TEST_REPORT_TESTREPORTS_H

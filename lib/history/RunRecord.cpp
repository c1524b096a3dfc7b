//===- RunRecord.cpp - One run as the history keeps it --------------------===//
#include "hotpath/history/RunRecord.h"
#include "hotpath/report/ReportJson.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MD5.h"

#include <algorithm>

namespace hotpath::history {

using report::FunctionRow;
using report::Report;

const std::vector<MetricInfo> &metrics() {
  static const std::vector<MetricInfo> M = {
      {"icount", "instructions a call (Callgrind)", true},
      {"icount_total", "instructions, all calls", true},
      {"self_icount", "own instructions a call", true},
      {"alloc", "bytes allocated a call", true},
      {"alloc_total", "bytes allocated, all calls", true},
      {"calls", "calls", true},
      {"time", "wall time a call (ns)", false},
      {"time_total", "wall time, all calls (ns)", false},
      {"self_time", "own wall time a call (ns)", false},
      {"cpu", "CPU time from samples (ns)", false},
      {"elapsed", "the run's wall time (ns; the benchmark's row)", false},
  };
  return M;
}

const MetricInfo *metricInfo(const std::string &Name) {
  for (const MetricInfo &M : metrics())
    if (Name == M.Name)
      return &M;
  return nullptr;
}

namespace {

double perCall(uint64_t V, uint64_t Calls) {
  return Calls ? double(V) / double(Calls) : 0;
}

void addRows(const Report &R, const std::string &Bench, RunRecord &Run) {
  auto Add = [&](const std::string &F, const char *M, double V) {
    Run.Figures.push_back({Bench, F, M, V});
  };
  // A function in several sections has its calls once.
  std::vector<std::string> Counted;
  auto Calls = [&](const FunctionRow &Row) {
    if (std::find(Counted.begin(), Counted.end(), Row.Name) != Counted.end())
      return;
    Counted.push_back(Row.Name);
    Add(Row.Name, "calls", double(Row.Calls));
  };
  if (R.Timing.Present)
    for (const FunctionRow &Row : R.Timing.Data) {
      Calls(Row);
      if (Row.CpuNs)
        Add(Row.Name, "cpu", double(*Row.CpuNs));
      // A default-mode row its samples timed has no wall time to keep (a
      // row of an older report: when the section was timed).
      if (Row.TimeSource ? *Row.TimeSource == "samples" : !R.Timing.timed())
        continue;
      Add(Row.Name, "time", double(Row.Avg));
      Add(Row.Name, "time_total", double(Row.Total));
      if (Row.Self && !R.Timing.Exclusive.value_or(false))
        Add(Row.Name, "self_time", perCall(*Row.Self, Row.Calls));
    }
  if (R.Icount.Present && R.Icount.Total)
    for (const FunctionRow &Row : R.Icount.Data) {
      Calls(Row);
      Add(Row.Name, "icount", double(Row.Avg));
      Add(Row.Name, "icount_total", double(Row.Total));
      if (Row.Self)
        Add(Row.Name, "self_icount", perCall(*Row.Self, Row.Calls));
    }
  if (R.Alloc.Present)
    for (const FunctionRow &Row : R.Alloc.Data) {
      Calls(Row);
      Add(Row.Name, "alloc", double(Row.Avg));
      Add(Row.Name, "alloc_total", double(Row.Total));
    }
  Add("", "elapsed", double(R.M.ElapsedNs));
  if (R.Icount.Present && R.Icount.Total)
    Add("", "icount_total", double(R.Icount.Total));
}

} // namespace

RunRecord runOf(const std::vector<Report> &Reports) {
  RunRecord Run;
  std::vector<std::string> Identities;
  for (const Report &R : Reports) {
    std::string Bench = R.M.Benchmark.value_or("");
    if (!Run.StartUnixNs ||
        (R.M.StartUnixNs && int64_t(R.M.StartUnixNs) < Run.StartUnixNs))
      Run.StartUnixNs = int64_t(R.M.StartUnixNs);
    if (Run.Commit.empty() && R.M.GitCommit)
      Run.Commit = *R.M.GitCommit;
    if (Run.CpuModel.empty() && R.M.CpuModel)
      Run.CpuModel = *R.M.CpuModel;
    if (Run.Executable.empty() && R.M.Executable)
      Run.Executable = *R.M.Executable;
    size_t First = Run.Figures.size();
    addRows(R, Bench, Run);
    // The identity: who wrote the report and when, and what it measured.
    std::string Id = Bench + "\n" + std::to_string(R.M.Pid) + "\n" +
                     std::to_string(R.M.StartUnixNs) + "\n" +
                     R.M.BuildId.value_or("") + "\n" + R.M.Run + "\n";
    for (size_t I = First; I < Run.Figures.size(); ++I) {
      const Figure &F = Run.Figures[I];
      Id +=
          F.Function + "\t" + F.Metric + "\t" + std::to_string(F.Value) + "\n";
    }
    Identities.push_back(Id);
  }
  std::sort(Identities.begin(), Identities.end());
  llvm::MD5 Hash;
  for (const std::string &Id : Identities)
    Hash.update(Id);
  llvm::MD5::MD5Result Digest;
  Hash.final(Digest);
  Run.Key = std::string(Digest.digest().str());
  return Run;
}

} // namespace hotpath::history

//===- ReportMerge.cpp - Merged mode and sums of reports ------------------===//
#include "hotpath/report/ReportMerge.h"
#include "hotpath/report/CallTree.h"
#include "hotpath/report/Rounding.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace hotpath::report {

namespace {

std::string orNone(const std::optional<std::string> &S) {
  return S ? "'" + *S + "'" : "none";
}

void sumSection(FunctionsSection &Acc, const FunctionsSection &S) {
  if (!S.Present)
    return;
  if (!Acc.Present) {
    Acc = S;
    return;
  }
  Acc.Total += S.Total;
  if (S.MeasuredTotal)
    Acc.MeasuredTotal = Acc.MeasuredTotal.value_or(0) + *S.MeasuredTotal;
  if (S.HookCostIr && !Acc.HookCostIr)
    Acc.HookCostIr = S.HookCostIr;
  using Key = std::tuple<std::string, std::string, uint32_t>;
  std::map<Key, size_t> Index;
  for (size_t I = 0; I < Acc.Data.size(); ++I)
    Index[{Acc.Data[I].Name, Acc.Data[I].File, Acc.Data[I].Line}] = I;
  bool SamePs = Acc.Percentiles == S.Percentiles;
  for (const FunctionRow &R : S.Data) {
    auto It = Index.find({R.Name, R.File, R.Line});
    if (It == Index.end()) {
      Index[{R.Name, R.File, R.Line}] = Acc.Data.size();
      Acc.Data.push_back(R);
      continue;
    }
    FunctionRow &A = Acc.Data[It->second];
    bool AHas = A.Calls && A.Total, RHas = R.Calls && R.Total;
    A.Min = !AHas ? R.Min : !RHas ? A.Min : std::min(A.Min, R.Min);
    A.Max = std::max(A.Max, R.Max);
    for (size_t I = 0;
         SamePs && I < A.Percentiles.size() && I < R.Percentiles.size(); ++I)
      A.Percentiles[I] = std::max(A.Percentiles[I], R.Percentiles[I]);
    // The duration buckets (cumulative counts of timed calls) add up
    // where both runs have them on the same bounds; else they are dropped
    // rather than left to disagree with the calls.
    if (A.Buckets.size() == R.Buckets.size() &&
        Acc.BucketBoundsNs == S.BucketBoundsNs)
      for (size_t I = 0; I < A.Buckets.size(); ++I)
        A.Buckets[I] += R.Buckets[I];
    else
      A.Buckets.clear();
    A.Calls += R.Calls;
    A.Total += R.Total;
    A.Allocs += R.Allocs;
    A.Freed += R.Freed;
    A.Frees += R.Frees;
    if (R.Self)
      A.Self = A.Self.value_or(0) + *R.Self;
    if (R.WaitNs)
      A.WaitNs = A.WaitNs.value_or(0) + *R.WaitNs;
    if (R.OnStack)
      A.OnStack = A.OnStack.value_or(0) + *R.OnStack;
  }
  // With call trees, the share is of the time on a stack (CallTree.h).
  uint64_t Whole = std::max(Acc.Total, Acc.MeasuredTotal.value_or(0));
  for (FunctionRow &A : Acc.Data) {
    A.Avg = roundDiv(A.Total, A.Calls);
    A.PercentTotal = A.OnStack ? percentOf(*A.OnStack, Whole)
                               : percentOf(A.Total, Acc.Total);
  }
  sortRows(Acc.Data);
}

} // namespace

bool sameBuild(const Meta &A, const Meta &B, std::string &Error) {
  if (A.BuildId || B.BuildId) {
    if (A.BuildId != B.BuildId) {
      Error = "the reports come from different builds (build id " +
              orNone(A.BuildId) + " vs " + orNone(B.BuildId) + ")";
      return false;
    }
  } else if (A.Executable != B.Executable) {
    Error = "neither report has a build id and the executables differ (" +
            orNone(A.Executable) + " vs " + orNone(B.Executable) + ")";
    return false;
  }
  if (A.Benchmark != B.Benchmark) {
    Error = "the reports are of different benchmarks (" + orNone(A.Benchmark) +
            " vs " + orNone(B.Benchmark) + ")";
    return false;
  }
  return true;
}

bool mergeRuns(const Report &Native, const Report &Cg, Report &Out,
               std::string &Error) {
  if (Native.M.Run != "native") {
    Error = "the base of a merge must be a native report (meta.run is '" +
            Native.M.Run + "')";
    return false;
  }
  if (Cg.M.Run != "callgrind") {
    Error =
        "the report to merge must come from a Callgrind run (meta.run is '" +
        Cg.M.Run + "')";
    return false;
  }
  if (!sameBuild(Native.M, Cg.M, Error))
    return false;
  Out = Native;
  Out.M.Run = "merged";
  Out.M.Tool = Cg.M.Tool;
  for (const std::string &W : Cg.M.Warnings)
    Out.M.Warnings.push_back("callgrind run: " + W);
  Out.Icount = Cg.Icount;
  Out.IcountCalls = Cg.IcountCalls;
  Out.Cache = Cg.Cache;
  takeSizesIcount(Out.Sizes, Cg.Sizes);
  if (!Out.Timing.Present && Cg.Timing.Present)
    Out.Timing = Cg.Timing;
  return true;
}

bool sumReports(const std::vector<Report> &In, Report &Out,
                std::string &Error) {
  if (In.empty()) {
    Error = "nothing to merge";
    return false;
  }
  Out = In[0];
  for (size_t I = 1; I < In.size(); ++I) {
    const Report &R = In[I];
    if (!sameBuild(In[0].M, R.M, Error))
      return false;
    if (R.M.Run != In[0].M.Run) {
      Error = "cannot sum a '" + In[0].M.Run + "' report and a '" + R.M.Run +
              "' report";
      return false;
    }
    Out.M.ElapsedNs += R.M.ElapsedNs;
    for (const std::string &W : R.M.Warnings)
      if (std::find(Out.M.Warnings.begin(), Out.M.Warnings.end(), W) ==
          Out.M.Warnings.end())
        Out.M.Warnings.push_back(W);
    for (SectionKind K :
         {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount})
      sumSection(Out.section(K), R.section(K));
    if (R.Cache.Present) {
      if (!Out.Cache.Present) {
        Out.Cache = R.Cache;
      } else {
        Out.Cache.TotalCycles += R.Cache.TotalCycles;
        for (const CacheRow &C : R.Cache.Data) {
          auto It = std::find_if(Out.Cache.Data.begin(), Out.Cache.Data.end(),
                                 [&](const CacheRow &X) {
                                   return X.Name == C.Name &&
                                          X.File == C.File && X.Line == C.Line;
                                 });
          if (It == Out.Cache.Data.end()) {
            Out.Cache.Data.push_back(C);
            continue;
          }
          It->Calls += C.Calls;
          It->Ir += C.Ir;
          It->I1mr += C.I1mr;
          It->D1mr += C.D1mr;
          It->D1mw += C.D1mw;
          It->ILmr += C.ILmr;
          It->DLmr += C.DLmr;
          It->DLmw += C.DLmw;
          It->Cycles += C.Cycles;
        }
        for (CacheRow &C : Out.Cache.Data) {
          C.AvgCycles = roundDiv(C.Cycles, C.Calls);
          C.PercentTotal = percentOf(C.Cycles, Out.Cache.TotalCycles);
        }
      }
    }
    Out.Threads.Data.insert(Out.Threads.Data.end(), R.Threads.Data.begin(),
                            R.Threads.Data.end());
    Out.Threads.Present |= R.Threads.Present;
    Out.Tree = report::mergeTrees(Out.Tree, R.Tree);
    mergeCpuSamples(Out.Cpu, R.Cpu);
    mergeLocks(Out.Locks, R.Locks);
    mergeSizes(Out.Sizes, R.Sizes);
  }
  if (In.size() > 1)
    for (SectionKind K : {SectionKind::Timing, SectionKind::Alloc})
      if (Out.section(K).Present)
        Out.section(K).Description +=
            " Sum of " + std::to_string(In.size()) +
            " reports (percentiles: the largest of the inputs).";
  return true;
}

} // namespace hotpath::report

//===- ReportJson.cpp - Report -> JSON ------------------------------------===//
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/JsonText.h"
#include "hotpath/report/Rounding.h"

#include <cmath>

namespace hotpath::report {

using OJson = nlohmann::ordered_json;

namespace {

void optString(JsonText &W, std::string_view Key,
               const std::optional<std::string> &S) {
  W.key(Key);
  if (S)
    W.value(*S);
  else
    W.null();
}

void writeFunctions(JsonText &W, const FunctionsSection &S) {
  W.beginObject();
  W.member("description", S.Description);
  W.member(sectionTotalKey(S.Kind), S.Total);
  bool Dist = S.Kind != SectionKind::Icount;
  // 95, not 95.0: integral percentiles are written as integers.
  W.key("percentiles");
  W.beginArray();
  if (Dist)
    for (double P : S.Percentiles) {
      if (P == std::floor(P))
        W.value(uint64_t(P));
      else
        W.value(P);
    }
  W.endArray();
  if (S.SamplingRate)
    W.member("sampling_rate", *S.SamplingRate);
  if (S.Exclusive)
    W.member("exclusive", *S.Exclusive);
  if (S.Compensated)
    W.member("compensated", *S.Compensated);
  if (S.Cumulative)
    W.member("cumulative", *S.Cumulative);
  if (S.HookCostIr)
    W.member("hook_cost_ir", *S.HookCostIr);
  if (S.MeasuredTotal)
    W.member("total_measured_ns", *S.MeasuredTotal);
  if (S.Tool)
    W.member("tool", *S.Tool);
  if (!S.BucketBoundsNs.empty())
    W.member("bucket_bounds_ns", S.BucketBoundsNs);
  W.objects("data", S.Data, [&](const FunctionRow &R) {
    W.member("name", R.Name);
    W.member("file", R.File);
    W.member("line", R.Line);
    W.member("calls", R.Calls);
    W.member("avg", R.Avg);
    if (Dist) {
      W.member("min", R.Min);
      W.member("max", R.Max);
      for (size_t I = 0; I < S.Percentiles.size(); ++I)
        W.member(percentileKey(S.Percentiles[I]),
                 I < R.Percentiles.size() ? R.Percentiles[I] : 0);
    }
    W.member("total", R.Total);
    W.member("percent_total", R.PercentTotal);
    if (R.Self)
      W.member("self", *R.Self);
    if (R.OnStack)
      W.member("on_stack", *R.OnStack);
    if (R.CpuNs)
      W.member("cpu", *R.CpuNs);
    if (R.CpuSelfNs)
      W.member("cpu_self", *R.CpuSelfNs);
    if (R.WaitNs)
      W.member("wait", *R.WaitNs);
    if (R.TimeSource)
      W.member("time_source", *R.TimeSource);
    if (!S.BucketBoundsNs.empty() && !R.Buckets.empty())
      W.member("buckets", R.Buckets);
    if (S.Kind == SectionKind::Alloc) {
      W.member("allocs", R.Allocs);
      W.member("freed", R.Freed);
      W.member("frees", R.Frees);
    }
  });
  W.endObject();
}

void writeThreads(JsonText &W, const ThreadsSection &T) {
  W.beginObject();
  W.member("description", T.Description);
  W.member("alloc_tracked", T.AllocTracked);
  if (T.PeakRssBytes)
    W.member("peak_rss_bytes", *T.PeakRssBytes);
  if (T.ElapsedNs)
    W.member("elapsed_ns", *T.ElapsedNs);
  W.objects("data", T.Data, [&](const ThreadRow &R) {
    W.member("name", R.Name);
    W.member("tid", R.Tid);
    W.member("events", R.Events);
    W.member("alloc_bytes", R.AllocBytes);
    W.member("freed_bytes", R.FreedBytes);
    W.member("alloc_usable_bytes", R.AllocUsableBytes);
    W.member("allocs", R.Allocs);
    W.member("frees", R.Frees);
    W.member("exited", R.Exited);
    if (R.CpuNs) {
      W.member("cpu_ns", *R.CpuNs);
      if (T.ElapsedNs && *T.ElapsedNs)
        W.member("cpu_percent", percentOf(*R.CpuNs, *T.ElapsedNs));
      W.member("voluntary_switches", R.Voluntary);
      W.member("involuntary_switches", R.Involuntary);
    }
  });
  W.endObject();
}

void writeEdges(JsonText &W, const CallEdgesSection &E) {
  W.beginObject();
  W.member("description", E.Description);
  W.objects("data", E.Data, [&](const CallEdgeRow &R) {
    W.member("caller", R.Caller);
    W.member("callee", R.Callee);
    W.member("calls", R.Calls);
    W.member("ir", R.Ir);
  });
  W.endObject();
}

void writeTree(JsonText &W, const CallTree &T) {
  W.beginObject();
  W.member("description", T.Description);
  W.member("estimated", T.Estimated);
  if (T.Compensated)
    W.member("compensated", true);
  W.member("timed_calls_only", T.TimedCallsOnly);
  W.member("max_paths", T.MaxPaths);
  W.member("full", T.Full);
  W.key("nodes");
  W.beginArray();
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const TreeNode &N = T.Nodes[I];
    W.beginObject();
    W.member("id", uint64_t(I));
    W.key("parent");
    if (N.Parent < 0)
      W.null();
    else
      W.value(N.Parent);
    W.member("name", N.Name);
    W.member("file", N.File);
    W.member("line", N.Line);
    if (!N.Kind.empty())
      W.member("kind", N.Kind);
    W.member("calls", N.Calls);
    W.member("total", N.Total);
    W.member("self", N.Self);
    W.member("alloc_bytes", N.AllocBytes);
    W.member("allocs", N.Allocs);
    if (N.CpuSelf)
      W.member("cpu_self", *N.CpuSelf);
    if (N.WaitNs)
      W.member("wait", *N.WaitNs);
    if (N.Inlined)
      W.member("inlined", true);
    W.endObject();
  }
  W.endArray();
  W.endObject();
}

void writeMeta(JsonText &W, const Meta &M) {
  W.beginObject();
  W.member("hotpath_version", M.HotpathVersion);
  W.member("run", M.Run);
  optString(W, "build_id", M.BuildId);
  optString(W, "executable", M.Executable);
  optString(W, "git_commit", M.GitCommit);
  W.key("git_dirty");
  if (M.GitDirty)
    W.value(*M.GitDirty);
  else
    W.null();
  W.member("pid", M.Pid);
  W.member("start_time", M.StartTime);
  W.member("start_unix_ns", M.StartUnixNs);
  W.member("elapsed_ns", M.ElapsedNs);
  optString(W, "compiler", M.Compiler);
  optString(W, "compiler_version", M.CompilerVersion);
  optString(W, "llvm_version", M.LlvmVersion);
  optString(W, "tool", M.Tool);
  optString(W, "cpu_model", M.CpuModel);
  optString(W, "cpu_vendor", M.CpuVendor);
  optString(W, "label", M.Label);
  optString(W, "benchmark", M.Benchmark);
  if (M.BenchmarkIterations)
    W.member("benchmark_iterations", *M.BenchmarkIterations);
  if (M.Snapshot)
    W.member("snapshot", *M.Snapshot);
  // A document, not a list: a key given twice is written once (its last
  // value, where it first stood), as a document would.
  OJson UM = OJson::object();
  for (const auto &[K, V] : M.UserMetadata)
    UM[K] = V;
  W.member("user_metadata", UM);
  W.member("warnings", M.Warnings);
  if (M.Mode) // absent in reports of earlier versions: never null
    W.member("mode", *M.Mode);
  if (!M.LeftOut.empty()) {
    W.key("left_out");
    W.beginArray();
    for (const Meta::LeftOutFunction &L : M.LeftOut) {
      W.beginObject();
      W.member("name", L.Name);
      W.member("reason", L.Reason);
      W.endObject();
    }
    W.endArray();
  }
  for (auto [Key, V] : {std::pair{"sampling_rate", &M.SamplingRate},
                        {"call_cost_ns", &M.CallCostNs},
                        {"call_cost_inner_ns", &M.CallCostInnerNs},
                        {"untimed_call_cost_ns", &M.UntimedCallCostNs}})
    if (*V)
      W.member(Key, **V);
  W.endObject();
}

} // namespace

OJson toJson(const Report &R) { return OJson::parse(writeJson(R, false)); }

std::string writeJson(const Report &R, bool Pretty) {
  if (Pretty)
    return toJson(R).dump(2, ' ', false, OJson::error_handler_t::replace) +
           "\n";
  // Reserved whole: a report of a megabyte grown by doubling is copied
  // several times and faults in every copy's pages, at the program's exit.
  // A chain is mostly its stack words (a code word: `[56,93885439310526],`).
  size_t Chains = 0;
  for (const SampledChain &C : R.Cpu.Chains)
    Chains += 96 + 21 * C.Frames.size() + 24 * C.Stack.Code.size() +
              12 * C.Stack.Frame.size();
  std::string Out;
  Out.reserve(4096 + 160 * (R.Timing.Data.size() + R.Tree.Nodes.size()) +
              Chains);
  JsonText W(Out);
  W.beginObject();
  W.member("type", "hotpath_report");
  W.member("version", FormatVersion);
  W.key("meta");
  writeMeta(W, R.M);
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount})
    if (R.section(K).Present) {
      W.key(sectionKey(K));
      writeFunctions(W, R.section(K));
    }
  if (R.Cache.Present)
    W.member("functions_cache", cacheToJson(R.Cache));
  if (R.Threads.Present) {
    W.key("threads");
    writeThreads(W, R.Threads);
  }
  if (R.Tree.Present) {
    W.key("call_tree");
    writeTree(W, R.Tree);
  }
  if (R.IcountCalls.Present) {
    W.key("icount_calls");
    writeEdges(W, R.IcountCalls);
  }
  if (R.Cpu.Present) {
    W.key("cpu_samples");
    writeCpuSamples(W, R.Cpu);
  }
  if (R.Locks.Present)
    W.member("locks", locksToJson(R.Locks));
  if (R.Sizes.Present)
    W.member("functions_sizes", sizesToJson(R.Sizes));
  W.endObject();
  Out += '\n';
  return Out;
}

} // namespace hotpath::report

//===- ReportJson.cpp - Report -> JSON ------------------------------------===//
#include "hotpath/report/ReportJson.h"
#include "hotpath/report/Rounding.h"

#include <cmath>

namespace hotpath::report {

using OJson = nlohmann::ordered_json;

namespace {

OJson optString(const std::optional<std::string> &S) {
  return S ? OJson(*S) : OJson(nullptr);
}

OJson sectionToJson(const FunctionsSection &S) {
  OJson J = OJson::object();
  J["description"] = S.Description;
  J[sectionTotalKey(S.Kind)] = S.Total;
  bool Dist = S.Kind != SectionKind::Icount;
  // 95, not 95.0: integral percentiles are written as integers.
  OJson Ps = OJson::array();
  if (Dist)
    for (double P : S.Percentiles)
      Ps.push_back(P == std::floor(P) ? OJson(uint64_t(P)) : OJson(P));
  J["percentiles"] = std::move(Ps);
  if (S.SamplingRate)
    J["sampling_rate"] = *S.SamplingRate;
  if (S.Exclusive)
    J["exclusive"] = *S.Exclusive;
  if (S.Compensated)
    J["compensated"] = *S.Compensated;
  if (S.Cumulative)
    J["cumulative"] = *S.Cumulative;
  if (S.HookCostIr)
    J["hook_cost_ir"] = *S.HookCostIr;
  if (S.MeasuredTotal)
    J["total_measured_ns"] = *S.MeasuredTotal;
  if (S.Tool)
    J["tool"] = *S.Tool;
  if (!S.BucketBoundsNs.empty())
    J["bucket_bounds_ns"] = S.BucketBoundsNs;
  OJson Data = OJson::array();
  for (const FunctionRow &R : S.Data) {
    OJson Row = OJson::object();
    Row["name"] = R.Name;
    Row["file"] = R.File;
    Row["line"] = R.Line;
    Row["calls"] = R.Calls;
    Row["avg"] = R.Avg;
    if (Dist) {
      Row["min"] = R.Min;
      Row["max"] = R.Max;
      for (size_t I = 0; I < S.Percentiles.size(); ++I)
        Row[percentileKey(S.Percentiles[I])] =
            I < R.Percentiles.size() ? R.Percentiles[I] : 0;
    }
    Row["total"] = R.Total;
    Row["percent_total"] = R.PercentTotal;
    if (R.Self)
      Row["self"] = *R.Self;
    if (R.OnStack)
      Row["on_stack"] = *R.OnStack;
    if (R.CpuNs)
      Row["cpu"] = *R.CpuNs;
    if (R.CpuSelfNs)
      Row["cpu_self"] = *R.CpuSelfNs;
    if (R.WaitNs)
      Row["wait"] = *R.WaitNs;
    if (!S.BucketBoundsNs.empty() && !R.Buckets.empty())
      Row["buckets"] = R.Buckets;
    if (S.Kind == SectionKind::Alloc) {
      Row["allocs"] = R.Allocs;
      Row["freed"] = R.Freed;
      Row["frees"] = R.Frees;
    }
    Data.push_back(std::move(Row));
  }
  J["data"] = std::move(Data);
  return J;
}

OJson threadsToJson(const ThreadsSection &T) {
  OJson J = OJson::object();
  J["description"] = T.Description;
  J["alloc_tracked"] = T.AllocTracked;
  OJson Data = OJson::array();
  for (const ThreadRow &R : T.Data) {
    OJson Row = OJson::object();
    Row["name"] = R.Name;
    Row["tid"] = R.Tid;
    Row["events"] = R.Events;
    Row["alloc_bytes"] = R.AllocBytes;
    Row["freed_bytes"] = R.FreedBytes;
    Row["alloc_usable_bytes"] = R.AllocUsableBytes;
    Row["allocs"] = R.Allocs;
    Row["frees"] = R.Frees;
    Row["exited"] = R.Exited;
    if (R.CpuNs) {
      Row["cpu_ns"] = *R.CpuNs;
      if (T.ElapsedNs && *T.ElapsedNs)
        Row["cpu_percent"] = percentOf(*R.CpuNs, *T.ElapsedNs);
      Row["voluntary_switches"] = R.Voluntary;
      Row["involuntary_switches"] = R.Involuntary;
    }
    Data.push_back(std::move(Row));
  }
  if (T.PeakRssBytes)
    J["peak_rss_bytes"] = *T.PeakRssBytes;
  if (T.ElapsedNs)
    J["elapsed_ns"] = *T.ElapsedNs;
  J["data"] = std::move(Data);
  return J;
}

OJson edgesToJson(const CallEdgesSection &E) {
  OJson J = OJson::object();
  J["description"] = E.Description;
  OJson Data = OJson::array();
  for (const CallEdgeRow &R : E.Data)
    Data.push_back({{"caller", R.Caller},
                    {"callee", R.Callee},
                    {"calls", R.Calls},
                    {"ir", R.Ir}});
  J["data"] = std::move(Data);
  return J;
}

OJson treeToJson(const CallTree &T) {
  OJson J = OJson::object();
  J["description"] = T.Description;
  J["estimated"] = T.Estimated;
  if (T.Compensated)
    J["compensated"] = true;
  J["timed_calls_only"] = T.TimedCallsOnly;
  J["max_paths"] = T.MaxPaths;
  J["full"] = T.Full;
  OJson Nodes = OJson::array();
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const TreeNode &N = T.Nodes[I];
    OJson Row = OJson::object();
    Row["id"] = I;
    Row["parent"] = N.Parent < 0 ? OJson(nullptr) : OJson(N.Parent);
    Row["name"] = N.Name;
    Row["file"] = N.File;
    Row["line"] = N.Line;
    if (!N.Kind.empty())
      Row["kind"] = N.Kind;
    Row["calls"] = N.Calls;
    Row["total"] = N.Total;
    Row["self"] = N.Self;
    Row["alloc_bytes"] = N.AllocBytes;
    Row["allocs"] = N.Allocs;
    if (N.CpuSelf)
      Row["cpu_self"] = *N.CpuSelf;
    if (N.WaitNs)
      Row["wait"] = *N.WaitNs;
    if (N.Inlined)
      Row["inlined"] = true;
    Nodes.push_back(std::move(Row));
  }
  J["nodes"] = std::move(Nodes);
  return J;
}

} // namespace

namespace {

// The report as a document; its CPU samples without their chains when
// WithChains is false (writeJson streams them).
OJson reportToJson(const Report &R, bool WithChains) {
  const Meta &M = R.M;
  OJson Meta = OJson::object();
  Meta["hotpath_version"] = M.HotpathVersion;
  Meta["run"] = M.Run;
  Meta["build_id"] = optString(M.BuildId);
  Meta["executable"] = optString(M.Executable);
  Meta["git_commit"] = optString(M.GitCommit);
  Meta["git_dirty"] = M.GitDirty ? OJson(*M.GitDirty) : OJson(nullptr);
  Meta["pid"] = M.Pid;
  Meta["start_time"] = M.StartTime;
  Meta["start_unix_ns"] = M.StartUnixNs;
  Meta["elapsed_ns"] = M.ElapsedNs;
  Meta["compiler"] = optString(M.Compiler);
  Meta["compiler_version"] = optString(M.CompilerVersion);
  Meta["llvm_version"] = optString(M.LlvmVersion);
  Meta["tool"] = optString(M.Tool);
  Meta["cpu_model"] = optString(M.CpuModel);
  Meta["cpu_vendor"] = optString(M.CpuVendor);
  Meta["label"] = optString(M.Label);
  Meta["benchmark"] = optString(M.Benchmark);
  if (M.BenchmarkIterations)
    Meta["benchmark_iterations"] = *M.BenchmarkIterations;
  if (M.Snapshot)
    Meta["snapshot"] = *M.Snapshot;
  OJson UM = OJson::object();
  for (const auto &[K, V] : M.UserMetadata)
    UM[K] = V;
  Meta["user_metadata"] = std::move(UM);
  Meta["warnings"] = M.Warnings;
  for (auto [Key, V] : {std::pair{"sampling_rate", &M.SamplingRate},
                        {"call_cost_ns", &M.CallCostNs},
                        {"call_cost_inner_ns", &M.CallCostInnerNs},
                        {"untimed_call_cost_ns", &M.UntimedCallCostNs}})
    if (*V)
      Meta[Key] = **V;

  OJson J = OJson::object();
  J["type"] = "hotpath_report";
  J["version"] = FormatVersion;
  J["meta"] = std::move(Meta);
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount})
    if (R.section(K).Present)
      J[sectionKey(K)] = sectionToJson(R.section(K));
  if (R.Cache.Present)
    J["functions_cache"] = cacheToJson(R.Cache);
  if (R.Threads.Present)
    J["threads"] = threadsToJson(R.Threads);
  if (R.Tree.Present)
    J["call_tree"] = treeToJson(R.Tree);
  if (R.IcountCalls.Present)
    J["icount_calls"] = edgesToJson(R.IcountCalls);
  if (R.Cpu.Present)
    J["cpu_samples"] = cpuSamplesToJson(R.Cpu, WithChains);
  if (R.Locks.Present)
    J["locks"] = locksToJson(R.Locks);
  return J;
}

std::string dump(const OJson &J, bool Pretty) {
  // Replace invalid UTF-8 in names instead of throwing.
  return J.dump(Pretty ? 2 : -1, ' ', false, OJson::error_handler_t::replace);
}

} // namespace

OJson toJson(const Report &R) { return reportToJson(R, true); }

std::string writeJson(const Report &R, bool Pretty) {
  if (Pretty || R.Cpu.Chains.empty())
    return dump(toJson(R), Pretty) + "\n";
  // Compact, with CPU samples: the document without the chains, and the
  // chains written into the cpu_samples object as text (appendChainsJson:
  // the same bytes). The section's text is found whole: outside strings,
  // where a quote is always escaped, `"cpu_samples":{` is that key alone
  // (user_metadata's values are strings).
  OJson J = reportToJson(R, false);
  std::string Text = dump(J, false);
  std::string Key = "\"cpu_samples\":" + dump(J["cpu_samples"], false);
  size_t At = Text.find(Key);
  if (At == std::string::npos)
    return dump(toJson(R), false) + "\n";
  std::string Chains = ",";
  appendChainsJson(R.Cpu.Chains, Chains);
  Text.insert(At + Key.size() - 1, Chains); // before the section's `}`
  return Text + "\n";
}

} // namespace hotpath::report

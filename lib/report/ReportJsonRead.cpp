//===- ReportJsonRead.cpp - JSON -> Report, with strict validation --------===//
//
// Each check names the place of the problem (functions_timing.data[3].calls)
// and throws a ReadError (JsonFields.h) that parseReport turns into one line.
//
//===----------------------------------------------------------------------===//
#include "hotpath/report/CallTree.h"
#include "hotpath/report/JsonFields.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/support/FileRead.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace hotpath::report {

using namespace json;

namespace {

/// Calls Row(object, path) for each element of J.data.
template <typename RowFn>
void forEachRow(const Json &J, const std::string &P, RowFn Row) {
  json::forEachObject(J, P, "data", Row);
}

void readMeta(const Json &J, Meta &M) {
  const std::string P = "meta";
  expect(J.is_object(), J, P, "an object");
  M.HotpathVersion = stringAt(J, P, "hotpath_version");
  M.Run = stringAt(J, P, "run");
  if (M.Run != "native" && M.Run != "callgrind" && M.Run != "merged")
    fail(P + ".run",
         "expected \"native\", \"callgrind\" or \"merged\", got \"" + M.Run +
             "\"");
  M.BuildId = optStringAt(J, P, "build_id");
  M.Executable = optStringAt(J, P, "executable");
  M.GitCommit = optStringAt(J, P, "git_commit");
  M.GitDirty = optBoolAt(J, P, "git_dirty");
  if (J.contains("pid")) {
    const Json &Pid = J["pid"];
    expect(Pid.is_number_integer(), Pid, P + ".pid", "an integer");
    M.Pid = Pid.get<int64_t>();
  }
  if (auto S = optStringAt(J, P, "start_time"))
    M.StartTime = *S;
  if (J.contains("start_unix_ns"))
    M.StartUnixNs = unsignedAt(J, P, "start_unix_ns");
  if (J.contains("elapsed_ns"))
    M.ElapsedNs = unsignedAt(J, P, "elapsed_ns");
  M.Compiler = optStringAt(J, P, "compiler");
  M.CompilerVersion = optStringAt(J, P, "compiler_version");
  M.LlvmVersion = optStringAt(J, P, "llvm_version");
  M.Tool = optStringAt(J, P, "tool");
  M.CpuModel = optStringAt(J, P, "cpu_model");
  M.CpuVendor = optStringAt(J, P, "cpu_vendor");
  M.Label = optStringAt(J, P, "label");
  M.Benchmark = optStringAt(J, P, "benchmark");
  if (J.contains("benchmark_iterations"))
    M.BenchmarkIterations = unsignedAt(J, P, "benchmark_iterations");
  if (J.contains("snapshot"))
    M.Snapshot = unsignedAt(J, P, "snapshot");
  for (auto [Key, V] : {std::pair{"call_cost_ns", &M.CallCostNs},
                        {"call_cost_inner_ns", &M.CallCostInnerNs},
                        {"untimed_call_cost_ns", &M.UntimedCallCostNs}})
    if (J.contains(Key)) {
      double D = numberAt(J, P, Key);
      if (!(D >= 0 && D < 1e9))
        fail(P + "." + Key, "expected a number of ns in [0, 1e9)");
      *V = D;
    }
  if (J.contains("sampling_rate")) {
    double R = numberAt(J, P, "sampling_rate");
    if (!(R >= 0 && R <= 1))
      fail(P + ".sampling_rate", "expected a number in [0, 1]");
    M.SamplingRate = R;
  }
  if (J.contains("mode")) {
    M.Mode = stringAt(J, P, "mode");
    if (*M.Mode != "default" && *M.Mode != "timed" && *M.Mode != "sampled" &&
        *M.Mode != "count")
      fail(P + ".mode", "expected default, timed, sampled or count");
  }
  if (J.contains("left_out")) {
    const Json &L = J["left_out"];
    expect(L.is_array(), L, P + ".left_out", "an array");
    for (size_t I = 0; I < L.size(); ++I) {
      std::string LP = P + ".left_out[" + std::to_string(I) + "]";
      expect(L[I].is_object(), L[I], LP, "an object");
      M.LeftOut.push_back(
          {stringAt(L[I], LP, "name"), stringAt(L[I], LP, "reason")});
    }
  }
  if (J.contains("user_metadata")) {
    const Json &U = J["user_metadata"];
    expect(U.is_object(), U, P + ".user_metadata", "an object");
    for (auto It = U.begin(); It != U.end(); ++It) {
      expect(It.value().is_string(), It.value(),
             P + ".user_metadata." + It.key(), "a string");
      M.UserMetadata.emplace_back(It.key(), It.value().get<std::string>());
    }
  }
  if (J.contains("warnings")) {
    const Json &W = J["warnings"];
    expect(W.is_array(), W, P + ".warnings", "an array");
    for (size_t I = 0; I < W.size(); ++I) {
      expect(W[I].is_string(), W[I], P + ".warnings[" + std::to_string(I) + "]",
             "a string");
      M.Warnings.push_back(W[I].get<std::string>());
    }
  }
}

void readSection(const Json &J, FunctionsSection &S) {
  const std::string P = sectionKey(S.Kind);
  expect(J.is_object(), J, P, "an object");
  S.Present = true;
  S.Description = stringAt(J, P, "description");
  S.Total = unsignedAt(J, P, sectionTotalKey(S.Kind));
  bool Dist = S.Kind != SectionKind::Icount;
  if (Dist || J.contains("percentiles")) {
    const Json &Ps = need(J, P, "percentiles");
    expect(Ps.is_array(), Ps, P + ".percentiles", "an array");
    for (size_t I = 0; I < Ps.size(); ++I) {
      std::string PP = P + ".percentiles[" + std::to_string(I) + "]";
      expect(Ps[I].is_number(), Ps[I], PP, "a number");
      double V = Ps[I].get<double>();
      if (!(V >= 0 && V <= 100))
        fail(PP, "expected a percentile in [0, 100], got " + Ps[I].dump());
      if (Dist)
        S.Percentiles.push_back(V);
    }
  }
  if (J.contains("sampling_rate")) {
    double R = numberAt(J, P, "sampling_rate");
    if (!(R >= 0 && R <= 1))
      fail(P + ".sampling_rate", "expected a number in [0, 1]");
    S.SamplingRate = R;
  }
  S.Exclusive = optBoolAt(J, P, "exclusive");
  S.Compensated = optBoolAt(J, P, "compensated");
  S.Cumulative = optBoolAt(J, P, "cumulative");
  if (J.contains("hook_cost_ir"))
    S.HookCostIr = unsignedAt(J, P, "hook_cost_ir");
  if (J.contains("total_measured_ns"))
    S.MeasuredTotal = unsignedAt(J, P, "total_measured_ns");
  S.Tool = optStringAt(J, P, "tool");
  if (J.contains("bucket_bounds_ns")) {
    S.BucketBoundsNs = unsignedsAt(J, P, "bucket_bounds_ns");
    for (size_t I = 1; I < S.BucketBoundsNs.size(); ++I)
      if (S.BucketBoundsNs[I] <= S.BucketBoundsNs[I - 1])
        fail(P + ".bucket_bounds_ns", "expected ascending bounds");
  }

  forEachRow(J, P, [&](const Json &RJ, const std::string &RP) {
    FunctionRow R;
    R.Name = stringAt(RJ, RP, "name");
    R.File = stringAt(RJ, RP, "file");
    uint64_t Line = unsignedAt(RJ, RP, "line");
    if (Line > UINT32_MAX)
      fail(RP + ".line", "out of range");
    R.Line = uint32_t(Line);
    R.Calls = unsignedAt(RJ, RP, "calls");
    R.Avg = unsignedAt(RJ, RP, "avg");
    if (Dist) {
      R.Min = unsignedAt(RJ, RP, "min");
      R.Max = unsignedAt(RJ, RP, "max");
      for (double Pc : S.Percentiles)
        R.Percentiles.push_back(unsignedAt(RJ, RP, percentileKey(Pc)));
    }
    R.Total = unsignedAt(RJ, RP, "total");
    R.PercentTotal = numberAt(RJ, RP, "percent_total");
    if (RJ.contains("self"))
      R.Self = unsignedAt(RJ, RP, "self");
    if (RJ.contains("on_stack"))
      R.OnStack = unsignedAt(RJ, RP, "on_stack");
    if (RJ.contains("cpu"))
      R.CpuNs = unsignedAt(RJ, RP, "cpu");
    if (RJ.contains("cpu_self"))
      R.CpuSelfNs = unsignedAt(RJ, RP, "cpu_self");
    if (RJ.contains("wait"))
      R.WaitNs = unsignedAt(RJ, RP, "wait");
    if (RJ.contains("time_source")) {
      R.TimeSource = stringAt(RJ, RP, "time_source");
      if (*R.TimeSource != "measured" && *R.TimeSource != "estimated" &&
          *R.TimeSource != "samples")
        fail(RP + ".time_source", "expected measured, estimated or samples");
    }
    if (RJ.contains("buckets")) {
      R.Buckets = unsignedsAt(RJ, RP, "buckets");
      if (R.Buckets.size() != S.BucketBoundsNs.size() + 1)
        fail(RP + ".buckets", "expected one count per bucket_bounds_ns "
                              "entry and the count of timed calls");
      for (size_t I = 1; I < R.Buckets.size(); ++I)
        if (R.Buckets[I] < R.Buckets[I - 1])
          fail(RP + ".buckets", "expected cumulative (non-decreasing) counts");
    }
    if (S.Kind == SectionKind::Alloc) {
      R.Allocs = unsignedAt(RJ, RP, "allocs");
      R.Freed = unsignedAt(RJ, RP, "freed");
      if (RJ.contains("frees")) // added after version 1's first reports
        R.Frees = unsignedAt(RJ, RP, "frees");
    }
    S.Data.push_back(std::move(R));
  });
}

void readThreads(const Json &J, ThreadsSection &T) {
  const std::string P = "threads";
  expect(J.is_object(), J, P, "an object");
  T.Present = true;
  T.Description = stringAt(J, P, "description");
  T.AllocTracked = optBoolAt(J, P, "alloc_tracked").value_or(false);
  if (J.contains("peak_rss_bytes"))
    T.PeakRssBytes = unsignedAt(J, P, "peak_rss_bytes");
  if (J.contains("elapsed_ns"))
    T.ElapsedNs = unsignedAt(J, P, "elapsed_ns");
  forEachRow(J, P, [&](const Json &RJ, const std::string &RP) {
    ThreadRow R;
    R.Name = stringAt(RJ, RP, "name");
    R.Tid = unsignedAt(RJ, RP, "tid");
    R.Events = unsignedAt(RJ, RP, "events");
    R.AllocBytes = unsignedAt(RJ, RP, "alloc_bytes");
    R.FreedBytes = unsignedAt(RJ, RP, "freed_bytes");
    R.AllocUsableBytes = RJ.contains("alloc_usable_bytes")
                             ? unsignedAt(RJ, RP, "alloc_usable_bytes")
                             : R.AllocBytes;
    R.Allocs = unsignedAt(RJ, RP, "allocs");
    R.Frees = unsignedAt(RJ, RP, "frees");
    const Json &E = need(RJ, RP, "exited");
    expect(E.is_boolean(), E, RP + ".exited", "a boolean");
    R.Exited = E.get<bool>();
    if (RJ.contains("cpu_ns")) {
      R.CpuNs = unsignedAt(RJ, RP, "cpu_ns");
      R.Voluntary = unsignedAt(RJ, RP, "voluntary_switches");
      R.Involuntary = unsignedAt(RJ, RP, "involuntary_switches");
    }
    T.Data.push_back(std::move(R));
  });
}

void readTree(const Json &J, CallTree &T) {
  const std::string P = "call_tree";
  expect(J.is_object(), J, P, "an object");
  T.Present = true;
  T.Description = stringAt(J, P, "description");
  T.Estimated = optBoolAt(J, P, "estimated").value_or(false);
  T.Compensated = optBoolAt(J, P, "compensated").value_or(false);
  T.TimedCallsOnly = optBoolAt(J, P, "timed_calls_only").value_or(false);
  if (J.contains("max_paths"))
    T.MaxPaths = unsignedAt(J, P, "max_paths");
  T.Full = optBoolAt(J, P, "full").value_or(false);
  const Json &Nodes = need(J, P, "nodes");
  expect(Nodes.is_array(), Nodes, P + ".nodes", "an array");
  std::vector<uint32_t> Depth(Nodes.size(), 1);
  for (size_t I = 0; I < Nodes.size(); ++I) {
    const Json &NJ = Nodes[I];
    std::string NP = P + ".nodes[" + std::to_string(I) + "]";
    expect(NJ.is_object(), NJ, NP, "an object");
    TreeNode N;
    if (unsignedAt(NJ, NP, "id") != I)
      fail(NP + ".id", "expected " + std::to_string(I) + " (nodes in order)");
    const Json &Par = need(NJ, NP, "parent");
    if (!Par.is_null()) {
      uint64_t V = unsignedOf(Par, NP + ".parent");
      if (V >= I)
        fail(NP + ".parent", "expected the id of an earlier node or null");
      N.Parent = int64_t(V);
      Depth[I] = Depth[V] + 1;
      if (Depth[I] > MaxTreeDepth)
        fail(NP + ".parent", "a path deeper than " +
                                 std::to_string(MaxTreeDepth) +
                                 " levels (the runtime writes at most 256)");
    }
    N.Name = stringAt(NJ, NP, "name");
    N.File = stringAt(NJ, NP, "file");
    uint64_t Line = unsignedAt(NJ, NP, "line");
    if (Line > UINT32_MAX)
      fail(NP + ".line", "out of range");
    N.Line = uint32_t(Line);
    if (auto K = optStringAt(NJ, NP, "kind")) {
      if (*K != "deeper" && *K != "folded" && *K != "thread" && *K != "sampled")
        fail(NP + ".kind", "expected \"deeper\", \"folded\", \"thread\" or "
                           "\"sampled\", got \"" +
                               *K + "\"");
      N.Kind = *K;
    }
    N.Calls = unsignedAt(NJ, NP, "calls");
    N.Total = unsignedAt(NJ, NP, "total");
    N.Self = unsignedAt(NJ, NP, "self");
    N.AllocBytes = unsignedAt(NJ, NP, "alloc_bytes");
    N.Allocs = unsignedAt(NJ, NP, "allocs");
    if (NJ.contains("cpu_self"))
      N.CpuSelf = unsignedAt(NJ, NP, "cpu_self");
    if (NJ.contains("wait"))
      N.WaitNs = unsignedAt(NJ, NP, "wait");
    N.Inlined = optBoolAt(NJ, NP, "inlined").value_or(false);
    T.Nodes.push_back(std::move(N));
  }
}

void readEdges(const Json &J, CallEdgesSection &E) {
  const std::string P = "icount_calls";
  expect(J.is_object(), J, P, "an object");
  E.Present = true;
  E.Description = stringAt(J, P, "description");
  forEachRow(J, P, [&](const Json &RJ, const std::string &RP) {
    CallEdgeRow R;
    R.Caller = stringAt(RJ, RP, "caller");
    R.Callee = stringAt(RJ, RP, "callee");
    R.Calls = unsignedAt(RJ, RP, "calls");
    R.Ir = unsignedAt(RJ, RP, "ir");
    E.Data.push_back(std::move(R));
  });
}

void readReport(const Json &J, Report &R) {
  expect(J.is_object(), J, "", "a JSON object (a hotpath report)");
  auto Type = J.find("type");
  if (Type == J.end() || !Type->is_string() ||
      Type->get<std::string>() != "hotpath_report")
    fail("",
         "not a hotpath report (\"type\" is " +
             (Type == J.end() ? std::string("missing")
                              : Type->dump(-1, ' ', false,
                                           Json::error_handler_t::replace)) +
             ", expected \"hotpath_report\")");
  const Json &V = need(J, "", "version");
  expect(V.is_number_integer(), V, "version", "an integer");
  if (V.get<int64_t>() != FormatVersion)
    fail("", "unsupported report version " + V.dump() +
                 " (this hotpath reads version " +
                 std::to_string(FormatVersion) + ")");
  readMeta(need(J, "", "meta"), R.M);
  for (SectionKind K :
       {SectionKind::Timing, SectionKind::Alloc, SectionKind::Icount}) {
    auto It = J.find(sectionKey(K));
    if (It != J.end())
      readSection(*It, R.section(K));
  }
  if (auto C = J.find("functions_cache"); C != J.end())
    cacheFromJson(*C, R.Cache);
  auto Th = J.find("threads");
  if (Th != J.end())
    readThreads(*Th, R.Threads);
  if (auto Tr = J.find("call_tree"); Tr != J.end())
    readTree(*Tr, R.Tree);
  if (auto Ed = J.find("icount_calls"); Ed != J.end())
    readEdges(*Ed, R.IcountCalls);
  if (auto Cs = J.find("cpu_samples"); Cs != J.end())
    cpuSamplesFromJson(*Cs, R.Cpu);
  if (auto Lk = J.find("locks"); Lk != J.end())
    locksFromJson(*Lk, R.Locks);
  if (auto Sz = J.find("functions_sizes"); Sz != J.end())
    sizesFromJson(*Sz, R.Sizes);
}

} // namespace

namespace {
// One printable line, whatever the input held: control characters become
// spaces and bytes that are not valid UTF-8 become '?'.
std::string oneLine(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size();) {
    unsigned char C = S[I];
    size_t Len = C < 0x80         ? 1
                 : (C >> 5) == 6  ? 2
                 : (C >> 4) == 14 ? 3
                 : (C >> 3) == 30 ? 4
                                  : 0;
    bool Valid = Len && I + Len <= S.size();
    for (size_t K = 1; Valid && K < Len; ++K)
      Valid = (static_cast<unsigned char>(S[I + K]) & 0xC0) == 0x80;
    if (!Valid) {
      Out += '?';
      ++I;
    } else if (Len == 1 && (C < 0x20 || C == 0x7f)) {
      Out += ' ';
      ++I;
    } else {
      Out.append(S, I, Len);
      I += Len;
    }
  }
  return Out;
}
} // namespace

bool parseReport(const std::string &Text, Report &Out, std::string &Error) {
  // The table the runtime prints starts with "[hotpath] <elapsed> | ...".
  size_t First = Text.find_first_not_of(" \t\r\n");
  if (First != std::string::npos &&
      Text.compare(First, 10, "[hotpath] ") == 0) {
    Error = "a table report (text), not a JSON report: write it with "
            "HOTPATH_OUTPUT_FORMAT=json (or a HOTPATH_OUTPUT_PATH ending in "
            ".json) for hotpath to read it";
    return false;
  }
  try {
    Json J;
    try {
      J = Json::parse(Text);
    } catch (const Json::exception &E) { // parse_error, out_of_range (1e400)
      // "[json.exception.parse_error.101] parse error at line 1, ..." ->
      // keep the part after the bracketed id.
      std::string What = E.what();
      size_t Close = What.find("] ");
      throw ReadError("invalid JSON: " + (Close == std::string::npos
                                              ? What
                                              : What.substr(Close + 2)));
    }
    Report R;
    readReport(J, R);
    Out = std::move(R);
    return true;
  } catch (const ReadError &E) {
    Error = E.what();
  } catch (const std::exception &E) {
    Error = std::string("invalid report: ") + E.what();
  } catch (...) {
    Error = "invalid report";
  }
  Error = oneLine(Error);
  return false;
}

bool readReportFile(const std::string &Path, Report &Out, std::string &Error) {
  std::string Text;
  if (!support::readRegularFile(Path, support::MaxInputFileBytes, Text, Error))
    return false;
  if (Text.find_first_not_of(" \t\r\n") == std::string::npos) {
    Error = "empty file, not a hotpath report";
    return false;
  }
  return parseReport(Text, Out, Error);
}

} // namespace hotpath::report

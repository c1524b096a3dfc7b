//===- Export.cpp - A call tree in the formats other viewers read ---------===//
#include "hotpath/views/Export.h"

#include "hotpath/report/Version.h"
#include "profile.pb.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <tuple>
#include <zlib.h>

namespace hotpath::views {

using report::CallTree;
using report::TreeMetric;

std::string speedscopeJson(const CallTree &T, TreeMetric M,
                           const std::string &Name) {
  using OJson = nlohmann::ordered_json;
  // One frame per function (name, file, line); each sample is a path from
  // the top-level call, weighted by the path's own value.
  std::map<std::tuple<std::string, std::string, uint32_t>, size_t> FrameOf;
  OJson Frames = OJson::array();
  std::vector<size_t> Frame(T.Nodes.size());
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const report::TreeNode &N = T.Nodes[I];
    auto Key = std::make_tuple(N.Name, N.File, N.Line);
    auto It = FrameOf.find(Key);
    if (It == FrameOf.end()) {
      OJson F = {{"name", N.Name}};
      if (!N.File.empty())
        F["file"] = N.File;
      if (N.Line)
        F["line"] = N.Line;
      It = FrameOf.emplace(Key, Frames.size()).first;
      Frames.push_back(std::move(F));
    }
    Frame[I] = It->second;
  }
  OJson Samples = OJson::array(), Weights = OJson::array();
  uint64_t Total = 0;
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    uint64_t V = report::ownValue(T.Nodes[I], M);
    if (!V)
      continue;
    std::vector<size_t> Stack;
    for (int64_t J = int64_t(I); J >= 0; J = T.Nodes[size_t(J)].Parent)
      Stack.push_back(Frame[size_t(J)]);
    Samples.push_back(OJson(std::vector<size_t>(Stack.rbegin(), Stack.rend())));
    Weights.push_back(V);
    Total += V;
  }
  const char *Unit = M == TreeMetric::Calls   ? "none"
                     : M == TreeMetric::Alloc ? "bytes"
                                              : "nanoseconds";
  OJson Profile = {{"type", "sampled"},
                   {"name", Name + " (" + report::treeMetricName(M) + ")"},
                   {"unit", Unit},
                   {"startValue", 0},
                   {"endValue", Total},
                   {"samples", std::move(Samples)},
                   {"weights", std::move(Weights)}};
  OJson J = {{"$schema", "https://www.speedscope.app/file-format-schema.json"},
             {"shared", {{"frames", std::move(Frames)}}},
             {"profiles", OJson::array({std::move(Profile)})},
             {"name", Name},
             {"activeProfileIndex", 0},
             {"exporter", std::string("hotpath ") + report::hotpathVersion()}};
  return J.dump(-1, ' ', false, OJson::error_handler_t::replace) + "\n";
}

namespace {

// gzip (RFC 1952) with zlib, as pprof reads it.
bool gzip(const std::string &In, std::string &Out, std::string &Error) {
  z_stream Z{};
  if (deflateInit2(&Z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    Error = "zlib: deflateInit2 failed";
    return false;
  }
  Out.resize(deflateBound(&Z, In.size()) + 32);
  Z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(In.data()));
  Z.avail_in = uInt(In.size());
  Z.next_out = reinterpret_cast<Bytef *>(Out.data());
  Z.avail_out = uInt(Out.size());
  int R = deflate(&Z, Z_FINISH);
  Out.resize(Z.total_out);
  deflateEnd(&Z);
  if (R != Z_STREAM_END) {
    Error = "zlib: deflate failed";
    return false;
  }
  return true;
}

} // namespace

bool pprofProfile(const CallTree &T, int64_t TimeNanos, int64_t DurationNanos,
                  std::string &Out, std::string &Error) {
  perftools::profiles::Profile P;
  std::map<std::string, int64_t> Strings;
  auto Str = [&](const std::string &S) {
    auto [It, New] = Strings.emplace(S, int64_t(Strings.size()));
    if (New)
      P.add_string_table(S);
    return It->second;
  };
  Str(""); // string_table[0]
  auto Type = [&](const char *Name, const char *Unit) {
    perftools::profiles::ValueType *V = P.add_sample_type();
    V->set_type(Str(Name));
    V->set_unit(Str(Unit));
  };
  Type("calls", "count");
  Type("time", "nanoseconds");
  Type("alloc_space", "bytes");
  Type("alloc_objects", "count");
  // With CPU samples (a tree `hotpath report` rendered from cpu_samples):
  // each path's own CPU. A sampled frame's `calls` are samples, not calls:
  // it has none.
  bool Cpu = std::any_of(T.Nodes.begin(), T.Nodes.end(),
                         [](const report::TreeNode &N) { return N.CpuSelf; });
  if (Cpu)
    Type("cpu", "nanoseconds");
  P.set_default_sample_type(Str("time"));
  P.set_time_nanos(TimeNanos);
  P.set_duration_nanos(DurationNanos);
  // One function per (name, file, line), one location per path node (so a
  // function called from two paths is one function at two locations).
  std::map<std::tuple<std::string, std::string, uint32_t>, uint64_t> FnOf;
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const report::TreeNode &N = T.Nodes[I];
    auto Key = std::make_tuple(N.Name, N.File, N.Line);
    auto It = FnOf.find(Key);
    if (It == FnOf.end()) {
      perftools::profiles::Function *F = P.add_function();
      F->set_id(FnOf.size() + 1);
      F->set_name(Str(N.Name));
      F->set_system_name(Str(N.Name));
      F->set_filename(Str(N.File));
      F->set_start_line(N.Line);
      It = FnOf.emplace(Key, F->id()).first;
    }
    perftools::profiles::Location *L = P.add_location();
    L->set_id(I + 1);
    perftools::profiles::Line *Ln = L->add_line();
    Ln->set_function_id(It->second);
    Ln->set_line(N.Line);
  }
  for (size_t I = 0; I < T.Nodes.size(); ++I) {
    const report::TreeNode &N = T.Nodes[I];
    if (!N.Calls && !N.Self && !N.AllocBytes && !N.Allocs && !N.CpuSelf)
      continue;
    perftools::profiles::Sample *S = P.add_sample();
    for (int64_t J = int64_t(I); J >= 0; J = T.Nodes[size_t(J)].Parent)
      S->add_location_id(uint64_t(J) + 1); // the leaf first
    S->add_value(N.Kind == "sampled" ? 0 : int64_t(N.Calls));
    S->add_value(int64_t(N.Self));
    S->add_value(int64_t(N.AllocBytes));
    S->add_value(int64_t(N.Allocs));
    if (Cpu)
      S->add_value(int64_t(N.CpuSelf.value_or(0)));
  }
  std::string Raw;
  if (!P.SerializeToString(&Raw)) {
    Error = "cannot serialize the profile";
    return false;
  }
  return gzip(Raw, Out, Error);
}

namespace {

struct Measure {
  const char *Slug, *Unit;
  double Value;
};

// Bencher takes names of at most 1024 characters: a longer one keeps its
// start and a hash of the whole, so that two stay apart.
std::string trackerName(const std::string &Benchmark, const std::string &Fn) {
  std::string N = Benchmark.empty() ? Fn : Benchmark + "::" + Fn;
  if (N.size() <= 1024)
    return N;
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : N)
    H = (H ^ C) * 1099511628211ull;
  char Hex[20];
  std::snprintf(Hex, sizeof Hex, "%016llx", (unsigned long long)H);
  return N.substr(0, 1024 - 18) + "~" + Hex + "~";
}

using RowKey = std::tuple<std::string, std::string, uint32_t>;

// The measures of every function, in the order of the first section that
// has it; with Opt.Functions, the first that many of the section that
// ranks them (instruction counts, else time, else bytes: the rows' order).
// A report of a benchmark starts with the benchmark's own figures.
std::vector<std::pair<std::string, std::vector<Measure>>>
trackerRows(const report::Report &R, const TrackerOptions &Opt) {
  std::vector<std::pair<std::string, std::vector<Measure>>> Out;
  std::map<RowKey, size_t> Index;
  std::vector<RowKey> Keys; // by row of Out
  std::string Bench = R.M.Benchmark ? *R.M.Benchmark : "";
  const report::FunctionsSection &Ranked =
      R.Icount.Present                       ? R.Icount
      : R.Timing.Present && R.Timing.timed() ? R.Timing
                                             : R.Alloc;
  std::set<RowKey> Top;
  for (const report::FunctionRow &Row : Ranked.Data)
    if (Opt.All || Top.size() < Opt.Functions)
      Top.insert({Row.Name, Row.File, Row.Line});
  auto rowOf = [&](const report::FunctionRow &Row) -> std::vector<Measure> * {
    RowKey K{Row.Name, Row.File, Row.Line};
    if (!Top.count(K))
      return nullptr;
    auto It = Index.find(K);
    if (It == Index.end()) {
      It = Index.emplace(K, Out.size()).first;
      Keys.push_back(K);
      Out.push_back({Row.Name, {}});
      Out.back().second.push_back({"calls", "calls", double(Row.Calls)});
    }
    return &Out[It->second].second;
  };
  auto perCall = [](uint64_t Total, uint64_t Calls) {
    return Calls ? double(Total) / double(Calls) : 0.0;
  };
  if (R.Timing.Present && R.Timing.timed())
    for (const report::FunctionRow &Row : R.Timing.Data)
      if (std::vector<Measure> *M = rowOf(Row))
        M->push_back(
            {"instrumented-time", "ns", perCall(Row.Total, Row.Calls)});
  if (R.Icount.Present)
    for (const report::FunctionRow &Row : R.Icount.Data)
      if (std::vector<Measure> *M = rowOf(Row))
        M->push_back({"instructions", "Ir", perCall(Row.Total, Row.Calls)});
  if (R.Alloc.Present)
    for (const report::FunctionRow &Row : R.Alloc.Data)
      if (std::vector<Measure> *M = rowOf(Row)) {
        M->push_back({"allocations", "allocs", perCall(Row.Allocs, Row.Calls)});
        M->push_back(
            {"allocated-bytes", "bytes", perCall(Row.Total, Row.Calls)});
      }
  // Functions of the same name (two `static int helper()` in a.c and b.c)
  // stay apart: their names get their file and line, never one entry for
  // both (a tracker keeps the last, or shows two identical names).
  std::map<std::string, unsigned> Uses;
  for (const auto &Row : Out)
    ++Uses[Row.first];
  for (size_t I = 0; I < Out.size(); ++I) {
    std::string N = Out[I].first;
    if (Uses[N] > 1) {
      const auto &[Name, File, Line] = Keys[I];
      N += " (" + (File.empty() ? std::string("?") : File) +
           (Line ? ":" + std::to_string(Line) : std::string()) + ")";
    }
    Out[I].first = trackerName(Bench, N);
  }
  // The benchmark itself, per iteration of its timed loop: what a tracker
  // follows first.
  if (!Bench.empty()) {
    double Iterations =
        double(std::max<uint64_t>(1, R.M.BenchmarkIterations.value_or(1)));
    std::vector<Measure> B;
    if (R.Icount.Present)
      B.push_back({"instructions", "Ir", double(R.Icount.Total) / Iterations});
    if (R.Alloc.Present)
      B.push_back(
          {"allocated-bytes", "bytes", double(R.Alloc.Total) / Iterations});
    if (R.M.Run != "callgrind")
      B.push_back(
          {"instrumented-time", "ns", double(R.M.ElapsedNs) / Iterations});
    Out.insert(Out.begin(), {trackerName("", Bench), std::move(B)});
  }
  return Out;
}

// 501, not 501.0: whole values as integers.
nlohmann::ordered_json number(double V) {
  if (V >= 0 && V < 9007199254740992.0 && V == double(uint64_t(V)))
    return uint64_t(V);
  return V;
}

} // namespace

std::string bmfJson(const std::vector<report::Report> &Reports,
                    const TrackerOptions &Opt) {
  using OJson = nlohmann::ordered_json;
  OJson J = OJson::object();
  for (const report::Report &R : Reports)
    for (const auto &[Name, Ms] : trackerRows(R, Opt)) {
      OJson &B = J[Name];
      B = OJson::object();
      for (const Measure &M : Ms)
        B[M.Slug] = {{"value", number(M.Value)}};
    }
  return J.dump(2, ' ', false, OJson::error_handler_t::replace) + "\n";
}

std::string
githubActionBenchmarkJson(const std::vector<report::Report> &Reports,
                          const TrackerOptions &Opt) {
  using OJson = nlohmann::ordered_json;
  OJson J = OJson::array();
  for (const report::Report &R : Reports)
    for (const auto &[Name, Ms] : trackerRows(R, Opt))
      for (const Measure &M : Ms)
        J.push_back({{"name", Name + " - " + M.Slug},
                     {"unit", M.Unit},
                     {"value", number(M.Value)}});
  return J.dump(2, ' ', false, OJson::error_handler_t::replace) + "\n";
}

} // namespace hotpath::views

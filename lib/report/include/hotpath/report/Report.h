//===- Report.h - The report model ------------------------------*- C++ -*-===//
//
// One in-memory form of a hotpath report, shared by the runtime (which
// builds it from a session), the JSON reader/writer and the `hotpath` tool
// (render, merge, diff). Every number is an exact integer in base units
// (ns, bytes, instructions), except percent_total and the sampling rate.
// docs/report-format.md is the schema; keep both in step.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_REPORT_H
#define HOTPATH_REPORT_REPORT_H

#include "hotpath/report/CpuSamples.h"
#include "hotpath/report/Locks.h"
#include "hotpath/report/ReportCache.h"
#include "hotpath/report/Sizes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace hotpath::report {

/// The JSON "version"; bump it for any incompatible change. Adding keys is
/// compatible: readers ignore keys they do not know.
inline constexpr int FormatVersion = 1;

enum class SectionKind { Timing, Alloc, Icount };

/// JSON key of a section ("functions_timing"), its HOTPATH_REPORT name
/// ("functions-timing") and the short title of the table ("timing").
const char *sectionKey(SectionKind K);
const char *sectionSpecName(SectionKind K);
const char *sectionTitle(SectionKind K);
/// Key of the per-section total: total_elapsed_ns, total_bytes, total_ir.
const char *sectionTotalKey(SectionKind K);

/// "p95", "p50", "p99.9": at most 3 decimals, no trailing zeros.
std::string percentileKey(double P);

struct FunctionRow {
  std::string Name;
  std::string File;  // "" when unknown
  uint32_t Line = 0; // 0 when unknown
  uint64_t Calls = 0;
  uint64_t Avg = 0;                  // Total / Calls, rounded to nearest
  uint64_t Min = 0, Max = 0;         // not in icount rows
  std::vector<uint64_t> Percentiles; // parallel to the section's list
  uint64_t Total = 0;
  double PercentTotal = 0;        // of the section's total (see the schema)
  uint64_t Allocs = 0, Freed = 0; // alloc rows only
  uint64_t Frees = 0;             // alloc rows: number of frees
  // Timing rows with a call tree: the function's own time (its measured
  // callees' taken out) and the time it was on a stack at least once
  // (outermost activations), which percent_total is of.
  std::optional<uint64_t> Self, OnStack;
  // Timing rows of a report with CPU samples, as the tool attributes them
  // (lib/samples): the CPU time of samples with the function on their
  // chain, and of those where it is the innermost measured function.
  std::optional<uint64_t> CpuNs, CpuSelfNs;
  // Timing rows of a report that tracked locks: the time the function's
  // own calls waited on locks, condition variables and semaphores.
  std::optional<uint64_t> WaitNs;
  // Timing rows: where the time comes from (meta.mode): "measured" (every
  // call timed), "estimated" (one call in 1/rate timed, extrapolated) or
  // "samples" (not timed: CPU time from the run's CPU samples, no wall
  // time). Absent in reports of earlier versions (then "measured", or
  // "estimated" below a sampling rate of 1).
  std::optional<std::string> TimeSource;
  // Timing rows: how many timed calls took at most each of the section's
  // BucketBoundsNs, then all timed calls (cumulative, as Prometheus's
  // histogram buckets); empty when the times were not measured.
  std::vector<uint64_t> Buckets;
};

/// The duration bounds the runtime counts timed calls under (ns): 1, 2.5
/// and 5 of each decade from 100 ns to 10 s, the range of Prometheus's own
/// default buckets widened to the calls a profiler sees. An array, not a
/// static vector: the runtime writes its last report after static
/// destructors have run.
inline constexpr uint64_t DurationBucketBoundsNs[] = {
    100,         250,           500,           1'000,         2'500,
    5'000,       10'000,        25'000,        50'000,        100'000,
    250'000,     500'000,       1'000'000,     2'500'000,     5'000'000,
    10'000'000,  25'000'000,    50'000'000,    100'000'000,   250'000'000,
    500'000'000, 1'000'000'000, 2'500'000'000, 5'000'000'000, 10'000'000'000};

struct FunctionsSection {
  explicit FunctionsSection(SectionKind K) : Kind(K) {}
  SectionKind Kind;
  bool Present = false;
  std::string Description;
  uint64_t Total = 0;              // total_elapsed_ns | total_bytes | total_ir
  std::vector<double> Percentiles; // empty for icount
  std::vector<FunctionRow> Data;   // sorted by Total, descending
  // Optional keys (absent from JSON when unset).
  std::optional<double> SamplingRate; // timing: fraction of calls timed
  std::optional<bool> Exclusive;      // timing: self time
  // timing: the cost of measuring (meta.call_cost_ns) taken out of the
  // times; absent or false: raw.
  std::optional<bool> Compensated;
  std::optional<bool> Cumulative;     // alloc: inclusive of children
  std::optional<uint64_t> HookCostIr; // icount: Ir per measured call
  // timing with a call tree: the measured time of all threads (the tree's
  // top-level calls); percent_total is of the larger of it and Total.
  std::optional<uint64_t> MeasuredTotal;
  std::optional<std::string> Tool; // icount: e.g. "callgrind-3.19.0"
  // timing: the bounds of the rows' Buckets (ns, ascending); empty: none.
  std::vector<uint64_t> BucketBoundsNs;

  /// Time columns are meaningful (false under Valgrind or rate 0).
  bool timed() const { return !SamplingRate || *SamplingRate > 0; }
};

struct ThreadRow {
  uint64_t Tid = 0;
  std::string Name;
  uint64_t Events = 0;
  uint64_t AllocBytes = 0, FreedBytes = 0, Allocs = 0, Frees = 0;
  // The allocations at their usable size, as FreedBytes is: the two
  // balance. Reports of earlier versions lack it (then AllocBytes).
  uint64_t AllocUsableBytes = 0;
  bool Exited = false;
  // CPU time since the thread started, and its context switches; absent
  // from reports of earlier versions (and where /proc could not tell).
  std::optional<uint64_t> CpuNs;
  uint64_t Voluntary = 0, Involuntary = 0;
};

struct ThreadsSection {
  bool Present = false;
  std::string Description;
  bool AllocTracked = false;
  // The process's peak resident set at the report (bytes), and the
  // session's length that the CPU shares are of.
  std::optional<uint64_t> PeakRssBytes;
  std::optional<uint64_t> ElapsedNs;
  std::vector<ThreadRow> Data;
};

/// Calls from one measured function to another, as Callgrind counted them
/// (its calls= records): under Callgrind only.
struct CallEdgeRow {
  std::string Caller, Callee;
  uint64_t Calls = 0;
  uint64_t Ir = 0; // inclusive Ir of those calls
};

struct CallEdgesSection {
  bool Present = false;
  std::string Description;
  std::vector<CallEdgeRow> Data; // by Ir, descending
};

/// One call path: the chain of measured functions from the session's
/// root to a call (docs/call-paths.md). Nodes come parents first.
struct TreeNode {
  int64_t Parent = -1; // index in CallTree::Nodes; -1: a top-level call
  std::string Name, File;
  uint32_t Line = 0;
  // "" a function; "deeper": the calls below the depth limit; "folded":
  // calls whose own paths were not kept (the bound), time in the parent's;
  // "thread": one thread's subtree (HOTPATH_TREE_PER_THREAD=1);
  // "sampled": code seen by CPU samples only (lib/samples): Calls are
  // samples, Total and Self CPU ns.
  std::string Kind;
  uint64_t Calls = 0;
  uint64_t Total = 0; // inclusive ns of the path's outermost activations
  uint64_t Self = 0;  // Total minus the children's Totals
  uint64_t AllocBytes = 0, Allocs = 0; // exclusive
  // With CPU samples (lib/samples): the CPU of the samples that ended
  // here (the path's own code, nothing below it), unscaled.
  std::optional<uint64_t> CpuSelf;
  // Lock and condition waits of the path's calls, their own (exclusive).
  std::optional<uint64_t> WaitNs;
  // A sampled frame the compiler inlined into its caller (no frame of its
  // own, as `perf report --no-inline` would not show it).
  bool Inlined = false;
};

struct CallTree {
  bool Present = false;
  std::string Description;
  bool Estimated = false;      // sampled: times extrapolated
  bool Compensated = false;    // the cost of measuring taken out (meta)
  bool TimedCallsOnly = false; // sampled without a frame per call
  uint64_t MaxPaths = 0;       // the bound in force
  bool Full = false;           // some paths were folded (over the bound)
  // Built by the tool from the CPU samples alone (the run kept no paths:
  // the default and count modes): calls are samples, times CPU, and the
  // measured functions' nodes are measured ones (not read from JSON).
  bool FromSamples = false;
  std::vector<TreeNode> Nodes;
};

struct Meta {
  std::string HotpathVersion;
  std::string Run = "native";         // native | callgrind | merged
  std::optional<std::string> BuildId; // hex NT_GNU_BUILD_ID
  std::optional<std::string> Executable;
  std::optional<std::string> GitCommit;
  std::optional<bool> GitDirty;
  int64_t Pid = 0;
  std::string StartTime; // ISO 8601 UTC, e.g. 2026-01-02T03:04:05.123Z
  uint64_t StartUnixNs = 0;
  uint64_t ElapsedNs = 0;                     // session length
  std::optional<std::string> Compiler;        // "clang"
  std::optional<std::string> CompilerVersion; // "19.1.7"
  std::optional<std::string> LlvmVersion;     // of the plugin
  std::optional<std::string> Tool;            // "callgrind-3.19.0"
  std::optional<std::string> CpuModel, CpuVendor;
  std::optional<std::string> Label, Benchmark;
  // `hotpath bench`: iterations of the benchmark's timed loop, per thread.
  std::optional<uint64_t> BenchmarkIterations;
  // HOTPATH_SNAPSHOT_*: the number of a report written while the program
  // ran (1, 2, ...; the last one, at the end, has the final figures).
  std::optional<uint64_t> Snapshot;
  // What measuring costs on the machine of the run, measured at session
  // start (ns): a timed call as its caller sees it, the part of it inside
  // the call's own time, and an untimed (sampled out) call. Times in the
  // report are compensated for them (docs/runtime.md).
  std::optional<double> CallCostNs, CallCostInnerNs, UntimedCallCostNs;
  // HOTPATH_TIME_SAMPLING_RATE of a native run: 1 every call timed, 0 none.
  std::optional<double> SamplingRate;
  // What the run measured: "default" (counts, CPU samples, wall time of
  // the long functions), "timed", "sampled" or "count". Absent in reports
  // of earlier versions.
  std::optional<std::string> Mode;
  // Functions the selection matched that the pass left out, and why
  // ("inline helper", "no body", ...): read from the program's descriptors.
  struct LeftOutFunction {
    std::string Name, Reason;
  };
  std::vector<LeftOutFunction> LeftOut;
  std::vector<std::pair<std::string, std::string>> UserMetadata;
  std::vector<std::string> Warnings;
};

struct Report {
  Meta M;
  FunctionsSection Timing{SectionKind::Timing};
  FunctionsSection Alloc{SectionKind::Alloc};
  FunctionsSection Icount{SectionKind::Icount};
  CacheSection Cache; // functions_cache (Callgrind --cache-sim=yes)
  ThreadsSection Threads;
  CallTree Tree;                // call_tree
  CallEdgesSection IcountCalls; // icount_calls
  CpuSamplesSection Cpu;        // cpu_samples (HOTPATH_CPU_SAMPLING)
  LocksSection Locks;           // locks (HOTPATH_LOCKS)
  SizesSection Sizes;           // functions_sizes ([sizes] in hotpath.toml)

  FunctionsSection &section(SectionKind K);
  const FunctionsSection &section(SectionKind K) const;
};

/// Sorts rows by total descending; ties by calls (descending), then name,
/// file and line, so that the order is deterministic.
void sortRows(std::vector<FunctionRow> &Rows);

/// What `hotpath report --sort` orders the rows by: the largest first (the
/// name: alphabetically); a row without the figure (self time of an
/// untimed row, CPU of a report without samples) counts as 0. Ties as
/// sortRows.
enum class RowOrder { Total, Self, Avg, Calls, Name, Cpu, SelfCpu };
/// "total", "self", "avg", "calls", "name", "cpu", "self-cpu"; false for
/// anything else.
bool parseRowOrder(const std::string &Text, RowOrder &Out);
void sortRows(std::vector<FunctionRow> &Rows, RowOrder By);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_REPORT_H

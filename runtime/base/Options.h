//===- Options.h - The runtime's HOTPATH_* environment settings -*- C++ -*-===//
//
// Read once, at the first session begin. An invalid value prints
// one line on stderr naming the variable and what it accepts, is recorded
// in `Warnings` (reported in meta.warnings), and the default is used.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OPTIONS_H
#define HOTPATH_RUNTIME_OPTIONS_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hotpath::rt {

enum class OutputFormat { Table, Json, JsonPretty, None };
/// HOTPATH_CLOCK: the TSC where it is invariant, or CLOCK_MONOTONIC_RAW.
enum class ClockChoice { Auto, Monotonic };
/// What a session measures (HOTPATH_MODE, report meta.mode):
///  - Default: every call counted (at the wrappers' fast path), CPU from
///    samples, and wall time for the functions whose calls prove long
///    enough that two clock reads are a small part of them, decided per
///    function while the program runs (core/Adaptive.h);
///  - Timed: every call timed (latency percentiles of chosen functions);
///  - Sampled: one call in 1/rate timed, totals extrapolated;
///  - Count: calls only.
enum class MeasureMode { Default, Timed, Count };
const char *measureModeName(MeasureMode M);

/// CPU samples a second when the default mode has no HOTPATH_CPU_SAMPLING.
constexpr unsigned DefaultCpuSamplingHz = 1000;

struct Options {
  OutputFormat Format = OutputFormat::Table;
  std::string OutputPath;              // "" = stderr; %p expanded on write
  std::string ReportSpec = "auto";     // HOTPATH_REPORT, validated
  std::vector<double> Percentiles{95}; // HOTPATH_PERCENTILES, sorted, unique
  std::string Focus;                   // text, or /regex/
  unsigned FunctionsLimit = 15;        // 0 = all
  // HOTPATH_NAME_WIDTH: the table's Function column; 0 = no limit. Unset:
  // the terminal's width, or report::DefaultNameWidth for a file or pipe.
  unsigned NameWidth = 0;
  bool NameWidthSet = false;
  bool Location = false; // HOTPATH_LOCATION: a file:line column
  MeasureMode Mode = MeasureMode::Default;
  // Timed: 1; Count: 0; Default: 0 (what the countdowns see: no call is
  // timed by rate, Adaptive.h times the long ones).
  double TimeSamplingRate = 0.0;
  bool Alloc = true;
  bool AllocExplicit = false; // HOTPATH_ALLOC was set (Valgrind: it counts)
  bool AllocCumulative = false;
  // HOTPATH_LOCKS (locks/LockTracker.h): the program's pthread locks,
  // condition variables and semaphores: waits and holds.
  bool Locks = true;
  // HOTPATH_LOCK_HOLD_PERIOD: one acquisition in this many has its hold
  // timed (two clock reads); 1 = every hold.
  unsigned LockHoldPeriod = 16;
  bool TimeExclusive = false;
  // HOTPATH_COMPENSATE: take the cost of measuring, measured at session
  // start (session/CallCost.h), out of the reported times.
  bool Compensate = true;
  bool FastPath = true;       // HOTPATH_FAST_PATH: wrappers may count inline
  bool TreePerThread = false; // HOTPATH_TREE_PER_THREAD: a subtree each
  // HOTPATH_TRACE (core/Trace.h): "" = no trace; calls kept per thread,
  // the last ones instead of the first, and the shortest call kept.
  std::string TracePath;
  uint64_t TraceEvents = 65536;
  bool TraceRing = false;
  uint64_t TraceMinNs = 0;
  // HOTPATH_SNAPSHOT_* (session/Snapshots.h): 0 = no periodic snapshot,
  // 0 = no signal.
  unsigned SnapshotIntervalMs = 0;
  int SnapshotSignal = 0;
  std::string SnapshotPath = "hotpath-snapshot.%p.json";
  // HOTPATH_SNAPSHOT_TRIGGER: a file whose change (`touch`) asks the drain
  // thread for a snapshot; "" = none.
  std::string SnapshotTrigger;
  // HOTPATH_BENCH: measure only inside Google Benchmark's timed loops
  // (session/BenchmarkRegions.h); set by `hotpath bench`.
  bool Bench = false;
  unsigned DrainIntervalMs = 50;
  // HOTPATH_CPU_SAMPLING (sampling/CpuSampler.h): CPU samples a second of
  // every thread of the program, written by the kernel; 0 = off.
  // Unset: DefaultCpuSamplingHz in the default mode, 0 in the others.
  unsigned CpuSamplingHz = 0;
  // HOTPATH_MAX_PATHS: call-path nodes per thread and in the merged tree;
  // 0 = no call tree in the report.
  unsigned MaxPaths = 16384;
  std::string CallgrindOutFile = "callgrind.out.%p";
  std::string MergeReport; // HOTPATH_MERGE_REPORT
  std::string ReportLabel, Benchmark, UserMetadata;
  std::string SourceRoot; // HOTPATH_SOURCE_ROOT; "" = the working directory
  // The working directory when the options were loaded (the first session
  // begin): relative paths and the git checkout are found from it.
  std::string StartDir;
  ClockChoice Clock = ClockChoice::Auto;
  // The process runs with AT_SECURE (setuid, setgid, file capabilities):
  // no variable may choose a file to write or read (docs/guarantees.md).
  bool Secure = false;
  std::vector<std::string> Warnings; // one per invalid value
};

/// Reads every HOTPATH_* variable (docs/environment.md) from the
/// environment, as a secure process when the kernel says AT_SECURE. Prints
/// each warning once on stderr. A relative output or merge path is made
/// absolute against the working directory of this call (session begin).
Options loadOptionsFromEnv();

/// The same from an explicit lookup (unit tests): `Get(name)` returns the
/// value or nullptr when unset. Does not print. With `Secure`, the
/// variables that name files are ignored, each with a warning.
Options parseOptions(const char *(*Get)(const char *Name), bool Secure = false);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OPTIONS_H

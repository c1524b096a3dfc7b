//===- Snapshot.h - What a session hands to the report writer ---*- C++ -*-===//
//
// The session (Session.cpp) builds one Snapshot when it ends, after the
// final drain; the report code (ReportBuilder.cpp) turns it into the
// report model and writes it. Ids index the vectors: Functions[i].Id == i;
// id 0 is unused.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SNAPSHOT_H
#define HOTPATH_RUNTIME_SNAPSHOT_H

#include "base/Histogram.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace hotpath::rt {

struct FunctionInfo {
  uint32_t Id = 0;
  uint64_t Hash = 0;
  uint32_t Flags = 0;
  std::string Name, Symbol, File;
  uint32_t Line = 0;
};

/// The name a report row shows: the label or demangled name, else the
/// symbol.
inline std::string rowName(const FunctionInfo &F) {
  return !F.Name.empty() ? F.Name : !F.Symbol.empty() ? F.Symbol : "<unknown>";
}

/// Aggregated timing of one function. Calls is exact; Timed <= Calls is
/// how many calls were timed (sampling); totals are extrapolated from the
/// timed calls by Calls / Timed.
struct FunctionTiming {
  uint64_t Calls = 0;
  uint64_t Timed = 0;
  uint64_t TotalNs = 0; // sum over timed calls
  uint64_t MinNs = UINT64_MAX, MaxNs = 0;
  Histogram Hist; // of timed calls

  void add(uint64_t Ns) {
    ++Calls;
    ++Timed;
    TotalNs += Ns;
    MinNs = Ns < MinNs ? Ns : MinNs;
    MaxNs = Ns > MaxNs ? Ns : MaxNs;
    Hist.record(Ns);
  }
};

/// Allocations attributed to one function (the allocation tracker fills these).
struct FunctionAlloc {
  uint64_t Calls = 0;  // calls of the function (for averages)
  uint64_t Bytes = 0;  // bytes allocated
  uint64_t Allocs = 0; // number of allocations
  uint64_t FreedBytes = 0, Frees = 0;
  Histogram BytesPerCall;
};

struct ThreadInfo {
  uint64_t Tid = 0;
  std::string Name;
  uint64_t Events = 0;
  uint64_t AllocBytes = 0, FreedBytes = 0, Allocs = 0, Frees = 0;
  uint64_t AllocUsableBytes = 0; // AllocBytes at usable size, as FreedBytes
  bool Exited = false;
  // CPU time since the thread started, and its context switches (the
  // drain's /proc reads, or the thread's own at exit); Usage false when
  // neither could be read.
  bool Usage = false;
  uint64_t CpuNs = 0, Voluntary = 0, Involuntary = 0;
};

/// One node of the session's call-path tree (runtime/drain/Paths.h):
/// Paths[0] is the root (no function); a node's parent comes before it.
/// Fn is a function id, or PathDeeper for the node standing for the calls
/// below the depth limit.
struct PathOut {
  static constexpr uint32_t Deeper = ~2u;
  static constexpr uint32_t Thread = ~4u; // Tid names the thread
  uint32_t Parent = 0, Fn = 0;
  uint64_t Calls = 0;   // timed, untimed and nested calls of this path
  uint64_t Timed = 0;   // of them timed
  uint64_t Folded = 0;  // calls folded into it (their paths not kept)
  uint64_t TicksNs = 0; // inclusive ns of outermost timed activations, or
                        // the timed calls' own ns (Exclusive)
  uint64_t AllocBytes = 0, Allocs = 0; // exclusive
  uint64_t WaitNs = 0; // exclusive: lock and condition waits of its calls
  uint64_t Tid = 0;    // Fn == Thread
};

/// One loaded object (the program, a shared library) at the session's end:
/// where its file is and where it was mapped, so that the tool can
/// symbolize sampled addresses after the run (sampling/LoadedObjects.h).
struct LoadedObject {
  std::string Path;    // absolute; the program's from /proc/self/exe
  std::string BuildId; // hex NT_GNU_BUILD_ID; "" when it has none
  uint64_t Base = 0;   // load bias: address = Base + the file's vaddr
  // Executable (and readable) PT_LOAD segments, as [start, end) addresses.
  std::vector<std::pair<uint64_t, uint64_t>> Text;
};
/// CPU samples of the session (HOTPATH_CPU_SAMPLING, sampling/): one entry
/// per distinct user call chain, innermost address first (the sampled
/// instruction, then return addresses).
/// Stack words a sample carries for the tool's unwinding of code without
/// frame pointers (sampling/StackWords.h), as offsets from its stack
/// pointer.
struct SampledStackWords {
  bool HasBp = false;    // the frame-pointer register points into the copy
  uint32_t BpOffset = 0; // where
  std::vector<std::pair<uint32_t, uint64_t>> Code;  // offset, code address
  std::vector<std::pair<uint32_t, uint32_t>> Frame; // offset, offset it holds
  bool operator==(const SampledStackWords &O) const {
    return HasBp == O.HasBp && BpOffset == O.BpOffset && Code == O.Code &&
           Frame == O.Frame;
  }
};
struct SampledStack {
  std::vector<uint64_t> Frames;
  SampledStackWords Words;
  uint64_t Count = 0;    // samples with this chain
  uint64_t PeriodNs = 0; // their task-clock periods: CPU time
};
struct CpuSampleSet {
  unsigned Hz = 0;        // 0: sampling off
  uint64_t Samples = 0;   // recorded
  uint64_t Lost = 0;      // the kernel's ring was full: dropped
  uint64_t Threads = 0;   // threads that had an event
  uint64_t Truncated = 0; // chains at the kernel's depth limit
  bool Kernel = false;    // time in the kernel sampled too
  std::vector<SampledStack> Stacks;
  std::vector<LoadedObject> Objects;
};
enum LockKind : uint32_t {
  LockMutex = 1,
  LockRwRead,  // an rwlock taken for reading
  LockRwWrite, // for writing
  LockCond,    // a condition variable: waits, no holds
  LockSpin,
  LockSem, // a semaphore: waits, no holds
};

/// The report's name of a LockKind: "mutex", "rwlock-read", ...
inline const char *lockKindName(uint32_t K) {
  switch (K) {
  case LockRwRead:
    return "rwlock-read";
  case LockRwWrite:
    return "rwlock-write";
  case LockCond:
    return "condition";
  case LockSpin:
    return "spin";
  case LockSem:
    return "semaphore";
  default:
    return "mutex";
  }
}

/// One lock the program took (HOTPATH_LOCKS, locks/LockTracker.h).
struct LockOut {
  uint64_t Addr = 0;
  uint32_t Kind = 0;      // LockKind
  uint32_t FirstFn = 0;   // the measured call that first took it (0 none)
  uint64_t FirstSite = 0; // where: the return address of that lock call
  uint64_t Acquisitions = 0, Contended = 0;
  uint64_t WaitNs = 0, WaitMaxNs = 0, WaitP95Ns = 0;
  uint64_t HoldsTimed = 0, HoldNs = 0, HoldMaxNs = 0; // HoldNs extrapolated
  std::vector<std::pair<uint32_t, uint64_t>> Waiters; // fn id, wait ns
};

struct Snapshot {
  uint64_t StartUnixNs = 0;  // wall clock at session begin
  uint64_t ElapsedNs = 0;    // session length
  uint64_t PeakRssBytes = 0; // the process's, so far (0: unknown)
  bool UnderValgrind = false;
  bool AllocTracked = false;
  bool AllocPerCallSampled = false;    // tracked; bytes per call of timed calls
  std::vector<FunctionInfo> Functions; // indexed by id
  std::vector<FunctionTiming> Timing;  // indexed by id
  std::vector<FunctionAlloc> Alloc;    // indexed by id (may be empty)
  std::vector<ThreadInfo> Threads;
  std::vector<PathOut> Paths;  // empty: no call paths (count-only session)
  bool PathsExclusive = false; // TicksNs are own times (exclusive timing)
  uint32_t MaxPaths = 0;       // the bound in force (HOTPATH_MAX_PATHS)
  bool PathsFull = false;      // some paths were folded into their parents
  // What measuring costs per call (session/CallCost.h), in ns; Measured
  // false when it was not measured (no timing, Valgrind, HOTPATH_COMPENSATE=0).
  // DescendantNs: what a measured call below adds to its callers' time on
  // average in this session's mode (timed and untimed calls mixed).
  struct {
    bool Measured = false;
    double TimedNs = 0, InnerNs = 0, UntimedNs = 0, DescendantNs = 0;
  } CallCost;
  std::vector<std::string> Warnings; // runtime warnings beyond Options'
  CpuSampleSet Cpu;                  // HOTPATH_CPU_SAMPLING
  bool LocksTracked = false;         // HOTPATH_LOCKS
  uint32_t LockHoldPeriod = 0;       // HOTPATH_LOCK_HOLD_PERIOD
  std::vector<LockOut> Locks;
  std::vector<uint64_t> WaitNs; // by function id: its calls' own waits
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SNAPSHOT_H

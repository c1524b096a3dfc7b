//===- Snapshot.h - What a session hands to the report writer -*- C++ -*-===//
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

/// Allocations attributed to one function (issue 4 fills these).
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
};

struct Snapshot {
  uint64_t StartUnixNs = 0; // wall clock at session begin
  uint64_t ElapsedNs = 0;   // session length
  bool UnderValgrind = false;
  bool AllocTracked = false;
  std::vector<FunctionInfo> Functions; // indexed by id
  std::vector<FunctionTiming> Timing;  // indexed by id
  std::vector<FunctionAlloc> Alloc;    // indexed by id (may be empty)
  std::vector<ThreadInfo> Threads;
  std::vector<std::string> Warnings; // runtime warnings beyond Options'
};

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SNAPSHOT_H

//===- CpuAttribution.h - CPU samples by measured function, at exit -*- C++
//-*-===//
//
// The table a program prints at exit shows each measured function's CPU
// and self CPU from the session's samples, so that the default mode's
// first screen has a time for every function (the functions too short to
// time have no wall time). The runtime does no symbolization: it finds the
// functions' markers (`<symbol>.hotpath.<N>`, the hooked wrapper
// `<symbol>.hotpath_hooked.<N>`, N the descriptor's hash) in the symbol
// tables of the objects the samples fell in, and charges a sample to every
// measured function on its chain (CPU) and to the innermost one (self
// CPU), as `hotpath report` does. The tool does more from the JSON report:
// inlined frames by line tables, chains through code without frame
// pointers, functions of a stripped object; the table then says to use it.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OUTPUT_CPUATTRIBUTION_H
#define HOTPATH_RUNTIME_OUTPUT_CPUATTRIBUTION_H

#include "base/Snapshot.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::rt {

struct CpuByFunction {
  bool Attributed = false;    // some object had the markers' symbols
  std::vector<uint64_t> Cpu;  // by function id: ns on the chain
  std::vector<uint64_t> Self; // ns as the innermost measured function
  uint64_t ProgramNs = 0;     // the samples' CPU, those in the shared
                              // runtime's code (measuring) left out
};

/// Empty (Attributed false) without samples or markers.
CpuByFunction attributeCpu(const Snapshot &S);

/// The N of a marker's name `<symbol>.hotpath.<N>` or
/// `<symbol>.hotpath_hooked.<N>`; false for any other name.
bool markerHash(const char *Name, uint64_t &Hash);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_CPUATTRIBUTION_H

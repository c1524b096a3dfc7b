//===- Attribution.h - Samples joined to the measured functions -*- C++ -*-===//
//
// Each sample goes to the innermost measured function on its chain (its
// self CPU), to every measured function on it once (their CPU, inclusive),
// to the path of measured functions above it, and to the frames below
// (the unmeasured code it ran: sampled frames) down to the sampled source
// line. A frame is measured when its linkage name is a measured
// function's symbol, its marker `<symbol>.hotpath.<N>` or its hooked
// wrapper: inlined into a measured function, the plain build's code counts
// in it, as the plain build would show it.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_ATTRIBUTION_H
#define HOTPATH_SAMPLES_ATTRIBUTION_H

#include "hotpath/report/Report.h"
#include "hotpath/samples/Symbolizer.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace hotpath::samples {

/// A function or source line as a view shows it.
struct SampledFrame {
  std::string Name; // demangled; "<object>+0x..." when unnamed
  std::string File;
  uint32_t Line = 0;
  bool Inlined = false; // compiled into its caller: no frame of its own
  bool operator<(const SampledFrame &O) const {
    return std::tie(Name, File, Line, Inlined) <
           std::tie(O.Name, O.File, O.Line, O.Inlined);
  }
};

struct AttributedChain {
  std::vector<std::string> Path;   // measured functions, outermost first
  std::vector<SampledFrame> Below; // unmeasured frames under the innermost
                                   // measured one, outermost first
  // The innermost measured function's own line: the sample's, or the call
  // into Below.front().
  SampledFrame Own;
  SampledFrame Leaf; // the sampled instruction's function and line
  uint64_t Count = 0, CpuNs = 0;
  bool Complete = false; // the chain reaches the thread's start
};

struct FunctionCpu {
  uint64_t SelfNs = 0, TotalNs = 0;
  uint64_t SelfSamples = 0, TotalSamples = 0;
};

struct SampleProfile {
  std::vector<AttributedChain> Chains;
  std::map<std::string, FunctionCpu> ByFunction; // by row name
  uint64_t Samples = 0, CpuNs = 0;
  uint64_t OutsideSamples = 0; // no measured function on the chain
  uint64_t BrokenSamples = 0;  // the chain stops before the thread's start
  // In hotpath's own code (the hooks, the runtime): the cost of measuring,
  // left out of every function's CPU and of the tree.
  uint64_t MeasuringSamples = 0, MeasuringNs = 0;
  // Of those, the ones in the runtime's stand-ins for the C library's
  // functions (its pthread_mutex_lock, its malloc): tracking locks and
  // allocations, which no measured call adds to (`hotpath trim` leaves
  // them out of what a call costs).
  uint64_t StandInSamples = 0, StandInNs = 0;
  std::vector<std::string> Warnings;
};

SampleProfile attributeSamples(const report::CpuSamplesSection &S,
                               Symbolizer &Sym);

/// `hotpath report`'s table: each timing row with samples gets CpuNs and
/// CpuSelfNs.
void addCpuToRows(report::Report &R, const SampleProfile &P);

/// What a table says under its header about the attribution: samples
/// outside measured code, chains that stop early, objects not read.
std::vector<std::string> profileNotes(const SampleProfile &P);

/// The symbol a frame's linkage name stands for: `f` of the marker
/// `f.hotpath.<N>` and of the hooked wrapper `f.hotpath_hooked.<N>`.
std::string measuredSymbolOf(const std::string &Linkage);

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_ATTRIBUTION_H

//===- CpuSamples.h - The cpu_samples section -------------------*- C++ -*-===//
//
// CPU samples of a run with HOTPATH_CPU_SAMPLING, as the runtime took them:
// distinct user call chains of raw addresses with their sample counts and
// CPU time, the loaded objects that place each address in a file, and the
// measured functions' symbols. The runtime does no symbolization; the tool
// (lib/samples) turns this into CPU per measured function, sampled frames
// below the measured ones and hot source lines.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_REPORT_CPUSAMPLES_H
#define HOTPATH_REPORT_CPUSAMPLES_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace hotpath::report {

struct SampledObject {
  std::string Path, BuildId;
  uint64_t Base = 0; // address = Base + the file's virtual address
  std::vector<std::pair<uint64_t, uint64_t>> Text; // [start, end) in memory
};

/// Stack words of a sample, for unwinding the frames that code without
/// frame pointers hid from the kernel's walk (lib/samples/Unwinder.h); as
/// offsets from the stack pointer at the sample.
struct SampledStack {
  bool HasBp = false;    // the frame-pointer register pointed into the copy
  uint32_t BpOffset = 0; // where
  std::vector<std::pair<uint32_t, uint64_t>> Code;  // offset, code address
  std::vector<std::pair<uint32_t, uint32_t>> Frame; // offset, offset it holds
  bool empty() const { return !HasBp && Code.empty() && Frame.empty(); }
  auto key() const { return std::tie(HasBp, BpOffset, Code, Frame); }
  bool operator<(const SampledStack &O) const { return key() < O.key(); }
  bool operator==(const SampledStack &O) const { return key() == O.key(); }
};

struct SampledChain {
  std::vector<uint64_t> Frames; // innermost first: the sampled instruction,
                                // then return addresses
  uint64_t Count = 0;           // samples
  uint64_t CpuNs = 0;           // their CPU time (task-clock periods)
  SampledStack Stack;
};

/// A measured function as the samples' symbols name it: its mangled
/// symbol (or C name), and the marker `<symbol>.hotpath.<hash>`.
struct MeasuredSymbol {
  std::string Name, Symbol, File;
  uint32_t Line = 0;
  uint64_t Hash = 0;
};

struct CpuSamplesSection {
  bool Present = false;
  std::string Description;
  uint64_t FrequencyHz = 0;
  uint64_t Samples = 0;   // Σ Chains[i].Count
  uint64_t CpuNs = 0;     // Σ Chains[i].CpuNs
  uint64_t Lost = 0;      // dropped by the kernel (its ring was full)
  uint64_t Threads = 0;   // threads that had an event
  uint64_t Truncated = 0; // chains cut at the kernel's depth limit
  // CPU time in the kernel (system calls) is sampled too; false: user
  // mode only (perf_event_paranoid 2 without CAP_PERFMON).
  bool Kernel = false;
  std::vector<SampledObject> Objects;
  std::vector<SampledChain> Chains; // by Count, descending
  std::vector<MeasuredSymbol> Measured;
};

/// Adds `From`'s samples (another run of the same build: `hotpath merge`)
/// to `Into`. Each address is moved from its object's place in `From`'s
/// run to the same object's place in `Into`'s (the same file and build
/// id; ASLR maps them elsewhere each run); a chain through an object
/// `Into` lacks is dropped and counted as lost.
void mergeCpuSamples(CpuSamplesSection &Into, const CpuSamplesSection &From);

class JsonText;
/// Writes the section (writeJson); its chains, with their stack words, are
/// most of a run's report.
void writeCpuSamples(JsonText &W, const CpuSamplesSection &S);
/// Validates; throws std::runtime_error naming the bad key.
void cpuSamplesFromJson(const nlohmann::json &J, CpuSamplesSection &S);

} // namespace hotpath::report

#endif // HOTPATH_REPORT_CPUSAMPLES_H

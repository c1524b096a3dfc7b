//===- Unwinder.h - Frames that code without frame pointers hid -*- C++ -*-===//
//
// The kernel walks a sample's call chain by frame pointers. Code compiled
// without them (glibc's, libstdc++'s) hides frames from that walk: its
// caller when it leaves the frame-pointer register alone, everything above
// it when it uses the register for something else. With the stack words
// the runtime kept (report::SampledStack) the tool unwinds such frames by
// their call-frame information (.eh_frame, read with LLVM's DWARF library,
// as `perf --call-graph dwarf` does), up to the first frame that has a
// frame pointer, where the kernel's walk is sound again and is joined on.
// Nothing is guessed: a frame whose return address is not among the kept
// words ends the unwinding, and the chain is the kernel's from there.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_UNWINDER_H
#define HOTPATH_SAMPLES_UNWINDER_H

#include "hotpath/report/CpuSamples.h"
#include "hotpath/samples/Symbolizer.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace hotpath::samples {

class Unwinder {
public:
  /// Objects are read when `Sym` finds them readable (the build that ran).
  Unwinder(const report::CpuSamplesSection &S, Symbolizer &Sym);
  ~Unwinder();
  Unwinder(const Unwinder &) = delete;
  Unwinder &operator=(const Unwinder &) = delete;

  /// `C`'s call chain, innermost first, with the frames hidden from the
  /// kernel's walk put back where the kept stack words allow.
  std::vector<uint64_t> frames(const report::SampledChain &C);

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_UNWINDER_H

//===- Join.cpp - A report's CPU samples joined into it -------------------===//
#include "hotpath/samples/Join.h"
#include "hotpath/samples/SampledTree.h"
#include "hotpath/samples/Symbolizer.h"

namespace hotpath::samples {

Joined joinSamples(report::Report &R) {
  Joined J;
  if (!R.Cpu.Present)
    return J;
  Symbolizer Sym(R.Cpu);
  J.Profile = attributeSamples(R.Cpu, Sym);
  if (R.Timing.Present)
    addCpuToRows(R, J.Profile);
  addSampledFrames(R.Tree, J.Profile);
  J.Notes = profileNotes(J.Profile);
  return J;
}

} // namespace hotpath::samples

//===- CpuSamplesReport.cpp - The snapshot's samples as cpu_samples -------===//
#include "output/CpuSamplesReport.h"

#include <algorithm>

namespace hotpath::rt {

void buildCpuSamples(const Snapshot &S, report::CpuSamplesSection &Out) {
  const CpuSampleSet &C = S.Cpu;
  if (!C.Hz)
    return;
  Out.Present = true;
  Out.Description =
      "CPU samples (HOTPATH_CPU_SAMPLING): the user call chains the kernel "
      "recorded, by distinct chain, unsymbolized; `hotpath report` "
      "attributes them to the measured functions";
  Out.FrequencyHz = C.Hz;
  Out.Lost = C.Lost;
  Out.Threads = C.Threads;
  Out.Truncated = C.Truncated;
  Out.Kernel = C.Kernel;
  for (const LoadedObject &O : C.Objects)
    Out.Objects.push_back({O.Path, O.BuildId, O.Base, O.Text});
  for (const SampledStack &St : C.Stacks) {
    report::SampledChain Ch{St.Frames, St.Count, St.PeriodNs, {}};
    Ch.Stack.HasBp = St.Words.HasBp;
    Ch.Stack.BpOffset = St.Words.BpOffset;
    Ch.Stack.Code = St.Words.Code;
    Ch.Stack.Frame = St.Words.Frame;
    Out.Chains.push_back(std::move(Ch));
    Out.Samples += St.Count;
    Out.CpuNs += St.PeriodNs;
  }
  std::sort(Out.Chains.begin(), Out.Chains.end(),
            [](const report::SampledChain &A, const report::SampledChain &B) {
              if (A.Count != B.Count)
                return A.Count > B.Count;
              return A.Frames != B.Frames ? A.Frames < B.Frames
                                          : A.Stack < B.Stack;
            });
  for (size_t I = 1; I < S.Functions.size(); ++I) {
    const FunctionInfo &F = S.Functions[I];
    if (I >= S.Timing.size() || !S.Timing[I].Calls || F.Symbol.empty())
      continue;
    Out.Measured.push_back({rowName(F), F.Symbol, F.File, F.Line, F.Hash});
  }
}

} // namespace hotpath::rt

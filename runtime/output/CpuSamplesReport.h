//===- CpuSamplesReport.h - The snapshot's samples as cpu_samples -*- C++ -*-=//
//
// Turns Snapshot::Cpu into the report's cpu_samples section: the chains by
// count, the loaded objects, and the symbols of the functions that ran, by
// which the tool tells measured frames from sampled ones.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OUTPUT_CPUSAMPLESREPORT_H
#define HOTPATH_RUNTIME_OUTPUT_CPUSAMPLESREPORT_H

#include "base/Snapshot.h"
#include "hotpath/report/CpuSamples.h"

namespace hotpath::rt {

/// Nothing (Present false) when the session did not sample.
void buildCpuSamples(const Snapshot &S, report::CpuSamplesSection &Out);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_CPUSAMPLESREPORT_H

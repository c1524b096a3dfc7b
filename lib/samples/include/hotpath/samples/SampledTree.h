//===- SampledTree.h - Sampled frames below the measured paths --*- C++ -*-===//
//
// The call tree with what the CPU samples saw below each measured path:
// the unmeasured functions the samples ran, down to the sampled one, as
// nodes of kind "sampled" (their calls are samples, their total and self
// CPU time). A measured path that the tree lacks (sampled timing keeps the
// paths of timed calls only) gets sampled nodes for its measured frames
// too. The sampled children fit in their measured parent: its self time
// is its total less all its children's, and where their CPU exceeds what
// the parent's wall time leaves (estimated or compensated times), they are
// scaled down to it.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_SAMPLEDTREE_H
#define HOTPATH_SAMPLES_SAMPLEDTREE_H

#include "hotpath/report/Report.h"
#include "hotpath/samples/Attribution.h"

namespace hotpath::samples {

void addSampledFrames(report::CallTree &T, const SampleProfile &P);

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_SAMPLEDTREE_H

//===- Join.h - A report's CPU samples joined into it -----------*- C++ -*-===//
//
// What every command that shows a report does with its cpu_samples: the
// samples symbolized (Symbolizer.h), attributed (Attribution.h), the timing
// rows given their CPU and the call tree its sampled frames (SampledTree.h).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_JOIN_H
#define HOTPATH_SAMPLES_JOIN_H

#include "hotpath/report/Report.h"
#include "hotpath/samples/Attribution.h"

#include <string>
#include <vector>

namespace hotpath::samples {

struct Joined {
  SampleProfile Profile;
  std::vector<std::string> Notes; // profileNotes: for a table's header
};

/// Nothing when R has no samples.
Joined joinSamples(report::Report &R);

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_JOIN_H

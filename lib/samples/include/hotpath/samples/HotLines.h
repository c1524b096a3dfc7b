//===- HotLines.h - `hotpath report --lines FUNCTION` -----------*- C++ -*-===//
//
// Inside one measured function, from its CPU samples (those where it is
// the innermost measured function): its source lines by CPU, each the
// line of the sampled instruction or of the call into unmeasured code, and
// the unmeasured functions it calls by CPU (inclusive).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_SAMPLES_HOTLINES_H
#define HOTPATH_SAMPLES_HOTLINES_H

#include "hotpath/samples/Attribution.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::samples {

struct HotRow {
  std::string What; // file:line, or a function
  uint64_t Samples = 0, CpuNs = 0;
};

struct HotLines {
  std::string Function;
  uint64_t Samples = 0, CpuNs = 0; // the function's self CPU
  uint64_t RunCpuNs = 0;           // of the whole run
  std::vector<HotRow> Lines;       // by CPU, descending
  std::vector<HotRow> Callees;     // "(its own code)" first when it has any
};

/// The rows of `Function` (a measured function's row name).
HotLines hotLines(const SampleProfile &P, const std::string &Function);

/// As a table for a terminal; at most `Limit` rows each (0: all).
std::string renderHotLines(const HotLines &H, size_t Limit);

} // namespace hotpath::samples

#endif // HOTPATH_SAMPLES_HOTLINES_H

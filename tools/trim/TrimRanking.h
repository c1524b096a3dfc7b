//===- TrimRanking.h - What `hotpath trim` excludes -------------*- C++ -*-===//
//
// Overhead-aware selection (docs/selection.md#trimming-what-costs-too-much):
// from a report of a run with everything the user wants selected, the
// functions that cost more to measure than they take, most distorted
// first, until measuring fits a budget; and the hotpath.toml text that
// excludes them (TrimCommand.cpp is the command around it).
//
// By time (a report's timing section): the cost of one measured call is
// --call-cost, or what the run measured itself (meta.call_cost_ns). By
// instruction count (Callgrind; the default for reports that have it, such
// as `hotpath bench`'s): the hooks are already out of the counts, what is
// left is what a measured call adds to its caller's count beyond them (the
// call itself, the inlining it prevents), --call-cost-ir, and the budget is
// how far a benchmark's counts may be off the plain build's. By CPU
// samples (a count-only run with HOTPATH_CPU_SAMPLING, the default for such
// reports): the cost of measuring is the samples that landed in hotpath's
// own code, the gates, spread over the calls, and the run's own time is its
// CPU less them; the samples show an excluded function's time below its
// caller, so none is kept for its share.
//
// The most distorted go first: the least inclusive cost per call, against
// the same cost of measuring. Not own time per call first: compensation
// can take a parent of many measured calls to no own time at all
// (leveldb's DBImpl::Write), and excluding it saves one call's cost while
// its callees' stay.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOLS_TRIMRANKING_H
#define HOTPATH_TOOLS_TRIMRANKING_H

#include "hotpath/report/Report.h"
#include "hotpath/samples/Attribution.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::tool::trim {

struct Candidate {
  std::string Name;
  uint64_t Calls = 0;
  // In ns by time, in Ir by instruction count.
  double OwnPerCall = 0; // the function's own cost a call
  double PerCall = 0;    // its inclusive cost a call, what its row shows
  double Cost = 0;       // what measuring it costs, in all
};

enum class TrimBy { Time, Icount, Cpu };

struct Params {
  TrimBy By = TrimBy::Icount;
  double Budget = 0;   // percent
  double CallCost = 0; // ns or Ir a measured call
  double KeepShare = 0;
  bool CallCostGiven = false;
};

struct Trimmed {
  std::string Report; // its benchmark or file
  std::vector<Candidate> All, Excluded;
  double Measuring = 0, Left = 0, Plain = 0; // in ns or Ir
  double CallCost = 0;                       // what a measured call costs
  size_t Kept = 0;
};

/// One report: its candidates and the most distorted ones to exclude.
/// Sampled: by CPU samples, the report's samples joined to its rows
/// (samples/Join.h); null otherwise.
Trimmed trimOne(const report::Report &R, const std::string &Name,
                const Params &P, const samples::SampleProfile *Sampled);

/// A regex that matches exactly Name as the plugin sees it.
std::string exactRegex(const std::string &Name);

/// S as a TOML basic string, control characters as \uXXXX (toml++ turns
/// them back into the bytes the regex must match).
std::string tomlString(const std::string &S);

} // namespace hotpath::tool::trim

#endif // HOTPATH_TOOLS_TRIMRANKING_H

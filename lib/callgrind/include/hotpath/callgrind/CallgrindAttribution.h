//===- CallgrindAttribution.h - Markers' inclusive counts -------*- C++ -*-===//
//
// Turns the session's dump into per-marker counts: Raw = the
// sum, over every call into the marker (any recursion level `'N`, any
// ThinLTO copy), of that call's inclusive cost -- hotpath-rs's rule for
// recursion: nested invocations count again. HookIr is what hotpath's own
// code cost in the dump: calls into the hooks (__hotpath_*); WrapperIr the
// self cost of a wrapper that is a function of its own (not inlined). The
// runtime turns them into a cost per measured call of each function and
// subtracts, from each function, that cost for every measured call nested
// in it (CallgrindHooks.h). docs/callgrind.md explains the choice.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_CALLGRIND_ATTRIBUTION_H
#define HOTPATH_CALLGRIND_ATTRIBUTION_H

#include "hotpath/callgrind/CallgrindProfile.h"

#include <map>
#include <string>
#include <vector>

namespace hotpath::callgrind {

struct MarkerCounts {
  uint64_t Calls = 0;        // Callgrind's calls= into the marker
  uint64_t Raw = 0;          // inclusive Ir, as callgrind_annotate shows it
  uint64_t WrapperIr = 0;    // self Ir of its wrapper, when not inlined
  uint64_t WrapperCalls = 0; // calls into that wrapper as a function
  Cost Inclusive;            // every event, inclusive, events of `Events`
  uint64_t SelfIr = 0;       // Callgrind's self Ir of the marker: the
                             // body and what is inlined into it
};

/// Calls from one measured function's marker to another measured function
/// (its marker, or its wrapper when that is a function of its own), as
/// Callgrind's calls= records count them: exact calls, and the inclusive
/// Ir of those calls as Callgrind measured it.
struct EdgeCounts {
  uint64_t Calls = 0;
  uint64_t Ir = 0;
};

struct Attribution {
  std::vector<std::string> Events;          // of the first part
  Cost Totals;                              // all parts' totals, summed
  std::map<uint64_t, MarkerCounts> Markers; // by N
  std::map<std::pair<uint64_t, uint64_t>, EdgeCounts> Edges; // caller, callee
  uint64_t HookIr = 0; // Ir of all calls into the hooks (__hotpath_*)
  bool IdenticalCodeFolding = false; // two markers' names on one function
};

/// Sums the parts (one per thread of the dump).
Attribution attribute(const std::vector<Part> &Parts);

/// Estimated cycles from cache-simulation events, as the Callgrind and
/// Cachegrind docs suggest: Ir + 10 * (I1mr + D1mr + D1mw)
/// + 100 * (ILmr + DLmr + DLmw). Missing events count 0.
uint64_t estimatedCycles(const Cost &C, const std::vector<std::string> &Events);

} // namespace hotpath::callgrind

#endif // HOTPATH_CALLGRIND_ATTRIBUTION_H

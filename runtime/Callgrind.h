//===- Callgrind.h - Callgrind client requests and icount -------*- C++ -*-===//
//
// called from Session.cpp:
//  - at session begin: CALLGRIND_ZERO_STATS, CALLGRIND_START_INSTRUMENTATION
//    (so that --instr-atstart=no measures exactly the session);
//  - at session end, before the final drain: CALLGRIND_DUMP_STATS_AT
//    ("hotpath"), CALLGRIND_STOP_INSTRUMENTATION;
//  - writeSessionReport replaces writeReport: under Callgrind it reads the
//    session's own dump, fills functions_icount (and functions_cache with
//    --cache-sim=yes), merges with HOTPATH_MERGE_REPORT, then writes.
// Natively with HOTPATH_MERGE_REPORT set it writes nothing (the merge
// belongs to the Callgrind run). docs/callgrind.md has the details.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CALLGRIND_H
#define HOTPATH_RUNTIME_CALLGRIND_H

#include "CallgrindHooks.h"
#include "Options.h"
#include "Snapshot.h"
#include "hotpath/callgrind/CallgrindAttribution.h"
#include "hotpath/report/Report.h"

namespace hotpath::rt {

void callgrindSessionBegin();
void callgrindSessionEnd();
void writeSessionReport(const Snapshot &S, const Options &Opts);

/// Fills R's icount (and cache) sections from an attribution (tests).
void fillCallgrindSections(report::Report &R, const Snapshot &S,
                           const callgrind::Attribution &A,
                           const std::vector<std::string> &CacheDesc,
                           const std::vector<NestedCalls> *Nested);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CALLGRIND_H

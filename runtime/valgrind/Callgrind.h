//===- Callgrind.h - Callgrind client requests and icount -------*- C++ -*-===//
//
// called from Session.cpp:
//  - at session begin: CALLGRIND_ZERO_STATS, CALLGRIND_START_INSTRUMENTATION
//    (so that --instr-atstart=no measures exactly the session);
//  - at session end, before the final drain: CALLGRIND_DUMP_STATS_AT
//    ("hotpath"), CALLGRIND_STOP_INSTRUMENTATION;
//  - while a session is paused (between benchmark loops): instrumentation
//    stopped, so that nothing in between is counted;
//  - addCallgrindCounts, when the report is built (output/SessionReport.h):
//    reads the session's own dump and fills functions_icount (and
//    functions_cache with --cache-sim=yes). docs/callgrind.md has the
//    details.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CALLGRIND_H
#define HOTPATH_RUNTIME_CALLGRIND_H

#include "base/Options.h"
#include "base/Snapshot.h"
#include "hotpath/callgrind/CallgrindAttribution.h"
#include "hotpath/report/Report.h"
#include "valgrind/CallgrindHooks.h"

namespace hotpath::rt {

void callgrindSessionBegin();
void callgrindSessionEnd();
void callgrindSessionPause();
void callgrindSessionResume();
/// Finds this process's dump of the session (HOTPATH_CALLGRIND_OUT_FILE or
/// Valgrind's default name) and fills R's icount and cache sections from
/// it; false with the reason when there is no readable dump.
bool addCallgrindCounts(report::Report &R, const Snapshot &S,
                        const Options &Opts, std::string &Error);

/// Fills R's icount (and cache) sections from an attribution (tests).
void fillCallgrindSections(report::Report &R, const Snapshot &S,
                           const callgrind::Attribution &A,
                           const std::vector<std::string> &CacheDesc,
                           const std::vector<NestedCalls> *Nested);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CALLGRIND_H

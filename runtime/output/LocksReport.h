//===- LocksReport.h - The snapshot's locks as the locks section -*- C++ -*-=//
//
// Turns Snapshot::Locks into the report's locks section: each lock's kind
// and figures, the object (and address in it) of a lock in an object's
// data, the measured function and call site that first took it, and the
// functions that waited most; the tool names the locks from these.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OUTPUT_LOCKSREPORT_H
#define HOTPATH_RUNTIME_OUTPUT_LOCKSREPORT_H

#include "base/Snapshot.h"
#include "hotpath/report/Locks.h"

namespace hotpath::rt {

/// Nothing (Present false) when the session did not track locks.
void buildLocks(const Snapshot &S, report::LocksSection &Out);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_LOCKSREPORT_H

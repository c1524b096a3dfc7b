//===- SessionReport.h - The report a session ends with ---------*- C++ -*-===//
//
// What the session writes when it ends: natively the report of
// ReportWriter.h; under Callgrind that report with the session's
// instruction counts added (valgrind/Callgrind.h) and, with
// HOTPATH_MERGE_REPORT, merged with the native run's report. Natively with
// HOTPATH_MERGE_REPORT set it writes nothing: the merge belongs to the
// Callgrind run (docs/callgrind.md).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_OUTPUT_SESSIONREPORT_H
#define HOTPATH_RUNTIME_OUTPUT_SESSIONREPORT_H

#include "base/Options.h"
#include "base/Snapshot.h"

namespace hotpath::rt {

/// Never throws; a failure is one line on stderr.
void writeSessionReport(const Snapshot &S, const Options &Opts);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_OUTPUT_SESSIONREPORT_H

//===- ReportWriter.h - Turn a session snapshot into its report -*- C++ -*-===//
#ifndef HOTPATH_RUNTIME_REPORTWRITER_H
#define HOTPATH_RUNTIME_REPORTWRITER_H

#include "Options.h"
#include "Snapshot.h"

namespace hotpath::rt {

/// Builds the report (SPEC 7) from `S` and writes it as `Opts` says: the
/// table on stderr by default, JSON to HOTPATH_OUTPUT_PATH atomically
/// (temporary file in the same directory, then rename). Never throws, never
/// aborts: an unwritable path is one line on stderr. Called once per
/// session, from the thread that ends it, with allocation tracking paused.
void writeReport(const Snapshot &S, const Options &Opts);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_REPORTWRITER_H

//===- ReportWriter.h - Turn a session snapshot into its report -*- C++ -*-===//
#ifndef HOTPATH_RUNTIME_REPORTWRITER_H
#define HOTPATH_RUNTIME_REPORTWRITER_H

#include "base/Options.h"
#include "base/Snapshot.h"
#include "hotpath/report/Report.h"

#include <string>

namespace hotpath::rt {

/// Builds the report from `S` and writes it as `Opts` says: the
/// table on stderr by default, JSON to HOTPATH_OUTPUT_PATH atomically
/// (temporary file in the same directory, then rename). Never throws, never
/// aborts: an unwritable path is one line on stderr. Called once per
/// session, from the thread that ends it, with allocation tracking paused.
void writeReport(const Snapshot &S, const Options &Opts);

/// The two halves of writeReport, for code that adds to the report before
/// it is written (Callgrind counts, merged mode). buildReport may throw
/// std::bad_alloc; emitReport never throws.
report::Report buildReport(const Snapshot &S, const Options &Opts);
void emitReport(const report::Report &R, const Options &Opts);

/// HOTPATH_OUTPUT_PATH with `%p` replaced by the pid (`%%` is `%`).
std::string expandOutputPath(const std::string &Path);

/// One line "hotpath: <Line>" on the program's stderr, written at once (no
/// stdio), from any thread (PrivateFiles.h), its controls escaped
/// (report::terminalText).
void say(const std::string &Line);

/// Writes one of the runtime's output files (report, snapshot, trace): a
/// standard stream (/dev/stdout, /dev/fd/2, ...) is the program's own
/// descriptor, written at its offset; any other path is written atomically
/// in a descriptor table of the runtime's own (PrivateFiles.h), and refused
/// when it is a FIFO, a socket or a block device. On failure, false and a
/// one-line Error.
bool writeOutputFile(const std::string &Path, const std::string &Data,
                     std::string &Error);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_REPORTWRITER_H

//===- Snapshots.h - The report while the program runs ----------*- C++ -*-===//
//
// HOTPATH_SNAPSHOT_INTERVAL=<ms>, HOTPATH_SNAPSHOT_TRIGGER=<file> and/or
// HOTPATH_SNAPSHOT_SIGNAL=<signal> (docs/timeline.md): the drain thread,
// after a sweep, writes the current report to HOTPATH_SNAPSHOT_PATH
// (atomically: a reader sees the last whole file), the same JSON as the
// final report with `meta.snapshot` numbering it, figures since the session
// began (liveSnapshot: nothing is taken from the threads, which never
// stop). The session's end writes one more, the final figures. The trigger
// file is only stat()ed: a change asks for a snapshot, and nothing reaches
// the program. The signal's handler only sets a flag, but interrupts the
// program's sleeping system calls: only where the user names a signal.
// The first failed write is said on stderr; all are counted in
// meta.warnings.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SESSION_SNAPSHOTS_H
#define HOTPATH_RUNTIME_SESSION_SNAPSHOTS_H

#include "base/Options.h"
#include "base/Snapshot.h"

#include <string>
#include <vector>

namespace hotpath::rt {

/// At session begin (under the session lock, before the drain thread
/// starts): arms the snapshots the options ask for; appends warnings.
void snapshotsBegin(const Options &Opts, bool UnderValgrind,
                    std::vector<std::string> &Warnings);
/// At session end, with the final figures (the drain thread has stopped):
/// the last snapshot; adds to Final's warnings how many were not written.
void snapshotsEnd(Snapshot &Final);
/// In a fork's child: no more snapshots unless the path has %p.
void snapshotsAfterForkInChild();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_SNAPSHOTS_H

//===- Session.h - Session begin/end, exit, fork ----------------*- C++ -*-===//
//
// A session begins at __hotpath_main_begin, at
// hotpath_session_begin(), or lazily at the first measured call when the
// program has neither: "neither" is known when no descriptor flagged
// HOTPATH_FN_MAIN has been registered and no session ever began. A lazy
// session that meets an explicit begin (main's or the API's) is discarded
// and the explicit one starts clean. It ends at __hotpath_main_end, exit()
// (atexit handler) or hotpath_session_end(); ending is idempotent.
//
// Under `hotpath bench` (HOTPATH_BENCH=1) none of those begins it: the
// first timed loop of a Google Benchmark does (BenchmarkRegions.h), and it is
// paused between loops, so that it holds exactly the loops' work.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SESSION_H
#define HOTPATH_RUNTIME_SESSION_H

#include "base/Snapshot.h"

namespace hotpath::rt {

enum class BeginKind { Main, Explicit, Lazy, Benchmark };

void sessionBegin(BeginKind Kind);
/// May a lazy session start now (registered with core/SessionControl.h)?
bool sessionLazyAllowed();
void sessionEnd();
bool sessionActive();
/// Stops counting without ending the session (no-op when it is not
/// active or already paused); sessionResume counts on under the same
/// epoch. The time in between is left out of the elapsed time.
void sessionPause();
void sessionResume();
/// HOTPATH_BENCH=1, read when the runtime was loaded.
bool sessionBenchOnly();
/// The running session's figures so far, taking nothing from anyone: the
/// drained aggregate plus what the live threads' tables hold. From the
/// drain thread (session/Snapshots.h); never takes the session lock.
Snapshot liveSnapshot();

/// Whether the runtime's own threads are stopped for good (main left
/// through pthread_exit): nothing may start them again.
bool sessionThreadsStopped();

/// Tests: re-read the HOTPATH_* environment at the next begin, and whether
/// any session began in this process.
void reloadOptionsForTesting();
bool sessionEverBegan();

/// Tests: receive each session's snapshot (after the report is written).
void setSnapshotSinkForTesting(void (*Sink)(const Snapshot &));

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_H

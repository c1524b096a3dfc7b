//===- PrivateFiles.h - A descriptor table of the runtime's own -*- C++ -*-===//
//
// open() returns the lowest free descriptor number, atomically, for the
// whole process. A file the runtime opens while the program runs (a
// snapshot, /proc, the report) would take a number the program has just
// closed and expects back: a program that does `close(0); open(...)`
// would get another number, and a `dup2(fd, 0)` of its own would then
// replace the runtime's file, which the runtime would write into. No
// check can close that window in a shared table, so the runtime opens
// files only on threads whose descriptor table (and working directory) is
// their own (unshare(CLONE_FILES | CLONE_FS)):
//  - the drain thread, for its whole life, after closing every copy it
//    inherited (so that a file the program closes really closes: a pipe's
//    reader sees end of file) and putting /dev/null at 0, 1 and 2;
//  - a short-lived helper (runWithPrivateFiles) at the session's end,
//    which keeps its copies of the standard streams 0-2 (the report's
//    usual destination) and closes the rest.
// Where the kernel refuses unshare (some container seccomp profiles), the
// thread goes on in the shared table, as before: docs/guarantees.md.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_BASE_PRIVATEFILES_H
#define HOTPATH_RUNTIME_BASE_PRIVATEFILES_H

#include <cstddef>

namespace hotpath::rt {

/// First thing on an internal thread: gives it a descriptor table and
/// working directory of its own, closes the inherited descriptors (from 3
/// with KeepStreams, else all, then /dev/null at 0-2). False when the
/// kernel refused: the thread shares the program's table.
bool enterPrivateFiles(bool KeepStreams);

/// Runs Fn(Arg) on a thread with a table of its own that keeps the
/// standard streams: this one if it has one, else a new internal thread,
/// joined before returning. Runs it here when no thread can be made or
/// private tables are off (setPrivateFilesEnabled).
void runWithPrivateFiles(void (*Fn)(void *), void *Arg);

/// Off under Valgrind, whose own descriptors a private table would copy
/// and whose per-thread dumps a helper thread would show.
void setPrivateFilesEnabled(bool Enabled);

/// Writes all of Data to the program's descriptor Fd (1 or 2) from any
/// thread: on a thread whose table has no copy of the program's streams
/// (the drain), through a duplicate taken with pidfd_getfd at the moment of
/// writing, so that it follows the program's redirections. False when it
/// could not be written.
bool writeToProgramFd(int Fd, const char *Data, size_t Size);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_BASE_PRIVATEFILES_H

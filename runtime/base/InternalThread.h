//===- InternalThread.h - The runtime's threads and descriptors -*- C++ -*-===//
//
// The runtime's own threads (the drain, the signal reporter) and
// descriptors (the reporter's pipes) live beside the program's and must
// never be mistaken for them:
//  - a thread is born with every signal blocked, so that a process-directed
//    signal is never handled on it (blocking them from inside the thread
//    leaves a window in which the program's handler could run there);
//  - a descriptor is moved high (away from the numbers a program that
//    closes and reopens its low descriptors gets back), close-on-exec, and
//    remembered with the identity of its file, so that the runtime never
//    closes or writes a descriptor that the program has since closed and
//    reused for a file of its own.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_INTERNALTHREAD_H
#define HOTPATH_RUNTIME_INTERNALTHREAD_H

#include <cstdint>
#include <pthread.h>

namespace hotpath::rt {

/// pthread_create with every signal blocked in the new thread from its
/// first instruction; returns once the thread runs (its rseq area, which
/// glibc registers first, is then registered: a seccomp filter the program
/// installs next cannot make that fail and abort it). No thread is created
/// (EPERM) where a seccomp filter already refuses rseq: glibc would abort
/// the process in it. Fn's first act must be nameInternalThread(). Returns
/// pthread_create's result.
int createInternalThread(pthread_t *Thread, void *(*Fn)(void *), void *Arg);

/// Names the calling internal thread (hotpath-*, at most 15 characters;
/// prctl, no descriptor) and ends its creation.
void nameInternalThread(const char *Name);

/// Odd from an internal thread's creation until it has its name. A reader
/// of /proc/self/task that saw the same even value before and after its
/// read saw every runtime thread with its hotpath-* name (CPU sampling once
/// took a thread that had not named itself yet for the program's).
uint64_t internalThreadGeneration();

/// In a forked child: no thread is being created there.
void internalThreadsForgetInChild();

/// A descriptor the runtime owns, with the identity of its open file.
struct OwnedFd {
  int Fd = -1;
  uint64_t Dev = 0, Ino = 0;
  /// Whether Fd still refers to the file it was opened on (fstat:
  /// async-signal-safe).
  bool stillOurs() const;
  /// Closes Fd if it is still ours; forgets it either way.
  void release();
};

/// Creates a close-on-exec pipe whose two ends are moved to high
/// descriptor numbers. False (and nothing open) on failure.
bool makeOwnedPipe(OwnedFd &Read, OwnedFd &Write);

/// Grows the process's descriptor table to hold the high numbers owned
/// descriptors take, now. Called before the session starts its threads:
/// the kernel grows a table that another thread shares only after an RCU
/// grace period (expand_fdtable), and a pipe moved high just after the
/// drain thread started made every program start 9 to 26 ms later on a
/// VM. Nothing stays open; a table already that large is left as it is.
void reserveOwnedFdRange();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_INTERNALTHREAD_H

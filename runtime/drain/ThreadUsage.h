//===- ThreadUsage.h - A thread's CPU time and context switches -*- C++ -*-===//
//
// The threads table's CPU columns. A live thread's come from /proc (the
// kernel's schedstat gives its on-CPU time in nanoseconds; status its
// context switches); a thread that exited read its own at exit
// (ThreadState::Exit*, core/ThreadState.cpp), since /proc forgets it.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_DRAIN_THREADUSAGE_H
#define HOTPATH_RUNTIME_DRAIN_THREADUSAGE_H

#include "base/Snapshot.h"

#include <cstdint>

namespace hotpath::rt {

struct ThreadState;

/// At session begin, on the thread that begins it: its CPU time and
/// context switches so far, taken off its figures (the program's start-up
/// is not the session's).
void captureThreadBaseline();

/// Fills I's Usage, CpuNs, Voluntary and Involuntary for T: since the
/// thread started, less the baseline if it began the session.
void readThreadUsage(const ThreadState *T, bool Exited, ThreadInfo &I);

/// The process's peak resident set so far, in bytes (0 if unknown).
uint64_t peakRssBytes();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_DRAIN_THREADUSAGE_H

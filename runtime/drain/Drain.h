//===- Drain.h - The drain thread and the aggregator ------------*- C++ -*-===//
//
// One drain thread sweeps every thread's queue each HOTPATH_DRAIN_INTERVAL
// ms and aggregates events into per-function DrainTiming, in ticks; the
// session converts them to ns once, for the snapshot (takeTiming). Sweeps
// hold the drain lock; so does the final drain at session end. Exited
// threads are delivered completely (queue, then folded and untimed counts)
// and their states recycled.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_DRAIN_H
#define HOTPATH_RUNTIME_DRAIN_H

#include "base/Snapshot.h"
#include "drain/Paths.h"

#include <cstdint>
#include <vector>

namespace hotpath::rt {

/// The drain's statistics of one function, in clock ticks. The queued
/// events are in the histogram alone (their count, min and max are its);
/// their sum is beside it, shared with the folded ones.
struct DrainTiming {
  Histogram Hist; // timed calls, queued and folded (recordFolded)
  // Windows of Hist for the sweep (Sweep.cpp), empty at first.
  Histogram::Window Win, Prev;
  uint32_t Misses = 0;   // values in Prev since the last swap
  uint64_t SumTicks = 0; // queued and folded timed calls
  uint64_t Folded = 0;   // timed calls the producer folded
  uint64_t Untimed = 0;  // calls counted without a time
};

/// The trace buffer of a thread (core/Trace.h), for the trace written at
/// session end.
struct ThreadTrace {
  uint64_t Tid = 0;
  std::string Name;
  struct TraceBuffer *Buf = nullptr; // owned once the thread has exited
  bool Exited = false;
};

struct Aggregate {
  std::vector<DrainTiming> Timing; // by id
  double NsPerTick = 1.0;          // the latest sweep's calibration
  std::vector<ThreadInfo> Exited;  // threads that exited this session
  uint64_t Events = 0;             // queue events consumed
  uint64_t Sweeps = 0;
  PathAggregate Paths;             // the merged call paths
  std::vector<ThreadTrace> Traces; // of the threads that exited
};

void drainLock();
void drainUnlock();
void drainResetLockInChild();

/// The drain's next period between sweeps, in ms, after a sweep that took
/// \p Most events from the fullest queue. A queue that took in half of
/// what it can hold between two sweeps is about to fill, and its thread
/// then folds each call into its own tables (EventQueue.h), which costs it
/// more than a push: the drain sweeps sooner, halving its period down to
/// 1 ms, and goes back towards \p Interval (HOTPATH_DRAIN_INTERVAL) once
/// every queue stays well below that.
unsigned nextSweepPeriod(unsigned Period, unsigned Interval, uint64_t Most);

/// Under the drain lock. Consumes every queue; delivers exited threads.
/// With Final, also takes the tables of live threads (session end), and
/// counts (untimed) the frames other threads of session `Epoch` still have
/// open: they are closed by the session's end; Final without an epoch drops
/// a past session's stragglers, and leaves the clock's calibration alone.
/// Returns the most events it took from one thread's queue.
uint64_t sweepAll(bool Final, uint32_t Epoch = 0);
/// Takes the drain lock and delivers one exited thread's state (called by
/// the thread itself, from its exit destructor).
struct ThreadState;
void deliverExitedThread(ThreadState *T);
/// Under the drain lock.
Aggregate &aggregate();
/// Under the drain lock: the timing of ids 0..N in ns (the report's units),
/// taken out of the aggregate (or out of A).
std::vector<FunctionTiming> takeTiming(uint32_t N);
std::vector<FunctionTiming> takeTiming(Aggregate &A, uint32_t N);
/// Under the drain lock, for a snapshot while the session runs: a copy of
/// the aggregate with what live threads have counted so far in their own
/// tables (untimed calls, folded events, path counters) added, and their
/// rows in Live; the threads keep all of it.
Aggregate peekAggregate(std::vector<ThreadInfo> &Live);
/// The drain thread calls Hook after each sweep, without the drain lock
/// (session/Snapshots.h: periodic snapshots).
void setAfterSweepHook(void (*Hook)());
/// The drain thread calls Check after each sweep, without any lock; when
/// it returns true the drain thread ends (Check has ended the session:
/// no thread of the program is left, Session.cpp).
void setProgramGoneCheck(bool (*Check)());
/// From the drain thread itself, before it ends on its own: it is no
/// longer running (stopDrainThread does nothing) and nobody joins it.
void drainThreadEndsItself();
void resetAggregate();
/// Live threads' infos (under the drain lock, at session end).
void collectLiveThreads(std::vector<ThreadInfo> &Out);
/// Under the drain lock, at session end: the exited threads' trace
/// buffers (taken) and the live ones' of session Epoch (borrowed: their
/// threads own them).
std::vector<ThreadTrace> collectTraces(uint32_t Epoch);

void startDrainThread(unsigned IntervalMs);
void stopDrainThread();
/// After fork in the child: the drain thread does not exist there.
void forgetDrainThreadInChild();

/// Test hook: while paused the drain thread does not sweep (the final drain
/// at session end still does). Used to prove the memory bound.
void setDrainPaused(bool Paused);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_DRAIN_H

//===- Drain.h - The drain thread and the aggregator ------------*- C++ -*-===//
//
// One drain thread sweeps every thread's queue each HOTPATH_DRAIN_INTERVAL
// ms and aggregates events into per-function FunctionTiming. Sweeps hold the
// drain lock; so does the final drain at session end. Exited threads are
// delivered completely (queue, then folded and untimed counts) and their
// states recycled.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_DRAIN_H
#define HOTPATH_RUNTIME_DRAIN_H

#include "Snapshot.h"

#include <cstdint>
#include <vector>

namespace hotpath::rt {

struct Aggregate {
  std::vector<FunctionTiming> Timing; // by id
  std::vector<ThreadInfo> Exited;     // threads that exited this session
  uint64_t Events = 0;                // queue events consumed
  uint64_t Sweeps = 0;
};

void drainLock();
void drainUnlock();
void drainResetLockInChild();

/// Under the drain lock. Consumes every queue; delivers exited threads.
/// With Final, also takes the tables of live threads (session end), and
/// counts (untimed) the frames other threads of session `Epoch` still have
/// open: they are closed by the session's end.
void sweepAll(bool Final, uint32_t Epoch = 0);
/// Takes the drain lock and delivers one exited thread's state (called by
/// the thread itself, from its exit destructor).
struct ThreadState;
void deliverExitedThread(ThreadState *T);
/// Under the drain lock.
Aggregate &aggregate();
void resetAggregate();
/// Live threads' infos (under the drain lock, at session end).
void collectLiveThreads(std::vector<ThreadInfo> &Out);

void startDrainThread(unsigned IntervalMs);
void stopDrainThread();
/// After fork in the child: the drain thread does not exist there.
void forgetDrainThreadInChild();

/// Test hook: while paused the drain thread does not sweep (the final drain
/// at session end still does). Used to prove the memory bound.
void setDrainPaused(bool Paused);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_DRAIN_H

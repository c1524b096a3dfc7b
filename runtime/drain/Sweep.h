//===- Sweep.h - One queue's events into the aggregate ----------*- C++ -*-===//
//
// The drain's per-event loop (Drain.cpp does the rest of a sweep).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SWEEP_H
#define HOTPATH_RUNTIME_SWEEP_H

#include "drain/Drain.h"

namespace hotpath::rt {

class EventQueue;
struct ThreadState;

/// Under the drain lock: consumes every published event of Q into A (and
/// the allocation events into AllocTracker), and into A.Paths with the
/// paths of T, the queue's thread (none without it). Returns the timing
/// events.
uint64_t sweepQueue(Aggregate &A, EventQueue &Q, ThreadState *T = nullptr);

/// Makes A.Timing hold ids 0..max(Id, functionCount()).
void growTiming(Aggregate &A, uint32_t Id);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SWEEP_H

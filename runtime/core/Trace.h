//===- Trace.h - Per-thread buffers of individual calls ---------*- C++ -*-===//
//
// HOTPATH_TRACE (docs/timeline.md): each timed call that ends is also
// written, with its start, duration and depth, into its thread's buffer,
// by the exit hooks of the trace mode (Hooks.cpp selects them; the other
// modes' hooks have no trace code at all). Bounded: a buffer holds
// HOTPATH_TRACE_EVENTS calls, then either
//  - keeps the first ones (`first`, the default): a call that ends later
//    is kept only if it was open when the buffer filled, i.e. it encloses
//    kept calls (at most AncestorSlots of them), so nesting stays whole;
//  - or keeps the last ones (`last`, a ring): a call ends after everything
//    it encloses, so the newest calls keep their ancestors by themselves.
// Calls shorter than HOTPATH_TRACE_MIN_NS are not written (their
// enclosing calls last at least as long, so they stay). Everything not
// written is counted. Written only by the owning thread; read at session
// end, when the hooks no longer write.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CORE_TRACE_H
#define HOTPATH_RUNTIME_CORE_TRACE_H

#include <atomic>
#include <cstdint>

namespace hotpath::rt {

struct TraceEvent {
  uint64_t Start; // ticks
  uint64_t Ticks; // inclusive duration
  uint32_t Id;    // function id, or TraceWaitId | LockKind
  uint32_t Depth; // shadow-stack depth: 1 = outermost measured call
};

/// A lock wait (locks/LockTracker.h), one deeper than the call that waited.
constexpr uint32_t TraceWaitId = 0x80000000u;

/// Extra slots past the capacity for the enclosing calls in `first` mode.
constexpr uint32_t AncestorSlots = 256;

struct TraceBuffer {
  uint64_t Cap;       // HOTPATH_TRACE_EVENTS
  uint64_t Written;   // events written (ring: may exceed Cap)
  uint64_t Dropped;   // calls not kept: the buffer was full (a ring:
                      // overwritten)
  uint64_t Short;     // calls under HOTPATH_TRACE_MIN_NS, not written
  uint64_t FullAt;    // `first`: the end (ticks) of the last call kept
  uint32_t Ancestors; // `first`: enclosing calls written past Cap
  uint32_t Ring;      // 1 = keep the last Cap calls
  uint64_t MinTicks;  // HOTPATH_TRACE_MIN_NS in ticks
  TraceEvent Ev[1];   // Cap + AncestorSlots entries
};

/// The settings of this session's trace; Cap 0 = no trace.
struct TraceConfig {
  uint64_t Cap = 0;
  bool Ring = false;
  uint64_t MinNs = 0;
};
extern TraceConfig CurrentTrace __attribute__((visibility("hidden")));

/// A buffer for CurrentTrace (mapped, zeroed), or nullptr.
TraceBuffer *newTraceBuffer(double NsPerTick);
void freeTraceBuffer(TraceBuffer *B);
/// Events of B in order of writing: for a ring, the oldest kept first.
uint64_t traceKept(const TraceBuffer &B);
const TraceEvent &traceEvent(const TraceBuffer &B, uint64_t I);

__attribute__((noinline, cold)) void traceFull(TraceBuffer *B,
                                               const TraceEvent &E);

/// Writes one ended call. The slot is reserved (Written++) before it is
/// filled: a signal handler's call that interrupts takes the next one.
inline __attribute__((always_inline)) void
traceCall(TraceBuffer *B, uint64_t Start, uint64_t Ticks, uint32_t Id,
          uint32_t Depth) {
  if (__builtin_expect(Ticks < B->MinTicks, 0)) {
    ++B->Short;
    return;
  }
  uint64_t I = B->Written;
  if (__builtin_expect(I >= B->Cap, 0))
    return traceFull(B, TraceEvent{Start, Ticks, Id, Depth});
  B->Written = I + 1;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  B->Ev[I] = TraceEvent{Start, Ticks, Id, Depth};
}

/// Writes one lock wait (TraceWaitId) while the buffer has room: a full
/// buffer keeps calls, and a wait is not a call, so one not written, or
/// shorter than HOTPATH_TRACE_MIN_NS, is not counted.
inline void traceWait(TraceBuffer *B, uint64_t Start, uint64_t Ticks,
                      uint32_t Id, uint32_t Depth) {
  uint64_t I = B->Written;
  if (Ticks < B->MinTicks || I >= B->Cap)
    return;
  B->Written = I + 1;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  B->Ev[I] = TraceEvent{Start, Ticks, Id, Depth};
}

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CORE_TRACE_H

//===- Trace.cpp - Per-thread buffers of individual calls -----------------===//
#include "core/Trace.h"
#include "base/PageAlloc.h"

#include <cmath>
#include <cstddef>

namespace hotpath::rt {

TraceConfig CurrentTrace;

namespace {
size_t bytesFor(uint64_t Cap) {
  return offsetof(TraceBuffer, Ev) + sizeof(TraceEvent) * (Cap + AncestorSlots);
}
} // namespace

TraceBuffer *newTraceBuffer(double NsPerTick) {
  uint64_t Cap = CurrentTrace.Cap;
  if (!Cap)
    return nullptr;
  // Reserved, not committed: pages become resident as events are written.
  auto *B = static_cast<TraceBuffer *>(reservePages(bytesFor(Cap)));
  if (!B)
    return nullptr;
  B->Cap = Cap;
  B->Ring = CurrentTrace.Ring;
  B->MinTicks = CurrentTrace.MinNs
                    ? uint64_t(std::ceil(double(CurrentTrace.MinNs) /
                                         (NsPerTick > 0 ? NsPerTick : 1.0)))
                    : 0;
  return B;
}

void freeTraceBuffer(TraceBuffer *B) {
  if (B)
    unreservePages(B, bytesFor(B->Cap));
}

uint64_t traceKept(const TraceBuffer &B) {
  if (B.Ring)
    return B.Written < B.Cap ? B.Written : B.Cap;
  return (B.Written < B.Cap ? B.Written : B.Cap) + B.Ancestors;
}

const TraceEvent &traceEvent(const TraceBuffer &B, uint64_t I) {
  if (B.Ring && B.Written > B.Cap)
    return B.Ev[(B.Written + I) % B.Cap];
  return B.Ev[I];
}

void traceFull(TraceBuffer *B, const TraceEvent &E) {
  if (B->Ring) {
    uint64_t I = B->Written;
    B->Written = I + 1;
    if (!(B->Ev[I % B->Cap].Id & TraceWaitId))
      ++B->Dropped; // the call overwritten (a wait is not a call)
    std::atomic_signal_fence(std::memory_order_seq_cst);
    B->Ev[I % B->Cap] = E;
    return;
  }
  if (!B->FullAt) {
    // The buffer just filled: the last kept call ended at about E's start
    // or before; what is open now encloses it.
    const TraceEvent &Last = B->Ev[B->Cap - 1];
    B->FullAt = Last.Start + Last.Ticks;
  }
  // Open when the buffer filled: it encloses kept calls.
  if (E.Start <= B->FullAt && E.Start + E.Ticks >= B->FullAt &&
      B->Ancestors < AncestorSlots) {
    uint32_t A = B->Ancestors;
    B->Ancestors = A + 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
    B->Ev[B->Cap + A] = E;
    return;
  }
  ++B->Dropped;
}

} // namespace hotpath::rt

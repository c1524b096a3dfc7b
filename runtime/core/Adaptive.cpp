//===- Adaptive.cpp - The default mode: which functions are timed ---------===//
//
// Probing and the score (Adaptive.h). Runs on the calling thread from the
// hooks (the HP_COLD_CC convention keeps their registers): no lock, no RMW,
// no allocation.
//
//===----------------------------------------------------------------------===//
#include "core/Adaptive.h"
#include "base/PageAlloc.h"

#include <algorithm>
#include <cmath>

namespace hotpath::rt {

uint32_t *AdaptiveState = nullptr;
uint64_t LongCallTicks = ~0ull;

namespace {
constexpr uint32_t ScoreMask = 0x7f, Recursive = 0x80;

uint32_t load(uint32_t Id) {
  return __atomic_load_n(&AdaptiveState[Id], __ATOMIC_RELAXED);
}
void store(uint32_t Id, uint32_t V) {
  __atomic_store_n(&AdaptiveState[Id], V, __ATOMIC_RELAXED);
}
} // namespace

bool adaptiveSessionBegin(double TimedCallTicks) {
  if (!AdaptiveState)
    AdaptiveState =
        static_cast<uint32_t *>(reservePages(sizeof(uint32_t) * MaxFunctions));
  if (!AdaptiveState)
    return false;
  // Two clock reads and the hooks at most 1% of a long call. Unmeasured
  // (HOTPATH_COMPENSATE=0): 40 ns, about what a timed call costs on the
  // machines this was measured on (docs/performance.md).
  double Cost = TimedCallTicks > 0 ? TimedCallTicks : 40.0 / nsPerTick();
  LongCallTicks = uint64_t(std::ceil(Cost * 100));
  // Only the registered functions' words: the rest was never written.
  for (uint32_t I = 1, N = functionCount(); I <= N && I < MaxFunctions; ++I)
    if (load(I))
      store(I, 0);
  return true;
}

bool adaptiveTimed(uint32_t Id) {
  return AdaptiveState && Id < MaxFunctions &&
         (load(Id) & ScoreMask) >= TimedScore;
}

uint32_t adaptiveCallBegins(ThreadState *T, uint32_t Id) {
  uint32_t S = load(Id);
  if (S & Recursive) {
    setCountdown(T, Id, INT64_MAX); // counted for the rest of the session
    return 0;
  }
  if ((S & ScoreMask) >= TimedScore) {
    setCountdown(T, Id, 1); // timed: its next call comes here again
    return FrameAdaptive;
  }
  // Counted: this call is a probe; the next one after a gap twice as long.
  uint32_t Shift = S >> 8;
  setCountdown(T, Id, int64_t(1) << Shift);
  if (Shift < ProbeShiftMax)
    store(Id, (S & ScoreMask) | (Shift + 1) << 8);
  return FrameAdaptive;
}

void adaptiveCallClosed(ThreadState *T, uint32_t Id, uint32_t ParentId,
                        uint64_t Ticks) {
  uint32_t S = load(Id), Score = S & ScoreMask;
  // A function that calls itself is counted: timing it times every level
  // of its recursion, which its outer levels' length does not pay for.
  if (ParentId == Id) {
    store(Id, Recursive);
    return;
  }
  if (Ticks >= LongCallTicks) {
    if (Score < ScoreMax)
      store(Id, S + 1);
    if (Score + 1 == TimedScore)
      setCountdown(T, Id, 1); // timed from its next call on
  } else if (Score) {
    // A counted function's short call starts its count of long ones again;
    // a timed one's takes one off.
    store(Id, S - (Score >= TimedScore ? 1 : Score));
  }
}

} // namespace hotpath::rt

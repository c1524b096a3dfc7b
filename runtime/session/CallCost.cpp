//===- CallCost.cpp - What measuring one call costs, measured -------------===//
//
// The calibration thread attaches like any thread of the program and syncs
// to the session being begun while no epoch is published (its state's
// epoch and GlobalEpoch are both 0, so the hooks take their fast paths for
// it alone). It calls the exported hooks around an empty out-of-line
// marker, in batches, and an empty loop of markers beside them; the hooks'
// events and counts are then discarded under the drain lock, and the thread
// exits before the session's aggregate is reset. CalibrationId is a
// function id no report shows.
//
//===----------------------------------------------------------------------===//
#include "session/CallCost.h"
#include "base/Clock.h"
#include "base/InternalThread.h"
#include "core/HotPath.h"
#include "core/Registry.h"
#include "drain/Drain.h"

#include <algorithm>
#include <vector>

namespace hotpath::rt {
namespace {

// Batches after a warm-up: the first touch of the queue's pages and the
// hooks' code would count otherwise (a page fault is microseconds).
constexpr int BatchCalls = 500, Batches = 15, WarmUp = 4;

hotpath_fn_desc CalibrationDesc = {
    HOTPATH_ABI_VERSION, 0, 0, "[hotpath calibration]", "", "", 0,
    CalibrationId};

// The measured function's body: nothing, out of line, as the marker of a
// wrapper whose function does nothing.
__attribute__((noinline)) void emptyBody() { asm volatile(""); }

// Through pointers, as a wrapper calls the hooks (through the PLT).
void (*volatile EnterHook)(hotpath_fn_desc *) = __hotpath_enter;
void (*volatile ExitHook)(hotpath_fn_desc *) = __hotpath_exit;

__attribute__((noinline)) uint64_t measuredLoop() {
  void (*Enter)(hotpath_fn_desc *) = EnterHook,
                                (*Exit)(hotpath_fn_desc *) = ExitHook;
  uint64_t Start = readTicks();
  for (int I = 0; I < BatchCalls; ++I) {
    Enter(&CalibrationDesc);
    emptyBody();
    Exit(&CalibrationDesc);
  }
  return readTicks() - Start;
}

// The same loop without the call: what the loop itself costs.
__attribute__((noinline)) uint64_t bareLoop() {
  uint64_t Start = readTicks();
  for (int I = 0; I < BatchCalls; ++I)
    asm volatile("");
  return readTicks() - Start;
}

uint64_t emptyCallTicks();

__attribute__((noinline)) uint64_t emptyLoop() {
  uint64_t Start = readTicks();
  for (int I = 0; I < BatchCalls; ++I)
    emptyBody();
  return readTicks() - Start;
}

uint64_t emptyCallTicks() {
  uint64_t Calls = emptyLoop(), Bare = bareLoop();
  return Calls > Bare ? Calls - Bare : 0;
}

// The lower quartile of the batches: a batch that another process or the
// machine's load slowed counts less. Erring low is the safe side: a cost
// taken too high removes real time (a function's own time went to 0 at a
// median read on a busy machine), one too low leaves a little of it in.
double lowerQuartile(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 4];
}

// The events and counts of the calibration calls go nowhere.
void discard(ThreadState *T, std::vector<double> *InnerPerBatch) {
  drainLock();
  double Sum = 0;
  uint64_t N = T->Q.consume([&](const Event &E) { Sum += double(E.Ticks); });
  if (InnerPerBatch && N)
    InnerPerBatch->push_back(Sum / double(N));
  T->Counts[CalibrationId] = 0;
  forgetGateCalls(T, CalibrationId);
  T->Fold[CalibrationId] = FoldEntry{};
  T->Tree.forgetCounts();
  drainUnlock();
}

// Ticks per call of a batch of hooked calls, the loop's own taken out
// (not the call of the body: in the program that is the marker, a call the
// plain build does not make).
double batchCost(ThreadState *T, std::vector<double> *Inner) {
  double Empty = double(emptyLoop());
  double Hooked = double(measuredLoop());
  discard(T, Inner);
  double EmptyCall = double(emptyCallTicks());
  return std::max(0.0, (Hooked - Empty + EmptyCall) / BatchCalls);
}

void *calibrate(void *P) {
  nameInternalThread("hotpath-cost");
  auto *Out = static_cast<CallCost *>(P);
  ThreadState *T = attachThread();
  if (!T)
    return nullptr;
  syncThread(T); // GlobalEpoch is 0: current for this thread's hooks
  uint64_t Period = T->Period;
  // The default mode's timed calls are timed as Period 1's are; its
  // probing would time only some of the batch's.
  T->Adaptive = 0;
  std::vector<double> Timed, Inner, Untimed;
  // Timed calls: every one (Period 1: each call's countdown runs out).
  T->Period = 1;
  for (int B = -WarmUp; B < Batches; ++B) {
    double C = batchCost(T, B < 0 ? nullptr : &Inner);
    if (B >= 0)
      Timed.push_back(C);
  }
  if (Period != 1) { // untimed calls: counted only
    T->Period = ~0ull;
    for (int B = -WarmUp; B < Batches; ++B) {
      setCountdown(T, CalibrationId, INT64_MAX);
      double C = batchCost(T, nullptr);
      if (B >= 0)
        Untimed.push_back(C);
    }
  }
  T->Period = Period;
  Out->Timed = lowerQuartile(Timed);
  // The marker's call is inside the call's own time, and is overhead too.
  Out->Inner = Inner.empty() ? 0 : std::min(lowerQuartile(Inner), Out->Timed);
  Out->Untimed = Untimed.empty() ? 0 : lowerQuartile(Untimed);
  Out->Measured = true;
  return nullptr;
}

} // namespace

CallCost measureCallCost() {
  CallCost C;
  pthread_t Thread;
  if (createInternalThread(&Thread, calibrate, &C) != 0)
    return CallCost{};
  pthread_join(Thread, nullptr);
  return C;
}

} // namespace hotpath::rt

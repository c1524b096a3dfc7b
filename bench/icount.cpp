// Instructions per measured call, under Callgrind (deterministic). Under
// Valgrind the runtime counts only and runs no drain thread, so this
// benchmark, linked with the static runtime, switches the hooks itself to
// the native modes (runtime internals, hidden but linkable from the
// archive) and brackets each region with Callgrind client requests:
//   plain    N calls of bench_tiny_plain (not instrumented)
//   timed    N calls of bench_tiny, every call timed (HOTPATH_MODE=timed)
//   traced   the same with HOTPATH_TRACE: each call also written to the
//            thread's trace buffer (room for all of them)
//   count    the same counted by the hooks (count only)
//   fastcount    counted with the wrapper's fast path armed (abi.h): the
//                default mode's untimed calls, and the count mode's with
//                HOTPATH_ALLOC=0 (never under Valgrind, hence armed by
//                hand here)
//   drain    one sweep of N queued events
// Each region is dumped as a Callgrind part named after it; bench.py
// subtracts `plain` and divides by N.
//
//   valgrind --tool=callgrind --collect-atstart=no icount [N]
#include "core/Registry.h"
#include "core/SessionMode.h"
#include "core/ThreadState.h"
#include "core/Trace.h"

#include <cstdio>
#include <cstdlib>
#include <valgrind/callgrind.h>

extern "C" int bench_tiny(int);
extern "C" int bench_tiny_plain(int);
extern "C" void hotpath_session_begin(void);

namespace hotpath::rt {
void selectHookImplementations(const SessionMode &M);
void sweepAll(bool Final, uint32_t Epoch);
void drainLock();
void drainUnlock();
} // namespace hotpath::rt
using namespace hotpath::rt;

static int Acc = 1;

__attribute__((noinline)) static void loop(int (*F)(int), long N) {
  for (long I = 0; I < N; ++I)
    Acc = F(Acc);
}

static void region(const char *Name, int (*F)(int), long N) {
  CALLGRIND_TOGGLE_COLLECT;
  loop(F, N);
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT(Name);
}

static void sweep() {
  drainLock();
  sweepAll(false, 0);
  drainUnlock();
}

// Every function's countdown on this thread (ThreadState::Left).
static void setCountdowns(int64_t V) {
  for (uint32_t I = 1; I <= functionCount(); ++I)
    CurrentThread->Left[I] = V;
}

// Points the hooks at the implementations of one HookMode.
static void selectHooks(HookMode H, bool Trace = false) {
  SessionMode M;
  M.Hooks = H;
  M.Tsc = ClockUsesTsc;
  M.Trace = Trace;
  selectHookImplementations(M);
}

// Points the hooks at the implementations that time every call.
static void timedMode() {
  __atomic_store_n(&CountOnlyMode, 0u, __ATOMIC_RELAXED);
  CurrentConfig.Period = 1;
  selectHooks(HookMode::EveryCallTimed);
  if (ThreadState *T = CurrentThread) {
    T->Period = 1;
    setCountdowns(1);
  }
}

// Arms this thread's fast path as syncThread does for a session that
// allows it; the hooks stay in the current mode.
static void armFastPath(int64_t Countdown) {
  setCountdowns(Countdown);
  __hotpath_fast.counts = CurrentThread->Counts;
  CurrentThread->ArmEpoch = __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED);
  __hotpath_fast.epoch = CurrentThread->ArmEpoch;
}

int main(int Argc, char **Argv) {
  long N = Argc > 1 ? atol(Argv[1]) : 100000;
  hotpath_session_begin();
  timedMode();
  // Warm up: attach the thread, map and recycle the chunks, calibrate the
  // clock (the first sweep may spin 1 ms), grow the aggregate.
  for (int I = 0; I < 2; ++I) {
    loop(bench_tiny, N);
    sweep();
  }
  region("plain", bench_tiny_plain, N);
  region("timed", bench_tiny, N);
  CALLGRIND_TOGGLE_COLLECT;
  sweep();
  CALLGRIND_TOGGLE_COLLECT;
  CALLGRIND_DUMP_STATS_AT("drain");
  CurrentTrace.Cap = uint64_t(2 * N);
  CurrentThread->Trace = newTraceBuffer(1.0);
  selectHooks(HookMode::EveryCallTimed, /*Trace=*/true);
  region("traced", bench_tiny, N);
  selectHooks(HookMode::EveryCallTimed);
  sweep();
  __atomic_store_n(&CountOnlyMode, 1u, __ATOMIC_RELAXED);
  selectHooks(HookMode::CountOnly);
  region("count", bench_tiny, N);
  armFastPath(INT64_MAX);
  region("fastcount", bench_tiny, N);
  sweep();
  std::printf("n %ld\nacc %d\n", N, Acc);
  return 0;
}

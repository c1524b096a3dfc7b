//===- BenchmarkRegions.cpp - Benchmark loops as the session --------------===//
#include "session/BenchmarkRegions.h"
#include "alloc/AllocTracker.h"
#include "core/RuntimeScope.h"
#include "core/ThreadState.h"
#include "hotpath/support/MutexGuard.h"
#include "session/Session.h"

#include <pthread.h>

namespace hotpath::rt {
namespace {

// Outermost lock: BenchLock -> SessLock (Session.cpp). It keeps the count
// and the session's state in step: a loop that starts while the last one
// stops must not find the session paused after its start.
pthread_mutex_t BenchLock = PTHREAD_MUTEX_INITIALIZER;
uint32_t OpenLoops = 0;
uint64_t Started = 0; // also read without the lock (session end)

} // namespace

void benchPrepareThread() {
  ThreadState *T = CurrentThread;
  if (!T && !(T = attachThread()))
    return;
  if (T->Epoch != __atomic_load_n(&GlobalEpoch, __ATOMIC_ACQUIRE))
    syncThread(T);
  if (allocTracked())
    allocStateOf(T);
}

namespace {

void loopStarted() {
  RuntimeScope InRt;
  pthread_mutex_lock(&BenchLock);
  __atomic_store_n(&Started, Started + 1, __ATOMIC_RELAXED);
  // The session began, paused, when the runtime was loaded; nothing
  // resumes it once it has ended.
  if (OpenLoops++ == 0)
    sessionResume();
  pthread_mutex_unlock(&BenchLock);
  if (sessionActive())
    benchPrepareThread();
}

void loopStopped() {
  RuntimeScope InRt;
  support::MutexGuard Guard(BenchLock);
  // A stop without its start (a loop that began before the runtime was
  // told to measure loops) changes nothing.
  if (OpenLoops && --OpenLoops == 0)
    sessionPause();
}

} // namespace

uint64_t benchLoopsStarted() {
  return __atomic_load_n(&Started, __ATOMIC_RELAXED);
}

} // namespace hotpath::rt

#define HP_EXPORT extern "C" __attribute__((visibility("default")))
HP_EXPORT void __hotpath_bench_start(void) {
  if (hotpath::rt::sessionBenchOnly())
    hotpath::rt::loopStarted();
}
HP_EXPORT void __hotpath_bench_stop(void) {
  if (hotpath::rt::sessionBenchOnly())
    hotpath::rt::loopStopped();
}

//===- BenchmarkRegions.h - Google Benchmark's timed loops as the session -===//
//
// The plugin calls __hotpath_bench_start right after each call of
// benchmark::State::StartKeepRunning() and __hotpath_bench_stop right
// before each call of FinishKeepRunning() (pass/BenchmarkRegions.cpp):
// the bounds of a benchmark's timed loop, its setup and teardown outside.
//
// Under `hotpath bench` (HOTPATH_BENCH=1) the session begins, paused, when
// the runtime is loaded, and runs only while a loop runs: the report
// holds the loops' work and nothing else, however many times the
// benchmark runs (repetitions) and on however many threads (Threads(N)
// runs N loops at once). Otherwise both hooks return at once.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SESSION_BENCHREGIONS_H
#define HOTPATH_RUNTIME_SESSION_BENCHREGIONS_H

#include <cstdint>

namespace hotpath::rt {

/// What the calling thread's first measured call would do (map its state,
/// sync it to the session, map its allocation table), done before a loop
/// runs rather than inside its first iteration: once for the main thread
/// at load, and at the start of each loop (then nothing to do, unless the
/// loop runs on a thread of its own). Precondition: the session runs.
void benchPrepareThread();

/// Timed loops that have started so far in this process (any lock held).
uint64_t benchLoopsStarted();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSION_BENCHREGIONS_H

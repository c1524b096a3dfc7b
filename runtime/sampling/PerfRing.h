//===- PerfRing.h - One thread's task-clock event and its ring --*- C++ -*-===//
//
// CPU sampling without signals: a perf event counts the thread's CPU time
// (software task-clock, user mode) and, HOTPATH_CPU_SAMPLING times a
// second, the kernel writes a sample (the interrupted instruction, the
// thread's user call chain walked by frame pointers, the period, the stack
// and frame pointers and the top of the stack) into a
// ring mapped from the event. No signal is delivered: the program can
// never see EINTR or a handler of ours. The drain thread opens the event
// for a thread by its tid, in its own descriptor table (base/PrivateFiles),
// and reads the ring after each sweep.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SAMPLING_PERFRING_H
#define HOTPATH_RUNTIME_SAMPLING_PERFRING_H

#include <cstddef>
#include <cstdint>

namespace hotpath::rt {

/// One sample as the ring holds it. Chain points into the ring or into a
/// copy of a record that wrapped: valid during the callback only.
struct PerfSample {
  uint64_t PeriodNs = 0; // task-clock ns since the thread's previous sample
  const uint64_t *Chain = nullptr; // innermost first; context markers gone
  uint32_t Depth = 0;
  bool AtDepthLimit = false; // the kernel stopped the walk at its limit
  // x86-64: the stack and frame pointers when the sample was taken (0
  // where unknown) and the top of the stack, StackSize bytes copied at Sp
  // (StackWords.h).
  uint64_t Sp = 0, Bp = 0;
  const unsigned char *Stack = nullptr;
  uint64_t StackSize = 0;
};

struct PerfRing {
  int Fd = -1;
  void *Base = nullptr; // the metadata page, then the data pages
  size_t MapSize = 0;
  uint64_t Tid = 0;
  bool open() const { return Fd >= 0; }
};

/// Why a ring could not be had: the errno of the step that failed.
struct PerfRingError {
  int Errno = 0;
  /// The event was allowed, its ring was not: no locked memory left for
  /// it (EPERM). The process's other threads may still be sampled.
  bool Mapping = false;
  explicit operator bool() const { return Errno != 0; }
};

/// Opens a task-clock event sampling thread `Tid` (of this process) at
/// `Hz` with user call chains, and maps its ring (smaller where the
/// locked-memory allowance is short); with `Kernel`, CPU time in the
/// kernel (system calls) is sampled too, charged to the user code that
/// made the call. On failure, perf_event_open's errno is EACCES where
/// perf_event_paranoid forbids the event, which for `Kernel` means above 1
/// without CAP_PERFMON; ENOSYS or EPERM under seccomp.
PerfRingError openPerfRing(PerfRing &R, uint64_t Tid, unsigned Hz, bool Kernel);

/// Reads every complete record in the ring and frees their space; calls
/// `OnSample` for each sample. Returns the samples the kernel reported
/// lost (the ring was full). Safe on any thread; one reader at a time.
uint64_t readPerfRing(PerfRing &R, void (*OnSample)(const PerfSample &, void *),
                      void *Ctx);

/// Stops the event, unmaps the ring and closes the descriptor (on the
/// thread whose descriptor table holds it).
void closePerfRing(PerfRing &R);

/// Unmaps the ring without closing: a fork's child, where the descriptor
/// belonged to a thread (and a table) the fork did not copy.
void forgetPerfRing(PerfRing &R);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SAMPLING_PERFRING_H

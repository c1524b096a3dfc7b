//===- Clock.h - TSC ticks, calibrated to nanoseconds -----------*- C++ -*-===//
//
// The hot path reads raw ticks (rdtsc: no syscall, no vDSO, ~20 cycles);
// the drain converts ticks to ns. The ratio comes from two
// (ticks, CLOCK_MONOTONIC_RAW) anchors: one at session begin, one read when
// the drain first needs it, at least 1 ms later, frozen once 20 ms apart.
// sysfs/cpuinfo frequencies are not trusted (often absent in VMs). When
// cpuid does not report an invariant TSC (leaf 0x80000007, EDX bit 8), the
// ticks are clock_gettime(CLOCK_MONOTONIC_RAW) nanoseconds instead.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CLOCK_H
#define HOTPATH_RUNTIME_CLOCK_H

#include <cstdint>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace hotpath::rt {

/// Set once by clockInit(); constant-initialised to the safe fallback.
extern bool ClockUsesTsc __attribute__((visibility("hidden")));

#if defined(__clang__) && (defined(__x86_64__) || defined(__aarch64__))
// Cold calls from the hooks keep every register: the fast path then needs
// no callee-saved registers, hence no prologue.
#define HP_COLD_CC __attribute__((preserve_most, noinline, cold))
#else
#define HP_COLD_CC __attribute__((noinline, cold))
#endif

/// The fallback clock, out of line.
HP_COLD_CC uint64_t monoRawNsCold();

/// Set on a thread that gave up its time-stamp counter (prctl(PR_SET_TSC),
/// seccomp strict mode; ThreadState.h): the vDSO's clock_gettime reads the
/// counter too, so such a thread's clock reads go to the kernel instead.
extern __thread bool ClockBySystemCall
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
/// clock_gettime(Id) by the system call itself, out of line.
uint64_t clockNsBySystemCall(clockid_t Id);

/// Nanoseconds of clock Id: the runtime's own reads (session bounds,
/// snapshots), never the hooks'.
inline uint64_t clockNs(clockid_t Id) {
  if (__builtin_expect(ClockBySystemCall, 0))
    return clockNsBySystemCall(Id);
  timespec T;
  clock_gettime(Id, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

inline uint64_t monoRawNs() { return clockNs(CLOCK_MONOTONIC_RAW); }

/// Ticks: TSC when invariant, else ns. Never 0 (0 marks untimed frames).
inline uint64_t readTicks() {
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_expect(ClockUsesTsc, 1))
    return __rdtsc();
#endif
  return monoRawNsCold();
}

/// The clock a hook implementation is compiled for: Auto tests
/// ClockUsesTsc at each read; the hook trampolines dispatch to Tsc or Mono
/// implementations chosen at session begin, so their fast path tests nothing.
enum class ClockKind { Auto, Tsc, Mono };
template <ClockKind K>
inline __attribute__((always_inline)) uint64_t readTicksAs() {
#if defined(__x86_64__) || defined(__i386__)
  if constexpr (K == ClockKind::Tsc)
    return __rdtsc();
#endif
  if constexpr (K == ClockKind::Mono)
    return monoRawNsCold();
  return readTicks();
}

/// cpuid check; idempotent. ForceMonotonic (HOTPATH_CLOCK=monotonic)
/// chooses the fallback.
void clockInit(bool ForceMonotonic);
/// True when the CPU reports an invariant TSC.
bool tscInvariant();
/// Anchors a new calibration (session begin).
void clockStartCalibration();
/// ns per tick (1.0 for the fallback). Call from one thread at a time
/// (the drain lock): it may spin up to 1 ms on the first call.
double nsPerTick();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CLOCK_H

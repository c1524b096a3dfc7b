//===- Clock.cpp - Invariant-TSC check and calibration --------------------===//
#include "base/Clock.h"

#include <cstdlib>
#include <cstring>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace hotpath::rt {

bool ClockUsesTsc = false;

__thread bool ClockBySystemCall __attribute__((tls_model("initial-exec"))) =
    false;

// The hooks' fallback clock: never on a thread that gave up its counter
// (its hooks stop before any clock read), so no ClockBySystemCall test.
uint64_t monoRawNsCold() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC_RAW, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

uint64_t clockNsBySystemCall(clockid_t Id) {
  timespec T{};
  syscall(SYS_clock_gettime, Id, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

namespace {
bool Inited = false;
uint64_t AnchorTicks = 0, AnchorNs = 0;
double Ratio = 1.0;
bool Frozen = false;

struct Pair {
  uint64_t Ticks, Ns;
};
// A tick reading bracketed by two clock reads: the midpoint's error is half
// the bracket, so keep the tightest of a few tries.
Pair samplePair() {
  Pair Best{0, 0};
  uint64_t BestGap = ~0ull;
  for (int I = 0; I < 5; ++I) {
    uint64_t A = monoRawNs(), T = readTicks(), B = monoRawNs();
    if (B - A < BestGap) {
      BestGap = B - A;
      Best = {T, A + (B - A) / 2};
    }
  }
  return Best;
}
} // namespace

bool tscInvariant() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned A, B, C, D;
  if (!__get_cpuid(0x80000000u, &A, &B, &C, &D) || A < 0x80000007u)
    return false;
  __cpuid(0x80000007u, A, B, C, D);
  return (D >> 8) & 1;
#else
  return false;
#endif
}

void clockInit(bool ForceMonotonic) {
  if (Inited)
    return;
  Inited = true;
  ClockUsesTsc = tscInvariant() && !ForceMonotonic;
}

void clockStartCalibration() {
  Pair P = samplePair();
  AnchorTicks = P.Ticks;
  AnchorNs = P.Ns;
  Frozen = false;
  Ratio = 1.0;
}

double nsPerTick() {
  if (!ClockUsesTsc)
    return 1.0;
  if (Frozen)
    return Ratio;
  Pair P = samplePair();
  while (P.Ns - AnchorNs < 1000000) // at least 1 ms apart
    P = samplePair();
  Ratio = double(P.Ns - AnchorNs) / double(P.Ticks - AnchorTicks);
  Frozen = P.Ns - AnchorNs >= 20000000;
  return Ratio;
}

} // namespace hotpath::rt

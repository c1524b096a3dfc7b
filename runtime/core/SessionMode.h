//===- SessionMode.h - What a session measures, decided once ----*- C++ -*-===//
//
// Everything that the hot path and the allocation hooks do differently
// from one session to the next is one SessionMode value, derived by one
// pure function (deriveSessionMode) from the options and what the session
// found around it (Valgrind, the clock, who owns malloc, lock tracking).
// Session.cpp applies it: CurrentConfig (copied into each thread's state),
// the hook implementations the trampolines jump to, AllocMode,
// KeepCurrentCall and CountOnlyMode. Nothing else decides any of them.
//
// The hooks are compiled once per HookMode (Hooks.cpp): each fast path
// tests nothing about the mode at run time; HookMode::AnyMode is the slow
// paths' and the portable hooks', which read the thread's state.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_SESSIONMODE_H
#define HOTPATH_RUNTIME_SESSIONMODE_H

#include "base/Options.h"
#include "core/ThreadState.h" // SessionConfig

#include <cstdint>

namespace hotpath::rt {

/// The hook implementations of a session.
enum class HookMode : uint8_t {
  AnyMode,            // read the mode from the thread at each call
  EveryCallTimed,     // sampling rate 1, inclusive time
  EveryCallExclusive, // sampling rate 1, HOTPATH_TIME_EXCLUSIVE
  Countdown,          // the function's countdown picks the timed calls (the
             // default mode's probes and timed functions); counting with a
             // frame a call, none
  CountdownExclusive, // the same with exclusive time
  CountOnly,          // one add at entry, nothing at exit, no shadow stack
};

/// Whether the exit hooks write each timed call to the thread's trace
/// buffer (HOTPATH_TRACE, Trace.h); AnyMode: when the thread has one.
enum class TraceExits : uint8_t { AnyMode, Off, On };

/// What the hooks' templates test (-1: at run time, from the thread).
constexpr int allTimedOf(HookMode M) {
  return M == HookMode::AnyMode ? -1
         : M == HookMode::EveryCallTimed || M == HookMode::EveryCallExclusive
             ? 1
             : 0;
}
constexpr int exclusiveOf(HookMode M) {
  return M == HookMode::AnyMode ? -1
         : M == HookMode::EveryCallExclusive ||
                 M == HookMode::CountdownExclusive
             ? 1
             : 0;
}

/// How allocations are attributed (AllocTracker.h); AllocMode holds it,
/// or AllocAttribution::Off while a session is paused.
enum class AllocAttribution : uint32_t {
  Off = 0,
  ByTopFrame = 1,    // exclusive: every call has a frame
  Cumulative = 2,    // a call's callees add to it: every call has a frame
  ByCurrentCall = 3, // exclusive, the fast path armed (no frame a call)
};

/// Why HOTPATH_TRACE records nothing this session.
enum class TraceRefusal : uint8_t { None, UnderValgrind, TimesNothing };

/// What the session found around it and the options it was given.
struct SessionInputs {
  MeasureMode Mode = MeasureMode::Default;
  double Rate = 1;             // 1: every call timed, 0: none by rate (Options)
  bool Exclusive = false;      // HOTPATH_TIME_EXCLUSIVE
  bool FastPathAllowed = true; // HOTPATH_FAST_PATH
  bool UnderValgrind = false;
  bool Tsc = true;           // the clock is the time-stamp counter
  bool AllocTracked = false; // HOTPATH_ALLOC, and glibc owns malloc
  bool AllocCumulative = false;
  bool LocksTracked = false;
  bool TraceAsked = false; // HOTPATH_TRACE set
};

struct SessionMode {
  SessionConfig Config; // Period, Exclusive, Adaptive, FastPath
  HookMode Hooks = HookMode::Countdown;
  bool Tsc = true;
  bool Trace = false; // the exits write each timed call to the trace
  TraceRefusal TraceRefused = TraceRefusal::None;
  AllocAttribution Alloc = AllocAttribution::Off;
  /// Allocations need the shadow stack even where nothing is timed.
  bool AllocNeedsStack = false;
  /// The hooks keep hotpath_fast_state::current (abi.h).
  bool KeepCurrentCall = false;
  /// Nothing is timed at all (the count mode, or any mode under Valgrind).
  bool TimesNothing = false;
};

/// The one place a session's mode is decided. Pure.
SessionMode deriveSessionMode(const SessionInputs &In);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_SESSIONMODE_H

//===- Adaptive.h - The default mode: which functions are timed -*- C++ -*-===//
//
// The default mode counts every call (at the wrappers' fast path) and times
// only the functions whose calls are long enough that timing them costs a
// small part of them: two clock reads and the hooks, CallCost::Timed, are
// at most 1% of a call of LongCallTicks. Decided per function while the
// program runs, with nothing to tune:
//  - a function starts counted; each thread probes it (times one call) at
//    its first call, then at gaps that double up to ProbeGapMax calls, so
//    that probing costs a few dozen timed calls per function in a run;
//  - TimedScore probed calls in a row at least LongCallTicks long make
//    the function timed: every call of it, on every thread, goes through
//    the hooks and is timed (its countdown reloads at 1);
//  - a function seen calling itself (a probed or timed call directly
//    inside another) is counted for the rest of the session: timing it
//    would time every level of the recursion, which its outer levels'
//    length does not pay for;
//  - a timed function keeps its score, +1 per long call (up to ScoreMax)
//    and -1 per short one: below TimedScore it is counted again, and
//    probed.
// A function of one or two calls has them all timed by its probes.
// The report then says per function where its time comes from: measured
// when every call was timed, otherwise CPU samples (output/ReportWriter).
// Probed calls of a counted function are never extrapolated.
//
// The state is one word per function shared by all threads, written with
// plain relaxed stores (no RMW: a lost update only delays a decision).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_CORE_ADAPTIVE_H
#define HOTPATH_RUNTIME_CORE_ADAPTIVE_H

#include "base/Clock.h"
#include "core/Registry.h"
#include "core/ThreadState.h"

#include <cstdint>

namespace hotpath::rt {

/// Frame::Flags bit: a call timed by the default mode (a probe, or a call
/// of a timed function); its parent's fast path stays armed.
constexpr uint32_t FrameAdaptive = 4;

/// By function id: bits 0-6, the score (timed at TimedScore and above),
/// bit 7, recursive; bits 8-15, log2 of the next probe's gap. Reserved at
/// the first default session (not in the program's image: a static table
/// would take address space from a program that never measures).
extern uint32_t *AdaptiveState __attribute__((visibility("hidden")));
/// A call at least this long (clock ticks) is long; set at session begin.
extern uint64_t LongCallTicks __attribute__((visibility("hidden")));

constexpr uint32_t TimedScore = 2, ScoreMax = 4;
constexpr uint32_t ProbeShiftMax = 16; // ProbeGapMax = 65536 calls

/// Session begin: every function counted again, probed from its next call;
/// TimedCallTicks is what a timed call costs (0: not measured). False when
/// the table could not be reserved: the session then counts only.
bool adaptiveSessionBegin(double TimedCallTicks);

/// Whether Id was timed when the session ended (the report's time_source).
bool adaptiveTimed(uint32_t Id);

/// A call of Id whose countdown ran out, in the default mode: sets its
/// countdown again and returns FrameAdaptive (the call is timed).
HP_COLD_CC uint32_t adaptiveCallBegins(ThreadState *T, uint32_t Id);
/// The same call, closed after Ticks; ParentId: the function of the frame
/// below it (NoCaller at the bottom).
HP_COLD_CC void adaptiveCallClosed(ThreadState *T, uint32_t Id,
                                   uint32_t ParentId, uint64_t Ticks);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_CORE_ADAPTIVE_H

//===- SessionMode.cpp - What a session measures, decided once ------------===//
#include "core/SessionMode.h"

namespace hotpath::rt {

SessionMode deriveSessionMode(const SessionInputs &In) {
  SessionMode M;
  bool Vg = In.UnderValgrind;
  SessionConfig &C = M.Config;
  // Under Valgrind every mode counts: durations there would be tens of
  // times too long (docs/callgrind.md).
  C.Period = !Vg && In.Rate >= 1 ? 1 : ~0ull;
  // The default mode counts, and times the long functions (Adaptive.h).
  C.Adaptive = !Vg && In.Mode == MeasureMode::Default;
  C.Exclusive = In.Exclusive;
  M.TimesNothing = C.Period == ~0ull && !C.Adaptive;

  // Attributing allocations needs the shadow stack, which count-only hooks
  // do not keep: a session that times nothing then goes through the
  // countdown hooks, whose untimed calls keep a frame. Valgrind's own
  // tools watch malloc: no stack there.
  M.AllocNeedsStack = In.AllocTracked && !Vg;
  bool CountOnly = M.TimesNothing && !M.AllocNeedsStack;
  // Cumulative allocations (a call's callees add to it) and a session that
  // times nothing (the bytes-per-call histogram would have no timed calls
  // to come from) need a frame for every call.
  bool FrameEveryCall =
      M.AllocNeedsStack && (In.AllocCumulative || M.TimesNothing);

  // The wrappers' inline fast path counts a call without a frame: only
  // when no call needs one (every call timed, exclusive time's untimed
  // calls, FrameEveryCall), and never under Valgrind, where every call
  // goes through the hooks that keep hotpath's cost out of callers.
  C.FastPath = !Vg && C.Period != 1 && !C.Exclusive && !FrameEveryCall &&
               In.FastPathAllowed;

  // Exclusive attribution is by the current call when the fast path is
  // armed (untimed calls have no frame), by the top frame otherwise.
  bool ByCurrentCall = In.AllocTracked && !In.AllocCumulative && C.FastPath;
  M.Alloc = !In.AllocTracked     ? AllocAttribution::Off
            : In.AllocCumulative ? AllocAttribution::Cumulative
            : ByCurrentCall      ? AllocAttribution::ByCurrentCall
                                 : AllocAttribution::ByTopFrame;
  // The hooks keep the current call when allocations or lock waits are
  // charged to it (the wrappers' fast path always does).
  M.KeepCurrentCall = ByCurrentCall || (In.LocksTracked && C.FastPath);

  if (In.TraceAsked) {
    M.TraceRefused = Vg               ? TraceRefusal::UnderValgrind
                     : M.TimesNothing ? TraceRefusal::TimesNothing
                                      : TraceRefusal::None;
    M.Trace = M.TraceRefused == TraceRefusal::None;
  }

  M.Tsc = In.Tsc;
  M.Hooks = CountOnly                      ? HookMode::CountOnly
            : C.Period == 1 && C.Exclusive ? HookMode::EveryCallExclusive
            : C.Period == 1                ? HookMode::EveryCallTimed
            : C.Exclusive                  ? HookMode::CountdownExclusive
                                           : HookMode::Countdown;
  return M;
}

} // namespace hotpath::rt

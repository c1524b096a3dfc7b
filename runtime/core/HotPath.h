//===- HotPath.h - The enter and exit hooks' fast paths ---------*- C++ -*-===//
//
// Everything a measured call executes in steady state is in this header.
// No lock, no atomic RMW, no allocation, no syscall; only this thread's
// memory is written, so the hooks are async-signal-safe:
//  - enter reserves its stack slot (Top++) before filling it; a slot is
//    cleared (SpInv = 0) when popped, so a handler that interrupts between
//    the two sees a frame that is never mistaken for an abandoned one;
//  - exit reads its frame before popping it;
//  - the queue push detects a push it interrupted and folds instead.
// Anything unusual (no state yet, another session, abandoned frames,
// mismatched exit, full queue) goes to a slow path in Hooks.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_HOTPATH_H
#define HOTPATH_RUNTIME_HOTPATH_H

#include "base/Clock.h"
#include "core/Adaptive.h"
#include "core/SessionMode.h"
#include "core/ThreadState.h"
#include "core/Trace.h"
#include "hotpath/abi.h"

namespace hotpath::rt {

// Slow paths. enterSlowIn is entered with the in-hook counter already
// incremented by the fast path, and decrements it.
void enterSlow(hotpath_fn_desc *D, uintptr_t Sp);
void exitSlow(hotpath_fn_desc *D, uintptr_t Sp);
void enterSlowIn(hotpath_fn_desc *D, uintptr_t Sp);
HP_COLD_CC void foldCold(ThreadState *T, uint32_t Id, uint32_t Path,
                         uint64_t Ticks);
HP_COLD_CC void allocFrameClosed(ThreadState *T, Frame *F); // AllocTracker

#define HP_LIKELY(X) __builtin_expect(!!(X), 1)
#define HP_UNLIKELY(X) __builtin_expect(!!(X), 0)
#define HP_INLINE inline __attribute__((always_inline))

/// Whether the hooks keep the current call (KeepCurrentCall). Never in
/// the modes that do not arm the fast path (every call timed, exclusive
/// time): their hooks are compiled without it. Pairs stay matched: the
/// flag changes only at session begin, when no thread has a frame of the
/// new session yet (syncThread drops the old).
template <HookMode M> HP_INLINE bool keepsCurrentCall() {
  return allTimedOf(M) != 1 && exclusiveOf(M) != 1 &&
         __atomic_load_n(&KeepCurrentCall, __ATOMIC_RELAXED);
}

/// Whether the wrappers' gate decremented D's countdown on its way to the
/// hooks (abi.h): it does when it is armed for this call, which is decided
/// by the epoch as the hooks find it, unless something in the hooks has
/// changed the epoch since (the slow paths then ask at their entry). A
/// record whose gate decrements another countdown than the function's
/// (HOTPATH_FN_OTHER_COUNTDOWN) did not decrement this one. An armed gate
/// calls the hooks only when it took the countdown to 0 or below: a
/// countdown above 0 means that the hooks were called without a gate (a
/// self tail call's loop, SelfTailCalls.h), and nothing was decremented.
HP_INLINE bool gateDecremented(ThreadState *T, hotpath_fn_desc *D) {
  return T->ArmEpoch != FastPathOff && __hotpath_fast.epoch == T->ArmEpoch &&
         (D->flags & (HOTPATH_FN_FAST_PATH | HOTPATH_FN_OTHER_COUNTDOWN)) ==
             HOTPATH_FN_FAST_PATH &&
         *leftSlot(T, __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED)) <= 0;
}

HP_INLINE bool stateCurrent(ThreadState *T) {
  return HP_LIKELY(T) &&
         HP_LIKELY(T->Epoch == __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED));
}

/// Records one finished timed call: queue it, or fold it when the queue is
/// full or this push interrupted another one. Path: its node (PathTree.h).
HP_INLINE void recordCall(ThreadState *T, uint32_t Id, uint32_t Path,
                          uint64_t Ticks) {
  if (HP_UNLIKELY(T->Q.push(Id, Path, Ticks) != PushResult::Ok))
    foldCold(T, Id, Path, Ticks);
}

/// The call's path node under Parent: the parent's last child in one
/// compare (PathTree.h).
HP_INLINE uint32_t pathOf(ThreadState *T, uint32_t Parent, uint32_t Id) {
  PathHot *Paths = T->Paths;
  uint32_t Node = Paths[Parent].LastChild;
  if (HP_UNLIKELY(Paths[Node].Fn != Id))
    Node = pathChild(T, Parent, Id);
  return Node;
}

/// A call of a session that times by countdown: counts it against the
/// function's countdown, shared with the wrappers' gate (abi.h), which
/// decremented it already when it was armed (either way this call is the
/// hooks' to count: its decrement is not one of the gate's calls). When
/// the countdown ends, the default mode may time the call (Adaptive.h).
/// Returns its start ticks, 0 when it is not timed; Flags: the frame's.
template <ClockKind K>
HP_INLINE uint64_t startByCountdown(ThreadState *T, hotpath_fn_desc *D,
                                    Frame *F, uint32_t Id, int Gated,
                                    uint32_t &Flags) {
  int64_t *Left = leftSlot(T, Id);
  if (!(Gated < 0 ? gateDecremented(T, D) : Gated))
    --*Left;
  uncountDecrement(T, Id);
  if (HP_UNLIKELY(*Left <= 0)) {
    if (T->Adaptive) {
      Flags = adaptiveCallBegins(T, Id); // the default mode (Adaptive.h)
    } else if (T->Period == 1) {         // the call cost's calibration
      setCountdown(T, Id, 1);
      Flags = FrameTimed;
    } else {
      setCountdown(T, Id, INT64_MAX); // counted with a frame: never timed
    }
  }
  if (HP_LIKELY(!Flags))
    return 0;
  // A timed call keeps its thread's fast path armed for its callees. The
  // frame puts back the epoch it found (closeTop): a signal handler's
  // calls then leave the gate as the interrupted code's gate saw it.
  if (T->ArmEpoch != FastPathOff) {
    F->SavedEpoch = __hotpath_fast.epoch;
    __hotpath_fast.epoch = T->ArmEpoch;
  }
  return readTicksAs<K>();
}

/// Opens a frame. Precondition (checked by the caller): T is current.
/// Returns false when the slow path must handle the call. Gated: whether
/// the gate decremented this call's countdown (gateDecremented), -1 for
/// "ask now".
// The fast paths are compiled per session mode (SessionMode.h); AnyMode
// tests it at run time (the slow paths).
template <ClockKind K = ClockKind::Auto, HookMode M = HookMode::AnyMode,
          bool Force = false>
HP_INLINE bool tryEnter(ThreadState *T, hotpath_fn_desc *D, uintptr_t Sp,
                        int Gated = -1) {
  constexpr int AllTimed = allTimedOf(M), Excl = exclusiveOf(M);
  Frame *Top = T->Top;
  uint64_t SpInv = ~uint64_t(Sp);
  uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED);
  // A top frame at or below our address was abandoned (longjmp, exit, an
  // unwinder that skipped its cleanup); the slow path closes it. Id 0 is an
  // unregistered function (never measured: 0 marks unpublished events).
  if ((!Force && HP_UNLIKELY(Top->SpInv >= SpInv)) ||
      HP_UNLIKELY(Top >= T->Limit) || HP_UNLIKELY(!Id))
    return false;
  Frame *F = Top + 1;
  T->Top = F;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  F->Id = Id;
  F->AllocMark = 0;
  if constexpr (Excl != 0)
    F->Child = 0;
  F->SpInv = SpInv;
  // This call is the thread's current one (allocations are charged to it,
  // AllocTracker.h) until its frame closes, as the fast path does inline.
  if (keepsCurrentCall<M>()) {
    F->SavedCurrent = __hotpath_fast.current;
    __hotpath_fast.current = Id | HOTPATH_CURRENT_FRAMED;
  }
  F->Node = pathOf(T, Top->Node, Id);
  uint64_t Start = 0;
  uint32_t Flags = 0;
  // Every call timed (the slow paths ask the thread's period).
  if (AllTimed == 1 || (AllTimed == -1 && T->Period == 1))
    Start = readTicksAs<K>();
  else
    Start = startByCountdown<K>(T, D, F, Id, Gated, Flags);
  F->Flags = Flags;
  F->Start = Start;
  return true;
}

/// A call the default mode timed (a probe, or a call of a timed function)
/// has closed after Ticks: it puts back the epoch it found and tells the
/// function's score (Adaptive.h). The closed frame's fields come read
/// before it was popped (a handler may reuse its slot since).
HP_INLINE void adaptiveTimedCallClosed(ThreadState *T, uint32_t Id,
                                       uint32_t Flags, uint32_t SavedEpoch,
                                       Frame *P, uint64_t Ticks) {
  if (T->ArmEpoch != FastPathOff)
    __hotpath_fast.epoch = SavedEpoch;
  if (HP_UNLIKELY(Flags & FrameAdaptive))
    adaptiveCallClosed(T, Id, P->Id, Ticks);
}

/// Closes the top frame. Precondition: T is current and the top frame is
/// this call's. Tr: HOTPATH_TRACE (Trace.h); the fast paths of the other
/// modes are compiled with TraceExits::Off and have no trace code.
template <ClockKind K = ClockKind::Auto, HookMode M = HookMode::AnyMode,
          TraceExits Tr = TraceExits::AnyMode>
HP_INLINE void closeTop(ThreadState *T) {
  constexpr int AllTimed = allTimedOf(M), Excl = exclusiveOf(M);
  Frame *F = T->Top;
  // Children's time: exclusive time's.
  uint64_t Start = F->Start, Child = Excl != 0 ? F->Child : 0;
  uint32_t Id = F->Id;
  if (HP_UNLIKELY(F->AllocMark)) // this call allocated (AllocTracker.h)
    allocFrameClosed(T, F);
  bool Timed = AllTimed == 1 || Start;
  uint64_t Now = Timed ? readTicksAs<K>() : 0;
  Frame *P = F - 1;
  uint32_t Node = F->Node;
  uint32_t Flags = 0, SavedEpoch = 0;
  if constexpr (AllTimed != 1) {
    Flags = F->Flags;
    SavedEpoch = F->SavedEpoch;
    // A free slot's flags are clear: a handler that interrupts the next
    // push into it, before that call's flags are written, finds a parent
    // that is not sampled rather than a closed call's flags.
    F->Flags = 0;
  }
  if (keepsCurrentCall<M>())
    __hotpath_fast.current = F->SavedCurrent;
  T->Top = P;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  F->SpInv = 0;
  if (!Timed) {
    signalSafeAdd(&T->Counts[Id], 1);
    signalSafeAdd(&T->Tree.Counters[Node].Untimed, 1);
    return;
  }
  // A thread moved between cores with slightly skewed clocks can see time
  // go back by a few ticks: clamp instead of wrapping around.
  uint64_t Ticks = int64_t(Now - Start) < 0 ? 0 : Now - Start;
  if constexpr (Tr != TraceExits::Off) {
    TraceBuffer *B = T->Trace;
    if (Tr == TraceExits::On ? HP_LIKELY(B != nullptr)
                             : HP_UNLIKELY(B != nullptr))
      traceCall(B, Start, Ticks, Id, uint32_t(F - T->Stack));
  }
  if (Excl == 1 || (Excl == -1 && HP_UNLIKELY(T->Exclusive))) {
    P->Child += Ticks;
    Ticks = Ticks > Child ? Ticks - Child : 0;
  } else if constexpr (AllTimed != 1) {
    adaptiveTimedCallClosed(T, Id, Flags, SavedEpoch, P, Ticks);
  }
  recordCall(T, Id, Node, Ticks);
}

/// Count-only mode (rate 0, Valgrind): one add, no shadow stack, no event;
/// the exit hook does nothing. T is current; Gated as for tryEnter.
HP_INLINE void countCall(ThreadState *T, hotpath_fn_desc *D, bool Gated) {
  uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED);
  signalSafeAdd(&T->Counts[Id], 1);
  // Counted here: the gate's decrement is not one of the gate's calls.
  if (Gated)
    uncountDecrement(T, Id);
  // The first call through an armed fast path: its countdown never ends.
  if (HP_UNLIKELY(*leftSlot(T, Id) <= 0))
    setCountdown(T, Id, INT64_MAX);
}

HP_INLINE void hookEnterCount(hotpath_fn_desc *D, uintptr_t Sp) {
  ThreadState *T = CurrentThread;
  if (HP_UNLIKELY(!stateCurrent(T)))
    return enterSlow(D, Sp);
  countCall(T, D, gateDecremented(T, D));
}

template <ClockKind K, HookMode M = HookMode::AnyMode>
HP_INLINE void hookEnter(hotpath_fn_desc *D, uintptr_t Sp) {
  if constexpr (K == ClockKind::Auto)
    if (__atomic_load_n(&CountOnlyMode, __ATOMIC_RELAXED))
      return hookEnterCount(D, Sp);
  ThreadState *T = CurrentThread;
  if (HP_UNLIKELY(!stateCurrent(T)))
    return enterSlow(D, Sp);
  hookIn(T);
  if (HP_UNLIKELY((!tryEnter<K, M>(T, D, Sp))))
    return enterSlowIn(D, Sp);
  hookOut(T);
}

template <ClockKind K, HookMode M = HookMode::AnyMode,
          TraceExits Tr = TraceExits::AnyMode>
HP_INLINE void hookExit(hotpath_fn_desc *D, uintptr_t Sp) {
  if constexpr (K == ClockKind::Auto)
    if (__atomic_load_n(&CountOnlyMode, __ATOMIC_RELAXED))
      return; // counted at entry
  ThreadState *T = CurrentThread;
  if (HP_UNLIKELY(!stateCurrent(T)))
    return exitSlow(D, Sp);
  Frame *F = T->Top;
  uint64_t SpInv = ~uint64_t(Sp);
  // Ours when the id matches, the frame is not above this exit, and its
  // parent is (the exit may be a tail call: its address is then a little
  // above the enter's, never as high as the parent's). Anything else, e.g.
  // an abandoned deeper recursive frame with our id, is sorted out slowly.
  if (HP_UNLIKELY(F->Id != __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED)) ||
      HP_UNLIKELY(F->SpInv < SpInv) || HP_UNLIKELY(F[-1].SpInv >= SpInv))
    return exitSlow(D, Sp);
  // No in-hook mark needed: a handler never closes a live frame (ours is
  // above anything it could find abandoned).
  closeTop<K, M, Tr>(T);
}

/// Points the hook trampolines at the implementations for this session's
/// mode (x86-64; elsewhere the hooks test the mode at each call): M.Hooks,
/// M.Tsc, and M.Trace (the exits also write each timed call to its
/// thread's trace buffer).
void selectHookImplementations(const SessionMode &M);

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_HOTPATH_H

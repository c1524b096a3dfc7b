//===- Hooks.cpp - The hook ABI (abi.h) and the hooks' slow paths ---------===//
#include "core/HotPath.h"
#include "core/Registry.h"
#include "core/RuntimeScope.h"
#include "core/SessionControl.h"

#define HP_EXPORT extern "C" __attribute__((visibility("default")))

using namespace hotpath::rt;

// Each hook needs an address of its caller's frame: enter and exit are
// called from the same wrapper frame, so both must see the same address (a
// tail-called exit a little higher), and a deeper call's hooks a lower one.
// The pass passes nothing. On x86-64 the hooks are two-instruction
// trampolines that pass %rsp at entry (the return address's slot); no frame
// pointer to set up; they jump through a pointer to the implementation for
// the session's mode (timed with rdtsc or clock_gettime, or count-only), so
// the fast path tests no mode. Elsewhere, the hook's own frame address.
using HookFn = void (*)(hotpath_fn_desc *, uintptr_t);
#define HP_IMPL extern "C" __attribute__((visibility("hidden"), used))
// One enter/exit pair per timed HookMode and clock (SessionMode.h). The
// trace mode (HOTPATH_TRACE) has exits of its own; its enters are the
// same.
#define HP_TIMED_PAIR(Name, K, Mode)                                           \
  HP_IMPL void hpEnter##Name(hotpath_fn_desc *D, uintptr_t Sp) {               \
    hookEnter<ClockKind::K, HookMode::Mode>(D, Sp);                            \
  }                                                                            \
  HP_IMPL void hpExit##Name(hotpath_fn_desc *D, uintptr_t Sp) {                \
    hookExit<ClockKind::K, HookMode::Mode, TraceExits::Off>(D, Sp);            \
  }                                                                            \
  HP_IMPL void hpExitTrace##Name(hotpath_fn_desc *D, uintptr_t Sp) {           \
    hookExit<ClockKind::K, HookMode::Mode, TraceExits::On>(D, Sp);             \
  }
HP_TIMED_PAIR(TscAll, Tsc, EveryCallTimed)
HP_TIMED_PAIR(TscAllExcl, Tsc, EveryCallExclusive)
HP_TIMED_PAIR(TscSampled, Tsc, Countdown)
HP_TIMED_PAIR(TscSampledExcl, Tsc, CountdownExclusive)
HP_TIMED_PAIR(MonoAll, Mono, EveryCallTimed)
HP_TIMED_PAIR(MonoAllExcl, Mono, EveryCallExclusive)
HP_TIMED_PAIR(MonoSampled, Mono, Countdown)
HP_TIMED_PAIR(MonoSampledExcl, Mono, CountdownExclusive)
HP_IMPL void hpEnterCount(hotpath_fn_desc *D, uintptr_t Sp) {
  hookEnterCount(D, Sp);
}
HP_IMPL void hpExitCount(hotpath_fn_desc *, uintptr_t) {}

// Where the trampolines jump: constant-initialised (valid before any
// constructor), switched at session begin. Any of them is correct outside
// a session (they go to the slow path, which does nothing).
HP_IMPL HookFn HpEnterTarget = hpEnterMonoSampled;
HP_IMPL HookFn HpExitTarget = hpExitMonoSampled;

#if defined(__x86_64__) && defined(__ELF__)
asm(R"(
  .text
  .globl __hotpath_enter
  .type __hotpath_enter,@function
  .p2align 4
__hotpath_enter:
  .cfi_startproc
  movq %rsp, %rsi
  jmp *HpEnterTarget(%rip)
  .cfi_endproc
  .size __hotpath_enter, .-__hotpath_enter

  .globl HpEnterLocal
  .hidden HpEnterLocal
  .set HpEnterLocal, __hotpath_enter

  .globl __hotpath_exit
  .type __hotpath_exit,@function
  .p2align 4
__hotpath_exit:
  .cfi_startproc
  movq %rsp, %rsi
  jmp *HpExitTarget(%rip)
  .cfi_endproc
  .size __hotpath_exit, .-__hotpath_exit
)");
#else
#define HP_SP() reinterpret_cast<uintptr_t>(__builtin_frame_address(0))
HP_EXPORT void __hotpath_enter(hotpath_fn_desc *D) {
  hookEnter<ClockKind::Auto>(D, HP_SP());
}
// Same function, hidden: SecondCopy.cpp compares its address with what the
// global scope resolves __hotpath_enter to (a second runtime copy).
extern "C" __attribute__((visibility("hidden"))) void
HpEnterLocal(hotpath_fn_desc *) __attribute__((alias("__hotpath_enter")));
HP_EXPORT void __hotpath_exit(hotpath_fn_desc *D) {
  hookExit<ClockKind::Auto>(D, HP_SP());
}
#endif

void hotpath::rt::selectHookImplementations(const SessionMode &M) {
  struct Pair {
    HookFn Enter, Exit, ExitTrace;
  };
  // By HookMode (CountOnly and AnyMode apart), then the clock.
  static const Pair Timed[4][2] = {
      {{hpEnterMonoAll, hpExitMonoAll, hpExitTraceMonoAll},
       {hpEnterTscAll, hpExitTscAll, hpExitTraceTscAll}},
      {{hpEnterMonoAllExcl, hpExitMonoAllExcl, hpExitTraceMonoAllExcl},
       {hpEnterTscAllExcl, hpExitTscAllExcl, hpExitTraceTscAllExcl}},
      {{hpEnterMonoSampled, hpExitMonoSampled, hpExitTraceMonoSampled},
       {hpEnterTscSampled, hpExitTscSampled, hpExitTraceTscSampled}},
      {{hpEnterMonoSampledExcl, hpExitMonoSampledExcl,
        hpExitTraceMonoSampledExcl},
       {hpEnterTscSampledExcl, hpExitTscSampledExcl,
        hpExitTraceTscSampledExcl}}};
  HookFn E = hpEnterCount, X = hpExitCount;
  int Row = M.Hooks == HookMode::EveryCallTimed       ? 0
            : M.Hooks == HookMode::EveryCallExclusive ? 1
            : M.Hooks == HookMode::Countdown          ? 2
            : M.Hooks == HookMode::CountdownExclusive ? 3
                                                      : -1;
  if (Row >= 0) {
    const Pair &P = Timed[Row][M.Tsc];
    E = P.Enter;
    X = M.Trace ? P.ExitTrace : P.Exit;
  }
  __atomic_store_n(&HpEnterTarget, E, __ATOMIC_RELAXED);
  __atomic_store_n(&HpExitTarget, X, __ATOMIC_RELAXED);
}

HP_EXPORT void __hotpath_register(hotpath_fn_desc *const *Descs, uint64_t Count,
                                  uint32_t AbiVersion) {
  registerFunctions(Descs, Count, AbiVersion);
}

HP_EXPORT void __hotpath_register_countdowns(hotpath_fn_desc *const *Descs,
                                             uint64_t Count,
                                             uint32_t AbiVersion,
                                             const uint64_t *Countdowns) {
  registerFunctions(Descs, Count, AbiVersion, Countdowns);
}

namespace hotpath::rt {

void foldCold(ThreadState *T, uint32_t Id, uint32_t Path, uint64_t Ticks) {
  foldEvent(T, Id, Ticks);
  // The path's share; the drain counts it as it would the event (Paths.h).
  PathCounters &C = T->Tree.Counters[Path & PathNodeMask];
  signalSafeAdd(&C.FoldTimed, 1);
  signalSafeAdd(&C.FoldTicks, Ticks);
}

// Rare: abandoned frames, a mismatched exit, shadow stack full.
namespace {
// T is current and its in-hook counter counts this hook. Gated: whether
// the gate decremented this call's countdown (HotPath.h), asked before
// closing abandoned frames may arm or disarm the gate.
void enterMarked(ThreadState *T, hotpath_fn_desc *D, uintptr_t Sp, bool Gated) {
  uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED);
  uint64_t SpInv = ~uint64_t(Sp);
  if (T->InHook > 1) {
    // A handler interrupted a hook of this thread, which may hold the top
    // frame in a register: push above everything, close nothing.
    if (tryEnter<ClockKind::Auto, HookMode::AnyMode, /*Force=*/true>(T, D, Sp,
                                                                     Gated))
      return;
  } else {
    // Close frames that no longer exist: each exactly once, timed to now.
    while (T->Top != T->Stack && T->Top->SpInv >= SpInv)
      closeTop(T);
    if (tryEnter(T, D, Sp, Gated))
      return;
  }
  if (Id && T->Top >= T->Limit) {
    // Deeper than the shadow stack: counted, not timed.
    ++T->Overflow;
    signalSafeAdd(&T->Counts[Id], 1);
  }
}

void exitMarked(ThreadState *T, hotpath_fn_desc *D, uintptr_t Sp) {
  uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED);
  if (!Id)
    return;
  if (T->Overflow && T->Top >= T->Limit) {
    --T->Overflow;
    return;
  }
  uint64_t SpInv = ~uint64_t(Sp);
  if (T->InHook > 1) {
    // Nested in an interrupted hook: close our own frame only.
    if (T->Top->Id == Id && T->Top->SpInv >= SpInv)
      closeTop(T);
    return;
  }
  // Our frame is the lowest frame with our id among the top frames that
  // are not above this exit's address; the ones above it were abandoned:
  // close them first, each exactly once.
  uint32_t Match = 0;
  for (uint32_t Dp = depthOf(T); Dp && T->Stack[Dp].SpInv >= SpInv; --Dp)
    if (T->Stack[Dp].Id == Id)
      Match = Dp;
  if (!Match)
    return; // entered before this thread joined the session
  while (depthOf(T) > Match)
    closeTop(T);
  closeTop(T);
}
} // namespace

void enterSlowIn(hotpath_fn_desc *D, uintptr_t Sp) {
  ThreadState *T = CurrentThread;
  enterMarked(T, D, Sp, gateDecremented(T, D));
  hookOut(T);
}

namespace {
// Set once at load by the session layer, read on the slow path only.
LazySessionControl LazyControl;
} // namespace

void setLazySessionControl(LazySessionControl C) {
  __atomic_store_n(&LazyControl.Begin, C.Begin, __ATOMIC_RELAXED);
  __atomic_store_n(&LazyControl.Allowed, C.Allowed, __ATOMIC_RELEASE);
}

bool lazySessionAllowed() {
  bool (*Allowed)() = __atomic_load_n(&LazyControl.Allowed, __ATOMIC_ACQUIRE);
  return Allowed && Allowed();
}

void beginLazySession() {
  if (void (*Begin)() = __atomic_load_n(&LazyControl.Begin, __ATOMIC_RELAXED))
    Begin();
}

// Rare: first call on this thread or of a session, count-only calls that
// need a state, or no session at all.
void enterSlow(hotpath_fn_desc *D, uintptr_t Sp) {
  if (MeasuringStopped)
    return; // this thread cannot read the clock (ThreadState.h)
  if (!__atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED)) {
    // Not from the runtime's own work on this thread (a session's begin,
    // the options read at load): it may run program code, an instrumented
    // copy of a std:: template that the dynamic linker or the static link
    // binds the runtime's call to, and a lazy session begun there would
    // wait for the session lock its own thread holds. (A signal handler
    // that interrupts a thread's attach is not this case: a session runs.)
    if (InRuntime || !lazySessionAllowed())
      return;
    beginLazySession();
    if (!__atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED))
      return;
  }
  ThreadState *T = CurrentThread;
  // A thread born with its time-stamp counter disabled (PR_SET_TSC is
  // inherited) would die of SIGSEGV at its first clock read.
  if (!T && tscDisabledOnThisThread()) {
    stopMeasuringThisThread();
    return;
  }
  if (!T && !(T = attachThread())) {
    // A signal handler interrupted this thread's attach: no state to write
    // to yet. Count the call in the shared table (rare, so an atomic RMW
    // is acceptable here); it is not timed.
    countOrphan(__atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED));
    return;
  }
  if (HP_UNLIKELY(T->Syncing)) {
    // A signal handler interrupted this thread's sync to a session: the
    // state is being reset under it. Counted, not timed (no frame: its
    // exit finds the state not current and does nothing).
    if (uint32_t Id = __atomic_load_n(&D->runtime_id, __ATOMIC_RELAXED))
      signalSafeAdd(&T->Counts[Id], 1);
    return;
  }
  // A thread armed here reached the hooks through a gate that was not (or
  // was armed for a session gone, whose countdowns syncThread drops).
  bool Gated = gateDecremented(T, D);
  if (T->Epoch != __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED)) {
    syncThread(T);
    Gated = false;
  }
  if (__atomic_load_n(&CountOnlyMode, __ATOMIC_RELAXED))
    return countCall(T, D, Gated);
  hookIn(T);
  enterMarked(T, D, Sp, Gated);
  hookOut(T);
}

void exitSlow(hotpath_fn_desc *D, uintptr_t Sp) {
  ThreadState *T = CurrentThread;
  if (__atomic_load_n(&CountOnlyMode, __ATOMIC_RELAXED))
    return;
  if (!T || T->Epoch != __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED))
    return; // no session, or a call entered before this session began
  hookIn(T);
  exitMarked(T, D, Sp);
  hookOut(T);
}

} // namespace hotpath::rt

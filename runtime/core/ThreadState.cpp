//===- ThreadState.cpp - Per-thread states: attach, exit, recycle ---------===//
#include "core/ThreadState.h"
#include "base/AddressSpace.h"
#include "core/HotPath.h"
#include "core/Registry.h"
#include "core/RuntimeScope.h"

#include <cstddef>
#include <cstring>
#include <ctime>
#include <new>
#include <sched.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hotpath::rt {

__thread ThreadState *CurrentThread __attribute__((tls_model("initial-exec"))) =
    nullptr;
__thread uint32_t InRuntime __attribute__((tls_model("initial-exec"))) = 0;
__thread uint32_t MeasuringStopped __attribute__((tls_model("initial-exec"))) =
    0;
namespace {
// Set when the thread's state was handed over at its exit: a state it
// attaches later (a later TLS destructor's call) never arms the gate, whose
// own countdowns are in TLS that nobody may read once the thread is gone.
__thread uint32_t PastExit __attribute__((tls_model("initial-exec"))) = 0;
} // namespace
} // namespace hotpath::rt

// The fast path's state (abi.h). Initialised off: a thread's first call
// takes the hooks, which attach and arm it.
extern "C" {
__attribute__((
    visibility("default"))) __thread hotpath_fast_state __hotpath_fast
    __attribute__((tls_model("initial-exec"))) = {hotpath::rt::FastPathOff, 0,
                                                  0, nullptr};
// Not ASan-instrumented: a second runtime copy in the process (detected and
// reported, Session.cpp) defines it too, which ASan would abort on as an
// ODR violation before the warning.
__attribute__((visibility("default"),
               no_sanitize("address"))) uint32_t __hotpath_epoch = 0;
}
static_assert(offsetof(hotpath_fast_state, epoch) == 0 &&
                  offsetof(hotpath_fast_state, current) == 4 &&
                  offsetof(hotpath_fast_state, countdown) == 8 &&
                  offsetof(hotpath_fast_state, counts) == 16,
              "the pass's inline asm (pass/WrapperFastPath.cpp) uses "
              "these offsets");
static_assert(HOTPATH_COUNTDOWNS_OFFSET == 8 * hotpath::rt::MaxFunctions,
              "the countdowns follow the counts (ThreadState::Left)");

namespace hotpath::rt {

extern uint32_t GlobalEpoch __attribute__((alias("__hotpath_epoch")));

namespace {
/// The process's __hotpath_epoch, as the dynamic linker bound it (an
/// executable's own definition when it has one, abi.h). Its address comes
/// from the GOT; the volatile keeps the compiler from folding the
/// comparison with this definition's.
uint32_t *processEpoch() {
  uint32_t *volatile P = &__hotpath_epoch;
  return P;
}
} // namespace

void setSessionEpoch(uint32_t Epoch) {
  uint32_t *Process = processEpoch();
  if (Process != &GlobalEpoch)
    __atomic_store_n(Process, Epoch, __ATOMIC_RELEASE);
  __atomic_store_n(&GlobalEpoch, Epoch, __ATOMIC_RELEASE);
}

uint32_t CountOnlyMode = 0;
bool KeepCurrentCall = false;
SessionConfig CurrentConfig;

namespace {
uint32_t StoppedThreads = 0;
} // namespace

void stopMeasuringThisThread() {
  if (MeasuringStopped)
    return;
  MeasuringStopped = 1;
  ClockBySystemCall = true;           // the runtime's own clock reads (Clock.h)
  __hotpath_fast.epoch = FastPathOff; // the wrappers take the hooks
  if (ThreadState *T = CurrentThread) {
    T->Epoch = 0; // never a running session's: the hooks go slow, and stop
    // The lock interposers read the clock too: they find no table now, and
    // attach none (LockTracker.cpp). The table's counts so far are dropped.
    __atomic_store_n(&T->Locks, nullptr, __ATOMIC_RELAXED);
  }
  __atomic_fetch_add(&StoppedThreads, 1u, __ATOMIC_RELAXED);
}

uint32_t threadsWithMeasuringStopped() {
  return __atomic_load_n(&StoppedThreads, __ATOMIC_RELAXED);
}

bool tscDisabledOnThisThread() {
#if defined(__x86_64__) || defined(__i386__)
  int Mode = 0;
  return prctl(PR_GET_TSC, &Mode, 0, 0, 0) == 0 && Mode == PR_TSC_SIGSEGV;
#else
  return false;
#endif
}

namespace {
std::atomic<ThreadState *> Head{nullptr};
pthread_key_t ExitKey;
pthread_once_t KeyOnce = PTHREAD_ONCE_INIT;
// Who takes an exited thread's state (the drain: deliverExitedThread),
// registered from above (Session.cpp) so that thread state depends on
// nothing of the drain's. Null before the first session: nothing to take.
void (*ExitSink)(ThreadState *) = nullptr;
// Called on the thread that just got its state (AllocTracker: what it
// allocated before), registered from above like ExitSink.
void (*AttachHook)(ThreadState *) = nullptr;

// Set while this thread attaches, so that a signal handler's hook that
// interrupts the attach does nothing instead of attaching twice.
__thread uint32_t Attaching __attribute__((tls_model("initial-exec"))) = 0;

// The thread is exiting and its gate is disarmed: its own countdowns,
// which are in its TLS, go to the table, where the drain reads them once
// the thread is gone (Tp = 0), after any reader of the TLS has finished
// (OwnCountdownRead).
void foldOwnCountdowns(ThreadState *T) {
  if (!T->Tp)
    return;
  for (uint32_t I = 1, N = functionCount(); I <= N && I < MaxFunctions; ++I)
    if (OwnCountdownOffsets[I])
      T->Left[I] = *leftSlot(T, I);
  __atomic_store_n(&T->Tp, 0, __ATOMIC_RELAXED);
  std::atomic_thread_fence(std::memory_order_seq_cst);
  while (T->OwnReaders.load(std::memory_order_relaxed))
    sched_yield();
}

// A state taken by a thread (new, or recycled with what its last thread's
// exit folded): its own countdowns are this thread's from now on, and
// none of their calls is the gate's yet (gateCalls: Loaded less what is
// left), so that the drain reads no calls in them before the first sync.
// Around the sequence number: the drain may be reading the state.
void adoptOwnCountdowns(ThreadState *T, uintptr_t Tp) {
  signalSafeAdd(&T->CountSeq, 1);
  std::atomic_thread_fence(std::memory_order_release);
  for (uint32_t I = 1, N = functionCount(); Tp && I <= N && I < MaxFunctions;
       ++I)
    if (int64_t Off = OwnCountdownOffsets[I]) {
      uint64_t Left = uint64_t(*reinterpret_cast<int64_t *>(Tp + Off));
      if (T->Loaded[I] != Left)
        T->Loaded[I] = Left;
    }
  __atomic_store_n(&T->Tp, Tp, __ATOMIC_RELAXED);
  std::atomic_thread_fence(std::memory_order_release);
  signalSafeAdd(&T->CountSeq, 1);
}

// Runs when a thread that had a state exits: hand the state to the drain,
// which delivers its last events and recycles it.
void onThreadExit(void *P) {
  auto *T = static_cast<ThreadState *>(P);
  pthread_getname_np(pthread_self(), T->Name, sizeof T->Name);
  // Its CPU time and context switches, while it can still ask for them.
  timespec Cpu;
  rusage Usage;
  T->ExitUsage = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &Cpu) == 0 &&
                 getrusage(RUSAGE_THREAD, &Usage) == 0;
  if (T->ExitUsage) {
    T->ExitCpuNs = uint64_t(Cpu.tv_sec) * 1000000000u + uint64_t(Cpu.tv_nsec);
    T->ExitVoluntary = uint64_t(Usage.ru_nvcsw);
    T->ExitInvoluntary = uint64_t(Usage.ru_nivcsw);
  }
  // Frames still open end with the thread: pthread_exit or a cancellation
  // through C code, which has no cleanups to run the exit hooks. Each is
  // closed once, timed to now, as an abandoned frame after longjmp is. (C++
  // frames were closed by their cleanups during the forced unwind.)
  if (T->InHook == 0 && T->Epoch != 0 &&
      T->Epoch == __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED))
    while (T->Top != T->Stack)
      closeTop(T);
  if (CurrentThread == T)
    CurrentThread = nullptr;
  // Later destructors may still call wrappers: they must take the hooks
  // (which attach a new state), not count into this recycled table.
  __hotpath_fast.epoch = FastPathOff;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  PastExit = 1;
  foldOwnCountdowns(T);
  T->Status.store(ThreadExited, std::memory_order_release);
  // Deliver now rather than at the next sweep: the state is recycled at
  // once (no drain thread under Valgrind), and nothing waits for the drain.
  void (*Sink)(ThreadState *) = __atomic_load_n(&ExitSink, __ATOMIC_ACQUIRE);
  if (Sink && __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED))
    Sink(T);
}

void makeKey() { pthread_key_create(&ExitKey, onThreadExit); }

// What newState reserves, roughly: the address-space budget's unit.
constexpr size_t ThreadStateBytes =
    sizeof(ThreadState) + sizeof(Frame) * (MaxDepth + 1) +
    (16 + 8 + sizeof(FoldEntry)) * size_t(MaxFunctions);

ThreadState *newState() {
  if (!threadStateFits(ThreadStateBytes))
    return nullptr; // counted in the shared table, not measured
  void *Mem = mapPages(sizeof(ThreadState));
  if (!Mem)
    return nullptr;
  auto *T = new (Mem) ThreadState();
  // Reserved, not committed: pages become resident as deep as the program
  // goes and as many functions as the thread calls.
  // One spare frame before the sentinel: the exit hook may read Stack[-1].
  T->Stack = static_cast<Frame *>(reservePages(sizeof(Frame) * (MaxDepth + 1)));
  if (T->Stack) {
    ++T->Stack;
    T->Top = T->Stack;
    T->Limit = T->Stack + MaxDepth - 1;
  }
  // Counts, then the countdowns (ThreadState::Left): one reservation.
  T->Counts = static_cast<uint64_t *>(reservePages(16 * MaxFunctions));
  T->Left = T->Counts ? reinterpret_cast<int64_t *>(T->Counts + MaxFunctions)
                      : nullptr;
  T->Loaded = static_cast<uint64_t *>(reservePages(8 * MaxFunctions));
  T->Fold =
      static_cast<FoldEntry *>(reservePages(sizeof(FoldEntry) * MaxFunctions));
  if (!T->Stack || !T->Counts || !T->Loaded || !T->Fold || !T->Q.init() ||
      !T->Tree.init(MaxPaths))
    return nullptr; // out of address space: this thread is not measured
  T->Paths = T->Tree.Hot;
  T->Stack[0].Id = NoCaller;
  T->Stack[0].Node = 0;
  T->Status.store(ThreadLive, std::memory_order_relaxed);
  // Push on the list (lock-free: a signal handler may attach too).
  ThreadState *Old = Head.load(std::memory_order_relaxed);
  do
    T->Next.store(Old, std::memory_order_relaxed);
  while (!Head.compare_exchange_weak(Old, T, std::memory_order_release,
                                     std::memory_order_relaxed));
  return T;
}

ThreadState *claimFree() {
  for (ThreadState *T = Head.load(std::memory_order_acquire); T;
       T = T->Next.load(std::memory_order_relaxed)) {
    uint32_t Expected = ThreadFree;
    if (T->Status.load(std::memory_order_relaxed) == ThreadFree &&
        T->Status.compare_exchange_strong(Expected, ThreadLive,
                                          std::memory_order_acquire))
      return T;
  }
  return nullptr;
}
} // namespace

ThreadState *attachThread() {
  if (Attaching)
    return nullptr;
  Attaching = 1;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  // A signal handler's measured call attached this thread after the
  // caller found no state (it interrupted the caller in between, in a
  // system call, say): that state is the thread's. A second one would
  // read the same own countdowns and count their calls twice.
  if (ThreadState *Had = CurrentThread) {
    Attaching = 0;
    return Had;
  }
  RuntimeScope InRt; // pthread_setspecific may allocate
  pthread_once(&KeyOnce, makeKey);
  ThreadState *T = claimFree();
  if (!T)
    T = newState();
  if (T) {
    T->Tid = uint64_t(syscall(SYS_gettid));
    T->Self = pthread_self();
    T->Name[0] = 0;
    T->ExitUsage = 0;
    T->Epoch = 0;
    T->Top = T->Stack;
    T->Overflow = 0;
    T->InHook = 0;
    adoptOwnCountdowns(T, PastExit ? 0 : threadPointer());
    pthread_setspecific(ExitKey, T);
    CurrentThread = T;
    if (void (*Hook)(ThreadState *) =
            __atomic_load_n(&AttachHook, __ATOMIC_ACQUIRE))
      Hook(T);
  }
  Attaching = 0;
  return T;
}

void syncThread(ThreadState *T) {
  // Acquire: the session's settings were written before its epoch.
  uint32_t Epoch = __atomic_load_n(&GlobalEpoch, __ATOMIC_ACQUIRE);
  // A signal handler's measured calls until the state is the session's
  // are counted only (enterSlow), and its gates take the hooks: nothing
  // but this function writes the state it is resetting.
  T->Syncing = 1;
  hotpath_fast_state &Fast = __hotpath_fast;
  Fast.epoch = FastPathOff;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  // Frames left open by the previous session: clear them, so that a slot
  // reserved but not yet filled never shows a stale address (see HotPath.h).
  for (Frame *F = T->Stack + 1; F <= T->Top + 1 && F < T->Limit; ++F) {
    F->SpInv = 0;
    F->Flags = 0;
  }
  T->Top = T->Stack;
  T->Overflow = 0;
  T->InHook = 0;
  T->Period = CurrentConfig.Period;
  T->Exclusive = CurrentConfig.Exclusive;
  T->Adaptive = CurrentConfig.Adaptive;
  // A new session's paths start from the root (the drain took the last
  // session's at its end). A larger HOTPATH_MAX_PATHS than this tree was
  // made for takes a new one.
  if (T->Tree.Cap < MaxPaths)
    T->Tree.init(MaxPaths); // on failure the tree it has, and its bound
  T->Tree.reset();
  T->Paths = T->Tree.Hot;
  // This session's trace buffer (Trace.h): the last session's, read at
  // its end, is this thread's alone again.
  freeTraceBuffer(T->Trace);
  T->Trace = CurrentTrace.Cap
                 ? newTraceBuffer(CurrentTrace.MinNs ? nsPerTick() : 1.0)
                 : nullptr;
  // This thread's fast path: each function's first call goes through the
  // hooks (countdown 0), which set the next countdown. Only what is
  // non-zero is written: zeros would commit pages.
  for (uint32_t I = 1, N = functionCount(); I <= N && I < MaxFunctions; ++I) {
    if (int64_t *Left = leftSlot(T, I); *Left)
      *Left = 0;
    if (T->Loaded[I])
      T->Loaded[I] = 0;
  }
  if (T->Left[CalibrationId])
    T->Left[CalibrationId] = 0;
  if (T->Loaded[CalibrationId])
    T->Loaded[CalibrationId] = 0;
  Fast.countdown = 0; // unused since ABI 3: the countdowns are per function
  Fast.counts = T->Counts;
  T->ArmEpoch = CurrentConfig.FastPath && !PastExit ? Epoch : FastPathOff;
  // Current, then armed: a handler's call that the armed gate let by and
  // whose countdown ended finds the state current in the hooks.
  T->Epoch = Epoch;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  Fast.epoch = T->ArmEpoch;
  std::atomic_signal_fence(std::memory_order_seq_cst);
  T->Syncing = 0;
}

namespace {
std::atomic<uint64_t *> Orphans{nullptr};
} // namespace

void countOrphan(uint32_t Id) {
  uint64_t *O = Orphans.load(std::memory_order_acquire);
  if (!O) {
    auto *New = static_cast<uint64_t *>(reservePages(8 * MaxFunctions));
    if (!New)
      return;
    if (!Orphans.compare_exchange_strong(O, New))
      unreservePages(New, 8 * MaxFunctions); // another thread won: O is set
    else
      O = New;
  }
  if (Id && Id < MaxFunctions)
    __atomic_fetch_add(&O[Id], 1, __ATOMIC_RELAXED);
}

uint64_t takeOrphans(uint32_t Id) {
  uint64_t *O = Orphans.load(std::memory_order_acquire);
  if (!O || Id >= MaxFunctions || !__atomic_load_n(&O[Id], __ATOMIC_RELAXED))
    return 0;
  return __atomic_exchange_n(&O[Id], 0, __ATOMIC_RELAXED);
}

ThreadState *threadList() { return Head.load(std::memory_order_acquire); }

void setThreadAttachHook(void (*Hook)(ThreadState *T)) {
  __atomic_store_n(&AttachHook, Hook, __ATOMIC_RELEASE);
}

void setThreadExitSink(void (*Sink)(ThreadState *T)) {
  __atomic_store_n(&ExitSink, Sink, __ATOMIC_RELEASE);
}

void clearTables(ThreadState *T, uint32_t NumIds) {
  OwnCountdownRead Reading(T);
  // Only write what is non-zero: writing zeros would commit pages.
  for (uint32_t I = 1; I <= NumIds && I < MaxFunctions; ++I) {
    if (T->Counts[I])
      T->Counts[I] = 0;
    forgetGateCalls(T, I);
    if (T->Fold[I].Timed)
      T->Fold[I] = FoldEntry{};
  }
}

void resetThreadsInChild() {
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed)) {
    // A reader the fork interrupted (the parent's drain) is not here.
    T->OwnReaders.store(0, std::memory_order_relaxed);
    if (T->Status.load() == ThreadFree)
      continue;
    if (T != CurrentThread) // its thread (and TLS) was not copied
      T->Tp = 0;
    T->Q.discardAll();
    clearTables(T, functionCount());
    // This thread's open frames name their nodes: its tree stays, with
    // counts from zero.
    T->Tree.forgetCounts();
    if (T != CurrentThread)
      T->Tree.reset();
    T->DrainCalls = 0;
    if (T != CurrentThread)
      T->Status.store(ThreadFree); // its thread was not copied
  }
}

} // namespace hotpath::rt

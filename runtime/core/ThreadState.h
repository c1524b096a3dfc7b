//===- ThreadState.h - What one thread owns: stack, queue -------*- C++ -*-===//
//
// One ThreadState per thread that ever ran a measured call, mmap'd (never
// malloc'd) and never unmapped: a detached thread still running after main
// returns can keep touching it safely. States live on a lock-free list; an
// exited thread's state is drained, then recycled for the next new thread.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_THREADSTATE_H
#define HOTPATH_RUNTIME_THREADSTATE_H

#include "core/EventQueue.h"
#include "core/PathTree.h"
#include "core/Registry.h"
#include "hotpath/abi.h"

#include <atomic>
#include <cstdint>
#include <pthread.h>

namespace hotpath::rt {

/// One open measured call on the shadow stack. SpInv is the bitwise NOT of
/// the enter hook's frame address, so that a zeroed slot (never written,
/// or cleared at exit) never looks like an abandoned deeper frame.
struct Frame {
  uint64_t Start; // ticks at entry; 0 = this call is not timed
  uint64_t SpInv; // ~stack address of the call
  uint64_t Child; // ticks spent in measured children (exclusive time)
  uint32_t Id;    // function id; NoCaller in the sentinel Stack[0]
  // Non-zero when this call allocated: its AllocState::Stack slot is valid
  // (AllocTracker.h). Cleared at entry.
  uint32_t AllocMark;
  uint32_t Node; // the call's path node (PathTree.h); 0, the root, in Stack[0]
  // hotpath_fast_state::current when the call began, put back when its
  // frame closes (closing abandoned frames too: the innermost call that
  // was running when the first of them began).
  uint32_t SavedCurrent;
  // FrameAdaptive (Adaptive.h): the default mode timed this call;
  // FrameTimed: below. Zero in every slot above the top frame (closeTop
  // clears it).
  uint32_t Flags;
  // A timed call of a session that arms the fast path: __hotpath_fast.epoch
  // when it began, put back when it ends.
  uint32_t SavedEpoch;
};
constexpr uint32_t NoCaller = ~0u;
// Frame::Flags bit: a call timed through the countdown hooks because its
// thread times every call (Period 1: the call cost's calibration,
// session/CallCost.cpp, runs the session's own hooks so).
constexpr uint32_t FrameTimed = 1;

/// Events folded by the producer when its queue is full (or a signal
/// handler interrupted a push): exact counts and sums. MinInv stores ~min
/// so that an untouched (zero) entry means "none".
struct FoldEntry {
  uint64_t Timed, SumTicks, MaxTicks, MinInv;
};

constexpr uint32_t MaxDepth = 1u << 18; // shadow stack frames per thread

enum ThreadStatus : uint32_t {
  ThreadFree = 0,
  ThreadLive = 1,
  ThreadExited = 2
};

struct ThreadState {
  // Hot, written only by the owning thread: kept together at the front.
  uint32_t Epoch;    // session this state is synced to
  uint32_t Overflow; // calls deeper than MaxDepth, open
  Frame *Top;        // the top open frame; Stack when none is open
  Frame *Limit;      // Stack + MaxDepth - 1: no frame at or past it
  Frame *Stack;      // Stack[0] is a sentinel
  uint64_t Period;   // 1: every call timed; ~0: timed by no rate
  uint64_t *Counts;  // calls the hooks counted, not timed, by id (the
                     // gate's calls are in its countdowns: gateCalls)
  // Calls until each function's next call through the hooks on this
  // thread, by id (Counts + MaxFunctions: the fast path reaches both from
  // one pointer, abi.h). 0 at session begin: every function's first call
  // goes through them (the default mode's first probe, Adaptive.h).
  int64_t *Left;
  // The thread's pointer while it runs, 0 once it has exited: the
  // functions with a countdown of their own (Registry.h) have it at
  // Tp + OwnCountdownOffsets[id], in the thread's static TLS (leftSlot).
  uintptr_t Tp;
  // The calls the gate counted are what was loaded into each countdown
  // less what is left of it (gateCalls): by id, every value the runtime
  // set a countdown to, less the decrements of the calls the hooks count.
  uint64_t *Loaded;
  uint64_t CountSeq;  // odd while the owner changes a countdown and Loaded
  uint32_t Syncing;   // 1 while syncThread resets this state
  uint32_t ArmEpoch;  // __hotpath_fast.epoch when armed: the session's, or
                      // FastPathOff in a session that never arms
  FoldEntry *Fold;    // timed calls folded instead of queued, by id
  uint32_t Exclusive; // HOTPATH_TIME_EXCLUSIVE
  uint32_t Adaptive;  // the default mode: the long functions are timed
                      // (Adaptive.h); Period is then ~0
  // Hooks of this thread in progress: 1 in a hook, more in a signal
  // handler's hook that interrupted one. A nested hook never closes a frame
  // but its own: the interrupted one may hold the top frame in a register.
  uint32_t InHook;
  struct AllocState *Alloc;  // allocation tracking (AllocTracker.h), lazily
  struct LockState *Locks;   // lock tracking (LockTracker.h), lazily
  PathHot *Paths;            // Tree.Hot, beside the other hot fields
  struct TraceBuffer *Trace; // HOTPATH_TRACE (Trace.h); null when off
  EventQueue Q;

  // Cold.
  uint64_t Tid;
  pthread_t Self;
  char Name[16];
  uint64_t DrainCalls; // drain side: calls delivered this session
  // At exit, by the owner (its CPU time and context switches; the threads
  // table): the drain reads a live thread's from /proc instead.
  uint64_t ExitCpuNs, ExitVoluntary, ExitInvoluntary;
  uint32_t ExitUsage; // 1 when the three above are set
  PathTree Tree;      // this thread's call paths (PathTree.h)
  // Written by the owner at exit, by the drain when recycling and by a new
  // thread claiming it: its own line.
  alignas(64) std::atomic<uint32_t> Status;
  // Threads reading this thread's own countdowns (OwnCountdownRead): the
  // owner waits for none at exit before its TLS can be freed.
  std::atomic<uint32_t> OwnReaders;
  std::atomic<ThreadState *> Next; // list link, set once
};

/// Open frames on T's shadow stack.
inline uint32_t depthOf(const ThreadState *T) {
  return uint32_t(__atomic_load_n(&T->Top, __ATOMIC_RELAXED) - T->Stack);
}

/// This thread's state, or nullptr before its first measured call.
/// Initial-exec TLS: one %fs-relative load, no __tls_get_addr call.
extern __thread ThreadState *CurrentThread
    __attribute__((tls_model("initial-exec")));

/// The running session's number; 0 outside a session. Hooks compare it with
/// their state's Epoch (a relaxed load: at worst a call at the boundary is
/// counted or not). A hidden alias of __hotpath_epoch (abi.h), which the
/// wrappers' fast path compares with __hotpath_fast.epoch.
extern uint32_t GlobalEpoch __attribute__((visibility("hidden")));
/// Sets the session's number: the process's __hotpath_epoch first (an
/// executable's own definition, abi.h, which its wrappers' gates read),
/// then GlobalEpoch.
void setSessionEpoch(uint32_t Epoch);
/// __hotpath_fast.epoch of a thread whose fast path is not armed: never a
/// session's number.
constexpr uint32_t FastPathOff = HOTPATH_FAST_PATH_OFF;
/// Non-zero while the session counts calls without timing them (sampling
/// rate 0, or Valgrind): the hooks then keep no shadow stack at all. Set
/// before GlobalEpoch at session begin.
extern uint32_t CountOnlyMode __attribute__((visibility("hidden")));
/// Whether the hooks keep hotpath_fast_state::current (abi.h): set at
/// session begin, before GlobalEpoch, when allocations are charged to the
/// current call; never with every call timed, where the fast path is off.
extern bool KeepCurrentCall __attribute__((visibility("hidden")));
/// Settings copied into each state when it syncs to a new session.
struct SessionConfig {
  uint64_t Period = 1; // 1: every call timed; ~0: timed by no rate
  bool Exclusive = false;
  // The default mode (Adaptive.h): Period ~0, and the functions whose
  // calls prove long are timed.
  bool Adaptive = false;
  // Wrappers may count calls inline (abi.h): no call of this session needs
  // a shadow-stack frame.
  bool FastPath = false;
};

extern SessionConfig CurrentConfig __attribute__((visibility("hidden")));

/// Non-zero once measuring has stopped for good on this thread: it cannot
/// read the time-stamp counter (prctl(PR_SET_TSC), seccomp strict mode,
/// where any system call but four also kills it). Its hooks then return at
/// once from their slow path: no clock, no system call, no mapping.
extern __thread uint32_t MeasuringStopped
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
/// Stops measuring on the calling thread (above); its calls so far stay
/// counted, its open frames are left open. How many threads stopped so.
void stopMeasuringThisThread();
uint32_t threadsWithMeasuringStopped();
/// Whether reading the time-stamp counter would kill this thread
/// (PR_GET_TSC says PR_TSC_SIGSEGV; x86 only). A system call: cold paths.
bool tscDisabledOnThisThread();

/// Gives the calling thread a state (claims a free one or maps a new one),
/// or nullptr (out of memory, or re-entered from a signal handler).
ThreadState *attachThread();
/// Resets a state's stack and sampling for the current session.
void syncThread(ThreadState *T);
/// First state of the list (then follow Next).
ThreadState *threadList();
/// Registers who takes a state when its thread exits during a session (the
/// drain's deliverExitedThread): called with the state marked
/// ThreadExited, from the exiting thread.
void setThreadExitSink(void (*Sink)(ThreadState *T));
/// Registers what runs on a thread right after it got its state (the
/// allocation tracker takes what the thread counted before it).
void setThreadAttachHook(void (*Hook)(ThreadState *T));
/// Zeroes the per-function tables of `T` for ids 1..NumIds.
void clearTables(ThreadState *T, uint32_t NumIds);
/// In a fork's child, for the session that restarts there: empties each
/// state's queue and tables; the states of threads the fork did not copy
/// become free.
void resetThreadsInChild();

/// Calls made where no state could be attached (a signal handler that
/// interrupted its thread's first call): counted in a shared table.
void countOrphan(uint32_t Id);
/// Takes (and zeroes) the orphan count of `Id`.
uint64_t takeOrphans(uint32_t Id);

/// In-hook counter: single instructions, so a handler cannot tear them.
inline __attribute__((always_inline)) void hookIn(ThreadState *T) {
#if defined(__x86_64__)
  asm volatile("incl %0" : "+m"(T->InHook)::"memory");
#else
  ++T->InHook;
  std::atomic_signal_fence(std::memory_order_seq_cst);
#endif
}
inline __attribute__((always_inline)) void hookOut(ThreadState *T) {
#if defined(__x86_64__)
  asm volatile("decl %0" : "+m"(T->InHook)::"memory");
#else
  std::atomic_signal_fence(std::memory_order_seq_cst);
  --T->InHook;
#endif
}

/// Store-add that a signal handler cannot tear: a single instruction on
/// x86-64 (not locked: only this thread writes).
inline __attribute__((always_inline)) void signalSafeAdd(uint64_t *P,
                                                         uint64_t V) {
#if defined(__x86_64__)
  asm volatile("addq %1, %0" : "+m"(*P) : "r"(V));
#else
  __atomic_store_n(P, __atomic_load_n(P, __ATOMIC_RELAXED) + V,
                   __ATOMIC_RELAXED);
#endif
}

/// Where T's countdown of Id is: the function's own thread-local variable
/// while T's thread runs (Registry.h), else its slot in T's table. Another
/// thread reads it only inside an OwnCountdownRead.
inline int64_t *leftSlot(const ThreadState *T, uint32_t Id) {
  int64_t Off = OwnCountdownOffsets[Id];
  uintptr_t Tp = __atomic_load_n(&T->Tp, __ATOMIC_RELAXED);
  return Off && Tp ? reinterpret_cast<int64_t *>(Tp + uintptr_t(Off))
                   : &T->Left[Id];
}

/// Another thread (the drain) reading T's countdowns: while one is in
/// scope, T's thread does not free its TLS (foldOwnCountdowns). Each side
/// writes its flag, then a full fence, then reads the other's: either the
/// owner sees the reader and waits, or the reader sees Tp = 0 and reads
/// the table.
class OwnCountdownRead {
public:
  explicit OwnCountdownRead(ThreadState *T) : T(T) {
    T->OwnReaders.fetch_add(1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }
  ~OwnCountdownRead() { T->OwnReaders.fetch_sub(1, std::memory_order_release); }
  OwnCountdownRead(const OwnCountdownRead &) = delete;
  OwnCountdownRead &operator=(const OwnCountdownRead &) = delete;

private:
  ThreadState *T;
};

/// The calls the wrappers' gate counted on T for Id (abi.h: the gate
/// counts a call by decrementing its countdown). Read by the owner, or by
/// the drain around the owner's reloads (CountSeq); a live snapshot may
/// be off by the calls in flight, as it is for the hooks' counts.
inline uint64_t gateCalls(const ThreadState *T, uint32_t Id) {
  uint64_t N = 0;
  for (int Try = 0; Try < 64; ++Try) {
    uint64_t S = __atomic_load_n(&T->CountSeq, __ATOMIC_ACQUIRE);
    uint64_t L = __atomic_load_n(&T->Loaded[Id], __ATOMIC_RELAXED);
    int64_t Left = __atomic_load_n(leftSlot(T, Id), __ATOMIC_RELAXED);
    std::atomic_thread_fence(std::memory_order_acquire);
    N = L - uint64_t(Left);
    if (int64_t(N) < 0)
      N = 0; // mid-update: garbage, not a count
    if (!(S & 1) && S == __atomic_load_n(&T->CountSeq, __ATOMIC_RELAXED))
      break;
  }
  return N;
}

/// The owner sets Id's countdown to V; the gate's calls stay counted. The
/// exchange keeps a decrement by a signal handler's gate in one of the two.
inline void setCountdown(ThreadState *T, uint32_t Id, int64_t V) {
  signalSafeAdd(&T->CountSeq, 1);
  std::atomic_thread_fence(std::memory_order_release);
  int64_t Old = __atomic_exchange_n(leftSlot(T, Id), V, __ATOMIC_RELAXED);
  signalSafeAdd(&T->Loaded[Id], uint64_t(V) - uint64_t(Old));
  std::atomic_thread_fence(std::memory_order_release);
  signalSafeAdd(&T->CountSeq, 1);
}

/// The owner: a call whose decrement of Id's countdown (the gate's or the
/// hooks') the hooks count themselves is not one of the gate's.
inline void uncountDecrement(ThreadState *T, uint32_t Id) {
  signalSafeAdd(&T->Loaded[Id], ~uint64_t(0));
}

/// The gate's calls of Id on T taken: zero from here on. (Written only
/// when they differ: writing would commit a page.)
inline void forgetGateCalls(ThreadState *T, uint32_t Id) {
  uint64_t Left = uint64_t(__atomic_load_n(leftSlot(T, Id), __ATOMIC_RELAXED));
  if (__atomic_load_n(&T->Loaded[Id], __ATOMIC_RELAXED) != Left)
    __atomic_store_n(&T->Loaded[Id], Left, __ATOMIC_RELAXED);
}

/// Folds one timed call into the thread's table (queue full or nested).
inline __attribute__((always_inline)) void
foldEvent(ThreadState *T, uint32_t Id, uint64_t Ticks) {
  FoldEntry &E = T->Fold[Id];
  signalSafeAdd(&E.Timed, 1);
  signalSafeAdd(&E.SumTicks, Ticks);
  // Min and max may miss one extreme if a handler folds the same function
  // between this load and store; counts and sums stay exact.
  if (Ticks > E.MaxTicks)
    E.MaxTicks = Ticks;
  if (~Ticks > E.MinInv)
    E.MinInv = ~Ticks;
}

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_THREADSTATE_H

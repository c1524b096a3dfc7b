//===- AllocTracker.h - Allocations of measured calls -----------*- C++ -*-===//
//
// The interposed allocation functions (AllocHooks.cpp) test AllocMode and
// InRuntime, then call countAlloc / countFree (countPending* on a thread
// without a state yet); everything here runs on the allocating thread,
// takes no lock, does no atomic RMW and allocates nothing in steady state.
//
// By the top frame (AllocMode 1, exclusive, and 2, cumulative: every call
// has a frame). Each open frame has a parallel AllocCounters slot
// (AllocState::Stack, same index as the frame), valid only while the
// frame's AllocMark is set (the enter hook clears it, so no slot needs
// zeroing per call). An allocation adds to the top frame's slot; when a
// marked frame closes (closeTop -> allocFrameClosed) its slot goes into
// the function's per-thread entry (AllocState::Table) and the thread's
// totals, and when cumulative into its parent's slot too (inclusive,
// counted again at every level, the rule of timing totals).
//
// By the current call (AllocMode 3: exclusive with the fast path armed,
// untimed calls have no frame). An allocation is charged to the thread's
// current measured call, hotpath_fast_state::current (abi.h), which the
// wrappers' fast path and, in such sessions, the hooks keep: to its
// function's entry and the thread's totals, at once. When that call has
// the top frame (HOTPATH_CURRENT_FRAMED), the bytes also go to the frame's
// slot, for the call's path and, when it is timed, the bytes-per-call
// histogram, which is then of the timed calls, as the time percentiles
// are. A current call left stale by a longjmp heals at the next return of
// a measured call below the jump's target (the wrappers restore what they
// saved); a framed one at once, since the top frame is checked.
//
// Either way, calls whose frame counted bytes push (id, bytes) on the
// thread's event queue, for the bytes-per-call histogram.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_ALLOCTRACKER_H
#define HOTPATH_RUNTIME_ALLOCTRACKER_H

#include "core/EventQueue.h"
#include "core/Registry.h"     // MaxFunctions
#include "core/RuntimeScope.h" // InRuntime: the runtime's own allocations
#include "core/SessionMode.h"  // AllocAttribution
#include "core/ThreadState.h"
#include "hotpath/abi.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::rt {

struct ThreadInfo;
struct FunctionAlloc;
struct Options;

/// Bytes as the program asked for them; Usable and Freed at the blocks'
/// usable size (malloc_usable_size), so that the two balance: a thread that
/// frees all it allocated has Usable == Freed.
struct AllocCounters {
  uint64_t Bytes, Allocs, Freed, Frees, Usable;
};

/// Per function and thread: counters, and how many calls allocated at all
/// (the others count as 0 bytes in the bytes-per-call histogram).
struct AllocFnEntry {
  AllocCounters C;
  uint64_t CallsWithBytes;
};

/// One per ThreadState, mapped on its first tracked allocation and kept
/// with the state when it is recycled.
struct AllocState {
  // The thread's allocations: those outside any measured function directly,
  // those inside one when its frame closes (keeps the hot path short).
  AllocCounters Totals;
  AllocCounters *Stack;     // the frame's own allocations, same index as
                            // ThreadState::Stack; valid with AllocMarkOwn
  AllocCounters *Inherited; // cumulative: measured callees' (AllocMarkInh)
  AllocFnEntry *Table;      // by function id
};

/// Frame::AllocMark bits.
constexpr uint32_t AllocMarkOwn = 1, AllocMarkInh = 2;

/// Caller field of the (id, bytes) events that calls which allocated push
/// on their thread's event queue (the bytes-per-call histogram): the queue
/// and its memory bound are shared with the timing events.
constexpr uint32_t AllocEventCaller = ~1u;

/// The session's AllocAttribution (SessionMode.h), Off while paused; set
/// at session begin.
extern uint32_t AllocMode __attribute__((visibility("hidden")));

HP_COLD_CC AllocState *attachAllocState(ThreadState *T);

/// A thread's allocations and frees in the session before it has a state
/// (before its first measured call: main's own mallocs, say). They join
/// its totals when it gets its state (the attach hook, takePending), so
/// that a block allocated there and freed after balances. Epoch: the
/// session they belong to (GlobalEpoch then); another session's are
/// dropped.
struct PendingAllocs {
  AllocCounters C;
  uint32_t Epoch;
};
extern __thread PendingAllocs Pending
    __attribute__((tls_model("initial-exec"), visibility("hidden")));
/// The cold halves: count into Pending (tracking on, no state, not the
/// runtime's own); move Pending into T's totals (the thread attach hook,
/// on T's own thread).
HP_COLD_CC void countPendingAlloc(uint64_t N, void *P);
HP_COLD_CC void countPendingFree(uint64_t U);
void takePending(ThreadState *T);

/// Called by closeTop for a frame whose AllocMark is set (cold). The
/// hooks call it with every register kept (HP_COLD_CC): its definition
/// must see this declaration.
HP_COLD_CC void allocFrameClosed(ThreadState *T, Frame *F);

/// The top frame's slot (marked), or the thread's totals outside any
/// measured function.
inline __attribute__((always_inline)) AllocCounters *topSlot(ThreadState *T,
                                                             AllocState *A) {
  Frame *F = T->Top;
  if (F == T->Stack)
    return &A->Totals;
  AllocCounters *S = &A->Stack[F - T->Stack];
  if (!(F->AllocMark & AllocMarkOwn)) {
    *S = AllocCounters{};
    F->AllocMark |= AllocMarkOwn;
  }
  return S;
}

inline __attribute__((always_inline)) AllocState *allocStateOf(ThreadState *T) {
  AllocState *A = T->Alloc;
  if (__builtin_expect(!A, 0))
    A = attachAllocState(T);
  return A;
}

inline __attribute__((always_inline)) uint64_t usableSize(void *P);

/// Applies `Add` to every AllocCounters the allocation or free is charged
/// to (see the top of this file).
template <typename AddFn>
inline __attribute__((always_inline)) void charge(ThreadState *T, AllocState *A,
                                                  AddFn Add) {
  if (__atomic_load_n(&AllocMode, __ATOMIC_RELAXED) !=
      uint32_t(AllocAttribution::ByCurrentCall)) {
    Add(*topSlot(T, A)); // the top frame's, charged at its close
    return;
  }
  Add(A->Totals);
  uint32_t Cur = __hotpath_fast.current;
  bool Framed = Cur & HOTPATH_CURRENT_FRAMED;
  // A framed call is the top frame's: its id is read there, which is right
  // even where a longjmp over the call left the slot stale.
  uint32_t Id = !Framed ? Cur : T->Top == T->Stack ? 0 : T->Top->Id;
  if (!Id || Id >= MaxFunctions)
    return;
  Add(A->Table[Id].C);
  if (Framed)
    Add(*topSlot(T, A));
}

/// One allocation of `N` requested bytes that succeeded, at `P`, on T.
inline __attribute__((always_inline)) void countAlloc(ThreadState *T,
                                                      uint64_t N, void *P) {
  AllocState *A = allocStateOf(T);
  if (!A)
    return;
  uint64_t U = usableSize(P);
  charge(T, A, [=](AllocCounters &S) {
    S.Bytes += N;
    S.Usable += U;
    ++S.Allocs;
  });
}

/// One block freed whose usable size was `U`, on T.
inline __attribute__((always_inline)) void countFree(ThreadState *T,
                                                     uint64_t U) {
  AllocState *A = allocStateOf(T);
  if (!A)
    return;
  charge(T, A, [=](AllocCounters &S) {
    S.Freed += U;
    ++S.Frees;
  });
}

/// malloc_usable_size of a live glibc block, read from its chunk header
/// (what glibc's own function computes on x86-64, without the call): the
/// chunk size minus the size field, minus the header of mmapped chunks.
inline __attribute__((always_inline)) uint64_t usableSize(void *P) {
  uint64_t Size = static_cast<uint64_t *>(P)[-1];
  return (Size & ~uint64_t(7)) - ((Size & 2) ? 16 : 8);
}

// ---- session and drain side (under the drain lock unless noted) --------

/// At session begin (not under the drain lock): decides whether
/// allocations are tracked, from the options, Valgrind and who owns malloc
/// (allocTracked()); appends at most one warning. Counts nothing until
/// allocApplyMode.
void allocSessionBegin(const Options &O, bool UnderValgrind,
                       std::vector<std::string> &Warnings);
/// At session end, before the final drain: stop counting.
void allocSessionEnd();
/// While a session is paused (between benchmark loops): nothing is counted,
/// a free of a block allocated before the pause included.
void allocPause();
void allocResume();
/// Whether this session tracks allocations.
bool allocTracked();
/// At session begin, once the session's mode is derived (SessionMode.h,
/// from allocTracked()): how allocations are attributed.
void allocApplyMode(AllocAttribution A);
/// Whether exclusive attribution is by the current call: the bytes-per-call
/// histogram is then of the timed calls.
bool allocByCurrentCall();
/// The drain met an event with Caller == AllocEventCaller.
void recordAllocEvent(uint32_t Id, uint64_t Bytes);
/// Takes T's per-function table (zeroed): exited and final sweeps.
void sweepAllocs(ThreadState *T);
/// Adds T's totals to `I` and zeroes them (thread row); with Take false
/// (a snapshot) they stay T's.
void takeThreadAllocs(ThreadState *T, ThreadInfo &I, bool Take = true);
/// A snapshot's copy of the per-function aggregate, with what the live
/// threads' tables hold so far added (the tables stay theirs). Under the
/// drain lock.
std::vector<FunctionAlloc> peekAllocAggregate();
/// Drops everything T holds (after fork: the parent's allocations).
void discardAllocs(ThreadState *T);
/// In a fork's child: discardAllocs for every state in use.
void discardAllAllocs();
/// The per-function aggregate for the snapshot, indexed by id; `Calls`
/// gives each function's call count, `Timed` its timed calls (with
/// exclusive attribution the bytes-per-call histogram is of these: the
/// ones not in it are its zeros).
std::vector<FunctionAlloc>
takeAllocAggregate(const std::vector<uint64_t> &Calls,
                   const std::vector<uint64_t> &Timed);
/// The same from a copy (peekAllocAggregate).
std::vector<FunctionAlloc>
finishAllocAggregate(std::vector<FunctionAlloc> Agg,
                     const std::vector<uint64_t> &Calls,
                     const std::vector<uint64_t> &Timed);
void resetAllocAggregate();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_ALLOCTRACKER_H

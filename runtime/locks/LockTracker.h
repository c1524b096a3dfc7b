//===- LockTracker.h - Lock waits and holds of measured calls ---*- C++ -*-===//
//
// The interposed pthread lock functions (LockHooks.cpp) test LockMode and
// InRuntime, then call these on the locking thread: no lock, no atomic RMW,
// no allocation, no system call in steady state.
//
// Per thread (LockState, mapped on the thread's first tracked lock and kept
// with its ThreadState when that is recycled) a small open-addressing
// table of the locks it took, by address: acquisitions, contended ones
// (the lock was held by another thread when asked for), their wait, and
// the hold time of one acquisition in HoldPeriod (two clock reads a hold
// would cost more than the lock itself; the total is extrapolated, the
// maximum is of those timed; HOTPATH_LOCK_HOLD_PERIOD=1 times every hold). A
// contended acquisition reads the clock around the real call, charges the wait
// to the thread's current measured call (its function, and its call path where
// it has a frame) and pushes (lock, function, ticks) on the thread's event
// queue, for the wait percentiles and the functions that waited most.
// Uncontended, an acquisition costs a load of the lock word, a table probe and
// two adds.
//
// The drain takes the tables at thread exit and at the session's end into
// one aggregate by lock address (under the drain lock).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_RUNTIME_LOCKS_LOCKTRACKER_H
#define HOTPATH_RUNTIME_LOCKS_LOCKTRACKER_H

#include "base/Snapshot.h"
#include "core/ThreadState.h"

#include <cstdint>
#include <string>
#include <vector>

namespace hotpath::rt {

struct Options;

/// One lock a thread took this session. Addr 0: a free slot.
struct LockEntry {
  uint64_t Addr;
  uint32_t Kind;
  uint32_t FirstFn;    // the current measured call at the first acquisition
  uint64_t FirstSite;  // the return address of that first lock call
  uint64_t FirstTicks; // when: the earliest thread's names the lock
  uint64_t Acquisitions, Contended, WaitTicks, WaitMaxTicks;
  uint64_t HoldsTimed, HoldTicks, HoldMaxTicks;
};

/// A hold being timed: ended by the unlock of the same address.
struct OpenHold {
  uint64_t Addr, Start;
  uint32_t Entry;
};

constexpr uint32_t LockTableSize = 512; // a power of two
constexpr uint32_t MaxOpenHolds = 8;
/// One acquisition in HoldPeriod has its hold timed
/// (HOTPATH_LOCK_HOLD_PERIOD), set at session begin.
extern int32_t HoldPeriod __attribute__((visibility("hidden")));

struct LockState {
  uint32_t OpenHolds; // Holds[0, OpenHolds) are open
  int32_t HoldCountdown;
  uint64_t Tid;
  uint64_t Unlisted; // acquisitions of locks beyond the table's room
  OpenHold Holds[MaxOpenHolds];
  uint64_t *WaitByFn; // wait ticks by function id (reserved pages)
  LockEntry Table[LockTableSize];
};

/// Caller word of a contended acquisition's event: Id is (entry + 1) |
/// function << LockEventFnShift, Ticks the wait. Never a path node
/// (PathNodeMask) nor AllocEventCaller.
constexpr uint32_t LockEventCaller = ~5u;
constexpr uint32_t LockEventFnShift = 10;

/// 1 while a session tracks locks (HOTPATH_LOCKS); read by every
/// interposer first.
extern uint32_t LockMode __attribute__((visibility("hidden")));

/// The calling thread's lock table, attaching the thread (and the table)
/// on first use; nullptr where it cannot be had (a signal handler that
/// interrupted the thread's first measured call, no memory).
HP_COLD_CC LockState *attachLockState();
inline __attribute__((always_inline)) LockState *lockState() {
  ThreadState *T = CurrentThread;
  if (__builtin_expect(T && T->Locks, 1))
    return T->Locks;
  return attachLockState();
}

/// The slot of lock `Addr` in L's table (a new one is claimed and named
/// here, cold), or nullptr when the table is full.
HP_COLD_CC LockEntry *claimLockEntry(LockState *L, uint64_t Addr, uint32_t Kind,
                                     uint64_t Site);
inline __attribute__((always_inline)) LockEntry *
lockEntry(LockState *L, const void *P, uint32_t Kind, uint64_t Site) {
  uint64_t Addr = uint64_t(P);
  uint32_t I =
      uint32_t((Addr >> 4) * 0x9E3779B97F4A7C15ull >> 55) & (LockTableSize - 1);
  LockEntry *E = &L->Table[I];
  if (__builtin_expect(E->Addr == Addr && E->Kind == Kind, 1))
    return E;
  return claimLockEntry(L, Addr, Kind, Site);
}

/// A contended acquisition (or a wait) of E, a lock of `Kind`, between the
/// clock readings T0 and T1: to E, to the current measured call and its
/// path, as an event, and with HOTPATH_TRACE to the timeline (cold).
HP_COLD_CC void lockWaited(LockState *L, LockEntry *E, uint32_t Kind,
                           uint64_t T0, uint64_t T1);

/// The acquisition of E whose hold is timed (one in HoldPeriod): out of
/// line, so that the interposers' common path saves no register for it.
HP_COLD_CC void lockHoldBegan(LockState *L, LockEntry *E, uint64_t Now);

/// E was acquired; `Now` is the clock if the caller read it (a contended
/// acquisition), else 0.
inline __attribute__((always_inline)) void
lockAcquired(LockState *L, LockEntry *E, uint64_t Now) {
  if (!E) {
    ++L->Unlisted;
    return;
  }
  ++E->Acquisitions;
  if (__builtin_expect(--L->HoldCountdown > 0, 1))
    return;
  lockHoldBegan(L, E, Now);
}

/// Ends the timed hold of `P`, if one is open (cold).
HP_COLD_CC void lockHoldEnded(LockState *L, const void *P);
/// Before an unlock: the hold of `P` ends.
inline __attribute__((always_inline)) void lockReleasing(const void *P) {
  ThreadState *T = CurrentThread;
  if (!T || !T->Locks || !T->Locks->OpenHolds)
    return;
  lockHoldEnded(T->Locks, P);
}

// ---- session and drain side ---------------------------------------------

/// At session begin: whether this session tracks locks (HOTPATH_LOCKS,
/// never under Valgrind, whose threads run one at a time).
void locksSessionBegin(const Options &O, bool UnderValgrind);
void locksSessionEnd();
void locksPause();
void locksResume();
bool locksTracked();
/// The drain met an event with Caller == LockEventCaller, of T.
void recordLockEvent(ThreadState *T, uint32_t Id, uint64_t Ticks);
/// Takes T's lock table (zeroed): exited and final sweeps, under the
/// drain lock.
void sweepLocks(ThreadState *T);
/// The aggregate as the snapshot's locks and per-function waits (ns);
/// Take: the session's end, which empties it.
void takeLockAggregate(Snapshot &S, double NsPerTick, bool Take);
void resetLockAggregate();
/// In a fork's child: the parent's counts are not the child's.
void discardAllLocks();

} // namespace hotpath::rt

#endif // HOTPATH_RUNTIME_LOCKS_LOCKTRACKER_H

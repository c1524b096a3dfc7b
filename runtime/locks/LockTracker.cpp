//===- LockTracker.cpp - Lock waits and holds of measured calls -----------===//
#include "locks/LockTracker.h"
#include "base/Options.h"
#include "base/PageAlloc.h"
#include "core/Registry.h" // MaxFunctions, functionCount
#include "core/RuntimeScope.h"
#include "core/Trace.h"
#include "hotpath/abi.h"
#include "locks/LockBypass.h"

#include <algorithm>
#include <map>
#include <new>

namespace hotpath::rt {

uint32_t LockMode = 0;
int32_t HoldPeriod = 16;

namespace {

bool Tracked = false;

// The aggregate, by lock address and kind (under the drain lock).
struct LockAgg {
  LockOut Out;
  uint64_t FirstTicks = ~0ull;
  uint64_t WaitTicks = 0, WaitMaxTicks = 0;
  uint64_t HoldTicks = 0, HoldMaxTicks = 0;
  Histogram Waits; // ticks, of the contended acquisitions queued
  std::map<uint32_t, uint64_t> ByFn; // wait ticks by function id
};
std::map<std::pair<uint64_t, uint32_t>, LockAgg> *Agg;
std::vector<uint64_t> *WaitByFn; // ticks, by function id

std::map<std::pair<uint64_t, uint32_t>, LockAgg> &agg() {
  if (!Agg) {
    Agg = new std::map<std::pair<uint64_t, uint32_t>, LockAgg>();
    WaitByFn = new std::vector<uint64_t>();
  }
  return *Agg;
}

// The current measured call of T: its function id (0 none) and, where it
// has the top shadow-stack frame, its call-path node (~0u none). The rule
// of AllocTracker.h's charge(): with the wrappers' fast path armed an
// untimed call has no frame and is hotpath_fast_state::current.
void currentCall(ThreadState *T, uint32_t &Id, uint32_t &Node) {
  Id = 0;
  Node = ~0u;
  bool HasTop = T->Top != T->Stack;
  if (CurrentConfig.FastPath) {
    uint32_t Cur = __hotpath_fast.current;
    if (!(Cur & HOTPATH_CURRENT_FRAMED)) {
      Id = Cur;
      return;
    }
  } else if (__atomic_load_n(&CountOnlyMode, __ATOMIC_RELAXED)) {
    return; // no frames, no current call kept
  }
  if (HasTop) {
    Id = T->Top->Id;
    Node = T->Top->Node;
  }
}

} // namespace

LockState *attachLockState() {
  if (InRuntime || MeasuringStopped) // the clock would kill the thread
    return nullptr;
  ThreadState *T = CurrentThread;
  if (!T)
    T = attachThread();
  if (!T)
    return nullptr;
  if (T->Locks)
    return T->Locks;
  void *Mem = mapPages(sizeof(LockState));
  if (!Mem)
    return nullptr;
  auto *L = new (Mem) LockState();
  L->Tid = T->Tid;
  L->WaitByFn =
      static_cast<uint64_t *>(reservePages(sizeof(uint64_t) * MaxFunctions));
  if (!L->WaitByFn)
    return nullptr;
  __atomic_store_n(&T->Locks, L, __ATOMIC_RELEASE); // the drain reads it
  return L;
}

LockEntry *claimLockEntry(LockState *L, uint64_t Addr, uint32_t Kind,
                          uint64_t Site) {
  uint32_t I =
      uint32_t((Addr >> 4) * 0x9E3779B97F4A7C15ull >> 55) & (LockTableSize - 1);
  for (uint32_t Probe = 0; Probe < LockTableSize; ++Probe) {
    LockEntry &E = L->Table[(I + Probe) & (LockTableSize - 1)];
    if (E.Addr == Addr && E.Kind == Kind)
      return &E;
    if (E.Addr)
      continue;
    ThreadState *T = CurrentThread;
    uint32_t Id, Node;
    currentCall(T, Id, Node);
    E.Kind = Kind;
    E.FirstFn = Id < MaxFunctions ? Id : 0;
    E.FirstSite = Site;
    E.FirstTicks = __builtin_ia32_rdtsc();
    // Published last: an event naming the entry finds its address.
    __atomic_store_n(&E.Addr, Addr, __ATOMIC_RELEASE);
    return &E;
  }
  return nullptr;
}

void lockWaited(LockState *L, LockEntry *E, uint32_t Kind, uint64_t T0,
                uint64_t T1) {
  uint64_t Ticks = T1 - T0;
  ThreadState *T = CurrentThread;
  // The timeline shows the wait inside the call that waited.
  if (TraceBuffer *B = T->Trace)
    traceWait(B, T0, Ticks, TraceWaitId | Kind, depthOf(T) + 1);
  uint32_t Id, Node;
  currentCall(T, Id, Node);
  if (Id >= MaxFunctions)
    Id = 0;
  if (Id)
    L->WaitByFn[Id] += Ticks;
  if (Node != ~0u && T->Tree.Counters)
    T->Tree.Counters[Node].WaitTicks += Ticks;
  if (!E)
    return;
  ++E->Contended;
  E->WaitTicks += Ticks;
  if (Ticks > E->WaitMaxTicks)
    E->WaitMaxTicks = Ticks;
  uint32_t Ev = uint32_t(E - L->Table + 1) | Id << LockEventFnShift;
  (void)T->Q.push(Ev, LockEventCaller, Ticks);
}

void lockHoldBegan(LockState *L, LockEntry *E, uint64_t Now) {
  L->HoldCountdown = HoldPeriod;
  if (L->OpenHolds < MaxOpenHolds)
    L->Holds[L->OpenHolds++] = {E->Addr, Now ? Now : __builtin_ia32_rdtsc(),
                                uint32_t(E - L->Table)};
}

void lockHoldEnded(LockState *L, const void *P) {
  uint64_t Addr = uint64_t(P);
  for (uint32_t I = L->OpenHolds; I-- > 0;) {
    OpenHold &H = L->Holds[I];
    if (H.Addr != Addr)
      continue;
    uint64_t Ticks = __builtin_ia32_rdtsc() - H.Start;
    LockEntry &E = L->Table[H.Entry];
    if (E.Addr == Addr) { // not taken by a sweep in between
      ++E.HoldsTimed;
      E.HoldTicks += Ticks;
      if (Ticks > E.HoldMaxTicks)
        E.HoldMaxTicks = Ticks;
    }
    L->Holds[I] = L->Holds[--L->OpenHolds];
    return;
  }
}

void locksSessionBegin(const Options &O, bool UnderValgrind) {
  Tracked = O.Locks && !UnderValgrind;
  // Not tracked in this process: its lock calls go to glibc directly.
  if (!Tracked)
    bypassLockInterposers();
  HoldPeriod = int32_t(O.LockHoldPeriod ? O.LockHoldPeriod : 16);
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    if (LockState *L = __atomic_load_n(&T->Locks, __ATOMIC_ACQUIRE)) {
      L->Unlisted = 0;
      L->HoldCountdown = 0; // each thread's first acquisition timed
    }
  locksResume();
}
void locksSessionEnd() { __atomic_store_n(&LockMode, 0u, __ATOMIC_RELAXED); }
void locksPause() { __atomic_store_n(&LockMode, 0u, __ATOMIC_RELAXED); }
void locksResume() {
  __atomic_store_n(&LockMode, Tracked ? 1u : 0u, __ATOMIC_RELAXED);
}
bool locksTracked() { return Tracked; }

void recordLockEvent(ThreadState *T, uint32_t Id, uint64_t Ticks) {
  LockState *L = __atomic_load_n(&T->Locks, __ATOMIC_ACQUIRE);
  uint32_t Entry = (Id & ((1u << LockEventFnShift) - 1)) - 1;
  if (!L || Entry >= LockTableSize)
    return;
  const LockEntry &E = L->Table[Entry];
  uint64_t Addr = __atomic_load_n(&E.Addr, __ATOMIC_ACQUIRE);
  if (!Addr)
    return;
  LockAgg &A = agg()[{Addr, E.Kind}];
  A.Waits.record(Ticks);
  if (uint32_t Fn = Id >> LockEventFnShift)
    A.ByFn[Fn] += Ticks;
}

namespace {

using AggMap = std::map<std::pair<uint64_t, uint32_t>, LockAgg>;

// E's figures into M; the live snapshot reads a running thread's entries
// as they are (relaxed loads: a figure may be one acquisition behind).
void addEntry(AggMap &M, const LockEntry &E) {
  auto Get = [](const uint64_t &X) {
    return __atomic_load_n(&X, __ATOMIC_RELAXED);
  };
  uint64_t Addr = Get(E.Addr);
  if (!Addr)
    return;
  uint32_t Kind = __atomic_load_n(&E.Kind, __ATOMIC_RELAXED);
  LockAgg &A = M[{Addr, Kind}];
  LockOut &O = A.Out;
  O.Addr = Addr;
  O.Kind = Kind;
  if (Get(E.FirstTicks) < A.FirstTicks) {
    A.FirstTicks = Get(E.FirstTicks);
    O.FirstFn = __atomic_load_n(&E.FirstFn, __ATOMIC_RELAXED);
    O.FirstSite = Get(E.FirstSite);
  }
  O.Acquisitions += Get(E.Acquisitions);
  O.Contended += Get(E.Contended);
  A.WaitTicks += Get(E.WaitTicks);
  A.WaitMaxTicks = std::max(A.WaitMaxTicks, Get(E.WaitMaxTicks));
  O.HoldsTimed += Get(E.HoldsTimed);
  A.HoldTicks += Get(E.HoldTicks);
  A.HoldMaxTicks = std::max(A.HoldMaxTicks, Get(E.HoldMaxTicks));
}

// L's waits by function into ByFn (zeroing them when taken).
void addWaitsByFn(LockState *L, std::vector<uint64_t> &ByFn, bool Take) {
  uint32_t N = functionCount();
  if (ByFn.size() < N + 1)
    ByFn.resize(N + 1);
  for (uint32_t I = 1; I <= N && I < MaxFunctions; ++I)
    if (uint64_t W = __atomic_load_n(&L->WaitByFn[I], __ATOMIC_RELAXED)) {
      ByFn[I] += W;
      if (Take)
        L->WaitByFn[I] = 0;
    }
}

} // namespace

void sweepLocks(ThreadState *T) {
  LockState *L = __atomic_load_n(&T->Locks, __ATOMIC_ACQUIRE);
  if (!L)
    return;
  for (LockEntry &E : L->Table) {
    if (!E.Addr)
      continue;
    addEntry(agg(), E);
    E = LockEntry{};
  }
  // Timed holds still open refer to entries just emptied: they end
  // uncounted (lockHoldEnded checks the address).
  addWaitsByFn(L, *WaitByFn, /*Take=*/true);
}

void takeLockAggregate(Snapshot &S, double NsPerTick, bool Take) {
  S.LocksTracked = Tracked;
  S.LockHoldPeriod = uint32_t(HoldPeriod);
  // A live snapshot: what was swept and, read as they are, the tables of
  // the threads still running; the aggregate itself stays as it is.
  AggMap Peeked;
  std::vector<uint64_t> PeekedByFn;
  AggMap *Src = &agg();
  std::vector<uint64_t> *ByFnSrc = WaitByFn;
  if (!Take) {
    Peeked = agg();
    PeekedByFn = *WaitByFn;
    for (ThreadState *T = threadList(); T;
         T = T->Next.load(std::memory_order_relaxed)) {
      LockState *L = __atomic_load_n(&T->Locks, __ATOMIC_ACQUIRE);
      if (!L || T->Status.load(std::memory_order_acquire) != ThreadLive)
        continue;
      for (const LockEntry &E : L->Table)
        addEntry(Peeked, E);
      addWaitsByFn(L, PeekedByFn, /*Take=*/false);
    }
    Src = &Peeked;
    ByFnSrc = &PeekedByFn;
  }
  AggMap &M = *Src;
  auto Ns = [&](uint64_t Ticks) {
    return uint64_t(double(Ticks) * NsPerTick + 0.5);
  };
  for (auto &[Key, A] : M) {
    LockOut O = A.Out;
    O.Addr = Key.first;
    O.Kind = Key.second;
    O.WaitNs = Ns(A.WaitTicks);
    O.WaitMaxNs = Ns(A.WaitMaxTicks);
    if (A.Waits.count())
      O.WaitP95Ns = Ns(std::min(A.Waits.percentile(95), A.WaitMaxTicks));
    O.HoldMaxNs = Ns(A.HoldMaxTicks);
    if (O.HoldsTimed) // one hold in HoldPeriod timed: the rest alike
      O.HoldNs = uint64_t(double(Ns(A.HoldTicks)) * double(O.Acquisitions) /
                          double(O.HoldsTimed));
    for (auto &[Fn, Ticks] : A.ByFn)
      O.Waiters.push_back({Fn, Ns(Ticks)});
    std::sort(O.Waiters.begin(), O.Waiters.end(),
              [](auto &X, auto &Y) { return X.second > Y.second; });
    if (O.Acquisitions || O.Contended)
      S.Locks.push_back(std::move(O));
  }
  std::sort(S.Locks.begin(), S.Locks.end(),
            [](const LockOut &X, const LockOut &Y) {
              if (X.WaitNs != Y.WaitNs)
                return X.WaitNs > Y.WaitNs;
              return X.Acquisitions != Y.Acquisitions
                         ? X.Acquisitions > Y.Acquisitions
                         : X.Addr < Y.Addr;
            });
  S.WaitNs.assign(ByFnSrc->size(), 0);
  for (size_t I = 0; I < ByFnSrc->size(); ++I)
    S.WaitNs[I] = Ns((*ByFnSrc)[I]);
  if (Take)
    resetLockAggregate();
}

void resetLockAggregate() {
  agg().clear();
  WaitByFn->clear();
}

void discardAllLocks() {
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed)) {
    LockState *L = __atomic_load_n(&T->Locks, __ATOMIC_ACQUIRE);
    if (!L)
      continue;
    for (LockEntry &E : L->Table)
      E = LockEntry{};
    L->OpenHolds = 0;
    for (uint32_t I = 1; I <= functionCount() && I < MaxFunctions; ++I)
      if (L->WaitByFn[I]) // untouched pages stay unwritten
        L->WaitByFn[I] = 0;
  }
  if (Agg)
    resetLockAggregate();
}

} // namespace hotpath::rt

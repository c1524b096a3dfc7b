//===- Sweep.cpp - One queue's events into the aggregate ------------------===//
//
// What the drain does per event, in ticks (the session converts to ns once,
// for the report). Each function's DrainTiming keeps a window of its
// histogram (Histogram::Window): tick values between its min and max within
// one power of two, counted by one increment with no min/max test. An event
// in its function's window costs a lookup, a range test, an add and an
// increment; one outside it is recorded in full and moves the window there.
// Consecutive events of one function from one caller (a loop calling it,
// on one thread) are the common case: the loop keeps that function's
// window, sum and (caller, id) key in registers, so such an event skips the
// lookup too.
//
//===----------------------------------------------------------------------===//
#include "drain/Sweep.h"
#include "alloc/AllocTracker.h"
#include "core/Registry.h"
#include "core/ThreadState.h"
#include "locks/LockTracker.h"

#include <tuple>
#include <type_traits>
#include <utility>

namespace hotpath::rt {

void growTiming(Aggregate &A, uint32_t Id) {
  uint32_t N = functionCount();
  A.Timing.resize((Id > N ? Id : N) + 1);
}

namespace {

// Windows point into their histogram's counters: growing the aggregate
// must move them, not copy them.
static_assert(std::is_nothrow_move_constructible_v<DrainTiming>,
              "growTiming would copy the histograms");

class Sweeper {
public:
  Sweeper(Aggregate &A, ThreadState *T)
      : A(A), T(T), Tm(A.Timing.data()), Size(A.Timing.size()) {}

  // Fn of EventQueue::consumeSpans.
  Event *span(Event *P, Event *End) {
    Run R = Cur; // in registers: the stores below cannot alias it
    // One event; false at the first not yet published.
    auto Step = [&](Event &E) __attribute__((always_inline)) {
      if (__builtin_expect(loadKey(E) == R.Key, 1)) {
        uint64_t T = __atomic_load_n(&E.Ticks, __ATOMIC_RELAXED);
        if (__builtin_expect(T + R.W.NegLo < R.W.Span, 1)) {
          *R.Sum += T;
          ++R.W.Base[T >> R.W.Shift];
          ++R.PathCalls; // the path's, in a register (Paths.h)
          __atomic_store_n(&E.Id, 0u, __ATOMIC_RELAXED);
          return true;
        }
      }
      // Another key, or a value outside the run's window: the key again
      // (the fast path keeps no copy of it).
      uint64_t K = loadKey(E);
      if (!(K >> 32))
        return false;
      // Another key: the run's path gets its calls and ticks now, before
      // anything can move the aggregate. The same key with a value outside
      // the window goes on counting into the same path.
      bool SameKey = K == R.Key;
      if (!SameKey)
        flushPath(R);
      uint64_t T = __atomic_load_n(&E.Ticks, __ATOMIC_RELAXED);
      uint32_t Id = uint32_t(K >> 32);
      if (__builtin_expect(uint32_t(K) == AllocEventCaller ||
                               uint32_t(K) == LockEventCaller || Id >= Size,
                           0)) {
        if (rareEvent(K, T)) {
          __atomic_store_n(&E.Id, 0u, __ATOMIC_RELAXED);
          Path.SumAtStart = R.Sum ? *R.Sum : 0;
          return true; // an allocation event: the run goes on
        }
      }
      DrainTiming &D = Tm[Id];
      D.SumTicks += T;
      if (__builtin_expect(T + D.Win.NegLo < D.Win.Span, 1))
        ++D.Win.Base[T >> D.Win.Shift];
      else if (T + D.Prev.NegLo < D.Prev.Span)
        inPrevious(D, T);
      else
        recordOutside(D, T);
      // This event starts a run: the next ones skip the lookup.
      if (SameKey) {
        R = {K, D.Win, &D.SumTicks, R.PathCalls + 1};
      } else {
        R = {K, D.Win, &D.SumTicks, 1};
        Path.SumAtStart = D.SumTicks - T;
        std::tie(Path.Calls, Path.Ticks) = pathTargets(uint32_t(K), Id);
      }
      __atomic_store_n(&E.Id, 0u, __ATOMIC_RELAXED);
      return true;
    };
    // Four events per test of the end; first, one by one, the events that
    // leave a multiple of 4 before it.
    for (; (End - P) & 3; ++P)
      if (!Step(*P))
        return Cur = R, P;
    for (; P != End; P += 4) {
      if (!Step(P[0]))
        break;
      if (!Step(P[1]))
        return Cur = R, P + 1;
      if (!Step(P[2]))
        return Cur = R, P + 2;
      if (!Step(P[3]))
        return Cur = R, P + 3;
    }
    Cur = R;
    return P;
  }

  uint64_t NonCallEvents = 0;

private:
  struct Run {
    uint64_t Key = ~0ull; // Caller | Id << 32; no event has id ~0u
    Histogram::Window W;
    uint64_t *Sum = nullptr;
    uint64_t PathCalls = 0; // events not yet added to the path (below)
  };

  // Where the current run's path counts (its node in Paths.h), and *Sum
  // when the path last got its ticks: only the run adds to *Sum while it
  // lasts, so the ticks are the difference. Out of the Run, which the loop
  // keeps in registers.
  struct {
    uint64_t *Calls, *Ticks;
    uint64_t SumAtStart;
  } Path{&Sink, &Sink, 0};

  void flushPath(Run &R) {
    if (!R.PathCalls)
      return;
    *Path.Calls += R.PathCalls;
    *Path.Ticks += *R.Sum - Path.SumAtStart;
    R.PathCalls = 0;
    Path.SumAtStart = *R.Sum;
  }

public:
  void finish() { flushPath(Cur); }

private:
  // Where this key's events count in the merged tree (Paths.h): a nested
  // call (a twin) adds a call but no time, unless the times are exclusive;
  // one whose path is not kept counts as folded.
  __attribute__((noinline)) std::pair<uint64_t *, uint64_t *>
  pathTargets(uint32_t Word, uint32_t Id) {
    if (!T)
      return {&Sink, &Sink};
    uint32_t M = A.Paths.map(T, Word & PathNodeMask);
    PathStats &S = A.Paths.node(M & ~PathAggregate::Flags);
    bool Own = !(M & PathAggregate::Flags);
    bool Calls = Own || ((M & PathAggregate::NestedInto) && S.Fn == Id);
    return {Calls ? &S.Timed : &S.Folded,
            Own || A.Paths.Exclusive ? &S.Ticks : &Sink};
  }

  // An allocation event (true: none of the run's business), or the first
  // event of an id beyond the aggregate (false: it goes on as usual).
  __attribute__((noinline)) bool rareEvent(uint64_t K, uint64_t T) {
    uint32_t Id = uint32_t(K >> 32);
    if (uint32_t(K) == AllocEventCaller) {
      recordAllocEvent(Id, T); // bytes of a call (AllocTracker.h)
      ++NonCallEvents;
      return true;
    }
    if (uint32_t(K) == LockEventCaller) {
      recordLockEvent(this->T, Id, T); // a wait (LockTracker.h)
      ++NonCallEvents;
      return true;
    }
    growTiming(A, Id); // moves every DrainTiming; the caller resets the run
    Tm = A.Timing.data();
    Size = A.Timing.size();
    return false;
  }

  // Durations spread over two powers of two: the window stays on one while
  // the other's values are counted in the previous window (one test more,
  // not a record); MovesAfter of them since the window last moved swap the
  // two, so the window settles where most values are.
  static constexpr uint32_t MovesAfter = 16;

  static void inPrevious(DrainTiming &D, uint64_t T) {
    ++D.Prev.Base[T >> D.Prev.Shift];
    if (++D.Misses >= MovesAfter) {
      std::swap(D.Win, D.Prev);
      D.Misses = 0;
    }
  }

  // A value outside both windows (at first every value: they are empty):
  // recorded in full (min, max, maybe a new block), and the window moves
  // to its power of two, the old one becoming the previous. Values at the
  // window's own power of two beyond it (a new min or max) only widen it.
  __attribute__((noinline)) static void recordOutside(DrainTiming &D,
                                                      uint64_t T) {
    size_t Blocks = D.Hist.blockCount();
    D.Hist.record(T);
    if (D.Hist.blockCount() != Blocks) // the counters moved: rebase both
      for (Histogram::Window *W : {&D.Win, &D.Prev})
        if (W->Span)
          *W = D.Hist.window(0 - W->NegLo); // its Lo: the same range
    Histogram::Window New = D.Hist.window(T);
    if (New.Range != D.Win.Range)
      D.Prev = D.Win;
    D.Win = New;
    D.Misses = 0;
  }

  Aggregate &A;
  ThreadState *T;
  uint64_t Sink = 0; // what a run does not count
  DrainTiming *Tm;
  size_t Size;
  Run Cur;
};

} // namespace

uint64_t sweepQueue(Aggregate &A, EventQueue &Q, ThreadState *T) {
  Sweeper S(A, T);
  uint64_t N = Q.consumeSpans([&](Event *B, Event *E) { return S.span(B, E); });
  S.finish();
  return N - S.NonCallEvents;
}

} // namespace hotpath::rt

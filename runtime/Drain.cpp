//===- Drain.cpp - Sweeping the queues into per-function statistics -------===//
#include "Drain.h"
#include "AllocTracker.h"
#include "Clock.h"
#include "Registry.h"
#include "ThreadState.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <pthread.h>
#include <unistd.h>

namespace hotpath::rt {
namespace {

pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
Aggregate *Agg = nullptr; // built on first use, never destroyed: detached
                          // threads may outlive static destructors

// Drain thread control.
pthread_mutex_t CtlMu = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t CtlCond;
bool Running = false, Stop = false;
std::atomic<bool> Paused{false};
unsigned Interval = 50;
pthread_t Thread;

inline uint64_t toNs(uint64_t Ticks, double R) {
  return uint64_t(double(Ticks) * R + 0.5);
}

// The per-event conversion in 32.32 fixed point: one 64x64->128 multiply
// instead of two int<->double conversions (unsigned ones take ~6
// instructions each on x86-64). Exact when R is 1 (a nanosecond clock);
// otherwise within Ticks * 2^-33 ns of toNs (0.35 ns per second at 3 GHz).
inline uint64_t fixedOf(double R) { return uint64_t(R * 4294967296.0 + 0.5); }
inline uint64_t toNsFixed(uint64_t Ticks, uint64_t M) {
  return uint64_t(((unsigned __int128)Ticks * M + (1u << 31)) >> 32);
}

void growTiming(Aggregate &A, uint32_t Id) {
  uint32_t N = functionCount();
  A.Timing.resize((Id > N ? Id : N) + 1);
}

void takeAllOrphans(Aggregate &A) {
  uint32_t N = functionCount();
  if (A.Timing.size() < N + 1)
    growTiming(A, N);
  for (uint32_t I = 1; I <= N; ++I)
    A.Timing[I].Calls += takeOrphans(I);
}

// Untimed calls and folded timed calls of one thread, then zeroed.
void mergeTables(ThreadState *T, Aggregate &A, double R) {
  uint32_t N = functionCount();
  if (A.Timing.size() < N + 1)
    growTiming(A, N);
  for (uint32_t I = 1; I <= N && I < MaxFunctions; ++I) {
    uint64_t C = T->Counts[I];
    FoldEntry F = T->Fold[I];
    if (!C && !F.Timed)
      continue;
    FunctionTiming &FT = A.Timing[I];
    FT.Calls += C + F.Timed;
    T->DrainCalls += C + F.Timed;
    if (F.Timed) {
      FT.Timed += F.Timed;
      FT.TotalNs += toNs(F.SumTicks, R);
      uint64_t Min = toNs(~F.MinInv, R), Max = toNs(F.MaxTicks, R);
      FT.MinNs = Min < FT.MinNs ? Min : FT.MinNs;
      FT.MaxNs = Max > FT.MaxNs ? Max : FT.MaxNs;
    }
  }
  clearTables(T, N);
}

// Another thread's open frames at session end: read racily (it may still
// run), counted once as calls without a time.
void countOpenFrames(ThreadState *T, Aggregate &A) {
  uint32_t Depth = depthOf(T);
  for (uint32_t D = 1; D <= Depth && D < MaxDepth; ++D) {
    uint32_t Id = __atomic_load_n(&T->Stack[D].Id, __ATOMIC_RELAXED);
    if (!Id || Id == NoCaller)
      continue;
    if (Id >= A.Timing.size())
      growTiming(A, Id);
    ++A.Timing[Id].Calls;
    ++T->DrainCalls;
  }
}

// By tid through /proc, not pthread_getname_np(T->Self): a thread may be
// exiting right now and its pthread descriptor be gone.
void readThreadName(uint64_t Tid, char *Out, size_t Size) {
  char Path[64];
  snprintf(Path, sizeof Path, "/proc/self/task/%llu/comm",
           (unsigned long long)Tid);
  Out[0] = 0;
  int Fd = open(Path, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return;
  ssize_t N = read(Fd, Out, Size - 1);
  close(Fd);
  N = N < 0 ? 0 : N;
  while (N > 0 && (Out[N - 1] == '\n' || Out[N - 1] == 0))
    --N;
  Out[N] = 0;
}

ThreadInfo infoOf(ThreadState *T, bool Exited) {
  ThreadInfo I;
  I.Tid = T->Tid;
  I.Name = T->Name;
  I.Events = T->DrainCalls;
  I.Exited = Exited;
  takeThreadAllocs(T, I);
  return I;
}

void *drainMain(void *) {
  InRuntime = 1; // the drain's allocations are the runtime's own
  sigset_t All;
  sigfillset(&All);
  pthread_sigmask(SIG_BLOCK, &All, nullptr); // signals go to the program
  pthread_setname_np(pthread_self(), "hotpath-drain");
  pthread_mutex_lock(&CtlMu);
  while (!Stop) {
    timespec D;
    clock_gettime(CLOCK_MONOTONIC, &D);
    uint64_t Ns = uint64_t(D.tv_nsec) + uint64_t(Interval) * 1000000u;
    D.tv_sec += time_t(Ns / 1000000000u);
    D.tv_nsec = long(Ns % 1000000000u);
    while (!Stop && pthread_cond_timedwait(&CtlCond, &CtlMu, &D) != ETIMEDOUT)
      ;
    if (Stop)
      break;
    if (Paused.load(std::memory_order_relaxed))
      continue;
    pthread_mutex_unlock(&CtlMu);
    drainLock();
    sweepAll(false);
    drainUnlock();
    pthread_mutex_lock(&CtlMu);
  }
  pthread_mutex_unlock(&CtlMu);
  return nullptr;
}

} // namespace

void drainLock() { pthread_mutex_lock(&Lock); }
void drainUnlock() { pthread_mutex_unlock(&Lock); }
void drainResetLockInChild() {
  pthread_mutex_init(&Lock, nullptr);
  pthread_mutex_init(&CtlMu, nullptr);
}

Aggregate &aggregate() {
  if (!Agg)
    Agg = new Aggregate();
  return *Agg;
}

void resetAggregate() {
  aggregate() = Aggregate();
  resetAllocAggregate();
}

namespace {
void sweepOne(Aggregate &A, ThreadState *T, bool Final, uint32_t Epoch,
              double R) {
  uint32_t St = T->Status.load(std::memory_order_acquire);
  if (St == ThreadFree)
    return;
  // The slots' base and size live in registers across the loop (add()
  // writes memory the compiler cannot prove disjoint from the vector).
  uint64_t M = fixedOf(R);
  FunctionTiming *Tm = A.Timing.data();
  size_t Size = A.Timing.size();
  uint64_t AllocEvents = 0;
  uint64_t N = T->Q.consume([&](const Event &E) {
    if (__builtin_expect(E.Caller == AllocEventCaller, 0)) {
      recordAllocEvent(E.Id, E.Ticks); // bytes of a call (AllocTracker.h)
      ++AllocEvents;
      return;
    }
    if (__builtin_expect(E.Id >= Size, 0)) {
      growTiming(A, E.Id);
      Tm = A.Timing.data();
      Size = A.Timing.size();
    }
    Tm[E.Id].add(toNsFixed(E.Ticks, M));
  });
  N -= AllocEvents;
  A.Events += N;
  T->DrainCalls += N;
  if (St == ThreadExited || Final)
    sweepAllocs(T);
  if (St == ThreadExited || Final)
    mergeTables(T, A, R);
  if (Final && Epoch && St == ThreadLive && T->Epoch == Epoch)
    countOpenFrames(T, A);
  if (St == ThreadExited) {
    A.Exited.push_back(infoOf(T, true));
    T->DrainCalls = 0;
    T->Status.store(ThreadFree, std::memory_order_release);
  }
}
} // namespace

void sweepAll(bool Final, uint32_t Epoch) {
  Aggregate &A = aggregate();
  ++A.Sweeps;
  double R = nsPerTick();
  if (A.Timing.size() < functionCount() + 1)
    growTiming(A, 0);
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    sweepOne(A, T, Final, Epoch, R);
  if (Final)
    takeAllOrphans(A);
}

void deliverExitedThread(ThreadState *T) {
  RuntimeScope InRt;
  drainLock();
  if (T->Status.load(std::memory_order_acquire) == ThreadExited)
    sweepOne(aggregate(), T, false, 0, nsPerTick());
  drainUnlock();
}

void collectLiveThreads(std::vector<ThreadInfo> &Out) {
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed)) {
    if (T->Status.load(std::memory_order_acquire) != ThreadLive)
      continue;
    if (!T->DrainCalls)
      continue; // attached, but nothing measured in this session
    readThreadName(T->Tid, T->Name, sizeof T->Name);
    Out.push_back(infoOf(T, false));
    T->DrainCalls = 0;
  }
}

void startDrainThread(unsigned IntervalMs) {
  pthread_mutex_lock(&CtlMu);
  if (Running) {
    pthread_mutex_unlock(&CtlMu);
    return;
  }
  pthread_condattr_t Attr;
  pthread_condattr_init(&Attr);
  pthread_condattr_setclock(&Attr, CLOCK_MONOTONIC);
  pthread_cond_init(&CtlCond, &Attr);
  pthread_condattr_destroy(&Attr);
  Interval = IntervalMs ? IntervalMs : 1;
  Stop = false;
  Running = pthread_create(&Thread, nullptr, drainMain, nullptr) == 0;
  pthread_mutex_unlock(&CtlMu);
}

void stopDrainThread() {
  pthread_mutex_lock(&CtlMu);
  if (!Running) {
    pthread_mutex_unlock(&CtlMu);
    return;
  }
  Stop = true;
  pthread_cond_signal(&CtlCond);
  pthread_mutex_unlock(&CtlMu);
  pthread_join(Thread, nullptr);
  Running = false;
}

void forgetDrainThreadInChild() {
  Running = false;
  Stop = false;
}

void setDrainPaused(bool P) { Paused.store(P, std::memory_order_relaxed); }

} // namespace hotpath::rt

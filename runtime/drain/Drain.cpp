//===- Drain.cpp - Sweeping the queues into per-function statistics -------===//
#include "drain/Drain.h"
#include "alloc/AllocTracker.h"
#include "base/Clock.h"
#include "base/InternalThread.h"
#include "base/PrivateFiles.h"
#include "core/Registry.h"
#include "core/ThreadState.h"
#include "core/Trace.h"
#include "drain/Sweep.h"
#include "drain/ThreadUsage.h"
#include "hotpath/support/MutexGuard.h"
#include "locks/LockTracker.h"
#include "sampling/CpuSampler.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <fcntl.h>
#include <new>
#include <pthread.h>
#include <unistd.h>

namespace hotpath::rt {
namespace {

// The drain lock: after SessLock, before the registry lock (the order is
// written out at SessLock, Session.cpp).
pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
Aggregate *Agg = nullptr; // built on first use, never destroyed: detached
                          // threads may outlive static destructors

// Drain thread control. Taken alone, or under the session lock; never held
// while the drain lock is taken.
pthread_mutex_t CtlMu = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t CtlCond;
bool Running = false, Stop = false;
std::atomic<bool> Paused{false};
unsigned Interval = 50;
pthread_t Thread;

inline uint64_t toNs(uint64_t Ticks, double R) {
  return uint64_t(double(Ticks) * R + 0.5);
}

void takeAllOrphans(Aggregate &A) {
  uint32_t N = functionCount();
  if (A.Timing.size() < N + 1)
    growTiming(A, N);
  for (uint32_t I = 1; I <= N; ++I)
    A.Timing[I].Untimed += takeOrphans(I);
}

// Folded calls into the histogram, so that percentiles count them: the
// fold kept their number, sum, min and max, not each value. One at min,
// one at max, the rest at the average of the others: exact for one or two
// calls or equal ones, and always inside [min, max]. Without this a
// function whose calls were all folded read p95 = 0 under its min.
void recordFolded(DrainTiming &D, const FoldEntry &F) {
  uint64_t N = F.Timed, Sum = F.SumTicks;
  uint64_t Min = ~F.MinInv, Max = F.MaxTicks;
  if (Min > Max) // a signal handler raced the extremes: keep the average
    Min = Max = Sum / N;
  size_t Blocks = D.Hist.blockCount();
  if (N == 1) {
    D.Hist.record(std::clamp(Sum, Min, Max));
  } else {
    D.Hist.record(Min);
    D.Hist.record(Max);
    uint64_t Rest =
        Sum > Min + Max ? (Sum - Min - Max) / (N - 2 ? N - 2 : 1) : Min;
    D.Hist.record(std::clamp(Rest, Min, Max), N - 2);
  }
  // The sweep's windows point into the counters: a new block moves them.
  if (D.Hist.blockCount() != Blocks)
    D.Win = D.Prev = Histogram::Window();
}

// T's untimed counts and folded timed calls into A; taken (zeroed) unless
// a snapshot only peeks.
void mergeTables(ThreadState *T, Aggregate &A, bool Take = true) {
  OwnCountdownRead Reading(T); // a live thread's own countdowns
  uint32_t N = functionCount();
  if (A.Timing.size() < N + 1)
    growTiming(A, N);
  for (uint32_t I = 1; I <= N && I < MaxFunctions; ++I) {
    uint64_t C = T->Counts[I] + gateCalls(T, I);
    FoldEntry F = T->Fold[I];
    if (!C && !F.Timed)
      continue;
    DrainTiming &D = A.Timing[I];
    D.Untimed += C;
    if (Take)
      T->DrainCalls += C + F.Timed;
    if (F.Timed) {
      D.Folded += F.Timed;
      D.SumTicks += F.SumTicks;
      recordFolded(D, F);
    }
  }
  if (Take)
    clearTables(T, N);
}

// A thread's open frames at session end, counted once as calls without a
// time: a thread still running (read racily), or one that exited after
// the session stopped accepting calls (its exit hooks and its exit then
// closed nothing).
void countOpenFrames(ThreadState *T, Aggregate &A) {
  uint32_t Depth = depthOf(T);
  for (uint32_t D = 1; D <= Depth && D < MaxDepth; ++D) {
    uint32_t Id = __atomic_load_n(&T->Stack[D].Id, __ATOMIC_RELAXED);
    if (!Id || Id == NoCaller)
      continue;
    if (Id >= A.Timing.size())
      growTiming(A, Id);
    ++A.Timing[Id].Untimed;
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

ThreadInfo infoOf(ThreadState *T, bool Exited, bool Take = true) {
  ThreadInfo I;
  I.Tid = T->Tid;
  I.Name = T->Name;
  I.Events = T->DrainCalls;
  I.Exited = Exited;
  takeThreadAllocs(T, I, Take);
  readThreadUsage(T, Exited, I);
  return I;
}

void (*AfterSweep)() = nullptr;
bool (*ProgramGone)() = nullptr;

// Whether Fn ran without running out of memory. Under a low address-space
// limit (ulimit -v) an allocation of the drain's can fail: the runtime
// then stops measuring, with one line, rather than throw std::bad_alloc
// out of its thread (which ended the program with SIGABRT).
template <typename FnT> bool withMemory(FnT Fn) {
  try {
    Fn();
    return true;
  } catch (const std::bad_alloc &) {
    setSessionEpoch(0); // the hooks find no session: nothing more queued
    static const char Line[] =
        "hotpath: out of memory in the drain thread (an address-space limit, "
        "ulimit -v?): measuring stopped; the report holds what was drained\n";
    writeToProgramFd(2, Line, sizeof Line - 1);
    return false;
  }
}

void *drainMain(void *) {
  nameInternalThread("hotpath-drain");
  InRuntime = 1; // the drain's allocations are the runtime's own
  // Born with every signal blocked (createInternalThread): signals go to
  // the program's threads.
  // Snapshots and /proc are opened here while the program runs: in a
  // descriptor table of the drain's own, without copies of the program's
  // files (PrivateFiles.h).
  enterPrivateFiles(/*KeepStreams=*/false);
  // The threads' CPU events opened now, not a poll later: a short run is
  // sampled from its start, and where the kernel refuses events the
  // warning does not depend on the run lasting a poll.
  if (cpuSamplingOn() && !withMemory([] { cpuSamplingSweep(); }))
    return nullptr;
  pthread_mutex_lock(&CtlMu);
  unsigned Period = Interval;
  // With CPU sampling, a new thread's event is opened within
  // SamplingPollMs of its start, not a whole interval later.
  auto pollEvery = [&] {
    return cpuSamplingOn() && Period > SamplingPollMs ? SamplingPollMs : Period;
  };
  unsigned Wait = pollEvery();
  unsigned SinceSweep = 0;
  bool Oom = false;
  while (!Stop) {
    timespec D;
    clock_gettime(CLOCK_MONOTONIC, &D);
    uint64_t Ns = uint64_t(D.tv_nsec) + uint64_t(Wait) * 1000000u;
    D.tv_sec += time_t(Ns / 1000000000u);
    D.tv_nsec = long(Ns % 1000000000u);
    while (!Stop && pthread_cond_timedwait(&CtlCond, &CtlMu, &D) != ETIMEDOUT)
      ;
    if (Stop)
      break;
    if (Paused.load(std::memory_order_relaxed)) {
      pthread_mutex_unlock(&CtlMu);
      // The samples outside the session.
      if ((Oom = !withMemory([] { cpuSamplingSweep(/*Paused=*/true); })))
        break;
      pthread_mutex_lock(&CtlMu);
      continue;
    }
    SinceSweep += Wait;
    if (SinceSweep < Period) {
      pthread_mutex_unlock(&CtlMu);
      if ((Oom = !withMemory([] { cpuSamplingSweep(); })))
        break;
      pthread_mutex_lock(&CtlMu);
      continue;
    }
    SinceSweep = 0;
    pthread_mutex_unlock(&CtlMu);
    drainLock();
    uint64_t Most = 0;
    bool Swept = withMemory([&] { Most = sweepAll(false); });
    drainUnlock();
    if ((Oom = !Swept || !withMemory([] { cpuSamplingSweep(); })))
      break;
    Period = nextSweepPeriod(Period, Interval, Most);
    Wait = pollEvery();
    if (void (*Hook)() = __atomic_load_n(&AfterSweep, __ATOMIC_ACQUIRE))
      Hook();
    if (bool (*Gone)() = __atomic_load_n(&ProgramGone, __ATOMIC_ACQUIRE);
        Gone && Gone()) {
      cpuSamplingStop();
      return nullptr;
    }
    pthread_mutex_lock(&CtlMu);
  }
  if (Oom) { // out of memory (withMemory): left the loop unlocked
    cpuSamplingStop();
    return nullptr;
  }
  pthread_mutex_unlock(&CtlMu);
  // The events live in this thread's descriptor table, which ends with it.
  cpuSamplingStop();
  return nullptr;
}

} // namespace

unsigned nextSweepPeriod(unsigned Period, unsigned Interval, uint64_t Most) {
  constexpr uint64_t QueueEvents =
      uint64_t(EventQueue::MaxChunks) * Chunk::Slots;
  if (Most >= QueueEvents / 2)
    return std::max(1u, Period / 2);
  if (Most < QueueEvents / 8)
    return std::min(Interval, Period * 2);
  return Period;
}

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

std::vector<FunctionTiming> takeTiming(uint32_t N) {
  return takeTiming(aggregate(), N);
}

std::vector<FunctionTiming> takeTiming(Aggregate &A, uint32_t N) {
  double R = A.NsPerTick;
  std::vector<FunctionTiming> Out(N + 1);
  for (uint32_t I = 0; I <= N && I < A.Timing.size(); ++I) {
    DrainTiming &D = A.Timing[I];
    FunctionTiming &F = Out[I];
    // Queued and folded timed calls alike are in the histogram.
    F.Timed = D.Hist.count();
    F.Calls = F.Timed + D.Untimed;
    F.TotalNs = toNs(D.SumTicks, R);
    F.Hist = std::move(D.Hist);
    F.Hist.setScale(R);
    if (F.Timed) {
      F.MinNs = F.Hist.min();
      F.MaxNs = F.Hist.max();
    }
  }
  A.Timing.clear();
  return Out;
}

void resetAggregate() {
  for (ThreadTrace &Tr : aggregate().Traces)
    freeTraceBuffer(Tr.Buf);
  aggregate() = Aggregate();
  resetAllocAggregate();
  resetLockAggregate();
}

namespace {
uint64_t sweepOne(Aggregate &A, ThreadState *T, bool Final, uint32_t Epoch) {
  uint32_t St = T->Status.load(std::memory_order_acquire);
  if (St == ThreadFree)
    return 0;
  uint64_t N = sweepQueue(A, T->Q, T);
  A.Events += N;
  T->DrainCalls += N;
  if (St == ThreadExited || Final) {
    sweepAllocs(T);
    sweepLocks(T);
  }
  if (St == ThreadExited || Final) {
    mergeTables(T, A);
    A.Paths.takeCounters(T);
  }
  if (Final && Epoch && T->Epoch == Epoch)
    countOpenFrames(T, A);
  if (St == ThreadExited) {
    A.Exited.push_back(infoOf(T, true));
    if (T->Trace) { // the thread is gone: the buffer is the drain's now
      A.Traces.push_back({T->Tid, T->Name, T->Trace, true});
      T->Trace = nullptr;
    }
    T->DrainCalls = 0;
    T->Status.store(ThreadFree, std::memory_order_release);
  }
  return N;
}
} // namespace

uint64_t sweepAll(bool Final, uint32_t Epoch) {
  Aggregate &A = aggregate();
  ++A.Sweeps;
  // Calibrates early (it may spin 1 ms once, Clock.h); not in the sweep
  // that begins a session by dropping a past one's stragglers (Final, no
  // epoch): it converts nothing, and comes right after the session's first
  // anchor, so that every run of every program would spin there.
  if (!Final || Epoch)
    A.NsPerTick = nsPerTick();
  if (A.Timing.size() < functionCount() + 1)
    growTiming(A, 0);
  uint64_t Most = 0;
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    Most = std::max(Most, sweepOne(A, T, Final, Epoch));
  if (Final)
    takeAllOrphans(A);
  return Most;
}

void deliverExitedThread(ThreadState *T) {
  RuntimeScope InRt;
  drainLock();
  if (T->Status.load(std::memory_order_acquire) == ThreadExited)
    sweepOne(aggregate(), T, false, 0);
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

Aggregate peekAggregate(std::vector<ThreadInfo> &Live) {
  Aggregate Copy = aggregate();
  Copy.Paths.Peeking = true;
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed)) {
    if (T->Status.load(std::memory_order_acquire) != ThreadLive)
      continue;
    mergeTables(T, Copy, false);
    Copy.Paths.takeCounters(T, false);
    if (!T->DrainCalls)
      continue;
    readThreadName(T->Tid, T->Name, sizeof T->Name);
    Live.push_back(infoOf(T, false, false));
  }
  return Copy;
}

void setAfterSweepHook(void (*Hook)()) {
  __atomic_store_n(&AfterSweep, Hook, __ATOMIC_RELEASE);
}

void setProgramGoneCheck(bool (*Check)()) {
  __atomic_store_n(&ProgramGone, Check, __ATOMIC_RELEASE);
}

void drainThreadEndsItself() {
  support::MutexGuard Guard(CtlMu);
  if (Running && pthread_equal(Thread, pthread_self())) {
    Running = false;
    pthread_detach(Thread);
  }
}

std::vector<ThreadTrace> collectTraces(uint32_t Epoch) {
  std::vector<ThreadTrace> Out = std::move(aggregate().Traces);
  aggregate().Traces.clear();
  for (ThreadState *T = threadList(); T;
       T = T->Next.load(std::memory_order_relaxed))
    if (T->Status.load(std::memory_order_acquire) == ThreadLive &&
        T->Epoch == Epoch && T->Trace) {
      readThreadName(T->Tid, T->Name, sizeof T->Name);
      Out.push_back({T->Tid, T->Name, T->Trace, false});
    }
  return Out;
}

void startDrainThread(unsigned IntervalMs) {
  support::MutexGuard Guard(CtlMu);
  if (Running)
    return;
  pthread_condattr_t Attr;
  pthread_condattr_init(&Attr);
  pthread_condattr_setclock(&Attr, CLOCK_MONOTONIC);
  pthread_cond_init(&CtlCond, &Attr);
  pthread_condattr_destroy(&Attr);
  Interval = IntervalMs ? IntervalMs : 1;
  Stop = false;
  Running = createInternalThread(&Thread, drainMain, nullptr) == 0;
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

//===- Session.cpp - Session lifecycle: begin, end, pause, fork, exit -----===//
#include "session/Session.h"
#include "alloc/AllocTracker.h"
#include "base/AddressSpace.h"
#include "base/Clock.h"
#include "base/InternalThread.h"
#include "base/Options.h"
#include "base/PrivateFiles.h"
#include "core/Adaptive.h"
#include "core/HotPath.h"
#include "core/Registry.h"
#include "core/SessionMode.h"
#include "core/ThreadState.h"
#include "drain/Drain.h"
#include "drain/ThreadUsage.h"
#include "hotpath/abi.h"
#include "hotpath/support/MutexGuard.h"
#include "locks/LockTracker.h"
#include "output/ReportWriter.h"
#include "output/SessionReport.h"
#include "output/TraceWriter.h"
#include "sampling/CpuSampler.h"
#include "session/BenchmarkRegions.h"
#include "session/CallCost.h"
#include "session/Diagnostics.h"
#include "session/LastThread.h"
#include "session/SecondCopy.h"
#include "session/SignalReport.h"
#include "session/Snapshots.h"
#include "valgrind/Callgrind.h"
#include "valgrind/Valgrind.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hotpath::rt {
namespace {

// Constant-initialised: usable from any constructor or atexit handler.
// Lock order, outermost first: SessLock (here) -> the drain lock
// (Drain.cpp: Lock, then CtlMu only to start or stop the drain thread) ->
// the registry lock (Registry.cpp). atforkPrepare takes all three in that
// order. No hook takes any of them; the drain thread takes the drain lock
// alone, and never SessLock (so stopDrainThread may join it under SessLock).
pthread_mutex_t SessLock = PTHREAD_MUTEX_INITIALIZER;
bool Active = false, Implicit = false, EverBegan = false, Inited = false;
bool AtexitDone = false, ChildWithoutReport = false, ChildWithoutTrace = false;
// Main has left through pthread_exit: the runtime's threads are stopped for
// good, so that the process ends with the program's last thread.
bool ThreadsStopped = false;
pthread_key_t MainExitKey;
uint32_t EpochCounter = 0;
Options *Opts = nullptr; // never destroyed (see Drain.cpp)
std::vector<std::string> *RtWarnings = nullptr;
uint64_t StartMono = 0, StartUnix = 0;
uint64_t StartTicks = 0; // the trace's zero (HOTPATH_TRACE)
CallCost Cost;           // of this session's measured calls (CallCost.h)
// Paused between benchmark loops (sessionPause): since when, and for how
// long in all, which the session's elapsed time leaves out.
bool Paused = false;
uint64_t PausedAt = 0, PausedNs = 0;
// HOTPATH_BENCH as the process started: no lazy session is ever allowed.
bool BenchOnly = false;
bool NoRoom = false; // the address-space limit leaves none (AddressSpace.h)
void (*Sink)(const Snapshot &) = nullptr;

uint64_t realtimeNs() { return clockNs(CLOCK_REALTIME); }

void warn(const std::string &W) {
  say(W);
  RtWarnings->push_back(W);
}

void atforkPrepare() {
  pthread_mutex_lock(&SessLock);
  drainLock();
  registryLock();
}
void atforkParent() {
  registryUnlock();
  drainUnlock();
  pthread_mutex_unlock(&SessLock);
}
// The child has one thread and no drain thread; locks may have been held by
// threads that do not exist here. Start clean: the parent reports every
// event up to the fork, the child what happens after it.
void atforkChild() {
  registryResetLockInChild();
  drainResetLockInChild();
  pthread_mutex_init(&SessLock, nullptr);
  forgetDrainThreadInChild();
  cpuSamplingForgetInChild();
  internalThreadsForgetInChild();
  if (!Active)
    return;
  discardAllAllocs();
  discardAllLocks();
  resetThreadsInChild();
  resetAggregate();
  StartMono = monoRawNs();
  StartUnix = realtimeNs();
  ChildWithoutReport = Opts->OutputPath.find("%p") == std::string::npos &&
                       Opts->Format != OutputFormat::None;
  ChildWithoutTrace = Opts->TracePath.find("%p") == std::string::npos;
  snapshotsAfterForkInChild();
  if (!underValgrind() && !ThreadsStopped)
    startDrainThread(Opts->DrainIntervalMs);
}

bool programGone(); // the drain's check, below

void initOnce() {
  if (Inited)
    return;
  Inited = true;
  RtWarnings = new std::vector<std::string>();
  Opts = new Options(loadOptionsFromEnv());
  clockInit(Opts->Clock == ClockChoice::Monotonic);
  setThreadExitSink(deliverExitedThread); // exited threads go to the drain
  setThreadAttachHook(takePending);       // what a thread allocated before
  setProgramGoneCheck(programGone);
  pthread_atfork(atforkPrepare, atforkParent, atforkChild);
  std::string Copy = secondCopyWarning();
  if (!Copy.empty())
    warn(Copy);
}

void onExit() { sessionEnd(); }

// A thread-specific value on the main thread: its destructor runs only when
// main leaves through pthread_exit (returning from main or exit() runs no
// destructors). glibc ends the process with exit(0) when the last thread
// ends, and it counts the runtime's threads too: they must end first. The
// program's remaining threads keep being measured (their queues fold when
// full, and each is delivered when it exits); exit(0) then ends the session
// and writes the report.
void mainThreadLeft(void *) {
  RuntimeScope InRt;
  pthread_mutex_lock(&SessLock);
  ThreadsStopped = true;
  stopDrainThread();
  pthread_mutex_unlock(&SessLock);
  stopSignalReport();
}

// The drain thread, after each sweep: when no thread of the program is
// left, only the runtime's threads keep the process alive. The session
// ends (a report to a file is written; standard error went away with the
// program's descriptor table) and the process exits with the status the
// main thread gave, as the plain build's would (exit_group: no exit
// handler runs, as none would have).
void endLocked(bool Report);

bool programGone() {
  int ExitCode = 0;
  if (!onlyRuntimeThreadsLeft(1 + (signalReportRunning() ? 1 : 0), ExitCode))
    return false;
  RuntimeScope InRt;
  drainThreadEndsItself();
  pthread_mutex_lock(&SessLock);
  ThreadsStopped = true;
  if (Active)
    endLocked(/*Report=*/true);
  pthread_mutex_unlock(&SessLock);
  syscall(SYS_exit_group, ExitCode);
  return true;
}

pid_t LoadedInPid = 0;

// The runtime is loaded, but no session ever began: nothing is instrumented
// (no hotpath.toml), or no measured function was ever called. Say so once,
// in the process that loaded it, unless reports are off.
void exitWithoutSession() {
  if (__atomic_load_n(&EverBegan, __ATOMIC_RELAXED) ||
      __atomic_load_n(&NoRoom, __ATOMIC_RELAXED) || getpid() != LoadedInPid)
    return; // NoRoom: that line said why nothing ran
  RuntimeScope InRt;
  // Through Options (without its warnings: no session means no report).
  if (parseOptions([](const char *Name) -> const char * {
        return getenv(Name);
      }).Format == OutputFormat::None)
    return;
  Snapshot Empty;
  say(nothingRanWarning(Empty));
}

// At load, on the thread that loads the runtime (the main thread, unless a
// later dlopen loads it).
__attribute__((constructor)) void watchMainThread() {
  LoadedInPid = getpid();
  RuntimeScope InRt;
  BenchOnly = parseOptions([](const char *Name) -> const char * {
                return getenv(Name);
              }).Bench;
  // `hotpath bench`: the session is ready, paused, before any benchmark
  // runs, so that its first timed loop only resumes it (BenchmarkRegions.h).
  if (BenchOnly) {
    sessionBegin(BeginKind::Benchmark);
    benchPrepareThread(); // where most benchmarks run their loops
    sessionPause();
  }
  atexit(exitWithoutSession);
  if (syscall(SYS_gettid) != getpid())
    return;
  if (pthread_key_create(&MainExitKey, mainThreadLeft) == 0)
    pthread_setspecific(MainExitKey, &MainExitKey);
}

// The snapshot of A: the session's end takes the aggregate itself (Live
// null: every table is taken); a snapshot while it runs passes a copy,
// the allocation aggregate's copy and the live threads' rows.
Snapshot snapshotOf(Aggregate &A, std::vector<FunctionAlloc> *AllocCopy,
                    std::vector<ThreadInfo> *Live) {
  Snapshot S;
  S.StartUnixNs = StartUnix;
  S.ElapsedNs = monoRawNs() - StartMono - PausedNs -
                (Paused ? monoRawNs() - PausedAt : 0);
  S.PeakRssBytes = peakRssBytes();
  S.UnderValgrind = underValgrind();
  uint32_t N = functionCount();
  S.Functions.resize(N + 1);
  for (uint32_t I = 1; I <= N; ++I) {
    const FnRecord &R = functionRecord(I);
    FunctionInfo &F = S.Functions[I];
    F.Id = I;
    F.Hash = R.Hash;
    F.Flags = R.Flags;
    F.Name = R.Name;
    F.Symbol = R.Symbol;
    F.File = R.File;
    F.Line = R.Line;
  }
  S.Timing = takeTiming(A, N);
  if (Cost.Measured) {
    S.CallCost.Measured = true;
    S.CallCost.TimedNs = Cost.Timed * A.NsPerTick;
    S.CallCost.InnerNs = Cost.Inner * A.NsPerTick;
    S.CallCost.UntimedNs = Cost.Untimed * A.NsPerTick;
    // Every call timed, or the default mode's: its untimed calls take the
    // wrappers' inline fast path when it is armed, which the calibration
    // cannot run: counted as costing nothing there (an undercompensation
    // of a nanosecond or two a call).
    S.CallCost.DescendantNs = CurrentConfig.Period == 1 ? S.CallCost.TimedNs
                              : CurrentConfig.FastPath  ? 0
                                                        : S.CallCost.UntimedNs;
  }
  std::vector<uint64_t> Calls(N + 1), Timed(N + 1);
  for (uint32_t I = 1; I <= N; ++I) {
    Calls[I] = S.Timing[I].Calls;
    Timed[I] = S.Timing[I].Timed;
  }
  S.Alloc = AllocCopy
                ? finishAllocAggregate(std::move(*AllocCopy), Calls, Timed)
                : takeAllocAggregate(Calls, Timed);
  S.AllocTracked = allocTracked();
  S.AllocPerCallSampled = allocByCurrentCall();
  // A live snapshot's locks: those of the threads that exited so far.
  takeLockAggregate(S, A.NsPerTick, /*Take=*/!AllocCopy);
  // No frames, no paths: count-only sessions, and HOTPATH_MAX_PATHS=0.
  bool Full = A.Paths.Full;
  std::vector<PathOut> Paths = A.Paths.take(A.NsPerTick);
  if (!__atomic_load_n(&CountOnlyMode, __ATOMIC_RELAXED) && Opts->MaxPaths) {
    S.Paths = std::move(Paths);
    S.PathsExclusive = CurrentConfig.Exclusive;
    S.MaxPaths = Opts->MaxPaths;
    S.PathsFull = Full;
    if (Full && !Live) // the flat sections keep every call
      warn("more call paths than HOTPATH_MAX_PATHS=" +
           std::to_string(Opts->MaxPaths) +
           ": the calls beyond it are folded into their parent's path "
           "(marked [paths not kept] in the call tree)");
  }
  S.Threads = std::move(A.Exited);
  S.Cpu = cpuSamples(/*Take=*/!Live);
  S.Warnings = *RtWarnings;
  for (std::string &W : cpuSamplingWarnings()) {
    if (!Live)
      say(W); // found by the drain thread, which has no stderr
    S.Warnings.push_back(std::move(W));
  }
  if (uint32_t N = threadsWithMeasuringStopped())
    S.Warnings.push_back(
        "measuring stopped on " + std::to_string(N) +
        (N == 1 ? " thread that" : " threads that") +
        " disabled the time-stamp counter (PR_SET_TSC or seccomp strict "
        "mode): their later calls are not counted");
  if (Live) {
    S.Threads.insert(S.Threads.end(), Live->begin(), Live->end());
    return S;
  }
  collectLiveThreads(S.Threads);
  resetAggregate();
  return S;
}

Snapshot buildSnapshot() { return snapshotOf(aggregate(), nullptr, nullptr); }

struct FinishJob {
  bool Report;
};

// The session's end after the hooks stopped (endLocked), under SessLock,
// held by the thread that waits for this one.
void finishSessionWork(bool Report);

// Out of memory at the end (a low ulimit -v): one line, no report, and
// nothing thrown into the program's exit.
void finishSession(void *P) {
  try {
    finishSessionWork(static_cast<FinishJob *>(P)->Report);
  } catch (const std::bad_alloc &) {
    say("hotpath: out of memory while ending the session (an address-space "
        "limit, ulimit -v?): no report");
  }
}

void finishSessionWork(bool Report) {
  RuntimeScope InRt;
  // Released however this ends (std::bad_alloc included).
  struct DrainHold {
    bool Held = true;
    DrainHold() { drainLock(); }
    ~DrainHold() { release(); }
    void release() {
      if (Held)
        drainUnlock();
      Held = false;
    }
  } Hold;
  sweepAll(/*Final=*/true, EpochCounter);
  if (CurrentTrace.Cap) {
    std::vector<ThreadTrace> Traces = collectTraces(EpochCounter);
    if (Report && !ChildWithoutTrace && !Opts->TracePath.empty())
      if (std::string W =
              writeTrace(Traces, *Opts, StartTicks, aggregate().NsPerTick);
          !W.empty())
        warn(W);
    for (ThreadTrace &Tr : Traces)
      if (Tr.Exited)
        freeTraceBuffer(Tr.Buf);
  }
  Snapshot S = buildSnapshot();
  Hold.release();
  if (!Report)
    return;
  if (!ChildWithoutReport && Opts->Format != OutputFormat::None)
    if (std::string W = nothingRanWarning(S); !W.empty()) {
      say(W);
      S.Warnings.push_back(W);
    }
  if (!ChildWithoutReport)
    snapshotsEnd(S);
  if (!ChildWithoutReport)
    writeSessionReport(S, *Opts); // Callgrind counts, merged mode
  if (Sink)
    Sink(S);
}

// Under SessLock.
void endLocked(bool Report) {
  setSessionEpoch(0); // stop accepting
  allocSessionEnd();
  locksSessionEnd();
  Active = false;
  if (Paused)
    PausedNs += monoRawNs() - PausedAt;
  Paused = false;
  if (Report)
    callgrindSessionEnd(); // dump before the final drain runs
  // Frames still open on this thread (exit() from deep inside measured
  // code, or an end inside a measured function) are closed now, once;
  // their own exits, if they ever come, are outside the session.
  if (ThreadState *T = CurrentThread; T && T->Epoch == EpochCounter)
    while (T->Top != T->Stack)
      closeTop(T);
  if (Report && Opts->Bench && benchLoopsStarted() == 0)
    warn("HOTPATH_BENCH=1, but no Google Benchmark timed loop ran in code "
         "compiled with the hotpath plugin: compile the benchmarks' sources "
         "with -fpass-plugin too (docs/benchmarks.md)");
  stopDrainThread();
  // The final drain, the trace and the report read and write files: on a
  // thread whose descriptor table is its own (PrivateFiles.h), so that
  // none of them takes a number another thread of the program is about to
  // get back from open(). It keeps copies of the standard streams, where
  // the table and the warnings go.
  FinishJob J{Report};
  runWithPrivateFiles(finishSession, &J);
}

void beginLocked(BeginKind Kind);

} // namespace

void sessionBegin(BeginKind Kind) {
  RuntimeScope InRt;
  support::MutexGuard Guard(SessLock);
  // Out of memory as it begins (a low ulimit -v): no session, one line,
  // nothing thrown into the program.
  try {
    beginLocked(Kind);
  } catch (const std::bad_alloc &) {
    setSessionEpoch(0);
    Active = false;
    NoRoom = true;
    say("hotpath: out of memory as the session began (an address-space "
        "limit, ulimit -v?): nothing is measured");
  }
}

namespace {
void beginLocked(BeginKind Kind) {
  initOnce();
  // Under `hotpath bench`, only the benchmarks' timed loops begin it.
  if (Opts->Bench != (Kind == BeginKind::Benchmark))
    return;
  if (Active && !(Implicit && Kind != BeginKind::Lazy)) {
    return; // nested begin: nothing to do
  }
  if (Active)
    endLocked(/*Report=*/false); // discard the lazy session
  if (Kind == BeginKind::Lazy && (EverBegan || mainRegistered()))
    return;
  // Calibrating the clock would kill this thread, and the drain thread,
  // which inherits the setting (ClockGuard.cpp).
  if (tscDisabledOnThisThread()) {
    stopMeasuringThisThread();
    warn("the time-stamp counter is disabled on the thread that begins the "
         "session (PR_SET_TSC or seccomp strict mode): nothing is measured");
    return;
  }
  if (std::string Why; !NoRoom && !roomToMeasure(Why)) {
    NoRoom = true;
    warn(Why);
  }
  if (NoRoom)
    return;
  bool Vg = underValgrind();
  setPrivateFilesEnabled(!Vg);
  // Before the session's first thread (the call cost's, the drain's).
  reserveOwnedFdRange();
  allocSessionBegin(*Opts, Vg, *RtWarnings);
  locksSessionBegin(*Opts, Vg);
  // The session's mode, decided in one place (SessionMode.h), then applied.
  SessionInputs In;
  In.Mode = Opts->Mode;
  In.Rate = Opts->TimeSamplingRate;
  In.Exclusive = Opts->TimeExclusive;
  In.FastPathAllowed = Opts->FastPath;
  In.UnderValgrind = Vg;
  In.Tsc = ClockUsesTsc;
  In.AllocTracked = allocTracked();
  In.AllocCumulative = Opts->AllocCumulative;
  In.LocksTracked = locksTracked();
  In.TraceAsked = !Opts->TracePath.empty();
  SessionMode Mode = deriveSessionMode(In);
  CurrentConfig = Mode.Config;
  allocApplyMode(Mode.Alloc);
  KeepCurrentCall = Mode.KeepCurrentCall;
  captureThreadBaseline();
  {
    std::vector<std::string> W;
    snapshotsBegin(*Opts, Vg, W);
    for (const std::string &Line : W)
      warn(Line);
  }
  // HOTPATH_TRACE: the timed calls, natively.
  CurrentTrace = Mode.Trace ? TraceConfig{Opts->TraceEvents, Opts->TraceRing,
                                          Opts->TraceMinNs}
                            : TraceConfig{};
  if (Mode.TraceRefused == TraceRefusal::UnderValgrind)
    warn("HOTPATH_TRACE is ignored under Valgrind, which counts calls "
         "instead of timing them");
  else if (Mode.TraceRefused == TraceRefusal::TimesNothing)
    warn("HOTPATH_TRACE records timed calls, and the count mode times "
         "none: no trace");
  __atomic_store_n(&CountOnlyMode, Mode.Hooks == HookMode::CountOnly ? 1u : 0u,
                   __ATOMIC_RELAXED);
  selectHookImplementations(Mode);
  clockStartCalibration();
  // What a measured call costs, taken out of the report's times: before
  // the epoch is published and the aggregate reset (CallCost.h).
  Cost = Opts->Compensate && !Vg && !Mode.TimesNothing && !ThreadsStopped
             ? measureCallCost()
             : CallCost{};
  // Out of address space for its table, the default mode counts only.
  if (CurrentConfig.Adaptive &&
      !adaptiveSessionBegin(Cost.Measured ? Cost.Timed : 0))
    CurrentConfig.Adaptive = false;
  drainLock();
  sweepAll(true); // drop stragglers that arrived after the last session
  resetAggregate();
  // Call paths: each thread's bound, and whether events carry own times.
  MaxPaths = Opts->MaxPaths ? Opts->MaxPaths : 1;
  aggregate().Paths.Exclusive = CurrentConfig.Exclusive;
  aggregate().Paths.PerThread = Opts->TreePerThread;
  drainUnlock();
  StartMono = monoRawNs();
  StartUnix = realtimeNs();
  Paused = false;
  PausedNs = 0;
  EverBegan = true;
  Implicit = Kind == BeginKind::Lazy;
  Active = true;
  StartTicks = readTicks();
  // 0 is "no session" and FastPathOff the epoch of an unarmed thread.
  if (++EpochCounter == 0 || EpochCounter == FastPathOff)
    EpochCounter = 1;
  // CPU samples are the drain thread's to take, and never under Valgrind,
  // which runs no perf event (docs/sampling.md).
  cpuSamplingBegin(Vg || ThreadsStopped ? 0 : Opts->CpuSamplingHz);
  setSessionEpoch(EpochCounter);
  if (!Vg && !ThreadsStopped)
    startDrainThread(Opts->DrainIntervalMs);
  if (!AtexitDone)
    AtexitDone = atexit(onExit) == 0;
  if (!ThreadsStopped)
    installSignalReport(); // SIGINT/SIGTERM at their default: report first
  callgrindSessionBegin(); // last: the session's counts start here
}
} // namespace

void sessionEnd() {
  RuntimeScope InRt;
  support::MutexGuard Guard(SessLock);
  if (Active)
    endLocked(/*Report=*/true);
}

Snapshot liveSnapshot() {
  RuntimeScope InRt;
  drainLock();
  std::vector<ThreadInfo> Live;
  Aggregate Copy = peekAggregate(Live);
  std::vector<FunctionAlloc> Alloc = peekAllocAggregate();
  Snapshot S = snapshotOf(Copy, &Alloc, &Live);
  drainUnlock();
  return S;
}

void sessionPause() {
  RuntimeScope InRt;
  support::MutexGuard Guard(SessLock);
  if (Active && !Paused) {
    // The hooks see no session (their slow path returns at once) and the
    // armed fast paths no longer match; frames stay as they are.
    setSessionEpoch(0);
    allocPause();
    locksPause();
    callgrindSessionPause();
    Paused = true;
    PausedAt = monoRawNs();
  }
}

void sessionResume() {
  RuntimeScope InRt;
  support::MutexGuard Guard(SessLock);
  if (Active && Paused) {
    PausedNs += monoRawNs() - PausedAt;
    Paused = false;
    allocResume();
    locksResume();
    // The same epoch: the threads' states are current again as they were.
    setSessionEpoch(EpochCounter);
    callgrindSessionResume();
  }
}

bool sessionActive() { return __atomic_load_n(&GlobalEpoch, __ATOMIC_RELAXED); }

bool sessionLazyAllowed() {
  return !__atomic_load_n(&EverBegan, __ATOMIC_RELAXED) && !mainRegistered() &&
         !BenchOnly && !__atomic_load_n(&NoRoom, __ATOMIC_RELAXED);
}

void reloadOptionsForTesting() {
  support::MutexGuard Guard(SessLock);
  if (Inited)
    *Opts = loadOptionsFromEnv();
}

bool sessionThreadsStopped() {
  return __atomic_load_n(&ThreadsStopped, __ATOMIC_RELAXED);
}

bool sessionBenchOnly() {
  return __atomic_load_n(&BenchOnly, __ATOMIC_RELAXED);
}

bool sessionEverBegan() {
  return __atomic_load_n(&EverBegan, __ATOMIC_RELAXED);
}

void setSnapshotSinkForTesting(void (*S)(const Snapshot &)) { Sink = S; }

} // namespace hotpath::rt

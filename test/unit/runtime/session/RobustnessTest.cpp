//===- RobustnessTest.cpp - Signals, fork, a stalled drain ----------------===//
#include "TestSupport.h"

#include "base/PageAlloc.h"
#include "core/EventQueue.h"
#include "core/ThreadState.h"
#include "drain/Drain.h"

#include <gtest/gtest.h>

#include <csetjmp>
#include <csignal>
#include <sys/time.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace hptest;
using hotpath::rt::Snapshot;

namespace {

hotpath_fn_desc *InHandler = nullptr;
volatile sig_atomic_t HandlerCalls = 0;

void onAlarm(int) {
  call(InHandler); // measured code in a signal handler
  call(InHandler);
  HandlerCalls = HandlerCalls + 1;
}

// A timer signal interrupts the main thread wherever it is, often inside
// a hook (the loop does little else); the handler runs measured code. Both
// functions' counts must be exact.
TEST(SignalTest, HandlerCallsInsideHooksLoseNothing) {
  hotpath_fn_desc *Main = makeFn("main_loop", 0xc1);
  InHandler = makeFn("handler", 0xc2);
  begin({{"HOTPATH_DRAIN_INTERVAL", "1"}});
  struct sigaction SA = {};
  SA.sa_handler = onAlarm;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGALRM, &SA, nullptr);
  itimerval T = {{0, 20}, {0, 20}}; // every 20 us
  setitimer(ITIMER_REAL, &T, nullptr);
  constexpr uint64_t N = 3000000;
  for (uint64_t I = 0; I < N; ++I)
    call(Main);
  itimerval Off = {};
  setitimer(ITIMER_REAL, &Off, nullptr);
  signal(SIGALRM, SIG_DFL);
  const Snapshot &S = end();
  EXPECT_GT(HandlerCalls, 10);
  EXPECT_EQ(timingOf(S, Main).Calls, N);
  EXPECT_EQ(timingOf(S, InHandler).Calls, 2u * uint64_t(HandlerCalls));
}

std::jmp_buf Jmp;
__attribute__((noinline)) void jumper(hotpath_fn_desc *F, int N) {
  __hotpath_enter(F);
  if (N == 0)
    std::longjmp(Jmp, 1);
  jumper(F, N - 1);
  __hotpath_exit(F);
}

// The same timer while the main thread keeps abandoning frames by longjmp
// and closing them in the slow path: a handler landing in that cleanup
// must neither close those frames again nor lose its own calls. The frames
// are abandoned deeper than the signal frame, so the handler itself sees
// them as abandoned too (it must leave them to the interrupted hook).
TEST(SignalTest, HandlerDuringLongjmpCleanup) {
  hotpath_fn_desc *Jumped = makeFn("jumped", 0xc7),
                  *After = makeFn("after", 0xc8);
  InHandler = makeFn("handler2", 0xc9);
  HandlerCalls = 0;
  begin();
  call(After); // attach before the timer starts
  struct sigaction SA = {};
  SA.sa_handler = onAlarm;
  sigemptyset(&SA.sa_mask);
  sigaction(SIGALRM, &SA, nullptr);
  itimerval T = {{0, 20}, {0, 20}};
  setitimer(ITIMER_REAL, &T, nullptr);
  constexpr uint64_t N = 15000;
  for (uint64_t I = 0; I < N; ++I) {
    if (setjmp(Jmp) == 0)
      jumper(Jumped, 149); // deeper than a signal frame
    call(After);           // closes them in its slow path
  }
  itimerval Off = {};
  setitimer(ITIMER_REAL, &Off, nullptr);
  signal(SIGALRM, SIG_DFL);
  const Snapshot &S = end();
  EXPECT_GT(HandlerCalls, 10);
  EXPECT_EQ(timingOf(S, Jumped).Calls, 150 * N);
  EXPECT_EQ(timingOf(S, After).Calls, N + 1);
  EXPECT_EQ(timingOf(S, InHandler).Calls, 2u * uint64_t(HandlerCalls));
}

TEST(ForkTest, ChildStartsCleanWithItsOwnDrain) {
  hotpath_fn_desc *F = makeFn("forked", 0xc3);
  begin({{"HOTPATH_DRAIN_INTERVAL", "1"}});
  for (int I = 0; I < 10; ++I)
    call(F);
  pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    for (int I = 0; I < 5; ++I)
      call(F);
    std::thread([F] { call(F); }).join();
    usleep(20000); // the child's drain thread sweeps meanwhile
    const Snapshot &S = end();
    _exit(timingOf(S, F).Calls == 6 ? 0 : 1);
  }
  for (int I = 0; I < 3; ++I)
    call(F);
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  EXPECT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0) << "the child's counts were wrong";
  EXPECT_EQ(timingOf(end(), F).Calls, 13u);
}

// exit() while detached threads are still in measured code, one of them
// blocked inside a measured call: the session ends (the blocked call is
// counted once), static destruction runs, and nothing crashes although the
// threads keep calling the hooks until the process is gone.
TEST(ExitTest, DetachedThreadsStillRunningAtExit) {
  pid_t Pid = fork();
  ASSERT_GE(Pid, 0);
  if (Pid == 0) {
    static hotpath_fn_desc *Busy = makeFn("busy", 0xc5);
    static hotpath_fn_desc *Blocked = makeFn("blocked", 0xc6);
    begin();
    std::thread([] {
      for (;;)
        call(Busy);
    }).detach();
    std::thread([] {
      __hotpath_enter(Blocked);
      for (;;)
        pause();
    }).detach();
    usleep(20000);
    hotpath::rt::setSnapshotSinkForTesting([](const Snapshot &S) {
      // Checked from the atexit handler: the blocked call counted once.
      if (timingOf(S, Blocked).Calls != 1 || timingOf(S, Busy).Calls == 0)
        _exit(3);
    });
    exit(0); // atexit: the session ends while the threads run
  }
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  ASSERT_TRUE(WIFEXITED(Status)) << "killed by signal " << WTERMSIG(Status);
  EXPECT_EQ(WEXITSTATUS(Status), 0);
}

// With the drain stalled on purpose and every core in a tight
// measured loop, memory stays within the documented bound (MaxChunks
// chunks of 64 KiB per thread) and every call is still counted exactly.
TEST(StallTest, MemoryBoundedAndCountsExactWithDrainStalled) {
  using namespace hotpath::rt;
  hotpath_fn_desc *F = makeFn("storm", 0xc4);
  unsigned Threads = std::max(2u, std::thread::hardware_concurrency());
  constexpr uint64_t PerThread = 1500000; // > MaxChunks * Slots = 261,888
  begin();
  setDrainPaused(true);
  uint64_t Before = pageStats().ChunkBytes, FullBefore = 0;
  for (ThreadState *S = threadList(); S; S = S->Next.load())
    FullBefore += S->Q.FullHits;
  resetChunkPeak();
  std::vector<std::thread> Ts;
  for (unsigned I = 0; I < Threads; ++I)
    Ts.emplace_back([F] {
      for (uint64_t K = 0; K < PerThread; ++K)
        call(F);
    });
  for (auto &T : Ts)
    T.join();
  uint64_t Peak = pageStats().ChunkPeak, FullAfter = 0, States = 0;
  for (ThreadState *S = threadList(); S; S = S->Next.load(), ++States) {
    FullAfter += S->Q.FullHits;
    EXPECT_LE(S->Q.chunksHeld(), EventQueue::MaxChunks);
  }
  const Snapshot &S = end(); // the final drain delivers everything
  setDrainPaused(false);
  // New chunk memory during the storm: at most the bound per thread. (In a
  // process of its own, as under ctest, Before is one chunk.)
  uint64_t Bound = uint64_t(Threads) * EventQueue::MaxChunks * ChunkBytes;
  EXPECT_LE(Peak - Before, Bound);
  // All chunk memory of the process: the bound per thread state.
  EXPECT_LE(Peak, States * EventQueue::MaxChunks * ChunkBytes);
  // The queues really filled up and the producers folded.
  EXPECT_GE(FullAfter - FullBefore,
            Threads * (PerThread - EventQueue::MaxChunks * Chunk::Slots));
  const auto &T = timingOf(S, F);
  EXPECT_EQ(T.Calls, Threads * PerThread);
  EXPECT_EQ(T.Timed, Threads * PerThread); // folded calls keep their time
  EXPECT_GT(T.TotalNs, 0u);
}

} // namespace

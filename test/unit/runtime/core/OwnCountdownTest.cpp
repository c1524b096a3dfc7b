//===- OwnCountdownTest.cpp - Countdowns in the executable's TLS ----------===//
//
// A function defined once in an executable counts in a thread-local
// countdown of its own (__hotpath_register_countdowns, abi.h): the gate
// decrements it in place, the hooks load it, the drain reads it in every
// live thread and, once a thread has exited, in the table its exit folded
// it into. The gate is emulated as the wrapper's asm runs it.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "core/Registry.h"
#include "core/ThreadState.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

using namespace hptest;

namespace {

// Static TLS of the test executable: at the same offset from the thread
// pointer in every thread, as a wrapper's countdown is.
thread_local int64_t OwnF = 0;
thread_local int64_t OwnG = 0;

bool armed() { return __hotpath_fast.epoch == __hotpath_epoch; }

/// Registers a gated function whose countdown is `Own` (null: the table).
hotpath_fn_desc *ownFn(const char *Name, uint64_t Hash, int64_t *Own) {
  // Reachable for the process's life, as a module's records are (and as
  // LeakSanitizer wants).
  static auto *Keep = new std::vector<hotpath_fn_desc *>;
  auto *D = new hotpath_fn_desc{HOTPATH_ABI_VERSION,
                                HOTPATH_FN_FAST_PATH,
                                Hash,
                                Name,
                                Name,
                                "test.cpp",
                                1,
                                0};
  Keep->push_back(D);
  hotpath_fn_desc *Arr[1] = {D};
  uint64_t Addr[1] = {uint64_t(uintptr_t(Own))};
  __hotpath_register_countdowns(Arr, 1, HOTPATH_ABI_VERSION, Addr);
  return D;
}

/// The OwnForm gate: epoch check, then the function's own countdown.
void wrapped(hotpath_fn_desc *D, int64_t &Own) {
  if (!(armed() && --Own > 0))
    call(D);
}

TEST(OwnCountdownTest, TheGateCountsInTheThreadsOwnVariable) {
  hotpath_fn_desc *F = ownFn("f", 0x0c1, &OwnF);
  EXPECT_EQ(hotpath::rt::OwnCountdownOffsets[F->runtime_id],
            int64_t(uintptr_t(&OwnF) - hotpath::rt::threadPointer()));
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(F, OwnF); // hooked: attaches, arms and loads the countdown
  ASSERT_TRUE(armed());
  EXPECT_EQ(OwnF, INT64_MAX);
  for (int I = 0; I < 999; ++I)
    wrapped(F, OwnF);
  EXPECT_EQ(OwnF, INT64_MAX - 999);
  EXPECT_EQ(timingOf(end(), F).Calls, 1000u);
}

TEST(OwnCountdownTest, ExitedThreadsAreFoldedAndLiveOnesRead) {
  hotpath_fn_desc *F = ownFn("f", 0x0c2, &OwnF);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  std::vector<std::thread> Done;
  for (int T = 0; T < 4; ++T)
    Done.emplace_back([&] {
      for (int I = 0; I < 10000; ++I)
        wrapped(F, OwnF);
    });
  for (std::thread &T : Done)
    T.join(); // their TLS is gone: the drain reads what their exit folded
  for (hotpath::rt::ThreadState *S = hotpath::rt::threadList(); S;
       S = S->Next.load())
    if (S != hotpath::rt::CurrentThread)
      EXPECT_EQ(S->Tp, 0u) << "an exited thread's TLS is still read";
  // One thread still running when the session ends: read in its TLS.
  std::atomic<bool> Counted{false}, Ended{false};
  std::thread Live([&] {
    for (int I = 0; I < 500; ++I)
      wrapped(F, OwnF);
    Counted = true;
    while (!Ended)
      std::this_thread::yield();
  });
  while (!Counted)
    std::this_thread::yield();
  for (int I = 0; I < 7; ++I)
    wrapped(F, OwnF);
  uint64_t Calls = timingOf(end(), F).Calls;
  Ended = true;
  Live.join();
  EXPECT_EQ(Calls, 4u * 10000 + 500 + 7);
}

TEST(OwnCountdownTest, ARecycledStateCountsNothingOfItsLastThread) {
  hotpath_fn_desc *F = ownFn("f", 0x0c5, &OwnF);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  std::thread([&] {
    for (int I = 0; I < 300; ++I)
      wrapped(F, OwnF);
  }).join(); // its state is recycled at once, with what its exit folded
  // A thread that takes that state (as a lock's hook does) and exits
  // without a measured call: its countdowns were never loaded.
  for (int T = 0; T < 3; ++T)
    std::thread([] { hotpath::rt::attachThread(); }).join();
  EXPECT_EQ(timingOf(end(), F).Calls, 300u);
}

// A signal handler's measured call can attach the thread between its
// caller's look at CurrentThread (a hook, a lock) and that caller's own
// attach (the handler interrupted a system call in between): the second
// attach must find the state the handler made, not make another one that
// would read the same own countdowns and count their calls twice (a 10 kHz
// SIGALRM test counted its handler's 2000 calls as 3994 once in 40 runs).
TEST(OwnCountdownTest, AnAttachAfterAHandlersAttachKeepsItsState) {
  hotpath_fn_desc *F = ownFn("f", 0x0c6, &OwnF);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  std::thread([&] {
    for (int I = 0; I < 100; ++I) // the handler's calls: attached here
      wrapped(F, OwnF);
    hotpath::rt::ThreadState *Mine = hotpath::rt::CurrentThread;
    ASSERT_NE(Mine, nullptr);
    EXPECT_EQ(hotpath::rt::attachThread(), Mine); // the interrupted caller
    EXPECT_EQ(hotpath::rt::CurrentThread, Mine);
    for (int I = 0; I < 100; ++I)
      wrapped(F, OwnF);
  }).join();
  EXPECT_EQ(timingOf(end(), F).Calls, 200u);
}

// The default mode's probes reload the function's own countdown.
TEST(OwnCountdownTest, ProbesReloadTheOwnVariable) {
  hotpath_fn_desc *F = ownFn("f", 0x0c3, &OwnF);
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(F, OwnF); // the first call is a probe, which sets the next gap
  ASSERT_TRUE(armed());
  EXPECT_GE(OwnF, 1);
  for (int I = 0; I < 9999; ++I)
    wrapped(F, OwnF);
  hotpath::rt::FunctionTiming T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 10000u);
  EXPECT_GE(T.Timed, 2u);
  EXPECT_LE(T.Timed, 16u); // gaps that double: about log2(10000)
}

TEST(OwnCountdownTest, ARecordWithAnotherCountdownTakesTheHooks) {
  // The function registered first with the table (a shared library's
  // copy), then from the executable with a countdown of its own.
  hotpath_fn_desc *Lib = ownFn("g", 0x0c4, nullptr);
  hotpath_fn_desc *Exe = ownFn("g", 0x0c4, &OwnG);
  ASSERT_EQ(Lib->runtime_id, Exe->runtime_id);
  EXPECT_FALSE(Lib->flags & HOTPATH_FN_OTHER_COUNTDOWN);
  EXPECT_TRUE(Exe->flags & HOTPATH_FN_OTHER_COUNTDOWN);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  call(Lib); // attaches the thread: its table exists from here on
  int64_t &Table = reinterpret_cast<int64_t *>(
      reinterpret_cast<char *>(__hotpath_fast.counts) +
      HOTPATH_COUNTDOWNS_OFFSET)[Lib->runtime_id];
  for (int I = 0; I < 300; ++I) {
    if (!(armed() && --Table > 0)) // the library's gate
      call(Lib);
    wrapped(Exe, OwnG); // never above 0: always the hooks
  }
  EXPECT_LE(OwnG, 0);
  EXPECT_EQ(timingOf(end(), Lib).Calls, 601u);
}

} // namespace

//===- FastPathTest.cpp - When the runtime arms the wrappers' fast path ---===//
//
// The runtime arms a thread (__hotpath_fast.epoch == __hotpath_epoch, abi.h)
// at its first hooked call of a session only when no call needs a frame:
// the default or count mode, inclusive time, allocation tracking off or
// exclusive and timing something, HOTPATH_FAST_PATH not 0. The gate is emulated
// here as the wrapper's asm runs it (pass/WrapperFastPath.cpp): the countdown
// it decrements, which is also its count, and the hooks' counts must add up in
// the report.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"

#include "alloc/AllocTracker.h"
#include "core/ThreadState.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <pthread.h>
#include <thread>

using namespace hptest;

namespace {

bool armed() { return __hotpath_fast.epoch == __hotpath_epoch; }

/// This thread's countdown of D (abi.h, HOTPATH_COUNTDOWNS_OFFSET).
int64_t &countdownOf(const hotpath_fn_desc *D) {
  return reinterpret_cast<int64_t *>(
      reinterpret_cast<char *>(__hotpath_fast.counts) +
      HOTPATH_COUNTDOWNS_OFFSET)[D->runtime_id];
}

/// The gate of a wrapper: true when it counted the call itself (then the
/// wrapper calls the marker without hooks).
bool gate(const hotpath_fn_desc *D) {
  return armed() && --countdownOf(D) > 0; // the countdown is the count
}

/// A function whose wrapper has the gate.
hotpath_fn_desc *gatedFn(const char *Name, uint64_t Hash) {
  hotpath_fn_desc *D = makeFn(Name, Hash);
  D->flags |= HOTPATH_FN_FAST_PATH;
  return D;
}

/// One call through a wrapper with the fast path.
void wrapped(hotpath_fn_desc *D) {
  if (!gate(D))
    call(D);
}

TEST(FastPathTest, CountOnlyArmsWithTheThreadsTable) {
  hotpath_fn_desc *F = gatedFn("f", 0xf1);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  EXPECT_NE(__hotpath_epoch, 0u);
  EXPECT_FALSE(armed()); // not before this thread's first hooked call
  call(F);
  ASSERT_TRUE(armed());
  EXPECT_EQ(countdownOf(F), INT64_MAX);
  ASSERT_NE(hotpath::rt::CurrentThread, nullptr);
  EXPECT_EQ(__hotpath_fast.counts, hotpath::rt::CurrentThread->Counts);
  for (int I = 0; I < 1000; ++I)
    EXPECT_TRUE(gate(F));
  EXPECT_EQ(countdownOf(F), INT64_MAX - 1000);
  EXPECT_EQ(timingOf(end(), F).Calls, 1001u);
}

// The default mode: each function's calls go through the gate but its
// probes (core/Adaptive.h), which the hooks time.
TEST(FastPathTest, DefaultModeArmsAndSharesTheCountdown) {
  hotpath_fn_desc *F = gatedFn("f", 0xf2);
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_ALLOC", "0"}});
  call(F); // the first call is a probe
  ASSERT_TRUE(armed());
  EXPECT_GE(countdownOf(F), 1);
  int Fast = 0;
  for (int I = 0; I < 1000; ++I)
    Fast += gate(F) ? 1 : (call(F), 0);
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 1001u);
  EXPECT_EQ(uint64_t(Fast), 1001u - T.Timed); // the others were probes
  EXPECT_GE(T.Timed, 2u);
  EXPECT_LE(T.Timed, 12u); // gaps that double: about log2(1000)
}

// A signal handler's call can land while a hook is pushing a frame: the
// slot is the top already, its fields not yet written. It found a closed
// timed call's flags there, took them for its parent's and, as it ended,
// disarmed the thread under the interrupted call, whose armed gate had
// counted it: the hooks counted it again (SIGALRM at 10 kHz, 20 calls of
// 35 million too many). A closed frame clears its slot, and a timed call
// puts back the epoch it found.
TEST(FastPathTest, AHandlersCallInAHalfPushedFrameLeavesTheGateAsItWas) {
  hotpath_fn_desc *C = gatedFn("c", 0x1f0), *H = gatedFn("h", 0x1f1);
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(C); // C's first call: a probe, in the slot above the top
  ASSERT_TRUE(armed());
  hotpath::rt::ThreadState *T = hotpath::rt::CurrentThread;
  EXPECT_EQ(T->Top[1].Flags, 0u);
  // The interrupted push: the slot is the top, nothing written yet.
  T->Top += 1;
  wrapped(H); // the handler's call: its first, a probe
  T->Top -= 1;
  EXPECT_TRUE(armed());
  hotpath::rt::Snapshot S = end();
  EXPECT_EQ(timingOf(S, H).Calls, 1u);
}

// Enters D two frames below the caller and returns without its exit, as a
// longjmp out of D would leave it.
__attribute__((noinline)) void enterDeeper(hotpath_fn_desc *D) {
  __hotpath_enter(D);
  asm volatile("" ::: "memory");
}
__attribute__((noinline)) void enterAndAbandon(hotpath_fn_desc *D) {
  enterDeeper(D);
  asm volatile("" ::: "memory");
}

// A timed call abandoned (a longjmp out of it) is closed by the next call
// that reaches the hooks, which is counted once: the gate as the
// abandoned call found it.
TEST(FastPathTest, ClosingAnAbandonedTimedCallCountsTheNextCallOnce) {
  hotpath_fn_desc *P = gatedFn("p", 0xf9), *G = gatedFn("g", 0xfa);
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(G); // G's first call: a probe, and the thread arms
  ASSERT_TRUE(armed());
  enterAndAbandon(P); // P's first call, a probe: innermost
  EXPECT_TRUE(armed());
  wrapped(G); // G's second: a probe through the hooks, which close P first
  EXPECT_TRUE(armed());
  for (int I = 0; I < 10; ++I)
    wrapped(G);
  hotpath::rt::Snapshot S = end();
  EXPECT_EQ(timingOf(S, G).Calls, 12u);
  EXPECT_EQ(timingOf(S, P).Calls, 1u);
}

// The modes where some call needs a shadow-stack frame, and the switch.
void expectNotArmed(
    std::initializer_list<std::pair<const char *, const char *>> Env) {
  hotpath_fn_desc *F = makeFn("f", 0xf3);
  begin(Env);
  call(F);
  EXPECT_NE(__hotpath_epoch, 0u);
  EXPECT_EQ(__hotpath_fast.epoch, ~0u);
  EXPECT_FALSE(armed());
  for (int I = 0; I < 10; ++I)
    wrapped(F);
  EXPECT_EQ(timingOf(end(), F).Calls, 11u);
}

TEST(FastPathTest, AllTimedDoesNotArm) {
  expectNotArmed({{"HOTPATH_TIME_SAMPLING_RATE", "1"}, {"HOTPATH_ALLOC", "0"}});
}

// The default mode with allocation tracking: armed; the hooks keep the
// thread's current call as the gate does (abi.h), framed, restored at exit.
TEST(FastPathTest, DefaultAllocationTrackingArmsAndKeepsTheCurrentCall) {
  hotpath_fn_desc *F = makeFn("g", 0xf6);
  begin({{"HOTPATH_MODE", "default"}, {"HOTPATH_ALLOC", "1"}});
  if (!hotpath::rt::allocTracked()) {
    end();
    GTEST_SKIP() << "allocation tracking is off (sanitizer build?)";
  }
  __hotpath_fast.current = 0;
  call(F);
  EXPECT_TRUE(armed());
  EXPECT_EQ(__hotpath_fast.current, 0u);
  __hotpath_fast.current = 7; // a caller counted by the fast path
  __hotpath_enter(F);
  EXPECT_EQ(__hotpath_fast.current, F->runtime_id | HOTPATH_CURRENT_FRAMED);
  __hotpath_exit(F);
  EXPECT_EQ(__hotpath_fast.current, 7u);
  __hotpath_fast.current = 0;
  end();
}

// Count-only with allocation tracking keeps a frame per call (the
// bytes-per-call histogram has no timed calls to come from); so does
// cumulative attribution, in any mode. Tracking is off by itself under
// a sanitizer (it owns malloc): nothing to test then.
void expectAllocationsDoNotArm(
    std::initializer_list<std::pair<const char *, const char *>> Env,
    uint64_t Hash) {
  hotpath_fn_desc *F = makeFn("g", Hash);
  begin(Env);
  if (!hotpath::rt::allocTracked()) {
    end();
    GTEST_SKIP() << "allocation tracking is off (sanitizer build?)";
  }
  call(F);
  EXPECT_FALSE(armed());
  end();
}

TEST(FastPathTest, CumulativeAllocationsDoNotArm) {
  expectAllocationsDoNotArm(
      {{"HOTPATH_MODE", "default"}, {"HOTPATH_ALLOC_CUMULATIVE", "1"}}, 0xf7);
}

TEST(FastPathTest, CountOnlyAllocationTrackingDoesNotArm) {
  expectAllocationsDoNotArm(
      {{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "1"}}, 0xf4);
}

TEST(FastPathTest, ExclusiveTimeDoesNotArm) {
  expectNotArmed({{"HOTPATH_MODE", "default"},
                  {"HOTPATH_ALLOC", "0"},
                  {"HOTPATH_TIME_EXCLUSIVE", "1"}});
}

TEST(FastPathTest, SwitchedOff) {
  expectNotArmed({{"HOTPATH_TIME_SAMPLING_RATE", "0"},
                  {"HOTPATH_ALLOC", "0"},
                  {"HOTPATH_FAST_PATH", "0"}});
}

TEST(FastPathTest, SessionEndDisarmsAndTheNextRearms) {
  hotpath_fn_desc *F = gatedFn("f", 0xf5);
  std::initializer_list<std::pair<const char *, const char *>> Env = {
      {"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}};
  begin(Env);
  call(F);
  ASSERT_TRUE(armed());
  uint32_t First = __hotpath_epoch;
  EXPECT_TRUE(gate(F));
  EXPECT_EQ(timingOf(end(), F).Calls, 2u);
  EXPECT_EQ(__hotpath_epoch, 0u);
  EXPECT_EQ(__hotpath_fast.epoch, First);
  EXPECT_FALSE(armed());
  EXPECT_FALSE(gate(F)); // between sessions: hooks, which ignore it
  call(F);

  begin(Env);
  EXPECT_NE(__hotpath_epoch, First);
  EXPECT_FALSE(armed()); // still the last session's number
  wrapped(F);            // hooked: re-arms
  EXPECT_TRUE(armed());
  EXPECT_EQ(countdownOf(F), INT64_MAX);
  wrapped(F);
  wrapped(F);
  EXPECT_EQ(countdownOf(F), INT64_MAX - 2);
  EXPECT_EQ(timingOf(end(), F).Calls, 3u);
}

TEST(FastPathTest, NewThreadArmsAtItsFirstHookedCall) {
  hotpath_fn_desc *F = makeFn("f", 0xf6);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  call(F);
  ASSERT_TRUE(armed());
  uint32_t Before = 0;
  bool AfterArmed = false;
  uint64_t *ThreadCounts = nullptr, *Table = nullptr;
  std::thread([&] {
    Before = __hotpath_fast.epoch;
    wrapped(F); // hooked: attaches and arms
    AfterArmed = armed();
    Table = __hotpath_fast.counts;
    ThreadCounts = hotpath::rt::CurrentThread->Counts;
    for (int I = 0; I < 99; ++I)
      wrapped(F);
  }).join();
  EXPECT_EQ(Before, ~0u);
  EXPECT_TRUE(AfterArmed);
  EXPECT_EQ(Table, ThreadCounts);
  EXPECT_NE(Table, __hotpath_fast.counts); // a table per thread
  EXPECT_EQ(timingOf(end(), F).Calls, 101u);
}

hotpath_fn_desc *LateFn;
bool ArmedInDestructor = true;
void lateDestructor(void *) {
  ArmedInDestructor = armed();
  wrapped(LateFn);
}

TEST(FastPathTest, ThreadExitDisarms) {
  LateFn = makeFn("late", 0xf7);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "0"}});
  call(LateFn); // creates the runtime's thread-exit key first
  pthread_key_t Key;
  ASSERT_EQ(pthread_key_create(&Key, lateDestructor), 0);
  std::thread([&] {
    wrapped(LateFn);
    wrapped(LateFn);
    pthread_setspecific(Key, &Key);
  }).join();
  // The runtime's destructor ran first and released the thread's state:
  // a later call must take the hooks, not count into that state's table.
  EXPECT_FALSE(ArmedInDestructor);
  EXPECT_EQ(timingOf(end(), LateFn).Calls, 4u);
}

} // namespace

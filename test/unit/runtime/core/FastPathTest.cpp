//===- FastPathTest.cpp - When the runtime arms the wrappers' fast path ---===//
//
// The runtime arms a thread (__hotpath_fast.epoch == __hotpath_epoch, abi.h)
// at its first hooked call of a session only when no call needs a frame:
// sampled or count-only timing, inclusive time, allocation tracking off or
// exclusive and sampled, HOTPATH_FAST_PATH not 0. The gate is emulated here as
// the wrapper's asm runs it (pass/WrapperFastPath.cpp): the countdown it
// decrements, which is also its count, and the hooks' counts must add up in
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

TEST(FastPathTest, SampledArmsAndSharesTheCountdown) {
  hotpath_fn_desc *F = gatedFn("f", 0xf2);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.01"}, {"HOTPATH_ALLOC", "0"}});
  call(F); // the first call is timed; the next one 50 to 150 calls on
  ASSERT_TRUE(armed());
  EXPECT_GE(countdownOf(F), 50);
  EXPECT_LE(countdownOf(F), 150);
  int Fast = 0;
  for (int I = 0; I < 1000; ++I)
    Fast += gate(F) ? 1 : (call(F), 0);
  const auto &T = timingOf(end(), F);
  EXPECT_EQ(T.Calls, 1001u);
  EXPECT_EQ(uint64_t(Fast), 1001u - T.Timed); // the others were hooked
  EXPECT_GE(T.Timed, 7u);
  EXPECT_LE(T.Timed, 21u);
}

// A sampled call's direct children are timed with it: the thread is
// disarmed while it is the innermost call, armed again inside the child.
TEST(FastPathTest, SampledCallTimesItsChildren) {
  hotpath_fn_desc *P = gatedFn("p", 0xf7), *C = gatedFn("c", 0xf8);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.001"}, {"HOTPATH_ALLOC", "0"}});
  __hotpath_enter(P); // P's first call: sampled
  EXPECT_FALSE(armed());
  for (int I = 0; I < 10; ++I)
    wrapped(C); // hooked, each timed
  __hotpath_exit(P);
  EXPECT_TRUE(armed());
  hotpath::rt::Snapshot S = end();
  EXPECT_EQ(timingOf(S, C).Timed, 10u);
  EXPECT_EQ(timingOf(S, P).Timed, 1u);
}

// A child timed with certainty (a direct child of a function's first call)
// is timed, not sampled: it arms the thread for its own callees as any
// other timed child does. It kept the thread disarmed once, so that the
// whole subtree of a long first call (an interpreter's main loop) took the
// hooks: Lua at 1% sampling ran 3.1 times the plain build's time.
/// A call of C (hooked: the thread is disarmed) from a frame of its own,
/// whose body calls G \p N times; returns how many took the fast path.
__attribute__((noinline)) int childCalling(hotpath_fn_desc *C,
                                           hotpath_fn_desc *G, int N) {
  int Fast = 0;
  __hotpath_enter(C);
  for (int I = 0; I < N; ++I)
    Fast += gate(G) ? 1 : (call(G), 0);
  __hotpath_exit(C);
  asm volatile("" ::: "memory");
  return Fast;
}

TEST(FastPathTest, ACertainChildArmsTheThreadForItsOwnCallees) {
  hotpath_fn_desc *P = gatedFn("p", 0xfb), *C = gatedFn("c", 0xfc),
                  *G = gatedFn("g", 0xfd);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.001"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(C); // the first calls of C and G: sampled
  wrapped(G);
  ASSERT_TRUE(armed());
  ASSERT_FALSE(gate(P)); // P's first call: sampled, certain
  __hotpath_enter(P);
  EXPECT_FALSE(armed());
  // C is timed with certainty; its callees take the fast path.
  EXPECT_EQ(childCalling(C, G, 10), 10);
  EXPECT_FALSE(armed()); // P is innermost again
  __hotpath_exit(P);
  EXPECT_TRUE(armed());
  hotpath::rt::Snapshot S = end();
  EXPECT_EQ(timingOf(S, G).Calls, 11u);
  EXPECT_EQ(timingOf(S, G).Timed, 1u);
  EXPECT_EQ(timingOf(S, C).Timed, 2u);
}

// A sampled call times its first SampledChildrenTimed direct children;
// the rest take the fast path. Its own time is then not known, and its
// path's self time comes from its children's estimates. Without the cap a
// long first call (an interpreter's loop, main's) had every one of its
// children timed for the whole run.
TEST(FastPathTest, ASampledCallTimesAtMostItsFirstChildren) {
  hotpath_fn_desc *P = gatedFn("p", 0xfe), *C = gatedFn("c", 0xff);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.0001"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(C);            // C's first call: timed
  ASSERT_FALSE(gate(P)); // P's first call: sampled, certain
  __hotpath_enter(P);
  int Fast = 0;
  for (int I = 0; I < 1000; ++I)
    Fast += gate(C) ? 1 : (call(C), 0);
  EXPECT_TRUE(armed()); // P no longer disarms the thread
  __hotpath_exit(P);
  EXPECT_TRUE(armed());
  hotpath::rt::Snapshot S = end();
  uint64_t Cap = hotpath::rt::SampledChildrenTimed;
  EXPECT_EQ(uint64_t(Fast), 1000 - Cap);
  EXPECT_EQ(timingOf(S, C).Calls, 1001u);
  EXPECT_EQ(timingOf(S, C).Timed, 1 + Cap);
  EXPECT_EQ(timingOf(S, P).Timed, 1u);
}

// A signal handler's call can land while a hook is pushing a frame: the
// slot is the top already, its fields not yet written. It found a closed
// sampled call's flags there, took it for its sampled parent and, as it
// ended, disarmed the thread under the interrupted call, whose armed gate
// had counted it: the hooks counted it again (SIGALRM at 10 kHz, 20 calls
// of 35 million too many). A closed frame clears its slot, and a timed call
// puts back the epoch it found.
TEST(FastPathTest, AHandlersCallInAHalfPushedFrameLeavesTheGateAsItWas) {
  hotpath_fn_desc *C = gatedFn("c", 0x1f0), *H = gatedFn("h", 0x1f1);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.001"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(C); // C's first call: sampled, in the slot above the top
  ASSERT_TRUE(armed());
  hotpath::rt::ThreadState *T = hotpath::rt::CurrentThread;
  EXPECT_EQ(T->Top[1].Flags, 0u);
  // The interrupted push: the slot is the top, nothing written yet.
  T->Top += 1;
  wrapped(H); // the handler's call: its first, sampled
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

// The gate was disarmed under an abandoned sampled call, so the next call
// reached the hooks without decrementing its countdown; closing the
// abandoned call arms the gate again before that call's frame opens, and
// it must still be counted (a longjmp out of a sampled call lost one).
TEST(FastPathTest, ClosingAnAbandonedSampledCallCountsTheNextCallOnce) {
  hotpath_fn_desc *P = gatedFn("p", 0xf9), *G = gatedFn("g", 0xfa);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.001"}, {"HOTPATH_ALLOC", "0"}});
  wrapped(G); // G's first call: timed, and the thread arms
  ASSERT_TRUE(armed());
  enterAndAbandon(P); // P's first call, sampled: innermost, disarmed
  EXPECT_FALSE(armed());
  wrapped(G); // through the hooks, which close P first
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

// Sampled with allocation tracking: armed; the hooks keep the thread's
// current call as the gate does (abi.h), framed, restored at exit.
TEST(FastPathTest, SampledAllocationTrackingArmsAndKeepsTheCurrentCall) {
  hotpath_fn_desc *F = makeFn("g", 0xf6);
  begin({{"HOTPATH_TIME_SAMPLING_RATE", "0.01"}, {"HOTPATH_ALLOC", "1"}});
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
// cumulative attribution, sampled or not. Tracking is off by itself under
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
  expectAllocationsDoNotArm({{"HOTPATH_TIME_SAMPLING_RATE", "0.01"},
                             {"HOTPATH_ALLOC_CUMULATIVE", "1"}},
                            0xf7);
}

TEST(FastPathTest, CountOnlyAllocationTrackingDoesNotArm) {
  expectAllocationsDoNotArm(
      {{"HOTPATH_TIME_SAMPLING_RATE", "0"}, {"HOTPATH_ALLOC", "1"}}, 0xf4);
}

TEST(FastPathTest, ExclusiveTimeDoesNotArm) {
  expectNotArmed({{"HOTPATH_TIME_SAMPLING_RATE", "0.01"},
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

//===- CpuSamplerTest.cpp - Which threads CPU sampling takes --------------===//
//
// The test's thread plays the drain (its own thread is never sampled): it
// sweeps by hand, with no session and no drain thread running.
//
//===----------------------------------------------------------------------===//
#include "sampling/CpuSampler.h"
#include "base/InternalThread.h"
#include "sampling/PerfRing.h"

#include "gtest/gtest.h"

#include <atomic>
#include <cerrno>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>

using namespace hotpath::rt;

namespace {

std::atomic<int> Step{0};

void waitFor(int S) {
  while (Step.load() < S)
    usleep(100);
}

// A runtime thread that takes its time to name itself.
void *slowToName(void *) {
  waitFor(1);
  nameInternalThread("hotpath-test");
  waitFor(2);
  return nullptr;
}

// A runtime thread that names itself a millisecond after its birth, as
// the session's signal thread does while the drain's first sweep runs.
void *quickToName(void *) {
  usleep(1000);
  nameInternalThread("hotpath-test2");
  waitFor(5);
  return nullptr;
}

bool perfEventsAllowed() {
  PerfRing R;
  PerfRingError Err =
      openPerfRing(R, uint64_t(syscall(SYS_gettid)), 100, false);
  if (Err.Errno == 0 && !Err.Mapping)
    closePerfRing(R);
  return Err.Errno == 0 && !Err.Mapping;
}

} // namespace

// CI once sampled 14 threads of a program of 13: a runtime thread (the
// signal reporter, born with the session) swept between its creation and
// its naming itself hotpath-*. Such a thread is left for the next sweep.
TEST(CpuSampler, LeavesOutARuntimeThreadNotNamedYet) {
  if (!perfEventsAllowed())
    GTEST_SKIP() << "perf events refused here";
  cpuSamplingBegin(100);
  pthread_t Runtime;
  ASSERT_EQ(createInternalThread(&Runtime, slowToName, nullptr), 0);
  cpuSamplingSweep(); // its name is still the program's
  EXPECT_EQ(cpuSamples(false).Threads, 0u);
  Step = 1;
  while (internalThreadGeneration() & 1)
    usleep(100);
  cpuSamplingSweep(); // named now
  EXPECT_EQ(cpuSamples(false).Threads, 0u);

  std::thread Program([] { waitFor(3); }); // and a thread of the program's
  cpuSamplingSweep();
  EXPECT_EQ(cpuSamples(false).Threads, 1u);
  Step = 3;
  Program.join();
  pthread_join(Runtime, nullptr);
  cpuSamplingStop();
  EXPECT_TRUE(cpuSamplingWarnings().empty());
}

// The drain's first sweep runs as the session starts its signal thread. A
// sweep that found a runtime thread being born left every thread for the
// next poll, 10 ms later, and a program of 14 ms was over before it: no
// samples and, where the kernel refuses events, no warning
// (sampling/refused.c failed 3 times in 10 beside other tests). The sweep
// now waits a moment for the name.
TEST(CpuSampler, WaitsAMomentForARuntimeThreadBeingBorn) {
  if (!perfEventsAllowed())
    GTEST_SKIP() << "perf events refused here";
  cpuSamplingBegin(100);
  std::thread Program([] { waitFor(5); });
  pthread_t Runtime;
  ASSERT_EQ(createInternalThread(&Runtime, quickToName, nullptr), 0);
  cpuSamplingSweep();
  EXPECT_EQ(cpuSamples(false).Threads, 1u); // the program's, not ours
  Step = 5;
  Program.join();
  pthread_join(Runtime, nullptr);
  cpuSamplingStop();
}

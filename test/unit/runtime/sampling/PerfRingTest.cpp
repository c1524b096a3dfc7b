//===- PerfRingTest.cpp - One thread's task-clock event and its ring ------===//
#include "sampling/PerfRing.h"

#include "gtest/gtest.h"

#include <cerrno>
#include <ctime>
#include <sys/syscall.h>
#include <unistd.h>

using namespace hotpath::rt;

namespace {

volatile uint64_t Sink;

uint64_t threadCpuNs() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return uint64_t(T.tv_sec) * 1000000000u + uint64_t(T.tv_nsec);
}

// Burns Ns of this thread's CPU: by the clock, not by a count of
// iterations, whose time differs sevenfold between machines (and with the
// event itself: a loop through memory ran 7x slower on one VM while an
// event sampled its registers), and whose samples would then overflow the
// ring between two reads.
__attribute__((noinline)) void spinFor(uint64_t Ns) {
  uint64_t End = threadCpuNs() + Ns;
  do
    for (uint64_t I = 0; I < 10000; ++I)
      Sink += I;
  while (threadCpuNs() < End);
}

struct Seen {
  uint64_t Samples = 0, PeriodNs = 0, MaxDepth = 0, WithStack = 0;
};

void count(const PerfSample &S, void *P) {
  auto *C = static_cast<Seen *>(P);
  ++C->Samples;
  C->PeriodNs += S.PeriodNs;
  if (S.Depth > C->MaxDepth)
    C->MaxDepth = S.Depth;
  // The stack pointer and the stack copied at it (x86-64).
  int Local = 0;
  if (S.Sp && S.Stack && S.StackSize >= 8 && S.Sp < uint64_t(&Local) + 65536 &&
      S.Sp + 65536 > uint64_t(&Local))
    ++C->WithStack;
}

} // namespace

// This thread's own event: the CPU it burns comes back as samples with
// chains and periods that add up to about that CPU.
TEST(PerfRing, SamplesThisThread) {
  PerfRing R;
  PerfRingError Err =
      openPerfRing(R, uint64_t(syscall(SYS_gettid)), 4000, false);
  if (!Err.Mapping &&
      (Err.Errno == EACCES || Err.Errno == EPERM || Err.Errno == ENOSYS))
    GTEST_SKIP() << "perf events refused here (errno " << Err.Errno << ")";
  ASSERT_EQ(Err.Errno, 0);
  timespec A, B;
  Seen C;
  uint64_t Lost = 0, CpuNs = 0;
  // In slices, read after each as the drain reads every 10 ms: a sample
  // with its stack copy is about 4 KiB.
  for (int I = 0; I < 10; ++I) {
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &A);
    spinFor(10000000); // 10 ms
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &B);
    CpuNs += uint64_t(B.tv_sec - A.tv_sec) * 1000000000u + uint64_t(B.tv_nsec) -
             uint64_t(A.tv_nsec);
    Lost += readPerfRing(R, count, &C);
  }
  EXPECT_EQ(Lost, 0u);
#if defined(__x86_64__)
  EXPECT_EQ(C.WithStack, C.Samples);
#endif
  EXPECT_GT(C.Samples, 20u);
  EXPECT_GE(C.MaxDepth, 2u); // spinFor, then its callers
  // Task-clock periods add up to the thread's CPU (user and kernel time
  // of the spin; the first period may start before it).
  EXPECT_GT(C.PeriodNs, CpuNs / 2);
  EXPECT_LT(C.PeriodNs, CpuNs * 2);
  // Read again: nothing new but what the read itself cost.
  Seen Again;
  readPerfRing(R, count, &Again);
  EXPECT_LT(Again.Samples, 3u);
  closePerfRing(R);
  EXPECT_FALSE(R.open());
}

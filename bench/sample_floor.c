/* What one CPU sample costs the sampled thread on this machine, whoever
 * takes it: a task-clock perf event sampling the thread as
 * HOTPATH_CPU_SAMPLING's does (and as `perf record -e task-clock` does),
 * against the same loop with no event (docs/performance.md, "The floor of
 * CPU sampling"). No hotpath code runs: the figure is the kernel's (its
 * timer interrupt and the sample's record), the part of sampling no
 * profiler can make cheaper.
 *
 *   clang-19 -O2 bench/sample_floor.c -o /tmp/sample_floor
 *   /tmp/sample_floor            (prints one line a rate, then the cost)
 *
 * Rounds alternate between no event, 1 kHz and 4 kHz, 9 of each; each
 * round runs the same loop and reads the thread's CPU time around it. The
 * event records what the runtime's does (the instruction pointer, the
 * call chain, two registers and 4 KiB of stack) into a ring large enough
 * for every sample of a round, read after it.
 */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { Rounds = 9, RingPages = 1024 };
static const unsigned Rates[] = {0, 1000, 4000};
#define NRATES (sizeof Rates / sizeof Rates[0])

static volatile uint64_t Sink;

static double cpuNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

/* About 0.2 s of arithmetic through memory, as most code is. */
static void work(void) {
  for (uint64_t I = 0; I < 100000000; ++I)
    Sink = Sink + I;
}

static int openEvent(unsigned Hz) {
  struct perf_event_attr A;
  memset(&A, 0, sizeof A);
  A.size = sizeof A;
  A.type = PERF_TYPE_SOFTWARE;
  A.config = PERF_COUNT_SW_TASK_CLOCK;
  A.freq = 1;
  A.sample_freq = Hz;
  A.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD |
                  PERF_SAMPLE_CALLCHAIN;
#if defined(__x86_64__)
  A.sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
  A.sample_regs_user = (1ull << 6) | (1ull << 7); /* bp, sp */
  A.sample_stack_user = 4096;
#endif
  A.exclude_kernel = 1;
  A.exclude_hv = 1;
  A.exclude_callchain_kernel = 1;
  return (int)syscall(SYS_perf_event_open, &A, 0, -1, -1, 0);
}

/* The samples the kernel wrote into the ring. */
static uint64_t countSamples(void *Base) {
  struct perf_event_mmap_page *M = Base;
  const unsigned char *Data = (const unsigned char *)Base + M->data_offset;
  uint64_t Head = __atomic_load_n(&M->data_head, __ATOMIC_ACQUIRE), N = 0;
  for (uint64_t T = M->data_tail; T < Head;) {
    const struct perf_event_header *H = (const void *)(Data + T % M->data_size);
    N += H->type == PERF_RECORD_SAMPLE;
    T += H->size;
  }
  return N;
}

static int byValue(const void *A, const void *B) {
  double X = *(const double *)A, Y = *(const double *)B;
  return (X > Y) - (X < Y);
}

int main(void) {
  double Ns[NRATES][Rounds], Samples[NRATES][Rounds];
  long Page = sysconf(_SC_PAGESIZE);
  for (int R = 0; R < Rounds; ++R)
    for (unsigned K = 0; K < NRATES; ++K) {
      int Fd = -1;
      void *Ring = NULL;
      size_t Size = (size_t)Page * (1 + RingPages);
      if (Rates[K]) {
        Fd = openEvent(Rates[K]);
        if (Fd < 0) {
          perror("sample_floor: perf_event_open");
          return 1;
        }
        Ring = mmap(NULL, Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
        if (Ring == MAP_FAILED) {
          perror("sample_floor: mmap (root, or a larger ulimit -l)");
          return 1;
        }
      }
      double T0 = cpuNs();
      work();
      double T1 = cpuNs();
      Ns[K][R] = T1 - T0;
      Samples[K][R] = Ring ? (double)countSamples(Ring) : 0;
      if (Ring) {
        munmap(Ring, Size);
        close(Fd);
      }
    }
  double Base = 0;
  for (unsigned K = 0; K < NRATES; ++K) {
    double CpuMs[Rounds], PerSample[Rounds];
    for (int R = 0; R < Rounds; ++R) {
      CpuMs[R] = Ns[K][R] / 1e6;
      PerSample[R] = Samples[K][R];
    }
    qsort(CpuMs, Rounds, sizeof(double), byValue);
    qsort(PerSample, Rounds, sizeof(double), byValue);
    double Median = CpuMs[Rounds / 2], Count = PerSample[Rounds / 2];
    if (!Rates[K]) {
      Base = Median;
      printf("no event:  %7.1f ms CPU (median of %d)\n", Median, Rounds);
      continue;
    }
    printf("%5u Hz:  %7.1f ms CPU, %5.0f samples: %+5.1f%%, %5.1f us a "
           "sample\n",
           Rates[K], Median, Count, (Median / Base - 1) * 100,
           Count ? (Median - Base) * 1e3 / Count : 0.0);
  }
  return 0;
}

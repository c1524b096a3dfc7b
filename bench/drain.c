// The drain, in the shape of hotpath-rs's drain benchmark: 4 producers x 20
// rounds x 12,500 measured calls in lockstep (a barrier between rounds) =
// 1,000,000 timed events. Prints the drain thread's CPU time (its
// per-thread CPU clock, read from here by tid) and what the process
// allocated meanwhile: malloc-family calls and mmap calls made through the
// PLT (the runtime's chunks), interposed below. bench.py checks in the
// report that every call was counted.
//
//   drain [ROUNDS] [PER_ROUND]     (default 20 x 12,500 per producer)
#define _GNU_SOURCE
#include <dirent.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { Producers = 4 };
int bench_tiny(int X);
void hotpath_session_begin(void) __attribute__((weak));

// ---- allocation counters (the executable's definitions win over libc's
// and over any runtime's interposer for every call made through the PLT).
static uint64_t Mallocs, MallocBytes, Maps, MapBytes;
#define COUNT(C, B)                                                            \
  (__atomic_add_fetch(&Mallocs, C, __ATOMIC_RELAXED),                          \
   __atomic_add_fetch(&MallocBytes, B, __ATOMIC_RELAXED))
void *__libc_malloc(size_t), *__libc_calloc(size_t, size_t),
    *__libc_realloc(void *, size_t), *__libc_memalign(size_t, size_t);
void __libc_free(void *);
void *malloc(size_t N) { return COUNT(1, N), __libc_malloc(N); }
void *calloc(size_t K, size_t N) {
  return COUNT(1, K * N), __libc_calloc(K, N);
}
void *realloc(void *P, size_t N) { return COUNT(1, N), __libc_realloc(P, N); }
void free(void *P) { __libc_free(P); }
void *memalign(size_t A, size_t N) {
  return COUNT(1, N), __libc_memalign(A, N);
}
void *aligned_alloc(size_t A, size_t N) { return memalign(A, N); }
int posix_memalign(void **P, size_t A, size_t N) {
  *P = memalign(A, N);
  return *P ? 0 : 12;
}
// Committed maps only: MAP_NORESERVE reserves address space (the runtime's
// per-thread tables), whose pages count only once written.
void *mmap(void *A, size_t N, int Prot, int Fl, int Fd, off_t Off) {
  if (!(Fl & MAP_NORESERVE)) {
    __atomic_add_fetch(&Maps, 1, __ATOMIC_RELAXED);
    __atomic_add_fetch(&MapBytes, N, __ATOMIC_RELAXED);
  }
  long R = syscall(SYS_mmap, A, N, Prot, Fl, Fd, Off);
  return R < 0 && R > -4096 ? MAP_FAILED : (void *)R;
}

static pthread_barrier_t Round;
static int Rounds = 20, PerRound = 12500;
static int IntervalMs = 50;
static uint64_t ProduceNs; // end of the last round, then its duration
static uint64_t Steady[4], SteadyEnd[4]; // steady state: round 2 to the end

// Three drain intervals: the drain thread has swept what was queued.
static void settle(void) {
  struct timespec W = {0, (long)IntervalMs * 3 * 1000000L};
  nanosleep(&W, 0);
}

static void snapshot(uint64_t *S) {
  S[0] = __atomic_load_n(&Mallocs, __ATOMIC_RELAXED);
  S[1] = __atomic_load_n(&MallocBytes, __ATOMIC_RELAXED);
  S[2] = __atomic_load_n(&Maps, __ATOMIC_RELAXED);
  S[3] = __atomic_load_n(&MapBytes, __ATOMIC_RELAXED);
}

static void *produce(void *Arg) {
  (void)Arg;
  int Acc = 1;
  for (int R = 0; R < Rounds; ++R) {
    pthread_barrier_wait(&Round);
    for (int I = 0; I < PerRound; ++I)
      Acc = bench_tiny(Acc);
    if (R == 0 && pthread_barrier_wait(&Round) == PTHREAD_BARRIER_SERIAL_THREAD)
      snapshot(Steady); // the others wait at the next round's barrier
  }
  if (pthread_barrier_wait(&Round) == PTHREAD_BARRIER_SERIAL_THREAD) {
    struct timespec E;
    clock_gettime(CLOCK_MONOTONIC, &E);
    ProduceNs = (uint64_t)E.tv_sec * 1000000000u + (uint64_t)E.tv_nsec;
  }
  // Steady state ends once the drain thread has swept every event, while
  // the producers still live (their exit allocates a record per thread).
  if (pthread_barrier_wait(&Round) == PTHREAD_BARRIER_SERIAL_THREAD) {
    settle();
    snapshot(SteadyEnd);
  }
  pthread_barrier_wait(&Round);
  return (void *)(intptr_t)Acc;
}

// The runtime names its drain thread "hotpath-drain"; its CPU clock is
// readable by tid from any thread of the process.
static long drainTid(void) {
  DIR *D = opendir("/proc/self/task");
  struct dirent *E;
  long Tid = -1;
  while (D && (E = readdir(D))) {
    char Path[300], Name[32] = "";
    snprintf(Path, sizeof Path, "/proc/self/task/%s/comm", E->d_name);
    FILE *F = fopen(Path, "r");
    if (!F)
      continue;
    if (fgets(Name, sizeof Name, F) && !strncmp(Name, "hotpath-drain", 13))
      Tid = atol(E->d_name);
    fclose(F);
  }
  if (D)
    closedir(D);
  return Tid;
}

static uint64_t threadCpuNs(long Tid) {
  if (Tid < 0)
    return 0;
  // MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED) from the kernel's ABI.
  clockid_t C = (clockid_t)((~(unsigned long)Tid << 3) | 6);
  struct timespec T;
  if (clock_gettime(C, &T))
    return 0;
  return (uint64_t)T.tv_sec * 1000000000u + (uint64_t)T.tv_nsec;
}

int main(int Argc, char **Argv) {
  if (Argc > 1)
    Rounds = atoi(Argv[1]);
  if (Argc > 2)
    PerRound = atoi(Argv[2]);
  const char *Iv = getenv("HOTPATH_DRAIN_INTERVAL");
  IntervalMs = Iv ? atoi(Iv) : 50;
  if (hotpath_session_begin)
    hotpath_session_begin();
  long Tid = drainTid();
  for (int I = 0; Tid < 0 && I < 200; ++I) { // it names itself once started
    usleep(1000);
    Tid = drainTid();
  }
  uint64_t Cpu0 = threadCpuNs(Tid), Start[4], End[4];
  snapshot(Start);
  pthread_barrier_init(&Round, 0, Producers);
  pthread_t T[Producers];
  struct timespec P0, P1;
  clock_gettime(CLOCK_MONOTONIC, &P0);
  for (int I = 0; I < Producers; ++I)
    pthread_create(&T[I], 0, produce, 0);
  for (int I = 0; I < Producers; ++I)
    pthread_join(T[I], 0);
  ProduceNs -= (uint64_t)P0.tv_sec * 1000000000u + (uint64_t)P0.tv_nsec;
  settle(); // exited threads' records
  snapshot(End);
  uint64_t Cpu = threadCpuNs(Tid) - Cpu0;
  printf("events %llu\ndrain_tid %ld\ndrain_cpu_ns %llu\n",
         (unsigned long long)Producers * Rounds * PerRound, Tid,
         (unsigned long long)Cpu);
  printf("mallocs %llu\nmalloc_bytes %llu\nmaps %llu\nmap_bytes %llu\n",
         (unsigned long long)(End[0] - Start[0]),
         (unsigned long long)(End[1] - Start[1]),
         (unsigned long long)(End[2] - Start[2]),
         (unsigned long long)(End[3] - Start[3]));
  printf("produce_ms %.2f\n", (double)ProduceNs / 1e6);
  printf("steady_mallocs %llu\nsteady_malloc_bytes %llu\nsteady_maps %llu\n",
         (unsigned long long)(SteadyEnd[0] - Steady[0]),
         (unsigned long long)(SteadyEnd[1] - Steady[1]),
         (unsigned long long)(SteadyEnd[2] - Steady[2]));
  return 0;
}

/* An uncontended pthread mutex lock/unlock pair, as the program calls it:
 * run beside the plain build (docs/performance.md, "Locks").
 *
 *   clang-19 -O2 -pthread bench/locks.c -o /tmp/locks-plain
 *   HOTPATH_CONFIG=bench/hotpath.toml clang-19 -O2 -pthread \
 *     -fpass-plugin=build-bench/pass/libhotpath.so bench/locks.c \
 *     -o /tmp/locks-hp -Lbuild-bench/runtime -lhotpath_rt \
 *     -Wl,-rpath,build-bench/runtime
 *   /tmp/locks-plain; /tmp/locks-hp; HOTPATH_LOCKS=0 /tmp/locks-hp
 *
 * Prints the best of 7 rounds, in the thread's CPU ns per pair. An idle
 * second thread runs in every build: glibc takes a lock without atomic
 * instructions while a process has one thread, and hotpath's drain thread
 * would otherwise make the plain build look 10 ns cheaper than it is in
 * any program that has threads (where locks matter).
 */
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t Mu = PTHREAD_MUTEX_INITIALIZER;
static volatile unsigned long Sink;

static double cpuNs(void) {
  struct timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return T.tv_sec * 1e9 + T.tv_nsec;
}

/* Measured (bench/hotpath.toml selects run_*): the session begins. */
__attribute__((noinline)) void run_pairs(long N) {
  for (long I = 0; I < N; ++I) {
    pthread_mutex_lock(&Mu);
    Sink = Sink + 1;
    pthread_mutex_unlock(&Mu);
  }
}

static void *idle(void *Arg) {
  (void)Arg;
  pause();
  return NULL;
}

int main(void) {
  pthread_t Idle;
  pthread_create(&Idle, NULL, idle, NULL);
  const long N = 20000000;
  double Best = 1e18;
  for (int R = 0; R < 7; ++R) {
    double A = cpuNs();
    run_pairs(N);
    double B = cpuNs();
    if ((B - A) / N < Best)
      Best = (B - A) / N;
  }
  printf("lock/unlock pair: %.2f ns\n", Best);
  return 0;
}

/* CPU samples joined to the measured function they ran under. `work`
 * (measured) runs two unmeasured leaf loops, 70% and 30% of its CPU;
 * `sleeper` (measured) sleeps. With 1 and with 4 threads running `work`:
 * the leaves' shares of work's samples within 5 points of 70/30, the
 * samples' CPU close to the process's user time (getrusage), nearly all
 * of it in work, and sleeper's CPU far below its wall time.
 *
 * REQUIRES: perf-events
 * RUN: env HOTPATH_CONFIG=%S/Inputs/split.toml %clang -O2 -g -fno-omit-frame-pointer -pthread %s -o %t %rt_shared
 * RUN: env HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_PATH=%t.1.json %t 1 > %t.1.out
 * RUN: %FileCheck %s < %t.1.out
 * RUN: %python %S/Inputs/check_split.py %hotpath %t.1.json 1 %t.1.out
 * RUN: %python %S/../report/Inputs/check_schema.py %src/docs/report-schema.json %t.1.json --require cpu_samples
 * RUN: %hotpath report %t.1.json --format json > %t.1.rendered.json
 * RUN: %python %S/../report/Inputs/check_schema.py %src/docs/report-schema.json %t.1.rendered.json --require cpu_samples
 * RUN: env HOTPATH_CPU_SAMPLING=2000 HOTPATH_OUTPUT_PATH=%t.4.json %t 4 > %t.4.out
 * RUN: %FileCheck %s < %t.4.out
 * RUN: %python %S/Inputs/check_split.py %hotpath %t.4.json 4 %t.4.out
 * CHECK: done user_ns={{[0-9]+}}
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

static volatile unsigned long Sink;

__attribute__((noinline)) void leaf_seventy(long N) {
  for (long I = 0; I < N; ++I)
    Sink += (unsigned long)I * 7;
}

__attribute__((noinline)) void leaf_thirty(long N) {
  for (long I = 0; I < N; ++I)
    Sink += (unsigned long)I * 3;
}

void work(void) {
  for (int R = 0; R < 40; ++R) {
    leaf_seventy(7000000);
    leaf_thirty(3000000);
  }
}

void sleeper(void) {
  struct timespec T = {0, 200000000};
  nanosleep(&T, 0);
}

static void *body(void *Arg) {
  (void)Arg;
  work();
  return 0;
}

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 1;
  pthread_t T[8];
  for (int I = 0; I < N && I < 8; ++I)
    pthread_create(&T[I], 0, body, 0);
  sleeper();
  for (int I = 0; I < N && I < 8; ++I)
    pthread_join(T[I], 0);
  struct rusage U;
  getrusage(RUSAGE_SELF, &U);
  printf("done user_ns=%lld sys_ns=%lld\n",
         (long long)U.ru_utime.tv_sec * 1000000000 + U.ru_utime.tv_usec * 1000,
         (long long)U.ru_stime.tv_sec * 1000000000 + U.ru_stime.tv_usec * 1000);
  return 0;
}

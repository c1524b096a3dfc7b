/* The sampled mode (one call in 100 timed, totals extrapolated) is
 * retired: on RE2 its self times summed to 2 to 3 times the session
 * (docs/performance.md), the cost of timing a one-line function
 * extrapolated. Asked for, by a rate or by name, it warns once and the
 * default mode runs: no row's time passes the session times the threads,
 * no figure is extrapolated. The program is a threaded one of the shape
 * of db_bench's: each thread's body calls run() once, which calls work()
 * thousands of times, and wait() a few times.
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared -lpthread
 * RUN: env HOTPATH_TIME_SAMPLING_RATE=0.01 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t 2> %t.err
 * RUN: %FileCheck %s < %t.err
 * CHECK: hotpath: the sampled mode {{.*}} is retired: its extrapolated times could pass the session; the default mode runs
 * RUN: %python %S/Inputs/check_retired.py %t.json app_run app_work app_wait app_leaf app_body
 * RUN: env -u HOTPATH_TIME_SAMPLING_RATE HOTPATH_MODE=sampled HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.named.json %t 2> %t.named.err
 * RUN: %FileCheck %s < %t.named.err
 * RUN: %python %S/Inputs/check_retired.py %t.named.json app_run app_work app_wait app_leaf app_body
 */
#include <pthread.h>
#include <time.h>

volatile unsigned Sink;

__attribute__((noinline)) void app_leaf(unsigned I) { Sink += I * 7; }

__attribute__((noinline)) void app_work(unsigned N) {
  unsigned S = N;
  for (unsigned I = 0; I < 3000; ++I) /* a serial dependency */
    S = S * 31 + (I ^ (S >> 7));
  Sink = S;
  for (unsigned I = 0; I < 4; ++I)
    app_leaf(I);
}

__attribute__((noinline)) void app_wait(void) {
  struct timespec T = {0, 1000 * 1000};
  nanosleep(&T, 0);
}

__attribute__((noinline)) void app_run(void) {
  for (unsigned I = 0; I < 3000; ++I) {
    app_work(I);
    if (I % 125 == 0)
      app_wait();
  }
}

__attribute__((noinline)) void *app_body(void *Arg) {
  (void)Arg;
  app_run();
  return 0;
}

int main(void) {
  pthread_t T[3];
  for (int I = 0; I < 3; ++I)
    pthread_create(&T[I], 0, app_body, 0);
  for (int I = 0; I < 3; ++I)
    pthread_join(T[I], 0);
  return 0;
}

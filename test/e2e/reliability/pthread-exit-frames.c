/* C frames left open when a thread ends (no unwind cleanups in C):
 * pthread_exit from a nested measured call, and a thread cancelled while
 * blocked in a measured function. Each open frame is closed exactly once
 * when the thread ends, as after longjmp. Built at -O0 and -O2, and as C
 * with -fexceptions (where cleanups do run) for comparison.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O2 -pthread %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O0 -pthread %s -o %t.O0 %rt_shared
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 -pthread %s -o %t.O2 %rt_shared
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 -fexceptions -pthread %s -o %t.eh %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.O0.json %t.plain %t.O0
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.O0.json app_inner=10 app_outer=10 app_wait=1 app_canceller=1
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.O2.json %t.plain %t.O2
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.O2.json app_inner=10 app_outer=10 app_wait=1 app_canceller=1
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.eh.json %t.plain %t.eh
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.eh.json app_inner=10 app_outer=10 app_wait=1 app_canceller=1
 * Timed or not, the same counts (the default mode's gate too).
 * RUN: %python %S/Inputs/same.py --timeout 20 --status 0 --env HOTPATH_MODE=default --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.default.json %t.plain %t.O2
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.default.json app_inner=10 app_outer=10 app_wait=1 app_canceller=1
 */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static volatile int Sink;

void app_inner(void) {
  Sink = Sink + 1;
  pthread_exit(NULL);
}

void *app_outer(void *Arg) {
  (void)Arg;
  app_inner();
  return NULL;
}

void *app_wait(void *Arg) {
  (void)Arg;
  for (;;)
    pause(); /* a cancellation point */
  return NULL;
}

void app_canceller(void) {
  pthread_t T;
  pthread_create(&T, NULL, app_wait, NULL);
  usleep(20000);
  pthread_cancel(T);
  void *R;
  pthread_join(T, &R);
  printf("cancelled: %d\n", R == PTHREAD_CANCELED);
}

int main(void) {
  for (int I = 0; I < 10; ++I) {
    pthread_t T;
    pthread_create(&T, NULL, app_outer, NULL);
    pthread_join(T, NULL);
  }
  app_canceller();
  printf("done %d\n", Sink);
  return 0;
}

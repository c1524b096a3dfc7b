/* 1% sampling on a threaded program, the shape of db_bench's: each
 * thread's body calls run() once, which calls work() thousands of times,
 * and wait() a few times. With one countdown per thread, run() and wait()
 * were never timed (total 0, "the first call is always timed" was only the
 * thread's first), run's self was its total, and the tree's root could
 * pass the session. Now each function's first call on each thread is
 * sampled, then one in 100 of its calls; a sampled call's children are
 * timed with it, so its self leaves them out; the tree stays consistent.
 *
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O2 %s -o %t %rt_shared -lpthread
 * RUN: env HOTPATH_TIME_SAMPLING_RATE=0.01 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
 * RUN: %python %S/Inputs/check_sampling.py %t.json 0.01 app_run app_work app_wait app_leaf app_body
 * With the wrappers' inline fast path (no allocation tracking):
 * RUN: env HOTPATH_ALLOC=0 HOTPATH_TIME_SAMPLING_RATE=0.01 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.fast.json %t
 * RUN: %python %S/Inputs/check_sampling.py %t.fast.json 0.01 app_run app_work app_wait app_leaf app_body
 * With a frame for every call (the wrappers' gates never armed): each
 * function's countdown still runs (it stopped after the first call).
 * RUN: env HOTPATH_FAST_PATH=0 HOTPATH_TIME_SAMPLING_RATE=0.01 HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.frames.json %t
 * RUN: %python %S/Inputs/check_sampling.py %t.frames.json 0.01 app_run app_work app_wait app_leaf app_body
 * RUN: %python -c "import json; [w] = [x for x in json.load(open('%t.frames.json'))['functions_timing']['data'] if x['name'] == 'app_work']; assert w['calls'] == 9000 and w['max'] >= w['min'], w"
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

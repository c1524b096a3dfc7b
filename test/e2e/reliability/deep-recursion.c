/* Recursion 2,000,000 deep, far past the shadow stack (2^18 frames): the
 * calls beyond it are counted, not timed; every call is counted once, and
 * the timed ones still nest. Runs on a thread with a 1 GiB stack.
 *
 * RUN: rm -f %t*.json
 * RUN: %plainclang -O1 -pthread %s -o %t.plain
 * RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O1 -pthread %s -o %t %rt_shared
 * RUN: %python %S/Inputs/same.py --timeout 120 --status 0 --env HOTPATH_OUTPUT_FORMAT=json --env HOTPATH_OUTPUT_PATH=%t.json %t.plain %t
 * RUN: %python %S/../runtime/Inputs/check_counts.py --only %t.json app_down=2000000 app_top=1
 */
#include <pthread.h>
#include <stdio.h>

static volatile unsigned long Sink;

__attribute__((noinline)) unsigned long app_down(unsigned long N) {
  Sink = Sink + 1;
  if (N == 0)
    return 0;
  unsigned long R = app_down(N - 1) + 1;
  Sink = Sink + R; /* not a tail call */
  return R;
}

void *app_top(void *Arg) {
  (void)Arg;
  printf("depth %lu\n", app_down(1999999) + 1);
  return NULL;
}

int main(void) {
  pthread_attr_t A;
  pthread_attr_init(&A);
  pthread_attr_setstacksize(&A, (size_t)1 << 30);
  pthread_t T;
  if (pthread_create(&T, &A, app_top, NULL) != 0)
    return 1;
  pthread_join(T, NULL);
  return 0;
}
